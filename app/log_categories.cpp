#include "log_categories.h"

Q_LOGGING_CATEGORY(lcApp, "peng.app")
Q_LOGGING_CATEGORY(lcEngine, "peng.engine")
Q_LOGGING_CATEGORY(lcServer, "peng.server")
Q_LOGGING_CATEGORY(lcDownload, "peng.download")
