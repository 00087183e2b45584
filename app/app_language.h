#pragma once
// The UI language: the one chosen in the settings, or the system's when none is.
// Installs its translation before the QML engine exists and swaps it live when the
// setting changes, after which the engine re-evaluates every qsTr() binding.
#include <QObject>
#include <QPointer>
#include <QQmlEngine>
#include <QTranslator>
#include <memory>

class AppSettings;

class AppLanguage : public QObject {
    Q_OBJECT
public:
    AppLanguage(AppSettings* settings, QObject* parent = nullptr);
    ~AppLanguage() override;
    // The engine to retranslate on a switch (not owned).
    void setEngine(QQmlEngine* engine) { engine_ = engine; }

private:
    void apply();

    AppSettings* settings_;
    QPointer<QQmlEngine> engine_;
    std::unique_ptr<QTranslator> translator_;
    QString applied_;
};
