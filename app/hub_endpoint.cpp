#include "hub_endpoint.h"

#include <QCoreApplication>
#include <QUrl>

QString hubEndpointProblem(const QString& endpoint) {
    const QString trimmed = endpoint.trimmed();
    if (trimmed.isEmpty())
        return QCoreApplication::translate("HubEndpoint", "The endpoint is empty: enter %1 or a mirror's address.")
            .arg(kDefaultHubEndpoint);
    const QUrl url(trimmed, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || (scheme != QLatin1String("http") && scheme != QLatin1String("https")) || url.host().isEmpty())
        return QCoreApplication::translate("HubEndpoint", "'%1' is not a web address: the endpoint must start with "
                                                          "https:// (or http://) and name a host, e.g. %2.")
            .arg(trimmed, kDefaultHubEndpoint);
    if (url.hasQuery() || url.hasFragment() || !url.userInfo().isEmpty())
        return QCoreApplication::translate("HubEndpoint", "'%1': the endpoint is a bare address; remove what follows "
                                                          "'?', '#' or a user name.")
            .arg(trimmed);
    return {};
}
