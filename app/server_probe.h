#pragma once
// Settings' "Server" section: the server's model list for the picker and the
// connection test, with RemoteClient's message for each failure. Each request gets a
// fresh client, so an answer to an address the user has since changed never shows.
#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

#include "remote_client.h"

class ServerProbe : public QObject {
    Q_OBJECT
    QML_ELEMENT
    // The model ids of the last list or test that succeeded.
    Q_PROPERTY(QStringList models READ models NOTIFY changed)
    Q_PROPERTY(bool listing READ listing NOTIFY changed)
    Q_PROPERTY(QString listError READ listError NOTIFY changed)   // why the list is empty; "" after a success
    Q_PROPERTY(bool testing READ testing NOTIFY changed)
    // The last test: "" before one; else "ok", "badUrl", "unreachable", "timeout", "tls",
    // "unauthorized", "noSuchModel", "notOpenAi" or "httpError".
    Q_PROPERTY(QString testOutcome READ testOutcome NOTIFY changed)
    Q_PROPERTY(QString testMessage READ testMessage NOTIFY changed)

public:
    explicit ServerProbe(QObject* parent = nullptr);

    QStringList models() const { return models_; }
    bool listing() const { return !list_client_.isNull(); }
    QString listError() const { return list_error_; }
    bool testing() const { return !test_client_.isNull(); }
    QString testOutcome() const { return test_outcome_; }
    QString testMessage() const { return test_message_; }

    // Bounds the model list's request (RemoteClient's default otherwise).
    void setTimeoutMs(int ms) { timeout_ms_ = ms; }

    Q_INVOKABLE void refresh(const QString& base_url, const QString& api_key);
    // Lists the models and, with `model` set, checks the server serves it.
    Q_INVOKABLE void test(const QString& base_url, const QString& api_key, const QString& model);
    // Forgets the list and the test's result (the address changed).
    Q_INVOKABLE void clear();

    static QString outcomeName(RemoteOutcome outcome);

signals:
    void changed();

private:
    RemoteClient* newClient(QPointer<RemoteClient>& slot);
    QString successMessage(const QString& base_url, const QString& model, const RemoteModelsResult& result) const;
    void takeModels(const RemoteModelsResult& result);

    QPointer<RemoteClient> list_client_, test_client_;
    QStringList models_;
    QString list_error_, test_outcome_, test_message_;
    int timeout_ms_ = 0;
};
