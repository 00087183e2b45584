#include "server_probe.h"

ServerProbe::ServerProbe(QObject* parent) : QObject(parent) {}

QString ServerProbe::outcomeName(RemoteOutcome outcome) {
    switch (outcome) {
        case RemoteOutcome::Ok: return QStringLiteral("ok");
        case RemoteOutcome::BadUrl: return QStringLiteral("badUrl");
        case RemoteOutcome::Unreachable: return QStringLiteral("unreachable");
        case RemoteOutcome::Timeout: return QStringLiteral("timeout");
        case RemoteOutcome::Tls: return QStringLiteral("tls");
        case RemoteOutcome::Unauthorized: return QStringLiteral("unauthorized");
        case RemoteOutcome::NoSuchModel: return QStringLiteral("noSuchModel");
        case RemoteOutcome::NotOpenAi: return QStringLiteral("notOpenAi");
        case RemoteOutcome::HttpError: return QStringLiteral("httpError");
    }
    return QStringLiteral("httpError");
}

RemoteClient* ServerProbe::newClient(QPointer<RemoteClient>& slot) {
    delete slot.data();   // its request goes with it, unanswered
    auto* client = new RemoteClient(this);
    if (timeout_ms_ > 0) client->setTimeouts(timeout_ms_, timeout_ms_);
    slot = client;
    return client;
}

void ServerProbe::takeModels(const RemoteModelsResult& result) {
    models_.clear();
    for (const RemoteModel& m : result.models) models_.append(m.id);
}

void ServerProbe::refresh(const QString& base_url, const QString& api_key) {
    RemoteClient* client = newClient(list_client_);
    connect(client, &RemoteClient::modelsListed, this, [this, client](const RemoteModelsResult& result) {
        client->deleteLater();
        takeModels(result);
        list_error_ = result.ok() ? (result.models.isEmpty() ? tr("The server lists no models.") : QString())
                                  : result.message;
        list_client_.clear();
        emit changed();
    });
    emit changed();
    client->listModels(base_url, api_key);
}

void ServerProbe::test(const QString& base_url, const QString& api_key, const QString& model) {
    RemoteClient* client = newClient(test_client_);
    test_outcome_.clear();
    test_message_.clear();
    connect(client, &RemoteClient::connectionTested, this,
            [this, client, base_url, model](const RemoteModelsResult& result) {
                client->deleteLater();
                // The same request lists the models: a passing test fills the picker too.
                if (result.ok() || result.outcome == RemoteOutcome::NoSuchModel) {
                    takeModels(result);
                    list_error_.clear();
                }
                test_outcome_ = outcomeName(result.outcome);
                test_message_ = result.ok() ? successMessage(base_url, model, result) : result.message;
                test_client_.clear();
                emit changed();
            });
    emit changed();
    client->testConnection(base_url, api_key, model);
}

void ServerProbe::clear() {
    delete list_client_.data();
    delete test_client_.data();
    models_.clear();
    list_error_.clear();
    test_outcome_.clear();
    test_message_.clear();
    emit changed();
}

QString ServerProbe::successMessage(const QString& base_url, const QString& model, const RemoteModelsResult& result) const {
    QString error;
    const QUrl base = RemoteClient::apiBase(base_url, &error);
    const QString host = base.port() < 0 ? base.host() : QStringLiteral("%1:%2").arg(base.host()).arg(base.port());
    if (result.models.isEmpty()) return tr("Connected to %1, but it lists no models.").arg(host);
    if (model.isEmpty()) return tr("Connected to %1. Choose one of its models: %2.").arg(host, models_.join(QStringLiteral(", ")));
    QString said = tr("Connected to %1; it serves %2.").arg(host, model);
    for (const RemoteModel& m : result.models) {
        if (m.id != model) continue;
        // Where the brain's grid gets its shape (remote_shape.h).
        if (m.shape.source == RemoteShape::Source::Server)
            said += QLatin1Char(' ') + tr("The brain shows its %1 MoE layers of %2 experts, as the server describes them.")
                                           .arg(m.shape.moe_layers).arg(m.shape.experts);
        else if (m.shape.source == RemoteShape::Source::KnownModel)
            said += QLatin1Char(' ') + tr("The brain shows %1 MoE layers of %2 experts, known from the model's name.")
                                           .arg(m.shape.moe_layers).arg(m.shape.experts);
        else
            said += QLatin1Char(' ') + tr("The server does not describe the model's experts: the brain takes its shape "
                                          "from the routing of the first answer.");
    }
    return said;
}
