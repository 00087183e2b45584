<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>BrainPanel</name>
    <message>
        <location filename="../qml/BrainPanel.qml" line="14"/>
        <source>VRAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="14"/>
        <source>Pinned RAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="14"/>
        <source>RAM slot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="14"/>
        <source>Disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="27"/>
        <source>Brain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="33"/>
        <source>%1 layers × %2 experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="38"/>
        <source>%1 lit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="44"/>
        <source>Grid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="44"/>
        <source>Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="45"/>
        <source>Show the brain as a grid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="45"/>
        <source>Show the hottest experts as a table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="46"/>
        <source>The hottest experts as a list: layer, expert, where it lives and heat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="81"/>
        <source>dense</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="100"/>
        <source>Brain: every expert of every layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="147"/>
        <source>The experts appear here once the server returns their routing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="148"/>
        <source>The experts appear here once a model is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="196"/>
        <source>Layer %1: dense MLP, no routed experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="197"/>
        <source>Layer %1 · expert %2
%3 · heat %4 · routed %5×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="198"/>
        <source>remote</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="236"/>
        <source>remote: the experts live on the server at %1 (no VRAM, RAM or disk tiers there)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="262"/>
        <source>dense layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="265"/>
        <source>brighter = routed more · white = just routed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BrainSummary</name>
    <message>
        <location filename="../app/brain_summary.cpp" line="53"/>
        <source>VRAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="54"/>
        <source>pinned RAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="55"/>
        <source>RAM slot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="56"/>
        <source>disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="57"/>
        <source>dense layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="58"/>
        <source>remote server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="64"/>
        <source>No model open: the brain is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="66"/>
        <source>%1 layers of %2 experts, %3 of them dense.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="68"/>
        <source>All %1 routed experts live on the remote server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="70"/>
        <source>Where the experts live: %1 in VRAM, %2 in pinned RAM, %3 in RAM slots, %4 on disk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="76"/>
        <source>Experts lit now: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="76"/>
        <source>Nothing lit now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="78"/>
        <source>No expert has been routed yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="82"/>
        <source>Hottest layers: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="84"/>
        <source>Hottest expert: layer %1, expert %2, in %3, heat %4.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BrainTable</name>
    <message>
        <location filename="../qml/BrainTable.qml" line="20"/>
        <source>Hottest experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="21"/>
        <source>Layer, expert, where it lives and heat; Up and Down move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="22"/>
        <location filename="../qml/BrainTable.qml" line="91"/>
        <source>No expert has been routed yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="24"/>
        <source>Layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="24"/>
        <source>Expert</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="24"/>
        <source>Lives in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="24"/>
        <source>Heat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="63"/>
        <source>Layer %1, expert %2, in %3, heat %4</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <location filename="../qml/ChatView.qml" line="31"/>
        <source>New conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="41"/>
        <source>Hide the system prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="42"/>
        <source>Edit the system prompt (one is set)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="42"/>
        <source>Edit the system prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="43"/>
        <source>Hide system prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="43"/>
        <source>System prompt ✓</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="43"/>
        <location filename="../qml/ChatView.qml" line="78"/>
        <source>System prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="48"/>
        <source>Instructions given to the model before this conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="53"/>
        <location filename="../qml/ChatView.qml" line="54"/>
        <source>Thinking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="68"/>
        <source>Let the model reason in a &lt;think&gt; block before answering</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="77"/>
        <source>System prompt for this conversation, e.g. “You are a concise assistant.”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="103"/>
        <source>Messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="131"/>
        <source>Ask anything.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="142"/>
        <source>Every answer lights up the experts it used in the brain on the right, and its per-token timing shows up below it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CodeBlock</name>
    <message>
        <location filename="../qml/CodeBlock.qml" line="27"/>
        <source>code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="36"/>
        <source>Copied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="36"/>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="37"/>
        <source>Copy the %1 code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="37"/>
        <source>Copy the code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="38"/>
        <source>Copied to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="49"/>
        <source>Code, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="49"/>
        <source>Code</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <location filename="../qml/Composer.qml" line="36"/>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="38"/>
        <source>Message the model…  (Enter to send, Shift+Enter for a new line)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="39"/>
        <source>Answering… press Esc to stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="39"/>
        <source>Waiting for a model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="52"/>
        <source>■ Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="53"/>
        <source>Stop the answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="56"/>
        <source>Esc</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="64"/>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="65"/>
        <source>Send the message</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConversationFile</name>
    <message>
        <location filename="../app/conversation_file.cpp" line="48"/>
        <source>%1: cannot open (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_file.cpp" line="59"/>
        <source>%1: not valid JSON at byte %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_file.cpp" line="64"/>
        <source>%1: not a Peng conversation file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_file.cpp" line="70"/>
        <source>%1: written by a newer Peng (format version %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_file.cpp" line="74"/>
        <source>%1: the conversation&apos;s fields are missing or damaged</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConversationImport</name>
    <message>
        <location filename="../app/conversation_import.cpp" line="27"/>
        <source>%1.content is neither text nor a list of parts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="35"/>
        <source>%1.content[%2] is not a content part with a type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="43"/>
        <source>%1.content[%2].text is not text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="60"/>
        <source>%1: %2 is not a message object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="65"/>
        <source>%1: %2 has no role</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="87"/>
        <source>%1: %2 has the role &quot;%3&quot;; Peng reads system, developer, user, assistant and tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="93"/>
        <source>%1: there is no user or assistant message to import</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../app/conversation_import.cpp" line="99"/>
        <source>%n tool result(s) were left out: Peng&apos;s chats do not run tools.</source>
        <translation>
            <numerusform>%n tool result was left out: Peng&apos;s chats do not run tools.</numerusform>
            <numerusform>%n tool results were left out: Peng&apos;s chats do not run tools.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/conversation_import.cpp" line="101"/>
        <source>%n tool call(s) were left out: Peng&apos;s chats do not run tools.</source>
        <translation>
            <numerusform>%n tool call was left out: Peng&apos;s chats do not run tools.</numerusform>
            <numerusform>%n tool calls were left out: Peng&apos;s chats do not run tools.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/conversation_import.cpp" line="103"/>
        <source>%n non-text part(s) (images, audio, files) were left out: Peng&apos;s chats hold text.</source>
        <translation>
            <numerusform>%n non-text part (an image, audio or a file) was left out: Peng&apos;s chats hold text.</numerusform>
            <numerusform>%n non-text parts (images, audio, files) were left out: Peng&apos;s chats hold text.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="115"/>
        <source>%1: not valid JSON at byte %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="133"/>
        <source>%1: neither a Peng conversation nor a list of chat messages (OpenAI&apos;s format: an array of {&quot;role&quot;, &quot;content&quot;} objects, or an object with &quot;messages&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConversationMarkdown</name>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="21"/>
        <source>You</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="22"/>
        <source>Assistant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="23"/>
        <source>Assistant (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="31"/>
        <source>Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../app/conversation_markdown.cpp" line="34"/>
        <source>Peng conversation, %n message(s), last changed %1</source>
        <translation>
            <numerusform>Peng conversation, %n message, last changed %1</numerusform>
            <numerusform>Peng conversation, %n messages, last changed %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="36"/>
        <source>**System prompt:** %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="41"/>
        <source>Thinking (%1 s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="42"/>
        <source>Thinking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="46"/>
        <source>The answer was cut off: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="47"/>
        <source>The answer failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConversationSearchResults</name>
    <message numerus="yes">
        <location filename="../qml/ConversationSearchResults.qml" line="17"/>
        <source>Search results: %n conversation(s)</source>
        <translation>
            <numerusform>Search results: %n conversation</numerusform>
            <numerusform>Search results: %n conversations</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../qml/ConversationSearchResults.qml" line="72"/>
        <source>No conversation holds “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConversationStore</name>
    <message>
        <location filename="../app/conversation_store.cpp" line="45"/>
        <source>Another Peng window (process %1) has the conversations in %2 open, so this window only reads them: nothing changed here is saved. Close the other window and reopen Peng to save here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="49"/>
        <source>The conversations in %1 cannot be locked for this window (%2), so it only reads them: nothing changed here is saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="52"/>
        <source>no permission to write there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="52"/>
        <source>an unknown error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="84"/>
        <source>%1. It was left in place: this window only reads this folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="89"/>
        <source>%1. The file was kept as %2; nothing was deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="91"/>
        <source>%1. It could not be moved aside and was left in place.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="107"/>
        <source>%1. It is left untouched.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="125"/>
        <location filename="../app/conversation_store.cpp" line="325"/>
        <source>New conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="188"/>
        <source>This conversation could not be saved: %1. Its last saved version is kept; the messages shown stay open here and are saved with the next change once saving works again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="274"/>
        <source>Unknown export format &quot;%1&quot;: use markdown or json.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="276"/>
        <source>No file was chosen to export to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="280"/>
        <source>The conversation could not be exported: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="294"/>
        <source>%1: cannot open (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="296"/>
        <source>%1: %2 MB is more than a conversation file can be (at most 64 MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="310"/>
        <source>The imported conversation could not be saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConversationTransfer</name>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="18"/>
        <source>conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="32"/>
        <source>Export conversation as JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="32"/>
        <source>Export conversation as Markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="34"/>
        <source>JSON files (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="34"/>
        <source>Markdown files (*.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="37"/>
        <source>Exported to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="44"/>
        <source>Import a conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="46"/>
        <source>Conversations (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="46"/>
        <source>All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="50"/>
        <source>Imported.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CrashReportBanner</name>
    <message>
        <location filename="../qml/CrashReportBanner.qml" line="21"/>
        <source>Peng closed unexpectedly last time. A crash report with a stack trace was saved; attaching it to a bug report helps fix the cause.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/CrashReportBanner.qml" line="35"/>
        <source>Copy report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/CrashReportBanner.qml" line="36"/>
        <source>Open folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/CrashReportBanner.qml" line="37"/>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DeleteConversationDialog</name>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="31"/>
        <source>Delete conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="34"/>
        <source>Delete “%1”?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="44"/>
        <source>Its messages are removed from this computer. This cannot be undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="55"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="56"/>
        <source>Cancel: keep the conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="63"/>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="65"/>
        <source>Delete the conversation</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DemoBanner</name>
    <message>
        <location filename="../qml/DemoBanner.qml" line="25"/>
        <source>This is the built-in demo model: a small MiMo-V2 (%1 layers × %2 experts), trained on English word meanings (WordNet) and sayings in English, Italian, Spanish and Chinese.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="28"/>
        <source>This is the Flash-shape stress demo: MiMo-V2-Flash&apos;s real structure (48 layers × 256 experts) with random weights.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="29"/>
        <source>This checkpoint was generated by make-model: its weights are random.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="38"/>
        <source>Ask what a word means, or for a saying about something or by someone. It knows little else and is often wrong; the routing, streaming and profiling you see are the real machinery. For real answers, get MiMo-V2.6 with “Get a model”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="39"/>
        <source>Its answers are random words, but the routing, streaming and profiling you see are the real machinery. For real answers, download XiaomiMiMo/MiMo-V2.6-Flash from Hugging Face and open its folder with “Open model…”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="47"/>
        <source>Open the Flash-shape stress demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="47"/>
        <source>Back to the trained demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="50"/>
        <source>Random weights, generated once into your data folder: routing with no structure, for the full-scale streaming picture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="51"/>
        <source>The small MiMo-V2 that ships with Peng, trained on word meanings and sayings</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DemoSuggestions</name>
    <message>
        <location filename="../qml/DemoSuggestions.qml" line="29"/>
        <source>Give me a saying.</source>
        <extracomment>A request the demo answers with a saying in this language: keep one of the plain requests it was taught (tools/train-demo/dialogues.py), e.g. &quot;Dimmi una massima.&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/DemoSuggestions.qml" line="39"/>
        <source>Try asking the demo:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/DemoSuggestions.qml" line="54"/>
        <source>Send this to the demo model</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EngineController</name>
    <message>
        <location filename="../app/engine_controller.cpp" line="44"/>
        <source>Generating the Flash-shape stress demo: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="51"/>
        <source>The stress demo could not be generated: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="63"/>
        <source>The model could not be opened: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="173"/>
        <source>Opening %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="194"/>
        <source>The trained demo model is missing from this installation: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="201"/>
        <source>Generating the Flash-shape stress demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="207"/>
        <source>No model is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/engine_controller_remote.cpp" line="53"/>
        <source>Stop the answer being written before switching to a server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/engine_controller_remote.cpp" line="54"/>
        <source>Wait for the demo model to be generated before switching.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/engine_controller_remote.cpp" line="59"/>
        <source>Connecting to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/engine_controller_remote.cpp" line="71"/>
        <source>The server lists no models.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EngineWorker</name>
    <message>
        <location filename="../app/load_progress.cpp" line="21"/>
        <source>Reading the checkpoint index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/engine_worker.cpp" line="196"/>
        <source>No model is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/engine_worker.cpp" line="247"/>
        <source>This conversation is %1 tokens long, more than the %2 tokens of context the model was opened with, so no answer fits. Start a new conversation or edit an earlier message to shorten it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FileCheck</name>
    <message numerus="yes">
        <location filename="../app/file_check.cpp" line="47"/>
        <source>Recorded the SHA-256 of %n file(s) in %1.</source>
        <translation>
            <numerusform>Recorded the SHA-256 of %n file in %1.</numerusform>
            <numerusform>Recorded the SHA-256 of %n files in %1.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/file_check.cpp" line="57"/>
        <source>Verification stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../app/file_check.cpp" line="59"/>
        <source>All %n file(s) are as recorded.</source>
        <translation>
            <numerusform>%n file checked: it is as recorded.</numerusform>
            <numerusform>All %n files are as recorded.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/file_check.cpp" line="61"/>
        <source>%n file(s) differ from the record: answers from this folder cannot be trusted until they are downloaded again.</source>
        <translation>
            <numerusform>%n file differs from the record: answers from this folder cannot be trusted until it is downloaded again.</numerusform>
            <numerusform>%n files differ from the record: answers from this folder cannot be trusted until they are downloaded again.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GetModelPage</name>
    <message>
        <location filename="../qml/GetModelPage.qml" line="34"/>
        <source>%1 GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="35"/>
        <source>%1 MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="38"/>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="39"/>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="40"/>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="41"/>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="44"/>
        <source>speed unknown until downloaded (the engine knows this model&apos;s shape only from its files)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="46"/>
        <source>fits in RAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="46"/>
        <source>streams %1 GB per token from disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="47"/>
        <source>%1; at most %2 tokens/s with this RAM budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="48"/>
        <source>%1; speed unknown until the disk and memory bandwidths are measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="53"/>
        <source>Download into</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="70"/>
        <source>Get a model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="71"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="88"/>
        <source>This build of Peng cannot download models (it was built without libcurl, as the Windows build is). Download the model&apos;s files another way, then open their folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="102"/>
        <source>%1, %2 GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="113"/>
        <source>fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="113"/>
        <source>does not fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="122"/>
        <source>%1 experts, %2 GB on disk (%3 GB free there)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="140"/>
        <source>Sizes from the model cards; speeds are the planner&apos;s bound with the current RAM budget (Settings) and the bandwidths measured on this machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="146"/>
        <source>Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="152"/>
        <source>Download folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="156"/>
        <source>Choose…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="158"/>
        <source>Choose the download folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="161"/>
        <source>Endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="169"/>
        <source>Hugging Face endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="184"/>
        <source>A mirror with the same API works too, as HF_ENDPOINT does for the official client: e.g. https://hf-mirror.com.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="186"/>
        <source>Token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="191"/>
        <source>only for gated or private models; never saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="193"/>
        <source>Hugging Face access token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="203"/>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="203"/>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="204"/>
        <source>Resume the download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="204"/>
        <source>Start the download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="210"/>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="211"/>
        <source>Pause the download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="217"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="218"/>
        <source>Cancel the download and delete its partial data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="233"/>
        <source>Download progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="244"/>
        <source>Listing the files of %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="246"/>
        <source>Done: %1 verified in %2. Opening it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="247"/>
        <source>%1 of %2 (%3 of %4 files)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="249"/>
        <source>Paused at %1. Resume picks up where it stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="250"/>
        <source>%1, checking the files already there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="251"/>
        <source>%1, %2/s, %3 left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="261"/>
        <source>%1: %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="273"/>
        <source>Every file is checked against the repository&apos;s SHA-256 before it is moved into place; partial files wait in the folder&apos;s .peng-download, so a closed app or a dropped connection resumes where it stopped.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HardwarePanel</name>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="26"/>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="26"/>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="27"/>
        <source>Cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="38"/>
        <source>RAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="39"/>
        <source>%1 GB total, %2 GB available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="41"/>
        <source>GPU / VRAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="43"/>
        <source>Memory read (all cores)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="49"/>
        <source>%1 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="60"/>
        <source>Disk read (model folder)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="48"/>
        <location filename="../qml/HardwarePanel.qml" line="66"/>
        <source>measuring…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="29"/>
        <source>CPU features</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="31"/>
        <source>none of AVX2, FMA, AVX-512</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="34"/>
        <source>Kernel path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="35"/>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="54"/>
        <source>Measure the memory read speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="69"/>
        <source>%1 GB/s (%2 MB read%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="70"/>
        <source>, direct I/O</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="70"/>
        <source>, through the page cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="75"/>
        <source>Measure the disk read speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="50"/>
        <location filename="../qml/HardwarePanel.qml" line="71"/>
        <source>not measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="53"/>
        <location filename="../qml/HardwarePanel.qml" line="74"/>
        <source>Measure</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HardwareProbe</name>
    <message>
        <location filename="../app/hardware_probe.cpp" line="26"/>
        <source>scalar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="37"/>
        <source>PENG_KERNELS limits the kernels to %1; this CPU runs %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="39"/>
        <source>this build has only the scalar kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="40"/>
        <source>AVX-512 kernels need %1, which this CPU lacks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="41"/>
        <source>AVX2 kernels need %1, which this CPU lacks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="45"/>
        <source>none: this build has no GPU tier (built without CUDA)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="46"/>
        <source>none found: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="47"/>
        <source>%1, %2 GB VRAM (%3 GB free)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HubEndpoint</name>
    <message>
        <location filename="../app/hub_endpoint.cpp" line="9"/>
        <source>The endpoint is empty: enter %1 or a mirror&apos;s address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/hub_endpoint.cpp" line="14"/>
        <source>&apos;%1&apos; is not a web address: the endpoint must start with https:// (or http://) and name a host, e.g. %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/hub_endpoint.cpp" line="18"/>
        <source>&apos;%1&apos;: the endpoint is a bare address; remove what follows &apos;?&apos;, &apos;#&apos; or a user name.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LoadProgress</name>
    <message>
        <location filename="../app/load_progress.cpp" line="8"/>
        <source>Reading the dense weights (step %1 of %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/load_progress.cpp" line="16"/>
        <source>Reading the pinned experts (%1 of %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/load_progress.cpp" line="12"/>
        <source>Reserving memory for the expert cache (%1 of %2 slots)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LocalServer</name>
    <message>
        <location filename="../app/local_server.cpp" line="59"/>
        <source>The port must be between 0 and 65535, not %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/local_server.cpp" line="84"/>
        <source>An API key cannot contain spaces or control characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/local_server.cpp" line="90"/>
        <source>The API key could not be saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/local_server.cpp" line="124"/>
        <source>The server could not start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/local_server.cpp" line="135"/>
        <source>This build of Peng has no server (it was configured with PENG_SERVER off).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <location filename="../qml/Main.qml" line="14"/>
        <source>Peng — remote: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Main.qml" line="15"/>
        <source>Peng — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Main.qml" line="15"/>
        <source>Peng</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Main.qml" line="26"/>
        <source>Open a MiMo-V2 checkpoint folder</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MarkdownBlock</name>
    <message>
        <location filename="../qml/MarkdownBlock.qml" line="11"/>
        <source>Answer</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MessageDelegate</name>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="29"/>
        <source>You said</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="29"/>
        <source>The model answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="53"/>
        <source>Your message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="75"/>
        <source>Edit your message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="81"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="82"/>
        <source>Cancel editing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="88"/>
        <source>Save and resend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="101"/>
        <location filename="../qml/MessageDelegate.qml" line="188"/>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="102"/>
        <source>Copy your message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="108"/>
        <source>Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="109"/>
        <source>Edit your message and resend it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="151"/>
        <source>…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="153"/>
        <source>The answer is starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="162"/>
        <source>Interrupted: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="172"/>
        <source>The answer failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="189"/>
        <source>Copy the answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="195"/>
        <source>↻ Regenerate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="196"/>
        <source>Regenerate the answer</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelDefaultNote</name>
    <message>
        <location filename="../qml/ModelDefaultNote.qml" line="17"/>
        <source>model default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelDefaultNote.qml" line="23"/>
        <source>Use model default (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelDefaultNote.qml" line="25"/>
        <source>The value the model&apos;s generation_config.json recommends.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelDownloader</name>
    <message>
        <location filename="../app/model_downloader.cpp" line="97"/>
        <source>This build of Peng cannot download models (it was built without libcurl). Use `peng-cli download` from a build that has it, then open the folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/model_downloader.cpp" line="102"/>
        <source>Choose a model and a folder to download it into.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/model_downloader.cpp" line="115"/>
        <source>Cannot create the folder %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/model_downloader.cpp" line="168"/>
        <source>%1 is gated or private: paste a Hugging Face access token in the Token field (create one at https://huggingface.co/settings/tokens after accepting the model&apos;s terms on its page).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelFolder</name>
    <message>
        <location filename="../app/model_folder.cpp" line="15"/>
        <source>No folder was chosen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="17"/>
        <source>%1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="18"/>
        <source>Choose the folder that holds config.json and the .safetensors shards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="19"/>
        <source>%1 is a file, not a folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="20"/>
        <source>%1 cannot be read (permissions).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="22"/>
        <source>%1 has no config.json, so it is not a model checkpoint.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="24"/>
        <source>%1 has a config.json but no .safetensors files: the download may be incomplete.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelSourceSettings</name>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="83"/>
        <source>Chats are answered by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="86"/>
        <source>This computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="88"/>
        <source>Answer with the model on this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="93"/>
        <source>Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="95"/>
        <source>Answer with a model on a server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="102"/>
        <source>Any OpenAI-compatible server: vLLM, SGLang, or peng-cli serve on another machine. Start vLLM or SGLang with --enable-return-routed-experts to see the experts light up in the brain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="106"/>
        <location filename="../qml/ModelSourceSettings.qml" line="113"/>
        <source>Server address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="119"/>
        <source>API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="125"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="127"/>
        <source>Server API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="131"/>
        <source>Hide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="131"/>
        <source>Show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="132"/>
        <source>Hide the server API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="132"/>
        <source>Show the server API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="141"/>
        <source>The key is kept in the system keychain, never in Peng&apos;s settings file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="146"/>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="152"/>
        <source>no models listed yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="154"/>
        <source>Model on the server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="160"/>
        <source>Listing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="160"/>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="162"/>
        <source>Refresh the server&apos;s model list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="175"/>
        <source>Connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="178"/>
        <source>Testing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="178"/>
        <source>Test connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="180"/>
        <source>Test the connection to the server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="193"/>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="195"/>
        <source>Answer chats with the server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="195"/>
        <source>Answer chats on this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="201"/>
        <source>Now: %1 at %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="201"/>
        <source>the server&apos;s model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="202"/>
        <source>Now: this computer.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OpenAiStream</name>
    <message>
        <location filename="../app/openai_stream.cpp" line="66"/>
        <source>the server sent an event that is not JSON (%1 at byte %2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/openai_stream.cpp" line="70"/>
        <source>the server sent an event that is not a JSON object: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/openai_stream.cpp" line="117"/>
        <source>sglext.routed_experts is not a base64 string</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProfilePanel</name>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="15"/>
        <source>Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="22"/>
        <source>measured at the client: first token %1 s · %2 ms between texts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="24"/>
        <source>measured at the client: the time between streamed pieces of text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="26"/>
        <source>%1 tokens · %2 ms/token · %3 tok/s · hit %4%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="29"/>
        <source>one bar per generated token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="40"/>
        <source>Profile: where each token&apos;s time went</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="96"/>
        <source>disk wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="104"/>
        <source>experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="112"/>
        <source>attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="120"/>
        <source>dense</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="128"/>
        <source>other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="128"/>
        <source>gap between text (client)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="136"/>
        <source>tok/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="144"/>
        <source>hit %</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RemoteClient</name>
    <message>
        <location filename="../app/remote_client.cpp" line="54"/>
        <source>%1 is not an OpenAI-compatible server: its /v1/models has no JSON &quot;data&quot; list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="115"/>
        <source>&quot;%1&quot; is not an http:// or https:// address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="164"/>
        <source>%1 has no %2 (HTTP 404): it is not an OpenAI-compatible server, or the address&apos;s path is wrong (it usually ends in /v1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="177"/>
        <source>%1 serves no models, so not %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="178"/>
        <source>%1 does not serve %2. It serves: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="224"/>
        <source>%1 answered with %2 instead of a stream of events: it does not stream chat completions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="225"/>
        <source>no content type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="245"/>
        <source>%1 sent a malformed event stream: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="277"/>
        <source>the stream ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="278"/>
        <source>The connection to %1 ended before the answer was complete (%2). The partial answer is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="285"/>
        <source>%1 ended the connection without answering.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="314"/>
        <location filename="../app/remote_client.cpp" line="329"/>
        <source>The server&apos;s routed experts were unusable: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="315"/>
        <source>The server sent no routed experts. vLLM and SGLang send them when started with --enable-return-routed-experts; Peng&apos;s server always can.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="330"/>
        <source>their shape could not be worked out</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RemoteFailureText</name>
    <message>
        <location filename="../app/remote_failure.cpp" line="25"/>
        <source>Nothing answers at %1 (connection refused). Is the server running, and is the port right?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="27"/>
        <source>The host %1 was not found. Check the address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="31"/>
        <source>%1 did not answer within %2 s. Is the address right, and is the server up?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="34"/>
        <source>The secure (TLS) connection to %1 failed: %2. Check the server&apos;s certificate, or use http:// if the server does not use TLS.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="39"/>
        <source>%1 closed the connection without answering. Is it an HTTP server (https:// against a plain http port, or the reverse)?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="46"/>
        <source>The secure (TLS) connection to %1 failed: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="47"/>
        <source>Could not talk to %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="72"/>
        <source>%1 refused the API key (HTTP 401). Enter the key the server was started with.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="73"/>
        <source>%1 needs an API key (HTTP 401). Enter the key the server was started with.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="76"/>
        <source>%1 does not let this API key in (HTTP 403): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="77"/>
        <source>%1 answered HTTP %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RemoteKeyStore</name>
    <message>
        <location filename="../app/remote_key_store.cpp" line="45"/>
        <source>The system keychain could not be read (%1). A key entered now is kept only until Peng closes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_key_store.cpp" line="76"/>
        <source>The system keychain is not available (%1). The API key is kept only until Peng closes: enter it again after a restart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_key_store.cpp" line="97"/>
        <source>no answer within %1 s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RemoteRoutingText</name>
    <message>
        <location filename="../app/remote_routing.cpp" line="14"/>
        <source>the routed experts are not valid base64</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_routing.cpp" line="19"/>
        <source>the routed experts are %1 bytes, not a whole number of int32 ids</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_routing.cpp" line="29"/>
        <source>the model&apos;s MoE layer count and experts per token are unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_routing.cpp" line="34"/>
        <source>%1 routed expert ids do not fill rows of %2 MoE layers x %3 experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/remote_routing.cpp" line="39"/>
        <source>routed expert id %1 is outside the model&apos;s %2 experts</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ServerProbe</name>
    <message>
        <location filename="../app/server_probe.cpp" line="38"/>
        <source>The server lists no models.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="82"/>
        <source>Connected to %1, but it lists no models.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="83"/>
        <source>Connected to %1. Choose one of its models: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="84"/>
        <source>Connected to %1; it serves %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="89"/>
        <source>The brain shows its %1 MoE layers of %2 experts, as the server describes them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="92"/>
        <source>The brain shows %1 MoE layers of %2 experts, known from the model&apos;s name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="95"/>
        <source>The server does not describe the model&apos;s experts: the brain takes its shape from the routing of the first answer.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="74"/>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="78"/>
        <source>exact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="94"/>
        <source>Model source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="97"/>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="99"/>
        <location filename="../qml/SettingsDialog.qml" line="102"/>
        <source>RAM budget (GB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="105"/>
        <source>0 = no budget; the expert slots below decide.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="108"/>
        <location filename="../qml/SettingsDialog.qml" line="111"/>
        <source>Expert slots per layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="117"/>
        <location filename="../qml/SettingsDialog.qml" line="118"/>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="120"/>
        <source>Least-recently-used RAM slots per MoE layer; experts outside them are read from disk when routed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="132"/>
        <source>Plan: fits in RAM. All %1 experts (%2 GB) and the dense part (%3 GB) stay resident; after warm-up nothing streams.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="133"/>
        <source>Plan: streams %1 GB per token from disk. %2 of %3 experts per layer in RAM (expected hit rate %4%); minimum budget %5 GB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="144"/>
        <source>Expected speed: at most %1 tokens/s, the bound from the bytes each token moves (disk %2 GB/s, memory %3 GB/s, measured on this machine).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="147"/>
        <source>Expected speed: unknown, the disk could not be measured (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="148"/>
        <source>Expected speed: measuring the disk and memory bandwidth…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="153"/>
        <location filename="../qml/SettingsDialog.qml" line="156"/>
        <source>VRAM budget (GB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="170"/>
        <source>0 = off. With an NVIDIA GPU, the dense matrices and the hottest experts go to VRAM; the output then stays within 1e-4 of the logit range but is not byte-identical. Applies when the model is reopened.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="175"/>
        <source>Speed / quality</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="177"/>
        <source>These trim the experts each token runs. They are lossy: output changes, and the exact badge goes off while either is on. Measure shows what a setting costs on this model: the mean KL divergence from the exact model&apos;s next-token distribution and how often both pick the same top token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="181"/>
        <source>TOPK: keep heaviest experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="189"/>
        <location filename="../qml/SettingsDialog.qml" line="207"/>
        <source>%1 (lossy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="189"/>
        <location filename="../qml/SettingsDialog.qml" line="207"/>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="199"/>
        <source>TOPP: keep experts up to weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="218"/>
        <source>The measurement failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="222"/>
        <source>Sampling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="224"/>
        <location filename="../qml/SettingsDialog.qml" line="227"/>
        <source>Temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="233"/>
        <source>greedy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="237"/>
        <location filename="../qml/SettingsDialog.qml" line="240"/>
        <source>Top-p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="249"/>
        <location filename="../qml/SettingsDialog.qml" line="250"/>
        <source>Top-k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="252"/>
        <source>0 = no limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="255"/>
        <location filename="../qml/SettingsDialog.qml" line="256"/>
        <source>Seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="257"/>
        <source>-1 = a new seed for every answer; any other value repeats answers exactly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="260"/>
        <location filename="../qml/SettingsDialog.qml" line="261"/>
        <source>Answer length (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="269"/>
        <source>Appearance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="271"/>
        <location filename="../qml/SettingsDialog.qml" line="275"/>
        <source>Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="278"/>
        <source>Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="278"/>
        <source>Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="291"/>
        <location filename="../qml/SettingsDialog.qml" line="294"/>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="279"/>
        <location filename="../qml/SettingsDialog.qml" line="298"/>
        <source>Follow the system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="79"/>
        <source>Close settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="162"/>
        <source>Size the VRAM budget automatically</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="184"/>
        <source>TOPK: keep heaviest experts (0 = off, lossy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="202"/>
        <source>TOPP: keep experts up to weight (0 = off, lossy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="263"/>
        <source>0 = up to the context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="264"/>
        <source>up to the context: %1 tokens with the prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="265"/>
        <source>up to the context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="311"/>
        <source>Hardware</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="315"/>
        <source>Machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="317"/>
        <location filename="../qml/SettingsDialog.qml" line="318"/>
        <source>Threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="319"/>
        <source>0 = one per core. Thread count never changes output.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="322"/>
        <location filename="../qml/SettingsDialog.qml" line="323"/>
        <source>Prefetch experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="324"/>
        <source>Starts reading the experts a layer will probably need before its router has chosen them. Exact; faster only where experts stream from disk. Applies from the next answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="327"/>
        <location filename="../qml/SettingsDialog.qml" line="328"/>
        <source>GPU effects in the brain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="329"/>
        <source>Glow and cell gaps where the graphics driver runs shaders.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="331"/>
        <source>Local server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="334"/>
        <location filename="../qml/SettingsDialog.qml" line="338"/>
        <source>Serve this model on localhost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="345"/>
        <source>Editors, agents and scripts on this computer use the open model through the OpenAI API, on 127.0.0.1 only. They take turns with this window&apos;s chat on the one copy of the model in memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="349"/>
        <source>Port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="353"/>
        <source>Server port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="356"/>
        <source>0 = any free port.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="360"/>
        <location filename="../qml/SettingsDialog.qml" line="370"/>
        <source>API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="367"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="375"/>
        <source>Hide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="375"/>
        <source>Show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="376"/>
        <source>Hide the API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="376"/>
        <source>Show the API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="380"/>
        <source>Generate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="381"/>
        <source>Generate a new API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="385"/>
        <location filename="../qml/SettingsDialog.qml" line="414"/>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="387"/>
        <source>Copy the API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="391"/>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="393"/>
        <source>Remove the API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="399"/>
        <source>Without a key, any program on this computer may use the model. With one, clients send it as &apos;Authorization: Bearer KEY&apos;. It is kept in a file only you can read, which peng-cli serve --api-key-file also reads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="403"/>
        <source>Address for OpenAI clients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="411"/>
        <source>Server address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="415"/>
        <source>Copy the server address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="421"/>
        <source>Requests served: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="430"/>
        <source>Model files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="432"/>
        <source>Checksums</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="434"/>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="434"/>
        <source>Verify files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="435"/>
        <source>Stop verifying the model files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="435"/>
        <source>Verify the model files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="438"/>
        <source>Re-reads every file of the open model and compares it with the SHA-256 recorded when Peng generated, packed or downloaded it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="442"/>
        <source>Record checksums</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="444"/>
        <source>Records the files as they are now, so later changes can be found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="446"/>
        <source>Verifying the model files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="465"/>
        <source>Restore defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="475"/>
        <source>Reopen the model to apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="478"/>
        <source>Memory settings take effect when the model opens; the expert trim and prefetch apply from the next answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="480"/>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="467"/>
        <source>Forget cached conversations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="470"/>
        <source>Deletes the saved attention caches that let conversations resume without recomputing their history. The conversations themselves stay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="161"/>
        <source>Auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="166"/>
        <source>Free VRAM minus 2 GB, measured when the model opens</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Sidebar</name>
    <message>
        <location filename="../qml/Sidebar.qml" line="17"/>
        <source>%1 GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="18"/>
        <source>%1 MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="19"/>
        <source>%1 KB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="38"/>
        <source>MiMo-V2 on one machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="49"/>
        <source>+  New conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="50"/>
        <source>New conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="53"/>
        <source>Ctrl+N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="57"/>
        <source>Import…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="60"/>
        <source>Import a conversation from a JSON file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="61"/>
        <source>A Peng export, or OpenAI-style chat messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="69"/>
        <source>Search conversations (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="75"/>
        <source>Search conversations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="108"/>
        <source>Conversations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="109"/>
        <source>Up and Down move, Enter opens, F2 renames, Ctrl+E exports, Delete deletes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="140"/>
        <source>Open. Messages: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="140"/>
        <source>Messages: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="165"/>
        <source>New name for the conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="187"/>
        <source>Rename “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="188"/>
        <source>Rename (F2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="195"/>
        <source>Export (Ctrl+E)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="196"/>
        <source>Export “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="200"/>
        <source>Export as Markdown…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="201"/>
        <source>Export as JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="207"/>
        <source>Delete “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="208"/>
        <source>Delete (Del)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="216"/>
        <source>Your conversations appear here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="264"/>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="264"/>
        <source>Dismiss the conversation file problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="279"/>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="283"/>
        <location filename="../qml/Sidebar.qml" line="363"/>
        <source>Demo model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="284"/>
        <source>Flash-shape stress demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="286"/>
        <source>No model open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="295"/>
        <source>%1 layers × %2 experts, %3 per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="297"/>
        <source>%1 layers × %2 experts, %3 per token · %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="307"/>
        <source>dense %1 resident · one expert %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="319"/>
        <source>remote: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="322"/>
        <source>random weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="323"/>
        <source>lossy: experts trimmed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="326"/>
        <source>GPU: not byte-identical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="329"/>
        <source>The GPU computes part of each token. Its output stays within 1e-4 of the logit range of the CPU&apos;s but is not identical bit for bit. Set the VRAM budget to 0 for exact output.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="337"/>
        <source>exact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="340"/>
        <source>No lossy setting is on: where experts are served from changes speed, never output.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="346"/>
        <source>Open model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="349"/>
        <source>A folder with config.json and the safetensors shards (Ctrl+O)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="354"/>
        <source>Get a model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="355"/>
        <source>Get a model: download one from Hugging Face</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="357"/>
        <source>Download MiMo-V2 Flash or Pro, resumable and verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="371"/>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="373"/>
        <source>Ctrl+,</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SseReader</name>
    <message>
        <location filename="../app/sse_reader.cpp" line="17"/>
        <source>the server sent an event longer than %1 MiB without ending it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StatsLine</name>
    <message>
        <location filename="../qml/StatsLine.qml" line="11"/>
        <source>finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="12"/>
        <source>hit the length limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="13"/>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="14"/>
        <source>the context is full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="19"/>
        <source>remote: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="20"/>
        <source>remote: %6 · %1 tok/s · first token %2 s (measured here) · %3 → %4 tokens (%5 reused) · %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="25"/>
        <source>%1 tok/s · first token %2 s · %3 → %4 tokens (%7 reused) · experts hit %5% · %6</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StatusOverlay</name>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="33"/>
        <location filename="../qml/StatusOverlay.qml" line="53"/>
        <source>Preparing the demo model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="34"/>
        <location filename="../qml/StatusOverlay.qml" line="53"/>
        <source>Opening the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="35"/>
        <source>Something went wrong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="36"/>
        <source>No model open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="44"/>
        <source>Peng works before you download anything: it is writing a demo checkpoint with MiMo-V2-Flash&apos;s real structure (48 layers × 256 routed experts) and random weights. This happens once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="88"/>
        <source>Open model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="88"/>
        <source>Open a model folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="89"/>
        <source>Use the demo model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="90"/>
        <source>Flash-shape stress demo</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SupportPanel</name>
    <message>
        <location filename="../qml/SupportPanel.qml" line="14"/>
        <source>Log file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SupportPanel.qml" line="17"/>
        <source>not written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SupportPanel.qml" line="23"/>
        <source>Open folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SupportPanel.qml" line="30"/>
        <source>Copy diagnostics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SupportPanel.qml" line="32"/>
        <source>Copies Peng&apos;s and Qt&apos;s versions, the build options, this machine&apos;s hardware, the open model&apos;s plan and the latest errors from the log, to paste into a bug report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/SupportPanel.qml" line="36"/>
        <source>Copied to the clipboard.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ThinkBlock</name>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="34"/>
        <source>Thinking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="35"/>
        <source>Thought for %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="35"/>
        <source>Thoughts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="42"/>
        <source>The model&apos;s reasoning, shown. Press to hide it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="43"/>
        <source>The model&apos;s reasoning, hidden. Press to show it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="64"/>
        <source>The model&apos;s reasoning</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TrimQualityCost</name>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="19"/>
        <source>KL %1 nats · top-1 %2%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="20"/>
        <source>measuring…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="20"/>
        <source>not measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="31"/>
        <source>Over %1 tokens of a fixed passage, against the exact model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="36"/>
        <source>Measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="37"/>
        <source>Measure the quality cost of this setting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="40"/>
        <source>Runs the model with and without this setting and compares the next-token distributions</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
