#pragma once
// What a scripted screenshot shows, as JSON beside the PNG, so a test can check the
// picture rather than trust the run: where the brain's cells are in the image (and
// the colour of an idle cell), the answer the chat model holds, and the text the
// chat's visible Markdown items actually display.
#include <QJsonObject>
#include <QString>

class QQuickWindow;
class BrainModel;
class ChatModel;

QJsonObject screenshot_report(QQuickWindow* window, const BrainModel& brain, const ChatModel& chat);
