#pragma once
// A conversation as a Markdown document a person can read, share or paste: the
// title, the system prompt, each turn under its speaker, the reasoning folded in
// a <details> block (GitHub and most viewers render it collapsed).
#include <QString>

#include "conversation_file.h"

namespace ConversationMarkdown {
QString render(const Conversation& c);
}
