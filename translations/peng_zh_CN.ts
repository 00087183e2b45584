<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>BrainPanel</name>
    <message>
        <location filename="../qml/BrainPanel.qml" line="14"/>
        <source>VRAM</source>
        <translation>显存</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="14"/>
        <source>Pinned RAM</source>
        <translation>固定内存</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="14"/>
        <source>RAM slot</source>
        <translation>内存槽</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="14"/>
        <source>Disk</source>
        <translation>磁盘</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="27"/>
        <source>Brain</source>
        <translation>大脑</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="33"/>
        <source>%1 layers × %2 experts</source>
        <translation>%1 层 × %2 个专家</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="38"/>
        <source>%1 lit</source>
        <translation>%1 个点亮</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="44"/>
        <source>Grid</source>
        <translation>网格</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="44"/>
        <source>Table</source>
        <translation>表格</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="45"/>
        <source>Show the brain as a grid</source>
        <translation>以网格显示大脑</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="45"/>
        <source>Show the hottest experts as a table</source>
        <translation>以表格显示最热的专家</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="46"/>
        <source>The hottest experts as a list: layer, expert, where it lives and heat</source>
        <translation>以列表显示最热的专家：层、专家、所在位置和热度</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="81"/>
        <source>dense</source>
        <translation>稠密</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="100"/>
        <source>Brain: every expert of every layer</source>
        <translation>大脑：每一层的每个专家</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="147"/>
        <source>The experts appear here once the server returns their routing.</source>
        <translation>服务器返回路由信息后，专家会显示在这里。</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="148"/>
        <source>The experts appear here once a model is open.</source>
        <translation>打开模型后，专家会显示在这里。</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="196"/>
        <source>Layer %1: dense MLP, no routed experts</source>
        <translation>第 %1 层：稠密 MLP，没有路由专家</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="197"/>
        <source>Layer %1 · expert %2
%3 · heat %4 · routed %5×</source>
        <translation>第 %1 层 · 专家 %2
%3 · 热度 %4 · 路由 %5 次</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="198"/>
        <source>remote</source>
        <translation>远程</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="236"/>
        <source>remote: the experts live on the server at %1 (no VRAM, RAM or disk tiers there)</source>
        <translation>远程：专家位于 %1 上的服务器中（那里没有显存、内存或磁盘层级）</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="262"/>
        <source>dense layer</source>
        <translation>稠密层</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="265"/>
        <source>brighter = routed more · white = just routed</source>
        <translation>越亮 = 被选越多 · 白色 = 刚被选中</translation>
    </message>
</context>
<context>
    <name>BrainSummary</name>
    <message>
        <location filename="../app/brain_summary.cpp" line="53"/>
        <source>VRAM</source>
        <translation>显存</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="54"/>
        <source>pinned RAM</source>
        <translation>固定内存</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="55"/>
        <source>RAM slot</source>
        <translation>内存槽</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="56"/>
        <source>disk</source>
        <translation>磁盘</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="57"/>
        <source>dense layer</source>
        <translation>稠密层</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="58"/>
        <source>remote server</source>
        <translation>远程服务器</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="64"/>
        <source>No model open: the brain is empty.</source>
        <translation>未打开模型：大脑是空的。</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="66"/>
        <source>%1 layers of %2 experts, %3 of them dense.</source>
        <translation>%1 层，每层 %2 个专家，其中 %3 层为稠密层。</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="68"/>
        <source>All %1 routed experts live on the remote server.</source>
        <translation>全部 %1 个路由专家都位于远程服务器上。</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="70"/>
        <source>Where the experts live: %1 in VRAM, %2 in pinned RAM, %3 in RAM slots, %4 on disk.</source>
        <translation>专家所在位置：显存中 %1 个，固定内存中 %2 个，内存槽中 %3 个，磁盘上 %4 个。</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="76"/>
        <source>Experts lit now: %1.</source>
        <translation>当前点亮的专家：%1 个。</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="76"/>
        <source>Nothing lit now.</source>
        <translation>当前没有点亮的专家。</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="78"/>
        <source>No expert has been routed yet.</source>
        <translation>尚未路由任何专家。</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="82"/>
        <source>Hottest layers: %1.</source>
        <translation>最热的层：%1。</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="84"/>
        <source>Hottest expert: layer %1, expert %2, in %3, heat %4.</source>
        <translation>最热的专家：第 %1 层，专家 %2，位于%3，热度 %4。</translation>
    </message>
</context>
<context>
    <name>BrainTable</name>
    <message>
        <location filename="../qml/BrainTable.qml" line="20"/>
        <source>Hottest experts</source>
        <translation>最热的专家</translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="21"/>
        <source>Layer, expert, where it lives and heat; Up and Down move</source>
        <translation>层、专家、所在位置和热度；用上下方向键移动</translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="22"/>
        <location filename="../qml/BrainTable.qml" line="91"/>
        <source>No expert has been routed yet.</source>
        <translation>尚未路由任何专家。</translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="24"/>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="24"/>
        <source>Expert</source>
        <translation>专家</translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="24"/>
        <source>Lives in</source>
        <translation>位于</translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="24"/>
        <source>Heat</source>
        <translation>热度</translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="63"/>
        <source>Layer %1, expert %2, in %3, heat %4</source>
        <translation>第 %1 层，专家 %2，位于%3，热度 %4</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <location filename="../qml/ChatView.qml" line="31"/>
        <source>New conversation</source>
        <translation>新对话</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="41"/>
        <source>Hide the system prompt</source>
        <translation>隐藏系统提示词</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="42"/>
        <source>Edit the system prompt (one is set)</source>
        <translation>编辑系统提示词（已设置）</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="42"/>
        <source>Edit the system prompt</source>
        <translation>编辑系统提示词</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="43"/>
        <source>Hide system prompt</source>
        <translation>隐藏系统提示词</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="43"/>
        <source>System prompt ✓</source>
        <translation>系统提示词 ✓</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="43"/>
        <location filename="../qml/ChatView.qml" line="78"/>
        <source>System prompt</source>
        <translation>系统提示词</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="48"/>
        <source>Instructions given to the model before this conversation</source>
        <translation>在本次对话开始前给模型的指令</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="53"/>
        <location filename="../qml/ChatView.qml" line="54"/>
        <source>Thinking</source>
        <translation>思考</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="68"/>
        <source>Let the model reason in a &lt;think&gt; block before answering</source>
        <translation>让模型在回答前先在 &lt;think&gt; 块中推理</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="77"/>
        <source>System prompt for this conversation, e.g. “You are a concise assistant.”</source>
        <translation>本次对话的系统提示词，例如“你是一个简洁的助手。”</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="103"/>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="131"/>
        <source>Ask anything.</source>
        <translation>随便问。</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="142"/>
        <source>Every answer lights up the experts it used in the brain on the right, and its per-token timing shows up below it.</source>
        <translation>每个回答都会在右侧的大脑中点亮它用到的专家，下方则显示每个词元的耗时。</translation>
    </message>
</context>
<context>
    <name>CodeBlock</name>
    <message>
        <location filename="../qml/CodeBlock.qml" line="27"/>
        <source>code</source>
        <translation>代码</translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="36"/>
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="36"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="37"/>
        <source>Copy the %1 code</source>
        <translation>复制 %1 代码</translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="37"/>
        <source>Copy the code</source>
        <translation>复制代码</translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="38"/>
        <source>Copied to the clipboard</source>
        <translation>已复制到剪贴板</translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="49"/>
        <source>Code, %1</source>
        <translation>代码，%1</translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="49"/>
        <source>Code</source>
        <translation>代码</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <location filename="../qml/Composer.qml" line="36"/>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="38"/>
        <source>Message the model…  (Enter to send, Shift+Enter for a new line)</source>
        <translation>给模型发消息…（回车发送，Shift+回车换行）</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="39"/>
        <source>Answering… press Esc to stop</source>
        <translation>正在回答… 按 Esc 停止</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="39"/>
        <source>Waiting for a model…</source>
        <translation>等待模型…</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="52"/>
        <source>■ Stop</source>
        <translation>■ 停止</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="53"/>
        <source>Stop the answer</source>
        <translation>停止回答</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="56"/>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="64"/>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="65"/>
        <source>Send the message</source>
        <translation>发送消息</translation>
    </message>
</context>
<context>
    <name>ConversationFile</name>
    <message>
        <location filename="../app/conversation_file.cpp" line="48"/>
        <source>%1: cannot open (%2)</source>
        <translation>%1：无法打开（%2）</translation>
    </message>
    <message>
        <location filename="../app/conversation_file.cpp" line="59"/>
        <source>%1: not valid JSON at byte %2 (%3)</source>
        <translation>%1：第 %2 字节处的 JSON 无效（%3）</translation>
    </message>
    <message>
        <location filename="../app/conversation_file.cpp" line="64"/>
        <source>%1: not a Peng conversation file</source>
        <translation>%1：不是 Peng 对话文件</translation>
    </message>
    <message>
        <location filename="../app/conversation_file.cpp" line="70"/>
        <source>%1: written by a newer Peng (format version %2)</source>
        <translation>%1：由更新版本的 Peng 写入（格式版本 %2）</translation>
    </message>
    <message>
        <location filename="../app/conversation_file.cpp" line="74"/>
        <source>%1: the conversation&apos;s fields are missing or damaged</source>
        <translation>%1：对话的字段缺失或已损坏</translation>
    </message>
</context>
<context>
    <name>ConversationImport</name>
    <message>
        <location filename="../app/conversation_import.cpp" line="27"/>
        <source>%1.content is neither text nor a list of parts</source>
        <translation>%1.content 既不是文本，也不是内容片段列表</translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="35"/>
        <source>%1.content[%2] is not a content part with a type</source>
        <translation>%1.content[%2] 不是带有 type 的内容片段</translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="43"/>
        <source>%1.content[%2].text is not text</source>
        <translation>%1.content[%2].text 不是文本</translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="60"/>
        <source>%1: %2 is not a message object</source>
        <translation>%1：%2 不是消息对象</translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="65"/>
        <source>%1: %2 has no role</source>
        <translation>%1：%2 没有 role 字段</translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="87"/>
        <source>%1: %2 has the role &quot;%3&quot;; Peng reads system, developer, user, assistant and tool</source>
        <translation>%1：%2 的 role 为 &quot;%3&quot;；Peng 只能读取 system、developer、user、assistant 和 tool</translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="93"/>
        <source>%1: there is no user or assistant message to import</source>
        <translation>%1：没有可导入的 user 或 assistant 消息</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/conversation_import.cpp" line="99"/>
        <source>%n tool result(s) were left out: Peng&apos;s chats do not run tools.</source>
        <translation>
            <numerusform>已略过 %n 条工具结果：Peng 的聊天不运行工具。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/conversation_import.cpp" line="101"/>
        <source>%n tool call(s) were left out: Peng&apos;s chats do not run tools.</source>
        <translation>
            <numerusform>已略过 %n 个工具调用：Peng 的聊天不运行工具。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/conversation_import.cpp" line="103"/>
        <source>%n non-text part(s) (images, audio, files) were left out: Peng&apos;s chats hold text.</source>
        <translation>
            <numerusform>已略过 %n 个非文本片段（图片、音频、文件）：Peng 的聊天只包含文本。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="115"/>
        <source>%1: not valid JSON at byte %2 (%3)</source>
        <translation>%1：第 %2 字节处的 JSON 无效（%3）</translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="133"/>
        <source>%1: neither a Peng conversation nor a list of chat messages (OpenAI&apos;s format: an array of {&quot;role&quot;, &quot;content&quot;} objects, or an object with &quot;messages&quot;)</source>
        <translation>%1：既不是 Peng 对话，也不是聊天消息列表（OpenAI 的格式：由 {&quot;role&quot;, &quot;content&quot;} 对象组成的数组，或带有 &quot;messages&quot; 的对象）</translation>
    </message>
</context>
<context>
    <name>ConversationMarkdown</name>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="21"/>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="22"/>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="23"/>
        <source>Assistant (%1)</source>
        <translation>助手（%1）</translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="31"/>
        <source>Conversation</source>
        <translation>对话</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/conversation_markdown.cpp" line="34"/>
        <source>Peng conversation, %n message(s), last changed %1</source>
        <translation>
            <numerusform>Peng 对话，%n 条消息，最后修改于 %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="36"/>
        <source>**System prompt:** %1</source>
        <translation>**系统提示词：** %1</translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="41"/>
        <source>Thinking (%1 s)</source>
        <translation>思考（%1 秒）</translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="42"/>
        <source>Thinking</source>
        <translation>思考</translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="46"/>
        <source>The answer was cut off: %1</source>
        <translation>回答被截断：%1</translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="47"/>
        <source>The answer failed: %1</source>
        <translation>回答失败：%1</translation>
    </message>
</context>
<context>
    <name>ConversationSearchResults</name>
    <message numerus="yes">
        <location filename="../qml/ConversationSearchResults.qml" line="17"/>
        <source>Search results: %n conversation(s)</source>
        <translation>
            <numerusform>搜索结果：%n 个对话</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../qml/ConversationSearchResults.qml" line="72"/>
        <source>No conversation holds “%1”.</source>
        <translation>没有包含“%1”的对话。</translation>
    </message>
</context>
<context>
    <name>ConversationStore</name>
    <message>
        <location filename="../app/conversation_store.cpp" line="45"/>
        <source>Another Peng window (process %1) has the conversations in %2 open, so this window only reads them: nothing changed here is saved. Close the other window and reopen Peng to save here.</source>
        <translation>另一个 Peng 窗口（进程 %1）已打开 %2 中的对话，因此本窗口只能读取它们：在此处所做的任何更改都不会保存。请关闭另一个窗口并重新打开 Peng，以便在此处保存。</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="49"/>
        <source>The conversations in %1 cannot be locked for this window (%2), so it only reads them: nothing changed here is saved.</source>
        <translation>无法为本窗口锁定 %1 中的对话（%2），因此本窗口只能读取它们：在此处所做的任何更改都不会保存。</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="52"/>
        <source>no permission to write there</source>
        <translation>没有写入权限</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="52"/>
        <source>an unknown error</source>
        <translation>未知错误</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="84"/>
        <source>%1. It was left in place: this window only reads this folder.</source>
        <translation>%1。已保留在原处：本窗口只读取此文件夹。</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="89"/>
        <source>%1. The file was kept as %2; nothing was deleted.</source>
        <translation>%1。该文件已保留为 %2，没有删除任何内容。</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="91"/>
        <source>%1. It could not be moved aside and was left in place.</source>
        <translation>%1。无法将其移开，已保留在原处。</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="107"/>
        <source>%1. It is left untouched.</source>
        <translation>%1。未做任何改动。</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="125"/>
        <location filename="../app/conversation_store.cpp" line="325"/>
        <source>New conversation</source>
        <translation>新对话</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="188"/>
        <source>This conversation could not be saved: %1. Its last saved version is kept; the messages shown stay open here and are saved with the next change once saving works again.</source>
        <translation>无法保存此对话：%1。已保留其上次保存的版本；显示的消息仍在此处打开，待保存恢复正常后，会在下一次更改时保存。</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="274"/>
        <source>Unknown export format &quot;%1&quot;: use markdown or json.</source>
        <translation>未知的导出格式 &quot;%1&quot;：请使用 markdown 或 json。</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="276"/>
        <source>No file was chosen to export to.</source>
        <translation>未选择要导出到的文件。</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="280"/>
        <source>The conversation could not be exported: %1</source>
        <translation>无法导出对话：%1</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="294"/>
        <source>%1: cannot open (%2)</source>
        <translation>%1：无法打开（%2）</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="296"/>
        <source>%1: %2 MB is more than a conversation file can be (at most 64 MB)</source>
        <translation>%1：%2 MB 超出了对话文件的大小上限（最大 64 MB）</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="310"/>
        <source>The imported conversation could not be saved: %1</source>
        <translation>无法保存导入的对话：%1</translation>
    </message>
</context>
<context>
    <name>ConversationTransfer</name>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="18"/>
        <source>conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="32"/>
        <source>Export conversation as JSON</source>
        <translation>将对话导出为 JSON</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="32"/>
        <source>Export conversation as Markdown</source>
        <translation>将对话导出为 Markdown</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="34"/>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="34"/>
        <source>Markdown files (*.md)</source>
        <translation>Markdown 文件 (*.md)</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="37"/>
        <source>Exported to %1</source>
        <translation>已导出到 %1</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="44"/>
        <source>Import a conversation</source>
        <translation>导入对话</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="46"/>
        <source>Conversations (*.json)</source>
        <translation>对话 (*.json)</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="46"/>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="50"/>
        <source>Imported.</source>
        <translation>已导入。</translation>
    </message>
</context>
<context>
    <name>CrashReportBanner</name>
    <message>
        <location filename="../qml/CrashReportBanner.qml" line="21"/>
        <source>Peng closed unexpectedly last time. A crash report with a stack trace was saved; attaching it to a bug report helps fix the cause.</source>
        <translation>Peng 上次意外关闭。已保存一份包含堆栈跟踪的崩溃报告；将它附到错误报告中有助于修复问题。</translation>
    </message>
    <message>
        <location filename="../qml/CrashReportBanner.qml" line="35"/>
        <source>Copy report</source>
        <translation>复制报告</translation>
    </message>
    <message>
        <location filename="../qml/CrashReportBanner.qml" line="36"/>
        <source>Open folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <location filename="../qml/CrashReportBanner.qml" line="37"/>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>DeleteConversationDialog</name>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="31"/>
        <source>Delete conversation</source>
        <translation>删除对话</translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="34"/>
        <source>Delete “%1”?</source>
        <translation>删除“%1”？</translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="44"/>
        <source>Its messages are removed from this computer. This cannot be undone.</source>
        <translation>其消息将从本机删除。此操作无法撤销。</translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="55"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="56"/>
        <source>Cancel: keep the conversation</source>
        <translation>取消：保留此对话</translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="63"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="65"/>
        <source>Delete the conversation</source>
        <translation>删除此对话</translation>
    </message>
</context>
<context>
    <name>DemoBanner</name>
    <message>
        <location filename="../qml/DemoBanner.qml" line="25"/>
        <source>This is the built-in demo model: a small MiMo-V2 (%1 layers × %2 experts), trained on English word meanings (WordNet) and sayings in English, Italian, Spanish and Chinese.</source>
        <translation>这是内置演示模型：一个小型 MiMo-V2（%1 层 × %2 个专家），用英语词义（WordNet）以及英语、意大利语、西班牙语和中文的格言训练而成。</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="28"/>
        <source>This is the Flash-shape stress demo: MiMo-V2-Flash&apos;s real structure (48 layers × 256 experts) with random weights.</source>
        <translation>这是 Flash 结构压力演示：MiMo-V2-Flash 的真实结构（48 层 × 256 个专家），权重为随机值。</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="29"/>
        <source>This checkpoint was generated by make-model: its weights are random.</source>
        <translation>此检查点由 make-model 生成：其权重是随机的。</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="38"/>
        <source>Ask what a word means, or for a saying about something or by someone. It knows little else and is often wrong; the routing, streaming and profiling you see are the real machinery. For real answers, get MiMo-V2.6 with “Get a model”.</source>
        <translation>可以问某个词是什么意思，或者请它说一句关于某事或某人的格言。除此之外它所知甚少，而且常常出错；你看到的路由、流式加载和性能分析都是真实的机制。要获得真正的回答，请通过“获取模型”下载 MiMo-V2.6。</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="39"/>
        <source>Its answers are random words, but the routing, streaming and profiling you see are the real machinery. For real answers, download XiaomiMiMo/MiMo-V2.6-Flash from Hugging Face and open its folder with “Open model…”.</source>
        <translation>它的回答是随机词语，但你看到的路由、流式输出和性能剖析都是真实的机制。要获得真正的回答，请从 Hugging Face 下载 XiaomiMiMo/MiMo-V2.6-Flash，并用“打开模型…”打开其文件夹。</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="47"/>
        <source>Open the Flash-shape stress demo</source>
        <translation>打开 Flash 结构压力演示</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="47"/>
        <source>Back to the trained demo</source>
        <translation>返回训练过的演示模型</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="50"/>
        <source>Random weights, generated once into your data folder: routing with no structure, for the full-scale streaming picture</source>
        <translation>随机权重，只在你的数据文件夹中生成一次：路由没有规律，用于展示完整规模的流式加载</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="51"/>
        <source>The small MiMo-V2 that ships with Peng, trained on word meanings and sayings</source>
        <translation>Peng 自带的小型 MiMo-V2，用词义和格言训练而成</translation>
    </message>
</context>
<context>
    <name>DemoSuggestions</name>
    <message>
        <location filename="../qml/DemoSuggestions.qml" line="29"/>
        <source>Give me a saying.</source>
        <extracomment>A request the demo answers with a saying in this language: keep one of the plain requests it was taught (tools/train-demo/dialogues.py), e.g. &quot;Dimmi una massima.&quot;</extracomment>
        <translation>说一句有道理的话。</translation>
    </message>
    <message>
        <location filename="../qml/DemoSuggestions.qml" line="39"/>
        <source>Try asking the demo:</source>
        <translation>试着问问演示模型：</translation>
    </message>
    <message>
        <location filename="../qml/DemoSuggestions.qml" line="54"/>
        <source>Send this to the demo model</source>
        <translation>把这条消息发给演示模型</translation>
    </message>
</context>
<context>
    <name>EngineController</name>
    <message>
        <location filename="../app/engine_controller.cpp" line="44"/>
        <source>Generating the Flash-shape stress demo: %1</source>
        <translation>正在生成 Flash 结构压力演示：%1</translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="51"/>
        <source>The stress demo could not be generated: %1</source>
        <translation>无法生成压力演示：%1</translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="63"/>
        <source>The model could not be opened: %1</source>
        <translation>无法打开模型：%1</translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="173"/>
        <source>Opening %1</source>
        <translation>正在打开 %1</translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="194"/>
        <source>The trained demo model is missing from this installation: %1</source>
        <translation>此安装中缺少训练过的演示模型：%1</translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="201"/>
        <source>Generating the Flash-shape stress demo</source>
        <translation>正在生成 Flash 结构压力演示</translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="207"/>
        <source>No model is open.</source>
        <translation>没有打开的模型。</translation>
    </message>
    <message>
        <location filename="../app/engine_controller_remote.cpp" line="53"/>
        <source>Stop the answer being written before switching to a server.</source>
        <translation>切换到服务器前，请先停止正在生成的回答。</translation>
    </message>
    <message>
        <location filename="../app/engine_controller_remote.cpp" line="54"/>
        <source>Wait for the demo model to be generated before switching.</source>
        <translation>请等演示模型生成完毕后再切换。</translation>
    </message>
    <message>
        <location filename="../app/engine_controller_remote.cpp" line="59"/>
        <source>Connecting to %1</source>
        <translation>正在连接 %1</translation>
    </message>
    <message>
        <location filename="../app/engine_controller_remote.cpp" line="71"/>
        <source>The server lists no models.</source>
        <translation>服务器没有列出任何模型。</translation>
    </message>
</context>
<context>
    <name>EngineWorker</name>
    <message>
        <location filename="../app/load_progress.cpp" line="21"/>
        <source>Reading the checkpoint index</source>
        <translation>正在读取检查点索引</translation>
    </message>
    <message>
        <location filename="../app/engine_worker.cpp" line="196"/>
        <source>No model is open.</source>
        <translation>没有打开的模型。</translation>
    </message>
    <message>
        <location filename="../app/engine_worker.cpp" line="247"/>
        <source>This conversation is %1 tokens long, more than the %2 tokens of context the model was opened with, so no answer fits. Start a new conversation or edit an earlier message to shorten it.</source>
        <translation>此对话长 %1 个词元，超过了打开模型时设定的 %2 个词元上下文，因此容纳不下任何回答。请开始新对话，或编辑较早的消息以缩短对话。</translation>
    </message>
</context>
<context>
    <name>FileCheck</name>
    <message numerus="yes">
        <location filename="../app/file_check.cpp" line="47"/>
        <source>Recorded the SHA-256 of %n file(s) in %1.</source>
        <translation>
            <numerusform>已在 %1 中记录 %n 个文件的 SHA-256。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/file_check.cpp" line="57"/>
        <source>Verification stopped.</source>
        <translation>验证已停止。</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/file_check.cpp" line="59"/>
        <source>All %n file(s) are as recorded.</source>
        <translation>
            <numerusform>全部 %n 个文件均与记录一致。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/file_check.cpp" line="61"/>
        <source>%n file(s) differ from the record: answers from this folder cannot be trusted until they are downloaded again.</source>
        <translation>
            <numerusform>%n 个文件与记录不符：在重新下载这些文件之前，来自此文件夹的回答都不可信。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GetModelPage</name>
    <message>
        <location filename="../qml/GetModelPage.qml" line="34"/>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="35"/>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="38"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="39"/>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分钟</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="40"/>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="41"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="44"/>
        <source>speed unknown until downloaded (the engine knows this model&apos;s shape only from its files)</source>
        <translation>下载前速度未知（引擎只能从文件得知此模型的结构）</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="46"/>
        <source>fits in RAM</source>
        <translation>可完全放入内存</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="46"/>
        <source>streams %1 GB per token from disk</source>
        <translation>每个词元从磁盘流式读取 %1 GB</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="47"/>
        <source>%1; at most %2 tokens/s with this RAM budget</source>
        <translation>%1；在此内存预算下最多 %2 词元/秒</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="48"/>
        <source>%1; speed unknown until the disk and memory bandwidths are measured</source>
        <translation>%1；测量磁盘和内存带宽之前速度未知</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="53"/>
        <source>Download into</source>
        <translation>下载到</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="70"/>
        <source>Get a model</source>
        <translation>获取模型</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="71"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="88"/>
        <source>This build of Peng cannot download models (it was built without libcurl, as the Windows build is). Download the model&apos;s files another way, then open their folder.</source>
        <translation>此版本的 Peng 无法下载模型（构建时未包含 libcurl，Windows 版即是如此）。请用其他方式下载模型文件，然后打开其所在文件夹。</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="102"/>
        <source>%1, %2 GB</source>
        <translation>%1，%2 GB</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="113"/>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="113"/>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="122"/>
        <source>%1 experts, %2 GB on disk (%3 GB free there)</source>
        <translation>%1 个专家，占用磁盘 %2 GB（该处可用 %3 GB）</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="140"/>
        <source>Sizes from the model cards; speeds are the planner&apos;s bound with the current RAM budget (Settings) and the bandwidths measured on this machine.</source>
        <translation>大小来自模型卡；速度是规划器根据当前内存预算（设置）和本机测得的带宽算出的上限。</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="146"/>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="152"/>
        <source>Download folder</source>
        <translation>下载文件夹</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="156"/>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="158"/>
        <source>Choose the download folder</source>
        <translation>选择下载文件夹</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="161"/>
        <source>Endpoint</source>
        <translation>端点</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="169"/>
        <source>Hugging Face endpoint</source>
        <translation>Hugging Face 端点</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="184"/>
        <source>A mirror with the same API works too, as HF_ENDPOINT does for the official client: e.g. https://hf-mirror.com.</source>
        <translation>也可以使用 API 相同的镜像，就像官方客户端的 HF_ENDPOINT 一样：例如 https://hf-mirror.com。</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="186"/>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="191"/>
        <source>only for gated or private models; never saved</source>
        <translation>仅用于受限或私有模型；不会保存</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="193"/>
        <source>Hugging Face access token</source>
        <translation>Hugging Face 访问令牌</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="203"/>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="203"/>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="204"/>
        <source>Resume the download</source>
        <translation>继续下载</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="204"/>
        <source>Start the download</source>
        <translation>开始下载</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="210"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="211"/>
        <source>Pause the download</source>
        <translation>暂停下载</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="217"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="218"/>
        <source>Cancel the download and delete its partial data</source>
        <translation>取消下载并删除已下载的部分数据</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="233"/>
        <source>Download progress</source>
        <translation>下载进度</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="244"/>
        <source>Listing the files of %1…</source>
        <translation>正在列出 %1 的文件…</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="246"/>
        <source>Done: %1 verified in %2. Opening it.</source>
        <translation>完成：%1 已校验，位于 %2。正在打开。</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="247"/>
        <source>%1 of %2 (%3 of %4 files)</source>
        <translation>%1 / %2（%3 / %4 个文件）</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="249"/>
        <source>Paused at %1. Resume picks up where it stopped.</source>
        <translation>已在 %1 处暂停。继续时会从中断处接着下载。</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="250"/>
        <source>%1, checking the files already there</source>
        <translation>%1，正在检查已有的文件</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="251"/>
        <source>%1, %2/s, %3 left</source>
        <translation>%1，%2/秒，剩余 %3</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="261"/>
        <source>%1: %2 of %3</source>
        <translation>%1：%2 / %3</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="273"/>
        <source>Every file is checked against the repository&apos;s SHA-256 before it is moved into place; partial files wait in the folder&apos;s .peng-download, so a closed app or a dropped connection resumes where it stopped.</source>
        <translation>每个文件在移入最终位置前都会与仓库的 SHA-256 核对；未完成的文件保存在该文件夹的 .peng-download 中，因此关闭应用或连接中断后都能从中断处继续。</translation>
    </message>
</context>
<context>
    <name>HardwarePanel</name>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="26"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="26"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="27"/>
        <source>Cores</source>
        <translation>核心数</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="38"/>
        <source>RAM</source>
        <translation>内存</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="39"/>
        <source>%1 GB total, %2 GB available</source>
        <translation>共 %1 GB，可用 %2 GB</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="41"/>
        <source>GPU / VRAM</source>
        <translation>GPU / 显存</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="43"/>
        <source>Memory read (all cores)</source>
        <translation>内存读取（所有核心）</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="49"/>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="60"/>
        <source>Disk read (model folder)</source>
        <translation>磁盘读取（模型文件夹）</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="48"/>
        <location filename="../qml/HardwarePanel.qml" line="66"/>
        <source>measuring…</source>
        <translation>测量中…</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="29"/>
        <source>CPU features</source>
        <translation>CPU 特性</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="31"/>
        <source>none of AVX2, FMA, AVX-512</source>
        <translation>AVX2、FMA、AVX-512 均不支持</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="34"/>
        <source>Kernel path</source>
        <translation>内核路径</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="35"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="54"/>
        <source>Measure the memory read speed</source>
        <translation>测量内存读取速度</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="69"/>
        <source>%1 GB/s (%2 MB read%3)</source>
        <translation>%1 GB/s（读取 %2 MB%3）</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="70"/>
        <source>, direct I/O</source>
        <translation>，直接 I/O</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="70"/>
        <source>, through the page cache</source>
        <translation>，经由页缓存</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="75"/>
        <source>Measure the disk read speed</source>
        <translation>测量磁盘读取速度</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="50"/>
        <location filename="../qml/HardwarePanel.qml" line="71"/>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="53"/>
        <location filename="../qml/HardwarePanel.qml" line="74"/>
        <source>Measure</source>
        <translation>测量</translation>
    </message>
</context>
<context>
    <name>HardwareProbe</name>
    <message>
        <location filename="../app/hardware_probe.cpp" line="26"/>
        <source>scalar</source>
        <translation>标量</translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="37"/>
        <source>PENG_KERNELS limits the kernels to %1; this CPU runs %2</source>
        <translation>PENG_KERNELS 将内核限制为 %1；此 CPU 可运行 %2</translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="39"/>
        <source>this build has only the scalar kernels</source>
        <translation>此版本只有标量内核</translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="40"/>
        <source>AVX-512 kernels need %1, which this CPU lacks</source>
        <translation>AVX-512 内核需要 %1，而此 CPU 不支持</translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="41"/>
        <source>AVX2 kernels need %1, which this CPU lacks</source>
        <translation>AVX2 内核需要 %1，而此 CPU 不支持</translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="45"/>
        <source>none: this build has no GPU tier (built without CUDA)</source>
        <translation>无：此版本没有 GPU 层级（构建时未包含 CUDA）</translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="46"/>
        <source>none found: %1</source>
        <translation>未找到：%1</translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="47"/>
        <source>%1, %2 GB VRAM (%3 GB free)</source>
        <translation>%1，%2 GB 显存（可用 %3 GB）</translation>
    </message>
</context>
<context>
    <name>HubEndpoint</name>
    <message>
        <location filename="../app/hub_endpoint.cpp" line="9"/>
        <source>The endpoint is empty: enter %1 or a mirror&apos;s address.</source>
        <translation>端点为空：请输入 %1 或镜像地址。</translation>
    </message>
    <message>
        <location filename="../app/hub_endpoint.cpp" line="14"/>
        <source>&apos;%1&apos; is not a web address: the endpoint must start with https:// (or http://) and name a host, e.g. %2.</source>
        <translation>&apos;%1&apos; 不是网址：端点必须以 https://（或 http://）开头并包含主机名，例如 %2。</translation>
    </message>
    <message>
        <location filename="../app/hub_endpoint.cpp" line="18"/>
        <source>&apos;%1&apos;: the endpoint is a bare address; remove what follows &apos;?&apos;, &apos;#&apos; or a user name.</source>
        <translation>&apos;%1&apos;：端点只能是纯地址；请删除 &apos;?&apos;、&apos;#&apos; 之后的内容或用户名。</translation>
    </message>
</context>
<context>
    <name>LoadProgress</name>
    <message>
        <location filename="../app/load_progress.cpp" line="8"/>
        <source>Reading the dense weights (step %1 of %2)</source>
        <translation>正在读取稠密权重（第 %1 步，共 %2 步）</translation>
    </message>
    <message>
        <location filename="../app/load_progress.cpp" line="16"/>
        <source>Reading the pinned experts (%1 of %2)</source>
        <translation>正在读取固定的专家（%1 / %2）</translation>
    </message>
    <message>
        <location filename="../app/load_progress.cpp" line="12"/>
        <source>Reserving memory for the expert cache (%1 of %2 slots)</source>
        <translation>正在为专家缓存预留内存（第 %1 个，共 %2 个槽位）</translation>
    </message>
</context>
<context>
    <name>LocalServer</name>
    <message>
        <location filename="../app/local_server.cpp" line="59"/>
        <source>The port must be between 0 and 65535, not %1.</source>
        <translation>端口必须在 0 到 65535 之间，而不是 %1。</translation>
    </message>
    <message>
        <location filename="../app/local_server.cpp" line="84"/>
        <source>An API key cannot contain spaces or control characters.</source>
        <translation>API 密钥不能包含空格或控制字符。</translation>
    </message>
    <message>
        <location filename="../app/local_server.cpp" line="90"/>
        <source>The API key could not be saved: %1</source>
        <translation>无法保存 API 密钥：%1</translation>
    </message>
    <message>
        <location filename="../app/local_server.cpp" line="124"/>
        <source>The server could not start: %1</source>
        <translation>服务器无法启动：%1</translation>
    </message>
    <message>
        <location filename="../app/local_server.cpp" line="135"/>
        <source>This build of Peng has no server (it was configured with PENG_SERVER off).</source>
        <translation>此版本的 Peng 不含服务器（配置时关闭了 PENG_SERVER）。</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <location filename="../qml/Main.qml" line="14"/>
        <source>Peng — remote: %1</source>
        <translation>Peng — 远程：%1</translation>
    </message>
    <message>
        <location filename="../qml/Main.qml" line="15"/>
        <source>Peng — %1</source>
        <translation>Peng — %1</translation>
    </message>
    <message>
        <location filename="../qml/Main.qml" line="15"/>
        <source>Peng</source>
        <translation>Peng</translation>
    </message>
    <message>
        <location filename="../qml/Main.qml" line="26"/>
        <source>Open a MiMo-V2 checkpoint folder</source>
        <translation>打开 MiMo-V2 检查点文件夹</translation>
    </message>
</context>
<context>
    <name>MarkdownBlock</name>
    <message>
        <location filename="../qml/MarkdownBlock.qml" line="11"/>
        <source>Answer</source>
        <translation>回答</translation>
    </message>
</context>
<context>
    <name>MessageDelegate</name>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="29"/>
        <source>You said</source>
        <translation>你说</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="29"/>
        <source>The model answered</source>
        <translation>模型回答</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="53"/>
        <source>Your message</source>
        <translation>你的消息</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="75"/>
        <source>Edit your message</source>
        <translation>编辑你的消息</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="81"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="82"/>
        <source>Cancel editing</source>
        <translation>取消编辑</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="88"/>
        <source>Save and resend</source>
        <translation>保存并重新发送</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="101"/>
        <location filename="../qml/MessageDelegate.qml" line="188"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="102"/>
        <source>Copy your message</source>
        <translation>复制你的消息</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="108"/>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="109"/>
        <source>Edit your message and resend it</source>
        <translation>编辑你的消息并重新发送</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="151"/>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="153"/>
        <source>The answer is starting</source>
        <translation>回答即将开始</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="162"/>
        <source>Interrupted: %1</source>
        <translation>已中断：%1</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="172"/>
        <source>The answer failed: %1</source>
        <translation>回答失败：%1</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="189"/>
        <source>Copy the answer</source>
        <translation>复制回答</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="195"/>
        <source>↻ Regenerate</source>
        <translation>↻ 重新生成</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="196"/>
        <source>Regenerate the answer</source>
        <translation>重新生成回答</translation>
    </message>
</context>
<context>
    <name>ModelDefaultNote</name>
    <message>
        <location filename="../qml/ModelDefaultNote.qml" line="17"/>
        <source>model default</source>
        <translation>模型默认值</translation>
    </message>
    <message>
        <location filename="../qml/ModelDefaultNote.qml" line="23"/>
        <source>Use model default (%1)</source>
        <translation>使用模型默认值（%1）</translation>
    </message>
    <message>
        <location filename="../qml/ModelDefaultNote.qml" line="25"/>
        <source>The value the model&apos;s generation_config.json recommends.</source>
        <translation>模型的 generation_config.json 推荐的值。</translation>
    </message>
</context>
<context>
    <name>ModelDownloader</name>
    <message>
        <location filename="../app/model_downloader.cpp" line="97"/>
        <source>This build of Peng cannot download models (it was built without libcurl). Use `peng-cli download` from a build that has it, then open the folder.</source>
        <translation>此版本的 Peng 无法下载模型（构建时未包含 libcurl）。请用包含它的版本中的 `peng-cli download` 下载，然后打开该文件夹。</translation>
    </message>
    <message>
        <location filename="../app/model_downloader.cpp" line="102"/>
        <source>Choose a model and a folder to download it into.</source>
        <translation>请选择一个模型以及下载到的文件夹。</translation>
    </message>
    <message>
        <location filename="../app/model_downloader.cpp" line="115"/>
        <source>Cannot create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message>
        <location filename="../app/model_downloader.cpp" line="168"/>
        <source>%1 is gated or private: paste a Hugging Face access token in the Token field (create one at https://huggingface.co/settings/tokens after accepting the model&apos;s terms on its page).</source>
        <translation>%1 是受限或私有模型：请在 Token 字段中粘贴 Hugging Face 访问令牌（先在模型页面上接受其条款，再到 https://huggingface.co/settings/tokens 创建令牌）。</translation>
    </message>
</context>
<context>
    <name>ModelFolder</name>
    <message>
        <location filename="../app/model_folder.cpp" line="15"/>
        <source>No folder was chosen.</source>
        <translation>未选择文件夹。</translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="17"/>
        <source>%1 does not exist.</source>
        <translation>%1 不存在。</translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="18"/>
        <source>Choose the folder that holds config.json and the .safetensors shards.</source>
        <translation>请选择包含 config.json 和 .safetensors 分片的文件夹。</translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="19"/>
        <source>%1 is a file, not a folder.</source>
        <translation>%1 是文件，不是文件夹。</translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="20"/>
        <source>%1 cannot be read (permissions).</source>
        <translation>无法读取 %1（权限不足）。</translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="22"/>
        <source>%1 has no config.json, so it is not a model checkpoint.</source>
        <translation>%1 中没有 config.json，因此不是模型检查点。</translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="24"/>
        <source>%1 has a config.json but no .safetensors files: the download may be incomplete.</source>
        <translation>%1 有 config.json 但没有 .safetensors 文件：下载可能不完整。</translation>
    </message>
</context>
<context>
    <name>ModelSourceSettings</name>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="83"/>
        <source>Chats are answered by</source>
        <translation>聊天回答来自</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="86"/>
        <source>This computer</source>
        <translation>本机</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="88"/>
        <source>Answer with the model on this computer</source>
        <translation>使用本机上的模型回答</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="93"/>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="95"/>
        <source>Answer with a model on a server</source>
        <translation>使用服务器上的模型回答</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="102"/>
        <source>Any OpenAI-compatible server: vLLM, SGLang, or peng-cli serve on another machine. Start vLLM or SGLang with --enable-return-routed-experts to see the experts light up in the brain.</source>
        <translation>任何兼容 OpenAI 的服务器：vLLM、SGLang，或在另一台机器上运行的 peng-cli serve。启动 vLLM 或 SGLang 时加上 --enable-return-routed-experts，即可看到大脑中的专家被点亮。</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="106"/>
        <location filename="../qml/ModelSourceSettings.qml" line="113"/>
        <source>Server address</source>
        <translation>服务器地址</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="119"/>
        <source>API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="125"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="127"/>
        <source>Server API key</source>
        <translation>服务器 API 密钥</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="131"/>
        <source>Hide</source>
        <translation>隐藏</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="131"/>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="132"/>
        <source>Hide the server API key</source>
        <translation>隐藏服务器 API 密钥</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="132"/>
        <source>Show the server API key</source>
        <translation>显示服务器 API 密钥</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="141"/>
        <source>The key is kept in the system keychain, never in Peng&apos;s settings file.</source>
        <translation>密钥保存在系统钥匙串中，绝不会写入 Peng 的设置文件。</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="146"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="152"/>
        <source>no models listed yet</source>
        <translation>尚未列出模型</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="154"/>
        <source>Model on the server</source>
        <translation>服务器上的模型</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="160"/>
        <source>Listing…</source>
        <translation>正在列出…</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="160"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="162"/>
        <source>Refresh the server&apos;s model list</source>
        <translation>刷新服务器的模型列表</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="175"/>
        <source>Connection</source>
        <translation>连接</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="178"/>
        <source>Testing…</source>
        <translation>正在测试…</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="178"/>
        <source>Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="180"/>
        <source>Test the connection to the server</source>
        <translation>测试与服务器的连接</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="193"/>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="195"/>
        <source>Answer chats with the server</source>
        <translation>使用服务器回答聊天</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="195"/>
        <source>Answer chats on this computer</source>
        <translation>在本机上回答聊天</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="201"/>
        <source>Now: %1 at %2.</source>
        <translation>当前：%2 上的 %1。</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="201"/>
        <source>the server&apos;s model</source>
        <translation>服务器的模型</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="202"/>
        <source>Now: this computer.</source>
        <translation>当前：本机。</translation>
    </message>
</context>
<context>
    <name>OpenAiStream</name>
    <message>
        <location filename="../app/openai_stream.cpp" line="66"/>
        <source>the server sent an event that is not JSON (%1 at byte %2): %3</source>
        <translation>服务器发送的事件不是 JSON（第 %2 字节处 %1）：%3</translation>
    </message>
    <message>
        <location filename="../app/openai_stream.cpp" line="70"/>
        <source>the server sent an event that is not a JSON object: %1</source>
        <translation>服务器发送的事件不是 JSON 对象：%1</translation>
    </message>
    <message>
        <location filename="../app/openai_stream.cpp" line="117"/>
        <source>sglext.routed_experts is not a base64 string</source>
        <translation>sglext.routed_experts 不是 base64 字符串</translation>
    </message>
</context>
<context>
    <name>ProfilePanel</name>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="15"/>
        <source>Profile</source>
        <translation>性能剖析</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="22"/>
        <source>measured at the client: first token %1 s · %2 ms between texts</source>
        <translation>在客户端测量：首词元 %1 秒 · 文本间隔 %2 毫秒</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="24"/>
        <source>measured at the client: the time between streamed pieces of text</source>
        <translation>在客户端测量：流式文本片段之间的时间</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="26"/>
        <source>%1 tokens · %2 ms/token · %3 tok/s · hit %4%</source>
        <translation>%1 个词元 · %2 毫秒/词元 · %3 词元/秒 · 命中 %4%</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="29"/>
        <source>one bar per generated token</source>
        <translation>每个生成的词元一根柱</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="40"/>
        <source>Profile: where each token&apos;s time went</source>
        <translation>性能剖析：每个词元的时间花在了哪里</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="96"/>
        <source>disk wait</source>
        <translation>磁盘等待</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="104"/>
        <source>experts</source>
        <translation>专家</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="112"/>
        <source>attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="120"/>
        <source>dense</source>
        <translation>稠密</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="128"/>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="128"/>
        <source>gap between text (client)</source>
        <translation>文本间隔（客户端）</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="136"/>
        <source>tok/s</source>
        <translation>词元/秒</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="144"/>
        <source>hit %</source>
        <translation>命中率 %</translation>
    </message>
</context>
<context>
    <name>RemoteClient</name>
    <message>
        <location filename="../app/remote_client.cpp" line="54"/>
        <source>%1 is not an OpenAI-compatible server: its /v1/models has no JSON &quot;data&quot; list.</source>
        <translation>%1 不是兼容 OpenAI 的服务器：其 /v1/models 没有 JSON &quot;data&quot; 列表。</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="115"/>
        <source>&quot;%1&quot; is not an http:// or https:// address.</source>
        <translation>“%1”不是 http:// 或 https:// 地址。</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="164"/>
        <source>%1 has no %2 (HTTP 404): it is not an OpenAI-compatible server, or the address&apos;s path is wrong (it usually ends in /v1).</source>
        <translation>%1 没有 %2（HTTP 404）：它不是兼容 OpenAI 的服务器，或者地址路径有误（通常以 /v1 结尾）。</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="177"/>
        <source>%1 serves no models, so not %2.</source>
        <translation>%1 没有提供任何模型，因此也不提供 %2。</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="178"/>
        <source>%1 does not serve %2. It serves: %3.</source>
        <translation>%1 没有提供 %2。它提供的是：%3。</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="224"/>
        <source>%1 answered with %2 instead of a stream of events: it does not stream chat completions.</source>
        <translation>%1 返回的是 %2，而不是事件流：它不支持流式聊天补全。</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="225"/>
        <source>no content type</source>
        <translation>无内容类型</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="245"/>
        <source>%1 sent a malformed event stream: %2</source>
        <translation>%1 发送了格式错误的事件流：%2</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="277"/>
        <source>the stream ended</source>
        <translation>流已结束</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="278"/>
        <source>The connection to %1 ended before the answer was complete (%2). The partial answer is kept.</source>
        <translation>与 %1 的连接在回答完成前就结束了（%2）。已保留部分回答。</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="285"/>
        <source>%1 ended the connection without answering.</source>
        <translation>%1 未作回答就结束了连接。</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="314"/>
        <location filename="../app/remote_client.cpp" line="329"/>
        <source>The server&apos;s routed experts were unusable: %1.</source>
        <translation>服务器返回的路由专家无法使用：%1。</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="315"/>
        <source>The server sent no routed experts. vLLM and SGLang send them when started with --enable-return-routed-experts; Peng&apos;s server always can.</source>
        <translation>服务器没有发送路由专家。vLLM 和 SGLang 需在启动时加上 --enable-return-routed-experts 才会发送；Peng 的服务器始终支持。</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="330"/>
        <source>their shape could not be worked out</source>
        <translation>无法推断其结构</translation>
    </message>
</context>
<context>
    <name>RemoteFailureText</name>
    <message>
        <location filename="../app/remote_failure.cpp" line="25"/>
        <source>Nothing answers at %1 (connection refused). Is the server running, and is the port right?</source>
        <translation>%1 无响应（连接被拒绝）。服务器是否在运行？端口是否正确？</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="27"/>
        <source>The host %1 was not found. Check the address.</source>
        <translation>找不到主机 %1。请检查地址。</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="31"/>
        <source>%1 did not answer within %2 s. Is the address right, and is the server up?</source>
        <translation>%1 在 %2 秒内没有响应。地址是否正确？服务器是否已启动？</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="34"/>
        <source>The secure (TLS) connection to %1 failed: %2. Check the server&apos;s certificate, or use http:// if the server does not use TLS.</source>
        <translation>与 %1 的安全（TLS）连接失败：%2。请检查服务器的证书；如果服务器不使用 TLS，请改用 http://。</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="39"/>
        <source>%1 closed the connection without answering. Is it an HTTP server (https:// against a plain http port, or the reverse)?</source>
        <translation>%1 未作回答就关闭了连接。它是 HTTP 服务器吗？（是否对普通 http 端口用了 https://，或者相反？）</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="46"/>
        <source>The secure (TLS) connection to %1 failed: %2.</source>
        <translation>与 %1 的安全（TLS）连接失败：%2。</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="47"/>
        <source>Could not talk to %1: %2</source>
        <translation>无法与 %1 通信：%2</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="72"/>
        <source>%1 refused the API key (HTTP 401). Enter the key the server was started with.</source>
        <translation>%1 拒绝了该 API 密钥（HTTP 401）。请输入启动服务器时所用的密钥。</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="73"/>
        <source>%1 needs an API key (HTTP 401). Enter the key the server was started with.</source>
        <translation>%1 需要 API 密钥（HTTP 401）。请输入启动服务器时所用的密钥。</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="76"/>
        <source>%1 does not let this API key in (HTTP 403): %2</source>
        <translation>%1 不允许使用此 API 密钥访问（HTTP 403）：%2</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="77"/>
        <source>%1 answered HTTP %2: %3</source>
        <translation>%1 返回了 HTTP %2：%3</translation>
    </message>
</context>
<context>
    <name>RemoteKeyStore</name>
    <message>
        <location filename="../app/remote_key_store.cpp" line="45"/>
        <source>The system keychain could not be read (%1). A key entered now is kept only until Peng closes.</source>
        <translation>无法读取系统钥匙串（%1）。现在输入的密钥只会保留到 Peng 关闭为止。</translation>
    </message>
    <message>
        <location filename="../app/remote_key_store.cpp" line="76"/>
        <source>The system keychain is not available (%1). The API key is kept only until Peng closes: enter it again after a restart.</source>
        <translation>系统钥匙串不可用（%1）。API 密钥只会保留到 Peng 关闭为止：重启后请重新输入。</translation>
    </message>
    <message>
        <location filename="../app/remote_key_store.cpp" line="97"/>
        <source>no answer within %1 s</source>
        <translation>%1 秒内无响应</translation>
    </message>
</context>
<context>
    <name>RemoteRoutingText</name>
    <message>
        <location filename="../app/remote_routing.cpp" line="14"/>
        <source>the routed experts are not valid base64</source>
        <translation>路由专家数据不是有效的 base64</translation>
    </message>
    <message>
        <location filename="../app/remote_routing.cpp" line="19"/>
        <source>the routed experts are %1 bytes, not a whole number of int32 ids</source>
        <translation>路由专家数据为 %1 字节，不是整数个 int32 ID</translation>
    </message>
    <message>
        <location filename="../app/remote_routing.cpp" line="29"/>
        <source>the model&apos;s MoE layer count and experts per token are unknown</source>
        <translation>模型的 MoE 层数和每词元专家数未知</translation>
    </message>
    <message>
        <location filename="../app/remote_routing.cpp" line="34"/>
        <source>%1 routed expert ids do not fill rows of %2 MoE layers x %3 experts</source>
        <translation>%1 个路由专家 ID 无法凑成完整的行（每行 %2 个 MoE 层 × %3 个专家）</translation>
    </message>
    <message>
        <location filename="../app/remote_routing.cpp" line="39"/>
        <source>routed expert id %1 is outside the model&apos;s %2 experts</source>
        <translation>路由专家 ID %1 超出了模型的 %2 个专家范围</translation>
    </message>
</context>
<context>
    <name>ServerProbe</name>
    <message>
        <location filename="../app/server_probe.cpp" line="38"/>
        <source>The server lists no models.</source>
        <translation>服务器没有列出任何模型。</translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="82"/>
        <source>Connected to %1, but it lists no models.</source>
        <translation>已连接到 %1，但它没有列出任何模型。</translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="83"/>
        <source>Connected to %1. Choose one of its models: %2.</source>
        <translation>已连接到 %1。请从其模型中选择一个：%2。</translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="84"/>
        <source>Connected to %1; it serves %2.</source>
        <translation>已连接到 %1；它提供 %2。</translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="89"/>
        <source>The brain shows its %1 MoE layers of %2 experts, as the server describes them.</source>
        <translation>大脑按服务器的描述显示其 %1 个 MoE 层，每层 %2 个专家。</translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="92"/>
        <source>The brain shows %1 MoE layers of %2 experts, known from the model&apos;s name.</source>
        <translation>大脑显示 %1 个 MoE 层，每层 %2 个专家，这是根据模型名称得知的。</translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="95"/>
        <source>The server does not describe the model&apos;s experts: the brain takes its shape from the routing of the first answer.</source>
        <translation>服务器没有描述模型的专家：大脑将根据第一个回答的路由确定其结构。</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="74"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="78"/>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="94"/>
        <source>Model source</source>
        <translation>模型来源</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="97"/>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="99"/>
        <location filename="../qml/SettingsDialog.qml" line="102"/>
        <source>RAM budget (GB)</source>
        <translation>内存预算 (GB)</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="105"/>
        <source>0 = no budget; the expert slots below decide.</source>
        <translation>0 = 不设预算；由下方的专家槽位决定。</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="108"/>
        <location filename="../qml/SettingsDialog.qml" line="111"/>
        <source>Expert slots per layer</source>
        <translation>每层专家槽数</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="117"/>
        <location filename="../qml/SettingsDialog.qml" line="118"/>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="120"/>
        <source>Least-recently-used RAM slots per MoE layer; experts outside them are read from disk when routed.</source>
        <translation>每个 MoE 层按最近最少使用（LRU）管理的内存槽位；不在槽位中的专家被路由到时从磁盘读取。</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="132"/>
        <source>Plan: fits in RAM. All %1 experts (%2 GB) and the dense part (%3 GB) stay resident; after warm-up nothing streams.</source>
        <translation>计划：可完全放入内存。全部 %1 个专家（%2 GB）和稠密部分（%3 GB）常驻内存；预热后不再从磁盘流式读取。</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="133"/>
        <source>Plan: streams %1 GB per token from disk. %2 of %3 experts per layer in RAM (expected hit rate %4%); minimum budget %5 GB.</source>
        <translation>计划：每个 token 从磁盘流式读取 %1 GB。每层 %3 个专家中有 %2 个在内存中（预期命中率 %4%）；最低预算 %5 GB。</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="144"/>
        <source>Expected speed: at most %1 tokens/s, the bound from the bytes each token moves (disk %2 GB/s, memory %3 GB/s, measured on this machine).</source>
        <translation>预期速度：最多 %1 token/秒，这是由每个 token 需要搬运的字节数得出的上限（磁盘 %2 GB/s，内存 %3 GB/s，均在本机测得）。</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="147"/>
        <source>Expected speed: unknown, the disk could not be measured (%1).</source>
        <translation>预期速度：未知，无法测量磁盘（%1）。</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="148"/>
        <source>Expected speed: measuring the disk and memory bandwidth…</source>
        <translation>预期速度：正在测量磁盘和内存带宽…</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="153"/>
        <location filename="../qml/SettingsDialog.qml" line="156"/>
        <source>VRAM budget (GB)</source>
        <translation>显存预算 (GB)</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="170"/>
        <source>0 = off. With an NVIDIA GPU, the dense matrices and the hottest experts go to VRAM; the output then stays within 1e-4 of the logit range but is not byte-identical. Applies when the model is reopened.</source>
        <translation>0 = 关闭。使用 NVIDIA GPU 时，稠密矩阵和最常用的专家放入显存；输出与 logit 范围的偏差保持在 1e-4 以内，但并非逐字节相同。重新打开模型后生效。</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="175"/>
        <source>Speed / quality</source>
        <translation>速度 / 质量</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="177"/>
        <source>These trim the experts each token runs. They are lossy: output changes, and the exact badge goes off while either is on. Measure shows what a setting costs on this model: the mean KL divergence from the exact model&apos;s next-token distribution and how often both pick the same top token.</source>
        <translation>这些设置会削减每个词元运行的专家。它们是有损的：输出会改变，只要其中任一项开启，“精确”标记就会消失。“测量”会显示某个设置在此模型上的代价：与精确模型下一个词元分布之间的平均 KL 散度，以及两者选出相同首选词元的频率。</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="181"/>
        <source>TOPK: keep heaviest experts</source>
        <translation>TOPK：保留权重最大的专家</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="189"/>
        <location filename="../qml/SettingsDialog.qml" line="207"/>
        <source>%1 (lossy)</source>
        <translation>%1（有损）</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="189"/>
        <location filename="../qml/SettingsDialog.qml" line="207"/>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="199"/>
        <source>TOPP: keep experts up to weight</source>
        <translation>TOPP：保留专家直至累计权重</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="218"/>
        <source>The measurement failed: %1</source>
        <translation>测量失败：%1</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="222"/>
        <source>Sampling</source>
        <translation>采样</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="224"/>
        <location filename="../qml/SettingsDialog.qml" line="227"/>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="233"/>
        <source>greedy</source>
        <translation>贪心</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="237"/>
        <location filename="../qml/SettingsDialog.qml" line="240"/>
        <source>Top-p</source>
        <translation>Top-p</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="249"/>
        <location filename="../qml/SettingsDialog.qml" line="250"/>
        <source>Top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="252"/>
        <source>0 = no limit</source>
        <translation>0 = 不限制</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="255"/>
        <location filename="../qml/SettingsDialog.qml" line="256"/>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="257"/>
        <source>-1 = a new seed for every answer; any other value repeats answers exactly</source>
        <translation>-1 = 每次回答使用新的种子；其他任何值都会精确地重复回答</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="260"/>
        <location filename="../qml/SettingsDialog.qml" line="261"/>
        <source>Answer length (tokens)</source>
        <translation>回答长度（词元）</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="269"/>
        <source>Appearance</source>
        <translation>外观</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="271"/>
        <location filename="../qml/SettingsDialog.qml" line="275"/>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="278"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="278"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="291"/>
        <location filename="../qml/SettingsDialog.qml" line="294"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="279"/>
        <location filename="../qml/SettingsDialog.qml" line="298"/>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="79"/>
        <source>Close settings</source>
        <translation>关闭设置</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="162"/>
        <source>Size the VRAM budget automatically</source>
        <translation>自动确定显存预算</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="184"/>
        <source>TOPK: keep heaviest experts (0 = off, lossy)</source>
        <translation>TOPK：保留权重最大的专家（0 = 关闭，有损）</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="202"/>
        <source>TOPP: keep experts up to weight (0 = off, lossy)</source>
        <translation>TOPP：保留专家直至累计权重（0 = 关闭，有损）</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="263"/>
        <source>0 = up to the context</source>
        <translation>0 = 直到上下文上限</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="264"/>
        <source>up to the context: %1 tokens with the prompt</source>
        <translation>直到上下文上限：连同提示词共 %1 个词元</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="265"/>
        <source>up to the context</source>
        <translation>直到上下文上限</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="311"/>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="315"/>
        <source>Machine</source>
        <translation>机器</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="317"/>
        <location filename="../qml/SettingsDialog.qml" line="318"/>
        <source>Threads</source>
        <translation>线程</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="319"/>
        <source>0 = one per core. Thread count never changes output.</source>
        <translation>0 = 每个核心一个。线程数永远不会改变输出。</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="322"/>
        <location filename="../qml/SettingsDialog.qml" line="323"/>
        <source>Prefetch experts</source>
        <translation>预取专家</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="324"/>
        <source>Starts reading the experts a layer will probably need before its router has chosen them. Exact; faster only where experts stream from disk. Applies from the next answer.</source>
        <translation>在某一层的路由器选定专家之前，就开始读取它可能需要的专家。结果完全一致；只有专家需要从磁盘读取时才会更快。从下一次回答起生效。</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="327"/>
        <location filename="../qml/SettingsDialog.qml" line="328"/>
        <source>GPU effects in the brain</source>
        <translation>大脑中的 GPU 特效</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="329"/>
        <source>Glow and cell gaps where the graphics driver runs shaders.</source>
        <translation>在图形驱动支持着色器时显示光晕和单元格间隙。</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="331"/>
        <source>Local server</source>
        <translation>本地服务器</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="334"/>
        <location filename="../qml/SettingsDialog.qml" line="338"/>
        <source>Serve this model on localhost</source>
        <translation>在本机（localhost）上提供此模型</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="345"/>
        <source>Editors, agents and scripts on this computer use the open model through the OpenAI API, on 127.0.0.1 only. They take turns with this window&apos;s chat on the one copy of the model in memory.</source>
        <translation>本机上的编辑器、智能体和脚本可通过 OpenAI API 使用已打开的模型，仅限 127.0.0.1。它们与此窗口的聊天轮流使用内存中唯一的一份模型。</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="349"/>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="353"/>
        <source>Server port</source>
        <translation>服务器端口</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="356"/>
        <source>0 = any free port.</source>
        <translation>0 = 任意空闲端口。</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="360"/>
        <location filename="../qml/SettingsDialog.qml" line="370"/>
        <source>API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="367"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="375"/>
        <source>Hide</source>
        <translation>隐藏</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="375"/>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="376"/>
        <source>Hide the API key</source>
        <translation>隐藏 API 密钥</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="376"/>
        <source>Show the API key</source>
        <translation>显示 API 密钥</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="380"/>
        <source>Generate</source>
        <translation>生成</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="381"/>
        <source>Generate a new API key</source>
        <translation>生成新的 API 密钥</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="385"/>
        <location filename="../qml/SettingsDialog.qml" line="414"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="387"/>
        <source>Copy the API key</source>
        <translation>复制 API 密钥</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="391"/>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="393"/>
        <source>Remove the API key</source>
        <translation>删除 API 密钥</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="399"/>
        <source>Without a key, any program on this computer may use the model. With one, clients send it as &apos;Authorization: Bearer KEY&apos;. It is kept in a file only you can read, which peng-cli serve --api-key-file also reads.</source>
        <translation>没有密钥时，本机上的任何程序都可以使用该模型。设置密钥后，客户端需以 &apos;Authorization: Bearer KEY&apos; 的形式发送。密钥保存在只有你能读取的文件中，peng-cli serve --api-key-file 也读取该文件。</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="403"/>
        <source>Address for OpenAI clients</source>
        <translation>OpenAI 客户端使用的地址</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="411"/>
        <source>Server address</source>
        <translation>服务器地址</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="415"/>
        <source>Copy the server address</source>
        <translation>复制服务器地址</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="421"/>
        <source>Requests served: %1</source>
        <translation>已处理的请求：%1</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="430"/>
        <source>Model files</source>
        <translation>模型文件</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="432"/>
        <source>Checksums</source>
        <translation>校验和</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="434"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="434"/>
        <source>Verify files</source>
        <translation>验证文件</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="435"/>
        <source>Stop verifying the model files</source>
        <translation>停止验证模型文件</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="435"/>
        <source>Verify the model files</source>
        <translation>验证模型文件</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="438"/>
        <source>Re-reads every file of the open model and compares it with the SHA-256 recorded when Peng generated, packed or downloaded it.</source>
        <translation>重新读取已打开模型的每个文件，并与 Peng 生成、打包或下载该文件时记录的 SHA-256 进行比较。</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="442"/>
        <source>Record checksums</source>
        <translation>记录校验和</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="444"/>
        <source>Records the files as they are now, so later changes can be found.</source>
        <translation>记录文件的当前状态，以便日后发现更改。</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="446"/>
        <source>Verifying the model files</source>
        <translation>正在验证模型文件</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="465"/>
        <source>Restore defaults</source>
        <translation>恢复默认值</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="475"/>
        <source>Reopen the model to apply</source>
        <translation>重新打开模型以应用</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="478"/>
        <source>Memory settings take effect when the model opens; the expert trim and prefetch apply from the next answer</source>
        <translation>内存设置在打开模型时生效；专家裁剪和预读从下一次回答起生效</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="480"/>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="467"/>
        <source>Forget cached conversations</source>
        <translation>清除缓存的对话</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="470"/>
        <source>Deletes the saved attention caches that let conversations resume without recomputing their history. The conversations themselves stay.</source>
        <translation>删除已保存的注意力缓存，它们让对话无需重新计算历史即可继续。对话本身会保留。</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="161"/>
        <source>Auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="166"/>
        <source>Free VRAM minus 2 GB, measured when the model opens</source>
        <translation>打开模型时测得的空闲显存减去 2 GB</translation>
    </message>
</context>
<context>
    <name>Sidebar</name>
    <message>
        <location filename="../qml/Sidebar.qml" line="17"/>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="18"/>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="19"/>
        <source>%1 KB</source>
        <translation>%1 KB</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="38"/>
        <source>MiMo-V2 on one machine</source>
        <translation>在一台机器上运行 MiMo-V2</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="49"/>
        <source>+  New conversation</source>
        <translation>+  新对话</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="50"/>
        <source>New conversation</source>
        <translation>新对话</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="53"/>
        <source>Ctrl+N</source>
        <translation>Ctrl+N</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="57"/>
        <source>Import…</source>
        <translation>导入…</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="60"/>
        <source>Import a conversation from a JSON file</source>
        <translation>从 JSON 文件导入对话</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="61"/>
        <source>A Peng export, or OpenAI-style chat messages</source>
        <translation>Peng 导出的文件，或 OpenAI 格式的聊天消息</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="69"/>
        <source>Search conversations (Ctrl+F)</source>
        <translation>搜索对话（Ctrl+F）</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="75"/>
        <source>Search conversations</source>
        <translation>搜索对话</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="108"/>
        <source>Conversations</source>
        <translation>对话</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="109"/>
        <source>Up and Down move, Enter opens, F2 renames, Ctrl+E exports, Delete deletes</source>
        <translation>上下方向键移动，Enter 打开，F2 重命名，Ctrl+E 导出，Delete 删除</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="140"/>
        <source>Open. Messages: %1</source>
        <translation>已打开。消息数：%1</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="140"/>
        <source>Messages: %1</source>
        <translation>消息数：%1</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="165"/>
        <source>New name for the conversation</source>
        <translation>对话的新名称</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="187"/>
        <source>Rename “%1”</source>
        <translation>重命名“%1”</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="188"/>
        <source>Rename (F2)</source>
        <translation>重命名（F2）</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="195"/>
        <source>Export (Ctrl+E)</source>
        <translation>导出（Ctrl+E）</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="196"/>
        <source>Export “%1”</source>
        <translation>导出“%1”</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="200"/>
        <source>Export as Markdown…</source>
        <translation>导出为 Markdown…</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="201"/>
        <source>Export as JSON…</source>
        <translation>导出为 JSON…</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="207"/>
        <source>Delete “%1”</source>
        <translation>删除“%1”</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="208"/>
        <source>Delete (Del)</source>
        <translation>删除（Del）</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="216"/>
        <source>Your conversations appear here.</source>
        <translation>你的对话会显示在这里。</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="264"/>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="264"/>
        <source>Dismiss the conversation file problems</source>
        <translation>关闭对话文件问题提示</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="279"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="283"/>
        <location filename="../qml/Sidebar.qml" line="363"/>
        <source>Demo model</source>
        <translation>演示模型</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="284"/>
        <source>Flash-shape stress demo</source>
        <translation>Flash 结构压力演示</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="286"/>
        <source>No model open</source>
        <translation>未打开模型</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="295"/>
        <source>%1 layers × %2 experts, %3 per token</source>
        <translation>%1 层 × %2 个专家，每词元 %3 个</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="297"/>
        <source>%1 layers × %2 experts, %3 per token · %4</source>
        <translation>%1 层 × %2 个专家，每词元 %3 个 · %4</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="307"/>
        <source>dense %1 resident · one expert %2</source>
        <translation>稠密部分常驻 %1 · 单个专家 %2</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="319"/>
        <source>remote: %1</source>
        <translation>远程：%1</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="322"/>
        <source>random weights</source>
        <translation>随机权重</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="323"/>
        <source>lossy: experts trimmed</source>
        <translation>有损：专家已削减</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="326"/>
        <source>GPU: not byte-identical</source>
        <translation>GPU：非逐字节一致</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="329"/>
        <source>The GPU computes part of each token. Its output stays within 1e-4 of the logit range of the CPU&apos;s but is not identical bit for bit. Set the VRAM budget to 0 for exact output.</source>
        <translation>GPU 计算每个词元的一部分。其输出与 CPU 的偏差在 logit 范围的 1e-4 以内，但并非逐位相同。将显存预算设为 0 可得到精确输出。</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="337"/>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="340"/>
        <source>No lossy setting is on: where experts are served from changes speed, never output.</source>
        <translation>未开启任何有损设置：专家从哪里提供只影响速度，从不影响输出。</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="346"/>
        <source>Open model…</source>
        <translation>打开模型…</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="349"/>
        <source>A folder with config.json and the safetensors shards (Ctrl+O)</source>
        <translation>包含 config.json 和 safetensors 分片的文件夹（Ctrl+O）</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="354"/>
        <source>Get a model…</source>
        <translation>获取模型…</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="355"/>
        <source>Get a model: download one from Hugging Face</source>
        <translation>获取模型：从 Hugging Face 下载</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="357"/>
        <source>Download MiMo-V2 Flash or Pro, resumable and verified</source>
        <translation>下载 MiMo-V2 Flash 或 Pro，支持断点续传并经过校验</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="371"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="373"/>
        <source>Ctrl+,</source>
        <translation>Ctrl+,</translation>
    </message>
</context>
<context>
    <name>SseReader</name>
    <message>
        <location filename="../app/sse_reader.cpp" line="17"/>
        <source>the server sent an event longer than %1 MiB without ending it</source>
        <translation>服务器发送的事件超过 %1 MiB 仍未结束</translation>
    </message>
</context>
<context>
    <name>StatsLine</name>
    <message>
        <location filename="../qml/StatsLine.qml" line="11"/>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="12"/>
        <source>hit the length limit</source>
        <translation>达到长度上限</translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="13"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="14"/>
        <source>the context is full</source>
        <translation>上下文已满</translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="19"/>
        <source>remote: %1</source>
        <translation>远程：%1</translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="20"/>
        <source>remote: %6 · %1 tok/s · first token %2 s (measured here) · %3 → %4 tokens (%5 reused) · %7</source>
        <translation>远程：%6 · %1 词元/秒 · 首词元 %2 秒（在本机测量）· %3 → %4 词元（复用 %5）· %7</translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="25"/>
        <source>%1 tok/s · first token %2 s · %3 → %4 tokens (%7 reused) · experts hit %5% · %6</source>
        <translation>%1 词元/秒 · 首词元 %2 秒 · %3 → %4 词元（复用 %7）· 专家命中 %5% · %6</translation>
    </message>
</context>
<context>
    <name>StatusOverlay</name>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="33"/>
        <location filename="../qml/StatusOverlay.qml" line="53"/>
        <source>Preparing the demo model</source>
        <translation>正在准备演示模型</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="34"/>
        <location filename="../qml/StatusOverlay.qml" line="53"/>
        <source>Opening the model</source>
        <translation>正在打开模型</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="35"/>
        <source>Something went wrong</source>
        <translation>出错了</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="36"/>
        <source>No model open</source>
        <translation>未打开模型</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="44"/>
        <source>Peng works before you download anything: it is writing a demo checkpoint with MiMo-V2-Flash&apos;s real structure (48 layers × 256 routed experts) and random weights. This happens once.</source>
        <translation>无需下载任何东西即可使用 Peng：它正在写入一个演示检查点，采用 MiMo-V2-Flash 的真实结构（48 层 × 256 个路由专家）和随机权重。此过程只进行一次。</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="88"/>
        <source>Open model…</source>
        <translation>打开模型…</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="88"/>
        <source>Open a model folder</source>
        <translation>打开模型文件夹</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="89"/>
        <source>Use the demo model</source>
        <translation>使用演示模型</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="90"/>
        <source>Flash-shape stress demo</source>
        <translation>Flash 结构压力演示</translation>
    </message>
</context>
<context>
    <name>SupportPanel</name>
    <message>
        <location filename="../qml/SupportPanel.qml" line="14"/>
        <source>Log file</source>
        <translation>日志文件</translation>
    </message>
    <message>
        <location filename="../qml/SupportPanel.qml" line="17"/>
        <source>not written</source>
        <translation>未写入</translation>
    </message>
    <message>
        <location filename="../qml/SupportPanel.qml" line="23"/>
        <source>Open folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <location filename="../qml/SupportPanel.qml" line="30"/>
        <source>Copy diagnostics</source>
        <translation>复制诊断信息</translation>
    </message>
    <message>
        <location filename="../qml/SupportPanel.qml" line="32"/>
        <source>Copies Peng&apos;s and Qt&apos;s versions, the build options, this machine&apos;s hardware, the open model&apos;s plan and the latest errors from the log, to paste into a bug report.</source>
        <translation>复制 Peng 和 Qt 的版本、构建选项、本机硬件、已打开模型的计划以及日志中最近的错误，以便粘贴到错误报告中。</translation>
    </message>
    <message>
        <location filename="../qml/SupportPanel.qml" line="36"/>
        <source>Copied to the clipboard.</source>
        <translation>已复制到剪贴板。</translation>
    </message>
</context>
<context>
    <name>ThinkBlock</name>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="34"/>
        <source>Thinking…</source>
        <translation>思考中…</translation>
    </message>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="35"/>
        <source>Thought for %1 s</source>
        <translation>思考了 %1 秒</translation>
    </message>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="35"/>
        <source>Thoughts</source>
        <translation>思考过程</translation>
    </message>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="42"/>
        <source>The model&apos;s reasoning, shown. Press to hide it.</source>
        <translation>模型的推理过程，已展开。按下可隐藏。</translation>
    </message>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="43"/>
        <source>The model&apos;s reasoning, hidden. Press to show it.</source>
        <translation>模型的推理过程，已隐藏。按下可显示。</translation>
    </message>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="64"/>
        <source>The model&apos;s reasoning</source>
        <translation>模型的推理过程</translation>
    </message>
</context>
<context>
    <name>TrimQualityCost</name>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="19"/>
        <source>KL %1 nats · top-1 %2%</source>
        <translation>KL %1 奈特 · 首选一致 %2%</translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="20"/>
        <source>measuring…</source>
        <translation>测量中…</translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="20"/>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="31"/>
        <source>Over %1 tokens of a fixed passage, against the exact model</source>
        <translation>基于一段固定文本的 %1 个词元，与精确模型对比</translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="36"/>
        <source>Measure</source>
        <translation>测量</translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="37"/>
        <source>Measure the quality cost of this setting</source>
        <translation>测量此设置的质量代价</translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="40"/>
        <source>Runs the model with and without this setting and compares the next-token distributions</source>
        <translation>分别在开启和关闭此设置时运行模型，并比较下一个词元的分布</translation>
    </message>
</context>
</TS>
