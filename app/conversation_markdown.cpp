#include "conversation_markdown.h"

#include <QCoreApplication>
#include <QLocale>

// A named namespace, so lupdate files these strings under ConversationMarkdown.
namespace ConversationMarkdown {
namespace {

// (text, comment, n): the three-argument form is the one lupdate reads as a plural.
QString tr(const char* text, const char* comment = nullptr, int n = -1) { return QCoreApplication::translate("ConversationMarkdown", text, comment, n); }

// Every line of `text` prefixed for a Markdown block quote.
QString quoted(const QString& text) {
    QStringList lines = text.split(QLatin1Char('\n'));
    for (QString& line : lines) line.prepend(QStringLiteral("> "));
    return lines.join(QLatin1Char('\n'));
}

QString speaker(const ChatMessage& m) {
    if (m.role == QLatin1String("user")) return tr("You");
    if (m.backend.isEmpty()) return tr("Assistant");
    return tr("Assistant (%1)").arg(m.backend);
}

}  // namespace

QString render(const Conversation& c) {
    QString out;
    const QString title = c.title.isEmpty() ? ConversationFile::title_from(c.messages) : c.title;
    out += QStringLiteral("# %1\n\n").arg(title.isEmpty() ? tr("Conversation") : title);
    const QDateTime when = c.updated.isValid() ? c.updated : c.created;
    out += QStringLiteral("*%1*\n\n")
               .arg(tr("Peng conversation, %n message(s), last changed %1", nullptr, int(c.messages.size()))
                        .arg(when.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"))));
    if (!c.system_prompt.isEmpty()) out += QStringLiteral("%1\n\n").arg(quoted(tr("**System prompt:** %1").arg(c.system_prompt)));
    for (const ChatMessage& m : c.messages) {
        out += QStringLiteral("## %1\n\n").arg(speaker(m));
        if (!m.thinking.isEmpty()) {
            const QString summary = m.thinking_seconds > 0
                                        ? tr("Thinking (%1 s)").arg(QLocale::c().toString(m.thinking_seconds, 'f', 1))
                                        : tr("Thinking");
            out += QStringLiteral("<details>\n<summary>%1</summary>\n\n%2\n\n</details>\n\n").arg(summary, m.thinking.trimmed());
        }
        if (!m.content.isEmpty()) out += m.content.trimmed() + QStringLiteral("\n\n");
        if (!m.interrupted.isEmpty()) out += QStringLiteral("*%1*\n\n").arg(tr("The answer was cut off: %1").arg(m.interrupted));
        if (!m.error.isEmpty()) out += QStringLiteral("*%1*\n\n").arg(tr("The answer failed: %1").arg(m.error));
    }
    return out;
}

}  // namespace ConversationMarkdown
