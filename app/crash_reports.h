#pragma once
// The crash reports crash_handler.h left in the data folder, for the window to tell
// the user at the next start: the newest one not yet dismissed, its text to copy into
// a bug report, and the folder to open. Dismissed reports are renamed *.seen.txt and
// kept (the newest kKeep of all are).
#include <QObject>
#include <QQmlEngine>
#include <QString>
#include <QtQml/qqmlregistration.h>

class CrashReports : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    // The newest report not dismissed yet; "" when there is none.
    Q_PROPERTY(QString pending READ pending NOTIFY changed)
    Q_PROPERTY(QString folder READ folder CONSTANT)

public:
    static constexpr int kKeep = 10;

    // Looks into `folder` now (and removes all but the newest kKeep reports).
    CrashReports(const QString& folder, QObject* parent);
    static CrashReports* create(QQmlEngine*, QJSEngine*);
    static void setInstance(CrashReports* reports);
    // <AppFolders::data()>/crashes
    static QString defaultFolder();

    QString pending() const { return pending_; }
    QString folder() const { return folder_; }
    // The pending report's text ("" when none or unreadable).
    Q_INVOKABLE QString pendingText() const;
    Q_INVOKABLE void copyPending() const;
    Q_INVOKABLE void openFolder() const;
    // Marks every pending report as seen; the banner goes.
    Q_INVOKABLE void dismiss();

signals:
    void changed();

private:
    QString folder_;
    QString pending_;
};
