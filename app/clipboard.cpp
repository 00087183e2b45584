#include "clipboard.h"

#include <QClipboard>
#include <QGuiApplication>

void Clipboard::copy(const QString& text) { QGuiApplication::clipboard()->setText(text); }
QString Clipboard::text() const { return QGuiApplication::clipboard()->text(); }
