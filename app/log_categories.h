#pragma once
// The app's logging categories: every message reaches the log file (app_log.h)
// under one of these names, so a user's log shows which part spoke.
#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcApp)       // peng.app: the window, settings, conversations
Q_DECLARE_LOGGING_CATEGORY(lcEngine)    // peng.engine: the engine's notes and errors, via its observer
Q_DECLARE_LOGGING_CATEGORY(lcServer)    // peng.server: the local OpenAI-compatible server
Q_DECLARE_LOGGING_CATEGORY(lcDownload)  // peng.download: model downloads
