<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es">
<context>
    <name>BrainPanel</name>
    <message>
        <location filename="../qml/BrainPanel.qml" line="14"/>
        <source>VRAM</source>
        <translation>VRAM</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="14"/>
        <source>Pinned RAM</source>
        <translation>RAM fijada</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="14"/>
        <source>RAM slot</source>
        <translation>Hueco de RAM</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="14"/>
        <source>Disk</source>
        <translation>Disco</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="27"/>
        <source>Brain</source>
        <translation>Cerebro</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="33"/>
        <source>%1 layers × %2 experts</source>
        <translation>%1 capas × %2 expertos</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="38"/>
        <source>%1 lit</source>
        <translation>%1 encendidos</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="44"/>
        <source>Grid</source>
        <translation>Cuadrícula</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="44"/>
        <source>Table</source>
        <translation>Tabla</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="45"/>
        <source>Show the brain as a grid</source>
        <translation>Mostrar el cerebro como cuadrícula</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="45"/>
        <source>Show the hottest experts as a table</source>
        <translation>Mostrar los expertos más usados como tabla</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="46"/>
        <source>The hottest experts as a list: layer, expert, where it lives and heat</source>
        <translation>Los expertos más usados en forma de lista: capa, experto, dónde está y calor</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="81"/>
        <source>dense</source>
        <translation>densa</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="100"/>
        <source>Brain: every expert of every layer</source>
        <translation>Cerebro: todos los expertos de todas las capas</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="147"/>
        <source>The experts appear here once the server returns their routing.</source>
        <translation>Los expertos aparecen aquí cuando el servidor devuelve su enrutamiento.</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="148"/>
        <source>The experts appear here once a model is open.</source>
        <translation>Los expertos aparecen aquí cuando hay un modelo abierto.</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="196"/>
        <source>Layer %1: dense MLP, no routed experts</source>
        <translation>Capa %1: MLP densa, sin expertos enrutados</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="197"/>
        <source>Layer %1 · expert %2
%3 · heat %4 · routed %5×</source>
        <translation>Capa %1 · experto %2
%3 · calor %4 · enrutado %5×</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="198"/>
        <source>remote</source>
        <translation>remoto</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="236"/>
        <source>remote: the experts live on the server at %1 (no VRAM, RAM or disk tiers there)</source>
        <translation>remoto: los expertos están en el servidor de %1 (allí no hay niveles de VRAM, RAM ni disco)</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="262"/>
        <source>dense layer</source>
        <translation>capa densa</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="265"/>
        <source>brighter = routed more · white = just routed</source>
        <translation>más claro = elegido más veces · blanco = recién elegido</translation>
    </message>
</context>
<context>
    <name>BrainSummary</name>
    <message>
        <location filename="../app/brain_summary.cpp" line="53"/>
        <source>VRAM</source>
        <translation>VRAM</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="54"/>
        <source>pinned RAM</source>
        <translation>RAM fijada</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="55"/>
        <source>RAM slot</source>
        <translation>hueco de RAM</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="56"/>
        <source>disk</source>
        <translation>disco</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="57"/>
        <source>dense layer</source>
        <translation>capa densa</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="58"/>
        <source>remote server</source>
        <translation>servidor remoto</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="64"/>
        <source>No model open: the brain is empty.</source>
        <translation>Ningún modelo abierto: el cerebro está vacío.</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="66"/>
        <source>%1 layers of %2 experts, %3 of them dense.</source>
        <translation>%1 capas de %2 expertos, %3 de ellas densas.</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="68"/>
        <source>All %1 routed experts live on the remote server.</source>
        <translation>Los %1 expertos enrutados están en el servidor remoto.</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="70"/>
        <source>Where the experts live: %1 in VRAM, %2 in pinned RAM, %3 in RAM slots, %4 on disk.</source>
        <translation>Dónde están los expertos: %1 en VRAM, %2 en RAM fijada, %3 en huecos de RAM, %4 en disco.</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="76"/>
        <source>Experts lit now: %1.</source>
        <translation>Expertos encendidos ahora: %1.</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="76"/>
        <source>Nothing lit now.</source>
        <translation>Ahora no hay nada encendido.</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="78"/>
        <source>No expert has been routed yet.</source>
        <translation>Todavía no se ha enrutado ningún experto.</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="82"/>
        <source>Hottest layers: %1.</source>
        <translation>Capas más usadas: %1.</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="84"/>
        <source>Hottest expert: layer %1, expert %2, in %3, heat %4.</source>
        <translation>Experto más usado: capa %1, experto %2, en %3, calor %4.</translation>
    </message>
</context>
<context>
    <name>BrainTable</name>
    <message>
        <location filename="../qml/BrainTable.qml" line="20"/>
        <source>Hottest experts</source>
        <translation>Expertos más usados</translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="21"/>
        <source>Layer, expert, where it lives and heat; Up and Down move</source>
        <translation>Capa, experto, dónde está y calor; las flechas arriba y abajo mueven</translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="22"/>
        <location filename="../qml/BrainTable.qml" line="91"/>
        <source>No expert has been routed yet.</source>
        <translation>Todavía no se ha enrutado ningún experto.</translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="24"/>
        <source>Layer</source>
        <translation>Capa</translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="24"/>
        <source>Expert</source>
        <translation>Experto</translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="24"/>
        <source>Lives in</source>
        <translation>Ubicación</translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="24"/>
        <source>Heat</source>
        <translation>Calor</translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="63"/>
        <source>Layer %1, expert %2, in %3, heat %4</source>
        <translation>Capa %1, experto %2, en %3, calor %4</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <location filename="../qml/ChatView.qml" line="31"/>
        <source>New conversation</source>
        <translation>Nueva conversación</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="41"/>
        <source>Hide the system prompt</source>
        <translation>Ocultar el prompt del sistema</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="42"/>
        <source>Edit the system prompt (one is set)</source>
        <translation>Editar el prompt del sistema (hay uno definido)</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="42"/>
        <source>Edit the system prompt</source>
        <translation>Editar el prompt del sistema</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="43"/>
        <source>Hide system prompt</source>
        <translation>Ocultar prompt del sistema</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="43"/>
        <source>System prompt ✓</source>
        <translation>Prompt del sistema ✓</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="43"/>
        <location filename="../qml/ChatView.qml" line="78"/>
        <source>System prompt</source>
        <translation>Prompt del sistema</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="48"/>
        <source>Instructions given to the model before this conversation</source>
        <translation>Instrucciones que recibe el modelo antes de esta conversación</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="53"/>
        <location filename="../qml/ChatView.qml" line="54"/>
        <source>Thinking</source>
        <translation>Razonamiento</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="68"/>
        <source>Let the model reason in a &lt;think&gt; block before answering</source>
        <translation>Deja que el modelo razone en un bloque &lt;think&gt; antes de responder</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="77"/>
        <source>System prompt for this conversation, e.g. “You are a concise assistant.”</source>
        <translation>Prompt de sistema para esta conversación, p. ej. «Eres un asistente conciso.»</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="103"/>
        <source>Messages</source>
        <translation>Mensajes</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="131"/>
        <source>Ask anything.</source>
        <translation>Pregunta lo que quieras.</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="142"/>
        <source>Every answer lights up the experts it used in the brain on the right, and its per-token timing shows up below it.</source>
        <translation>Cada respuesta ilumina en el cerebro de la derecha los expertos que ha usado, y debajo aparecen los tiempos de cada token.</translation>
    </message>
</context>
<context>
    <name>CodeBlock</name>
    <message>
        <location filename="../qml/CodeBlock.qml" line="27"/>
        <source>code</source>
        <translation>código</translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="36"/>
        <source>Copied</source>
        <translation>Copiado</translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="36"/>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="37"/>
        <source>Copy the %1 code</source>
        <translation>Copiar el código %1</translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="37"/>
        <source>Copy the code</source>
        <translation>Copiar el código</translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="38"/>
        <source>Copied to the clipboard</source>
        <translation>Copiado al portapapeles</translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="49"/>
        <source>Code, %1</source>
        <translation>Código, %1</translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="49"/>
        <source>Code</source>
        <translation>Código</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <location filename="../qml/Composer.qml" line="36"/>
        <source>Message</source>
        <translation>Mensaje</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="38"/>
        <source>Message the model…  (Enter to send, Shift+Enter for a new line)</source>
        <translation>Escribe al modelo…  (Intro para enviar, Mayús+Intro para nueva línea)</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="39"/>
        <source>Answering… press Esc to stop</source>
        <translation>Respondiendo… pulsa Esc para detener</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="39"/>
        <source>Waiting for a model…</source>
        <translation>Esperando un modelo…</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="52"/>
        <source>■ Stop</source>
        <translation>■ Detener</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="53"/>
        <source>Stop the answer</source>
        <translation>Detener la respuesta</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="56"/>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="64"/>
        <source>Send</source>
        <translation>Enviar</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="65"/>
        <source>Send the message</source>
        <translation>Enviar el mensaje</translation>
    </message>
</context>
<context>
    <name>ConversationFile</name>
    <message>
        <location filename="../app/conversation_file.cpp" line="48"/>
        <source>%1: cannot open (%2)</source>
        <translation>%1: no se puede abrir (%2)</translation>
    </message>
    <message>
        <location filename="../app/conversation_file.cpp" line="59"/>
        <source>%1: not valid JSON at byte %2 (%3)</source>
        <translation>%1: JSON no válido en el byte %2 (%3)</translation>
    </message>
    <message>
        <location filename="../app/conversation_file.cpp" line="64"/>
        <source>%1: not a Peng conversation file</source>
        <translation>%1: no es un archivo de conversación de Peng</translation>
    </message>
    <message>
        <location filename="../app/conversation_file.cpp" line="70"/>
        <source>%1: written by a newer Peng (format version %2)</source>
        <translation>%1: escrito por una versión más reciente de Peng (versión de formato %2)</translation>
    </message>
    <message>
        <location filename="../app/conversation_file.cpp" line="74"/>
        <source>%1: the conversation&apos;s fields are missing or damaged</source>
        <translation>%1: faltan campos de la conversación o están dañados</translation>
    </message>
</context>
<context>
    <name>ConversationImport</name>
    <message>
        <location filename="../app/conversation_import.cpp" line="27"/>
        <source>%1.content is neither text nor a list of parts</source>
        <translation>%1.content no es ni texto ni una lista de partes</translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="35"/>
        <source>%1.content[%2] is not a content part with a type</source>
        <translation>%1.content[%2] no es una parte de contenido con tipo</translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="43"/>
        <source>%1.content[%2].text is not text</source>
        <translation>%1.content[%2].text no es texto</translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="60"/>
        <source>%1: %2 is not a message object</source>
        <translation>%1: %2 no es un objeto de mensaje</translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="65"/>
        <source>%1: %2 has no role</source>
        <translation>%1: %2 no tiene rol</translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="87"/>
        <source>%1: %2 has the role &quot;%3&quot;; Peng reads system, developer, user, assistant and tool</source>
        <translation>%1: %2 tiene el rol &quot;%3&quot;; Peng lee system, developer, user, assistant y tool</translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="93"/>
        <source>%1: there is no user or assistant message to import</source>
        <translation>%1: no hay ningún mensaje de usuario ni del asistente que importar</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/conversation_import.cpp" line="99"/>
        <source>%n tool result(s) were left out: Peng&apos;s chats do not run tools.</source>
        <translation>
            <numerusform>Se omitió %n resultado de herramienta: los chats de Peng no ejecutan herramientas.</numerusform>
            <numerusform>Se omitieron %n resultados de herramientas: los chats de Peng no ejecutan herramientas.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/conversation_import.cpp" line="101"/>
        <source>%n tool call(s) were left out: Peng&apos;s chats do not run tools.</source>
        <translation>
            <numerusform>Se omitió %n llamada a herramienta: los chats de Peng no ejecutan herramientas.</numerusform>
            <numerusform>Se omitieron %n llamadas a herramientas: los chats de Peng no ejecutan herramientas.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/conversation_import.cpp" line="103"/>
        <source>%n non-text part(s) (images, audio, files) were left out: Peng&apos;s chats hold text.</source>
        <translation>
            <numerusform>Se omitió %n parte que no es texto (imágenes, audio, archivos): los chats de Peng solo contienen texto.</numerusform>
            <numerusform>Se omitieron %n partes que no son texto (imágenes, audio, archivos): los chats de Peng solo contienen texto.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="115"/>
        <source>%1: not valid JSON at byte %2 (%3)</source>
        <translation>%1: JSON no válido en el byte %2 (%3)</translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="133"/>
        <source>%1: neither a Peng conversation nor a list of chat messages (OpenAI&apos;s format: an array of {&quot;role&quot;, &quot;content&quot;} objects, or an object with &quot;messages&quot;)</source>
        <translation>%1: no es ni una conversación de Peng ni una lista de mensajes de chat (el formato de OpenAI: un array de objetos {&quot;role&quot;, &quot;content&quot;} o un objeto con &quot;messages&quot;)</translation>
    </message>
</context>
<context>
    <name>ConversationMarkdown</name>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="21"/>
        <source>You</source>
        <translation>Tú</translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="22"/>
        <source>Assistant</source>
        <translation>Asistente</translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="23"/>
        <source>Assistant (%1)</source>
        <translation>Asistente (%1)</translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="31"/>
        <source>Conversation</source>
        <translation>Conversación</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/conversation_markdown.cpp" line="34"/>
        <source>Peng conversation, %n message(s), last changed %1</source>
        <translation>
            <numerusform>Conversación de Peng, %n mensaje, último cambio: %1</numerusform>
            <numerusform>Conversación de Peng, %n mensajes, último cambio: %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="36"/>
        <source>**System prompt:** %1</source>
        <translation>**Prompt del sistema:** %1</translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="41"/>
        <source>Thinking (%1 s)</source>
        <translation>Razonamiento (%1 s)</translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="42"/>
        <source>Thinking</source>
        <translation>Razonamiento</translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="46"/>
        <source>The answer was cut off: %1</source>
        <translation>La respuesta quedó cortada: %1</translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="47"/>
        <source>The answer failed: %1</source>
        <translation>La respuesta falló: %1</translation>
    </message>
</context>
<context>
    <name>ConversationSearchResults</name>
    <message numerus="yes">
        <location filename="../qml/ConversationSearchResults.qml" line="17"/>
        <source>Search results: %n conversation(s)</source>
        <translation>
            <numerusform>Resultados de la búsqueda: %n conversación</numerusform>
            <numerusform>Resultados de la búsqueda: %n conversaciones</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../qml/ConversationSearchResults.qml" line="72"/>
        <source>No conversation holds “%1”.</source>
        <translation>Ninguna conversación contiene “%1”.</translation>
    </message>
</context>
<context>
    <name>ConversationStore</name>
    <message>
        <location filename="../app/conversation_store.cpp" line="45"/>
        <source>Another Peng window (process %1) has the conversations in %2 open, so this window only reads them: nothing changed here is saved. Close the other window and reopen Peng to save here.</source>
        <translation>Otra ventana de Peng (proceso %1) tiene abiertas las conversaciones de %2, así que esta ventana solo las lee: nada de lo que se cambie aquí se guarda. Cierra la otra ventana y vuelve a abrir Peng para guardar aquí.</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="49"/>
        <source>The conversations in %1 cannot be locked for this window (%2), so it only reads them: nothing changed here is saved.</source>
        <translation>Las conversaciones de %1 no se pueden bloquear para esta ventana (%2), así que solo las lee: nada de lo que se cambie aquí se guarda.</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="52"/>
        <source>no permission to write there</source>
        <translation>no hay permiso de escritura</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="52"/>
        <source>an unknown error</source>
        <translation>un error desconocido</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="84"/>
        <source>%1. It was left in place: this window only reads this folder.</source>
        <translation>%1. Se ha dejado donde estaba: esta ventana solo lee esta carpeta.</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="89"/>
        <source>%1. The file was kept as %2; nothing was deleted.</source>
        <translation>%1. El archivo se ha conservado como %2; no se ha borrado nada.</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="91"/>
        <source>%1. It could not be moved aside and was left in place.</source>
        <translation>%1. No se pudo apartar y se ha dejado donde estaba.</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="107"/>
        <source>%1. It is left untouched.</source>
        <translation>%1. No se ha tocado.</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="125"/>
        <location filename="../app/conversation_store.cpp" line="325"/>
        <source>New conversation</source>
        <translation>Nueva conversación</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="188"/>
        <source>This conversation could not be saved: %1. Its last saved version is kept; the messages shown stay open here and are saved with the next change once saving works again.</source>
        <translation>No se pudo guardar esta conversación: %1. Se conserva su última versión guardada; los mensajes mostrados siguen abiertos aquí y se guardarán con el próximo cambio cuando el guardado vuelva a funcionar.</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="274"/>
        <source>Unknown export format &quot;%1&quot;: use markdown or json.</source>
        <translation>Formato de exportación desconocido &quot;%1&quot;: usa markdown o json.</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="276"/>
        <source>No file was chosen to export to.</source>
        <translation>No se eligió ningún archivo al que exportar.</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="280"/>
        <source>The conversation could not be exported: %1</source>
        <translation>No se pudo exportar la conversación: %1</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="294"/>
        <source>%1: cannot open (%2)</source>
        <translation>%1: no se puede abrir (%2)</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="296"/>
        <source>%1: %2 MB is more than a conversation file can be (at most 64 MB)</source>
        <translation>%1: %2 MB es más de lo que puede ocupar un archivo de conversación (64 MB como máximo)</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="310"/>
        <source>The imported conversation could not be saved: %1</source>
        <translation>No se pudo guardar la conversación importada: %1</translation>
    </message>
</context>
<context>
    <name>ConversationTransfer</name>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="18"/>
        <source>conversation</source>
        <translation>conversación</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="32"/>
        <source>Export conversation as JSON</source>
        <translation>Exportar la conversación como JSON</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="32"/>
        <source>Export conversation as Markdown</source>
        <translation>Exportar la conversación como Markdown</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="34"/>
        <source>JSON files (*.json)</source>
        <translation>Archivos JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="34"/>
        <source>Markdown files (*.md)</source>
        <translation>Archivos Markdown (*.md)</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="37"/>
        <source>Exported to %1</source>
        <translation>Exportada a %1</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="44"/>
        <source>Import a conversation</source>
        <translation>Importar una conversación</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="46"/>
        <source>Conversations (*.json)</source>
        <translation>Conversaciones (*.json)</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="46"/>
        <source>All files (*)</source>
        <translation>Todos los archivos (*)</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="50"/>
        <source>Imported.</source>
        <translation>Importada.</translation>
    </message>
</context>
<context>
    <name>CrashReportBanner</name>
    <message>
        <location filename="../qml/CrashReportBanner.qml" line="21"/>
        <source>Peng closed unexpectedly last time. A crash report with a stack trace was saved; attaching it to a bug report helps fix the cause.</source>
        <translation>Peng se cerró inesperadamente la última vez. Se guardó un informe de fallo con la traza de la pila; adjuntarlo a un informe de error ayuda a corregir la causa.</translation>
    </message>
    <message>
        <location filename="../qml/CrashReportBanner.qml" line="35"/>
        <source>Copy report</source>
        <translation>Copiar informe</translation>
    </message>
    <message>
        <location filename="../qml/CrashReportBanner.qml" line="36"/>
        <source>Open folder</source>
        <translation>Abrir carpeta</translation>
    </message>
    <message>
        <location filename="../qml/CrashReportBanner.qml" line="37"/>
        <source>Dismiss</source>
        <translation>Descartar</translation>
    </message>
</context>
<context>
    <name>DeleteConversationDialog</name>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="31"/>
        <source>Delete conversation</source>
        <translation>Eliminar conversación</translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="34"/>
        <source>Delete “%1”?</source>
        <translation>¿Eliminar “%1”?</translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="44"/>
        <source>Its messages are removed from this computer. This cannot be undone.</source>
        <translation>Sus mensajes se borrarán de este ordenador. No se puede deshacer.</translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="55"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="56"/>
        <source>Cancel: keep the conversation</source>
        <translation>Cancelar: conservar la conversación</translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="63"/>
        <source>Delete</source>
        <translation>Eliminar</translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="65"/>
        <source>Delete the conversation</source>
        <translation>Eliminar la conversación</translation>
    </message>
</context>
<context>
    <name>DemoBanner</name>
    <message>
        <location filename="../qml/DemoBanner.qml" line="25"/>
        <source>This is the built-in demo model: a small MiMo-V2 (%1 layers × %2 experts), trained on English word meanings (WordNet) and sayings in English, Italian, Spanish and Chinese.</source>
        <translation>Este es el modelo de demostración integrado: un MiMo-V2 pequeño (%1 capas × %2 expertos), entrenado con significados de palabras inglesas (WordNet) y refranes en inglés, italiano, español y chino.</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="28"/>
        <source>This is the Flash-shape stress demo: MiMo-V2-Flash&apos;s real structure (48 layers × 256 experts) with random weights.</source>
        <translation>Esta es la demo de carga con forma de Flash: la estructura real de MiMo-V2-Flash (48 capas × 256 expertos) con pesos aleatorios.</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="29"/>
        <source>This checkpoint was generated by make-model: its weights are random.</source>
        <translation>Este checkpoint lo ha generado make-model: sus pesos son aleatorios.</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="38"/>
        <source>Ask what a word means, or for a saying about something or by someone. It knows little else and is often wrong; the routing, streaming and profiling you see are the real machinery. For real answers, get MiMo-V2.6 with “Get a model”.</source>
        <translation>Pregunta qué significa una palabra, o pide un refrán sobre algo o de alguien. Sabe poco más y a menudo se equivoca; el enrutamiento, la transmisión y el perfilado que ves son la maquinaria real. Para respuestas de verdad, descarga MiMo-V2.6 con “Obtener un modelo”.</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="39"/>
        <source>Its answers are random words, but the routing, streaming and profiling you see are the real machinery. For real answers, download XiaomiMiMo/MiMo-V2.6-Flash from Hugging Face and open its folder with “Open model…”.</source>
        <translation>Sus respuestas son palabras aleatorias, pero el enrutamiento, el streaming y el perfil son el mecanismo real. Para respuestas reales, descarga XiaomiMiMo/MiMo-V2.6-Flash de Hugging Face y abre su carpeta con “Abrir modelo…”.</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="47"/>
        <source>Open the Flash-shape stress demo</source>
        <translation>Abrir la demo de carga con forma de Flash</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="47"/>
        <source>Back to the trained demo</source>
        <translation>Volver a la demo entrenada</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="50"/>
        <source>Random weights, generated once into your data folder: routing with no structure, for the full-scale streaming picture</source>
        <translation>Pesos aleatorios, generados una vez en tu carpeta de datos: enrutamiento sin estructura, para ver la transmisión a escala completa</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="51"/>
        <source>The small MiMo-V2 that ships with Peng, trained on word meanings and sayings</source>
        <translation>El MiMo-V2 pequeño que viene con Peng, entrenado con significados de palabras y refranes</translation>
    </message>
</context>
<context>
    <name>DemoSuggestions</name>
    <message>
        <location filename="../qml/DemoSuggestions.qml" line="29"/>
        <source>Give me a saying.</source>
        <extracomment>A request the demo answers with a saying in this language: keep one of the plain requests it was taught (tools/train-demo/dialogues.py), e.g. &quot;Dimmi una massima.&quot;</extracomment>
        <translation>Cuéntame un refrán.</translation>
    </message>
    <message>
        <location filename="../qml/DemoSuggestions.qml" line="39"/>
        <source>Try asking the demo:</source>
        <translation>Prueba a preguntarle a la demo:</translation>
    </message>
    <message>
        <location filename="../qml/DemoSuggestions.qml" line="54"/>
        <source>Send this to the demo model</source>
        <translation>Envía este mensaje al modelo de demostración</translation>
    </message>
</context>
<context>
    <name>EngineController</name>
    <message>
        <location filename="../app/engine_controller.cpp" line="44"/>
        <source>Generating the Flash-shape stress demo: %1</source>
        <translation>Generando la demo de carga con forma de Flash: %1</translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="51"/>
        <source>The stress demo could not be generated: %1</source>
        <translation>No se pudo generar la demo de carga: %1</translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="63"/>
        <source>The model could not be opened: %1</source>
        <translation>No se pudo abrir el modelo: %1</translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="173"/>
        <source>Opening %1</source>
        <translation>Abriendo %1</translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="194"/>
        <source>The trained demo model is missing from this installation: %1</source>
        <translation>Falta el modelo de demostración entrenado en esta instalación: %1</translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="201"/>
        <source>Generating the Flash-shape stress demo</source>
        <translation>Generando la demo de carga con forma de Flash</translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="207"/>
        <source>No model is open.</source>
        <translation>No hay ningún modelo abierto.</translation>
    </message>
    <message>
        <location filename="../app/engine_controller_remote.cpp" line="53"/>
        <source>Stop the answer being written before switching to a server.</source>
        <translation>Detén la respuesta en curso antes de cambiar a un servidor.</translation>
    </message>
    <message>
        <location filename="../app/engine_controller_remote.cpp" line="54"/>
        <source>Wait for the demo model to be generated before switching.</source>
        <translation>Espera a que se genere el modelo de demostración antes de cambiar.</translation>
    </message>
    <message>
        <location filename="../app/engine_controller_remote.cpp" line="59"/>
        <source>Connecting to %1</source>
        <translation>Conectando con %1</translation>
    </message>
    <message>
        <location filename="../app/engine_controller_remote.cpp" line="71"/>
        <source>The server lists no models.</source>
        <translation>El servidor no ofrece ningún modelo.</translation>
    </message>
</context>
<context>
    <name>EngineWorker</name>
    <message>
        <location filename="../app/load_progress.cpp" line="21"/>
        <source>Reading the checkpoint index</source>
        <translation>Leyendo el índice del checkpoint</translation>
    </message>
    <message>
        <location filename="../app/engine_worker.cpp" line="196"/>
        <source>No model is open.</source>
        <translation>No hay ningún modelo abierto.</translation>
    </message>
    <message>
        <location filename="../app/engine_worker.cpp" line="247"/>
        <source>This conversation is %1 tokens long, more than the %2 tokens of context the model was opened with, so no answer fits. Start a new conversation or edit an earlier message to shorten it.</source>
        <translation>Esta conversación tiene %1 tokens, más que los %2 tokens de contexto con los que se abrió el modelo, así que no cabe ninguna respuesta. Empieza una conversación nueva o edita un mensaje anterior para acortarla.</translation>
    </message>
</context>
<context>
    <name>FileCheck</name>
    <message numerus="yes">
        <location filename="../app/file_check.cpp" line="47"/>
        <source>Recorded the SHA-256 of %n file(s) in %1.</source>
        <translation>
            <numerusform>Se ha registrado el SHA-256 de %n archivo en %1.</numerusform>
            <numerusform>Se ha registrado el SHA-256 de %n archivos en %1.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/file_check.cpp" line="57"/>
        <source>Verification stopped.</source>
        <translation>Verificación detenida.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/file_check.cpp" line="59"/>
        <source>All %n file(s) are as recorded.</source>
        <translation>
            <numerusform>%n archivo verificado: coincide con lo registrado.</numerusform>
            <numerusform>Los %n archivos coinciden con lo registrado.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/file_check.cpp" line="61"/>
        <source>%n file(s) differ from the record: answers from this folder cannot be trusted until they are downloaded again.</source>
        <translation>
            <numerusform>%n archivo difiere de lo registrado: no se puede confiar en las respuestas de esta carpeta hasta que se vuelva a descargar.</numerusform>
            <numerusform>%n archivos difieren de lo registrado: no se puede confiar en las respuestas de esta carpeta hasta que se vuelvan a descargar.</numerusform>
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
        <translation>desconocido</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="39"/>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="40"/>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="41"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="44"/>
        <source>speed unknown until downloaded (the engine knows this model&apos;s shape only from its files)</source>
        <translation>velocidad desconocida hasta descargarlo (el motor solo conoce la forma de este modelo por sus archivos)</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="46"/>
        <source>fits in RAM</source>
        <translation>cabe en la RAM</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="46"/>
        <source>streams %1 GB per token from disk</source>
        <translation>lee %1 GB por token del disco</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="47"/>
        <source>%1; at most %2 tokens/s with this RAM budget</source>
        <translation>%1; como máximo %2 tokens/s con este presupuesto de RAM</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="48"/>
        <source>%1; speed unknown until the disk and memory bandwidths are measured</source>
        <translation>%1; velocidad desconocida hasta medir el ancho de banda del disco y de la memoria</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="53"/>
        <source>Download into</source>
        <translation>Descargar en</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="70"/>
        <source>Get a model</source>
        <translation>Obtener un modelo</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="71"/>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="88"/>
        <source>This build of Peng cannot download models (it was built without libcurl, as the Windows build is). Download the model&apos;s files another way, then open their folder.</source>
        <translation>Esta compilación de Peng no puede descargar modelos (se compiló sin libcurl, como la de Windows). Descarga los archivos del modelo de otra forma y luego abre su carpeta.</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="102"/>
        <source>%1, %2 GB</source>
        <translation>%1, %2 GB</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="113"/>
        <source>fits</source>
        <translation>cabe</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="113"/>
        <source>does not fit</source>
        <translation>no cabe</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="122"/>
        <source>%1 experts, %2 GB on disk (%3 GB free there)</source>
        <translation>%1 expertos, %2 GB en disco (%3 GB libres allí)</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="140"/>
        <source>Sizes from the model cards; speeds are the planner&apos;s bound with the current RAM budget (Settings) and the bandwidths measured on this machine.</source>
        <translation>Tamaños según las fichas de los modelos; las velocidades son el límite del planificador con el presupuesto de RAM actual (Ajustes) y los anchos de banda medidos en esta máquina.</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="146"/>
        <source>Folder</source>
        <translation>Carpeta</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="152"/>
        <source>Download folder</source>
        <translation>Carpeta de descarga</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="156"/>
        <source>Choose…</source>
        <translation>Elegir…</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="158"/>
        <source>Choose the download folder</source>
        <translation>Elige la carpeta de descarga</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="161"/>
        <source>Endpoint</source>
        <translation>Endpoint</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="169"/>
        <source>Hugging Face endpoint</source>
        <translation>Endpoint de Hugging Face</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="184"/>
        <source>A mirror with the same API works too, as HF_ENDPOINT does for the official client: e.g. https://hf-mirror.com.</source>
        <translation>También sirve un espejo con la misma API, como HF_ENDPOINT en el cliente oficial: p. ej. https://hf-mirror.com.</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="186"/>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="191"/>
        <source>only for gated or private models; never saved</source>
        <translation>solo para modelos restringidos o privados; nunca se guarda</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="193"/>
        <source>Hugging Face access token</source>
        <translation>Token de acceso de Hugging Face</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="203"/>
        <source>Resume</source>
        <translation>Reanudar</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="203"/>
        <source>Start</source>
        <translation>Iniciar</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="204"/>
        <source>Resume the download</source>
        <translation>Reanudar la descarga</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="204"/>
        <source>Start the download</source>
        <translation>Iniciar la descarga</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="210"/>
        <source>Pause</source>
        <translation>Pausar</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="211"/>
        <source>Pause the download</source>
        <translation>Pausar la descarga</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="217"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="218"/>
        <source>Cancel the download and delete its partial data</source>
        <translation>Cancelar la descarga y borrar sus datos parciales</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="233"/>
        <source>Download progress</source>
        <translation>Progreso de la descarga</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="244"/>
        <source>Listing the files of %1…</source>
        <translation>Listando los archivos de %1…</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="246"/>
        <source>Done: %1 verified in %2. Opening it.</source>
        <translation>Hecho: %1 verificado en %2. Abriéndolo.</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="247"/>
        <source>%1 of %2 (%3 of %4 files)</source>
        <translation>%1 de %2 (%3 de %4 archivos)</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="249"/>
        <source>Paused at %1. Resume picks up where it stopped.</source>
        <translation>En pausa en %1. Reanudar continúa donde se detuvo.</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="250"/>
        <source>%1, checking the files already there</source>
        <translation>%1, comprobando los archivos que ya están</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="251"/>
        <source>%1, %2/s, %3 left</source>
        <translation>%1, %2/s, tiempo restante %3</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="261"/>
        <source>%1: %2 of %3</source>
        <translation>%1: %2 de %3</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="273"/>
        <source>Every file is checked against the repository&apos;s SHA-256 before it is moved into place; partial files wait in the folder&apos;s .peng-download, so a closed app or a dropped connection resumes where it stopped.</source>
        <translation>Cada archivo se comprueba con el SHA-256 del repositorio antes de moverlo a su sitio; los archivos parciales esperan en .peng-download dentro de la carpeta, así que si se cierra la aplicación o se corta la conexión, la descarga continúa donde se detuvo.</translation>
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
        <translation>desconocida</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="27"/>
        <source>Cores</source>
        <translation>Núcleos</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="38"/>
        <source>RAM</source>
        <translation>RAM</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="39"/>
        <source>%1 GB total, %2 GB available</source>
        <translation>%1 GB en total, %2 GB disponibles</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="41"/>
        <source>GPU / VRAM</source>
        <translation>GPU / VRAM</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="43"/>
        <source>Memory read (all cores)</source>
        <translation>Lectura de memoria (todos los núcleos)</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="49"/>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="60"/>
        <source>Disk read (model folder)</source>
        <translation>Lectura de disco (carpeta del modelo)</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="48"/>
        <location filename="../qml/HardwarePanel.qml" line="66"/>
        <source>measuring…</source>
        <translation>midiendo…</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="29"/>
        <source>CPU features</source>
        <translation>Características de la CPU</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="31"/>
        <source>none of AVX2, FMA, AVX-512</source>
        <translation>ninguna de AVX2, FMA, AVX-512</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="34"/>
        <source>Kernel path</source>
        <translation>Kernels en uso</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="35"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="54"/>
        <source>Measure the memory read speed</source>
        <translation>Medir la velocidad de lectura de la memoria</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="69"/>
        <source>%1 GB/s (%2 MB read%3)</source>
        <translation>%1 GB/s (%2 MB leídos%3)</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="70"/>
        <source>, direct I/O</source>
        <translation>, E/S directa</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="70"/>
        <source>, through the page cache</source>
        <translation>, a través de la caché de páginas</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="75"/>
        <source>Measure the disk read speed</source>
        <translation>Medir la velocidad de lectura del disco</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="50"/>
        <location filename="../qml/HardwarePanel.qml" line="71"/>
        <source>not measured</source>
        <translation>sin medir</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="53"/>
        <location filename="../qml/HardwarePanel.qml" line="74"/>
        <source>Measure</source>
        <translation>Medir</translation>
    </message>
</context>
<context>
    <name>HardwareProbe</name>
    <message>
        <location filename="../app/hardware_probe.cpp" line="26"/>
        <source>scalar</source>
        <translation>escalar</translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="37"/>
        <source>PENG_KERNELS limits the kernels to %1; this CPU runs %2</source>
        <translation>PENG_KERNELS limita los kernels a %1; esta CPU admite %2</translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="39"/>
        <source>this build has only the scalar kernels</source>
        <translation>esta compilación solo tiene los kernels escalares</translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="40"/>
        <source>AVX-512 kernels need %1, which this CPU lacks</source>
        <translation>los kernels AVX-512 necesitan %1, que esta CPU no tiene</translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="41"/>
        <source>AVX2 kernels need %1, which this CPU lacks</source>
        <translation>los kernels AVX2 necesitan %1, que esta CPU no tiene</translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="45"/>
        <source>none: this build has no GPU tier (built without CUDA)</source>
        <translation>ninguna: esta compilación no tiene nivel de GPU (se compiló sin CUDA)</translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="46"/>
        <source>none found: %1</source>
        <translation>no se encontró ninguna: %1</translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="47"/>
        <source>%1, %2 GB VRAM (%3 GB free)</source>
        <translation>%1, %2 GB de VRAM (%3 GB libres)</translation>
    </message>
</context>
<context>
    <name>HubEndpoint</name>
    <message>
        <location filename="../app/hub_endpoint.cpp" line="9"/>
        <source>The endpoint is empty: enter %1 or a mirror&apos;s address.</source>
        <translation>El endpoint está vacío: introduce %1 o la dirección de un espejo.</translation>
    </message>
    <message>
        <location filename="../app/hub_endpoint.cpp" line="14"/>
        <source>&apos;%1&apos; is not a web address: the endpoint must start with https:// (or http://) and name a host, e.g. %2.</source>
        <translation>&apos;%1&apos; no es una dirección web: el endpoint debe empezar por https:// (o http://) e indicar un host, p. ej. %2.</translation>
    </message>
    <message>
        <location filename="../app/hub_endpoint.cpp" line="18"/>
        <source>&apos;%1&apos;: the endpoint is a bare address; remove what follows &apos;?&apos;, &apos;#&apos; or a user name.</source>
        <translation>&apos;%1&apos;: el endpoint debe ser una dirección simple; quita lo que sigue a &apos;?&apos; o &apos;#&apos;, o el nombre de usuario.</translation>
    </message>
</context>
<context>
    <name>LoadProgress</name>
    <message>
        <location filename="../app/load_progress.cpp" line="8"/>
        <source>Reading the dense weights (step %1 of %2)</source>
        <translation>Leyendo los pesos densos (paso %1 de %2)</translation>
    </message>
    <message>
        <location filename="../app/load_progress.cpp" line="16"/>
        <source>Reading the pinned experts (%1 of %2)</source>
        <translation>Leyendo los expertos fijados (%1 de %2)</translation>
    </message>
    <message>
        <location filename="../app/load_progress.cpp" line="12"/>
        <source>Reserving memory for the expert cache (%1 of %2 slots)</source>
        <translation>Reservando memoria para la caché de expertos (%1 de %2 huecos)</translation>
    </message>
</context>
<context>
    <name>LocalServer</name>
    <message>
        <location filename="../app/local_server.cpp" line="59"/>
        <source>The port must be between 0 and 65535, not %1.</source>
        <translation>El puerto debe estar entre 0 y 65535, no %1.</translation>
    </message>
    <message>
        <location filename="../app/local_server.cpp" line="84"/>
        <source>An API key cannot contain spaces or control characters.</source>
        <translation>Una clave de API no puede contener espacios ni caracteres de control.</translation>
    </message>
    <message>
        <location filename="../app/local_server.cpp" line="90"/>
        <source>The API key could not be saved: %1</source>
        <translation>No se pudo guardar la clave de API: %1</translation>
    </message>
    <message>
        <location filename="../app/local_server.cpp" line="124"/>
        <source>The server could not start: %1</source>
        <translation>No se pudo iniciar el servidor: %1</translation>
    </message>
    <message>
        <location filename="../app/local_server.cpp" line="135"/>
        <source>This build of Peng has no server (it was configured with PENG_SERVER off).</source>
        <translation>Esta compilación de Peng no incluye el servidor (se configuró con PENG_SERVER desactivado).</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <location filename="../qml/Main.qml" line="14"/>
        <source>Peng — remote: %1</source>
        <translation>Peng — remoto: %1</translation>
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
        <translation>Abrir una carpeta de checkpoint de MiMo-V2</translation>
    </message>
</context>
<context>
    <name>MarkdownBlock</name>
    <message>
        <location filename="../qml/MarkdownBlock.qml" line="11"/>
        <source>Answer</source>
        <translation>Respuesta</translation>
    </message>
</context>
<context>
    <name>MessageDelegate</name>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="29"/>
        <source>You said</source>
        <translation>Tú dijiste</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="29"/>
        <source>The model answered</source>
        <translation>El modelo respondió</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="53"/>
        <source>Your message</source>
        <translation>Tu mensaje</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="75"/>
        <source>Edit your message</source>
        <translation>Editar tu mensaje</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="81"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="82"/>
        <source>Cancel editing</source>
        <translation>Cancelar la edición</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="88"/>
        <source>Save and resend</source>
        <translation>Guardar y reenviar</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="101"/>
        <location filename="../qml/MessageDelegate.qml" line="188"/>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="102"/>
        <source>Copy your message</source>
        <translation>Copiar tu mensaje</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="108"/>
        <source>Edit</source>
        <translation>Editar</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="109"/>
        <source>Edit your message and resend it</source>
        <translation>Editar tu mensaje y reenviarlo</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="151"/>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="153"/>
        <source>The answer is starting</source>
        <translation>La respuesta está empezando</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="162"/>
        <source>Interrupted: %1</source>
        <translation>Interrumpida: %1</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="172"/>
        <source>The answer failed: %1</source>
        <translation>La respuesta falló: %1</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="189"/>
        <source>Copy the answer</source>
        <translation>Copiar la respuesta</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="195"/>
        <source>↻ Regenerate</source>
        <translation>↻ Regenerar</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="196"/>
        <source>Regenerate the answer</source>
        <translation>Regenerar la respuesta</translation>
    </message>
</context>
<context>
    <name>ModelDefaultNote</name>
    <message>
        <location filename="../qml/ModelDefaultNote.qml" line="17"/>
        <source>model default</source>
        <translation>valor del modelo</translation>
    </message>
    <message>
        <location filename="../qml/ModelDefaultNote.qml" line="23"/>
        <source>Use model default (%1)</source>
        <translation>Usar el valor del modelo (%1)</translation>
    </message>
    <message>
        <location filename="../qml/ModelDefaultNote.qml" line="25"/>
        <source>The value the model&apos;s generation_config.json recommends.</source>
        <translation>El valor que recomienda el generation_config.json del modelo.</translation>
    </message>
</context>
<context>
    <name>ModelDownloader</name>
    <message>
        <location filename="../app/model_downloader.cpp" line="97"/>
        <source>This build of Peng cannot download models (it was built without libcurl). Use `peng-cli download` from a build that has it, then open the folder.</source>
        <translation>Esta compilación de Peng no puede descargar modelos (se compiló sin libcurl). Usa `peng-cli download` de una compilación que lo incluya y luego abre la carpeta.</translation>
    </message>
    <message>
        <location filename="../app/model_downloader.cpp" line="102"/>
        <source>Choose a model and a folder to download it into.</source>
        <translation>Elige un modelo y una carpeta donde descargarlo.</translation>
    </message>
    <message>
        <location filename="../app/model_downloader.cpp" line="115"/>
        <source>Cannot create the folder %1.</source>
        <translation>No se puede crear la carpeta %1.</translation>
    </message>
    <message>
        <location filename="../app/model_downloader.cpp" line="168"/>
        <source>%1 is gated or private: paste a Hugging Face access token in the Token field (create one at https://huggingface.co/settings/tokens after accepting the model&apos;s terms on its page).</source>
        <translation>%1 es restringido o privado: pega un token de acceso de Hugging Face en el campo Token (crea uno en https://huggingface.co/settings/tokens después de aceptar las condiciones del modelo en su página).</translation>
    </message>
</context>
<context>
    <name>ModelFolder</name>
    <message>
        <location filename="../app/model_folder.cpp" line="15"/>
        <source>No folder was chosen.</source>
        <translation>No se eligió ninguna carpeta.</translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="17"/>
        <source>%1 does not exist.</source>
        <translation>%1 no existe.</translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="18"/>
        <source>Choose the folder that holds config.json and the .safetensors shards.</source>
        <translation>Elige la carpeta que contiene config.json y los fragmentos .safetensors.</translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="19"/>
        <source>%1 is a file, not a folder.</source>
        <translation>%1 es un archivo, no una carpeta.</translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="20"/>
        <source>%1 cannot be read (permissions).</source>
        <translation>%1 no se puede leer (permisos).</translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="22"/>
        <source>%1 has no config.json, so it is not a model checkpoint.</source>
        <translation>%1 no tiene config.json, así que no es un checkpoint de modelo.</translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="24"/>
        <source>%1 has a config.json but no .safetensors files: the download may be incomplete.</source>
        <translation>%1 tiene config.json pero ningún archivo .safetensors: puede que la descarga esté incompleta.</translation>
    </message>
</context>
<context>
    <name>ModelSourceSettings</name>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="83"/>
        <source>Chats are answered by</source>
        <translation>Los chats los responde</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="86"/>
        <source>This computer</source>
        <translation>Este ordenador</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="88"/>
        <source>Answer with the model on this computer</source>
        <translation>Responder con el modelo de este ordenador</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="93"/>
        <source>Server</source>
        <translation>Servidor</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="95"/>
        <source>Answer with a model on a server</source>
        <translation>Responder con un modelo de un servidor</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="102"/>
        <source>Any OpenAI-compatible server: vLLM, SGLang, or peng-cli serve on another machine. Start vLLM or SGLang with --enable-return-routed-experts to see the experts light up in the brain.</source>
        <translation>Cualquier servidor compatible con OpenAI: vLLM, SGLang o peng-cli serve en otra máquina. Inicia vLLM o SGLang con --enable-return-routed-experts para ver cómo se iluminan los expertos en el cerebro.</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="106"/>
        <location filename="../qml/ModelSourceSettings.qml" line="113"/>
        <source>Server address</source>
        <translation>Dirección del servidor</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="119"/>
        <source>API key</source>
        <translation>Clave de API</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="125"/>
        <source>none</source>
        <translation>ninguna</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="127"/>
        <source>Server API key</source>
        <translation>Clave de API del servidor</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="131"/>
        <source>Hide</source>
        <translation>Ocultar</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="131"/>
        <source>Show</source>
        <translation>Mostrar</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="132"/>
        <source>Hide the server API key</source>
        <translation>Ocultar la clave de API del servidor</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="132"/>
        <source>Show the server API key</source>
        <translation>Mostrar la clave de API del servidor</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="141"/>
        <source>The key is kept in the system keychain, never in Peng&apos;s settings file.</source>
        <translation>La clave se guarda en el llavero del sistema, nunca en el archivo de ajustes de Peng.</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="146"/>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="152"/>
        <source>no models listed yet</source>
        <translation>aún no hay modelos en la lista</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="154"/>
        <source>Model on the server</source>
        <translation>Modelo del servidor</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="160"/>
        <source>Listing…</source>
        <translation>Listando…</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="160"/>
        <source>Refresh</source>
        <translation>Actualizar</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="162"/>
        <source>Refresh the server&apos;s model list</source>
        <translation>Actualizar la lista de modelos del servidor</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="175"/>
        <source>Connection</source>
        <translation>Conexión</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="178"/>
        <source>Testing…</source>
        <translation>Probando…</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="178"/>
        <source>Test connection</source>
        <translation>Probar conexión</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="180"/>
        <source>Test the connection to the server</source>
        <translation>Probar la conexión con el servidor</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="193"/>
        <source>Apply</source>
        <translation>Aplicar</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="195"/>
        <source>Answer chats with the server</source>
        <translation>Responder los chats con el servidor</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="195"/>
        <source>Answer chats on this computer</source>
        <translation>Responder los chats en este ordenador</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="201"/>
        <source>Now: %1 at %2.</source>
        <translation>Ahora: %1 en %2.</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="201"/>
        <source>the server&apos;s model</source>
        <translation>el modelo del servidor</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="202"/>
        <source>Now: this computer.</source>
        <translation>Ahora: este ordenador.</translation>
    </message>
</context>
<context>
    <name>OpenAiStream</name>
    <message>
        <location filename="../app/openai_stream.cpp" line="66"/>
        <source>the server sent an event that is not JSON (%1 at byte %2): %3</source>
        <translation>el servidor envió un evento que no es JSON (%1 en el byte %2): %3</translation>
    </message>
    <message>
        <location filename="../app/openai_stream.cpp" line="70"/>
        <source>the server sent an event that is not a JSON object: %1</source>
        <translation>el servidor envió un evento que no es un objeto JSON: %1</translation>
    </message>
    <message>
        <location filename="../app/openai_stream.cpp" line="117"/>
        <source>sglext.routed_experts is not a base64 string</source>
        <translation>sglext.routed_experts no es una cadena base64</translation>
    </message>
</context>
<context>
    <name>ProfilePanel</name>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="15"/>
        <source>Profile</source>
        <translation>Perfil</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="22"/>
        <source>measured at the client: first token %1 s · %2 ms between texts</source>
        <translation>medido en el cliente: primer token %1 s · %2 ms entre textos</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="24"/>
        <source>measured at the client: the time between streamed pieces of text</source>
        <translation>medido en el cliente: el tiempo entre los fragmentos de texto recibidos</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="26"/>
        <source>%1 tokens · %2 ms/token · %3 tok/s · hit %4%</source>
        <translation>%1 tokens · %2 ms/token · %3 tok/s · en memoria %4%</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="29"/>
        <source>one bar per generated token</source>
        <translation>una barra por token generado</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="40"/>
        <source>Profile: where each token&apos;s time went</source>
        <translation>Perfil: en qué se fue el tiempo de cada token</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="96"/>
        <source>disk wait</source>
        <translation>espera de disco</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="104"/>
        <source>experts</source>
        <translation>expertos</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="112"/>
        <source>attention</source>
        <translation>atención</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="120"/>
        <source>dense</source>
        <translation>densa</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="128"/>
        <source>other</source>
        <translation>otro</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="128"/>
        <source>gap between text (client)</source>
        <translation>pausa entre textos (cliente)</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="136"/>
        <source>tok/s</source>
        <translation>tok/s</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="144"/>
        <source>hit %</source>
        <translation>en memoria %</translation>
    </message>
</context>
<context>
    <name>RemoteClient</name>
    <message>
        <location filename="../app/remote_client.cpp" line="54"/>
        <source>%1 is not an OpenAI-compatible server: its /v1/models has no JSON &quot;data&quot; list.</source>
        <translation>%1 no es un servidor compatible con OpenAI: su /v1/models no tiene una lista JSON &quot;data&quot;.</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="115"/>
        <source>&quot;%1&quot; is not an http:// or https:// address.</source>
        <translation>«%1» no es una dirección http:// ni https://.</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="164"/>
        <source>%1 has no %2 (HTTP 404): it is not an OpenAI-compatible server, or the address&apos;s path is wrong (it usually ends in /v1).</source>
        <translation>%1 no tiene %2 (HTTP 404): no es un servidor compatible con OpenAI o la ruta de la dirección es incorrecta (suele terminar en /v1).</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="177"/>
        <source>%1 serves no models, so not %2.</source>
        <translation>%1 no sirve ningún modelo, así que tampoco %2.</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="178"/>
        <source>%1 does not serve %2. It serves: %3.</source>
        <translation>%1 no sirve %2. Sirve: %3.</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="224"/>
        <source>%1 answered with %2 instead of a stream of events: it does not stream chat completions.</source>
        <translation>%1 respondió con %2 en lugar de un flujo de eventos: no envía las respuestas de chat en streaming.</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="225"/>
        <source>no content type</source>
        <translation>sin tipo de contenido</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="245"/>
        <source>%1 sent a malformed event stream: %2</source>
        <translation>%1 envió un flujo de eventos mal formado: %2</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="277"/>
        <source>the stream ended</source>
        <translation>el flujo terminó</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="278"/>
        <source>The connection to %1 ended before the answer was complete (%2). The partial answer is kept.</source>
        <translation>La conexión con %1 terminó antes de completar la respuesta (%2). Se conserva la respuesta parcial.</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="285"/>
        <source>%1 ended the connection without answering.</source>
        <translation>%1 cerró la conexión sin responder.</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="314"/>
        <location filename="../app/remote_client.cpp" line="329"/>
        <source>The server&apos;s routed experts were unusable: %1.</source>
        <translation>Los expertos enrutados del servidor no se pudieron usar: %1.</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="315"/>
        <source>The server sent no routed experts. vLLM and SGLang send them when started with --enable-return-routed-experts; Peng&apos;s server always can.</source>
        <translation>El servidor no envió los expertos enrutados. vLLM y SGLang los envían si se inician con --enable-return-routed-experts; el servidor de Peng siempre puede.</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="330"/>
        <source>their shape could not be worked out</source>
        <translation>no se pudo deducir su forma</translation>
    </message>
</context>
<context>
    <name>RemoteFailureText</name>
    <message>
        <location filename="../app/remote_failure.cpp" line="25"/>
        <source>Nothing answers at %1 (connection refused). Is the server running, and is the port right?</source>
        <translation>Nada responde en %1 (conexión rechazada). ¿Está en marcha el servidor y es correcto el puerto?</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="27"/>
        <source>The host %1 was not found. Check the address.</source>
        <translation>No se encontró el host %1. Comprueba la dirección.</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="31"/>
        <source>%1 did not answer within %2 s. Is the address right, and is the server up?</source>
        <translation>%1 no respondió en %2 s. ¿Es correcta la dirección y está en marcha el servidor?</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="34"/>
        <source>The secure (TLS) connection to %1 failed: %2. Check the server&apos;s certificate, or use http:// if the server does not use TLS.</source>
        <translation>Falló la conexión segura (TLS) con %1: %2. Comprueba el certificado del servidor o usa http:// si el servidor no usa TLS.</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="39"/>
        <source>%1 closed the connection without answering. Is it an HTTP server (https:// against a plain http port, or the reverse)?</source>
        <translation>%1 cerró la conexión sin responder. ¿Es un servidor HTTP? (¿https:// contra un puerto http sin cifrar, o al revés?)</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="46"/>
        <source>The secure (TLS) connection to %1 failed: %2.</source>
        <translation>Falló la conexión segura (TLS) con %1: %2.</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="47"/>
        <source>Could not talk to %1: %2</source>
        <translation>No se pudo comunicar con %1: %2</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="72"/>
        <source>%1 refused the API key (HTTP 401). Enter the key the server was started with.</source>
        <translation>%1 rechazó la clave de API (HTTP 401). Introduce la clave con la que se inició el servidor.</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="73"/>
        <source>%1 needs an API key (HTTP 401). Enter the key the server was started with.</source>
        <translation>%1 necesita una clave de API (HTTP 401). Introduce la clave con la que se inició el servidor.</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="76"/>
        <source>%1 does not let this API key in (HTTP 403): %2</source>
        <translation>%1 no admite esta clave de API (HTTP 403): %2</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="77"/>
        <source>%1 answered HTTP %2: %3</source>
        <translation>%1 respondió HTTP %2: %3</translation>
    </message>
</context>
<context>
    <name>RemoteKeyStore</name>
    <message>
        <location filename="../app/remote_key_store.cpp" line="45"/>
        <source>The system keychain could not be read (%1). A key entered now is kept only until Peng closes.</source>
        <translation>No se pudo leer el llavero del sistema (%1). Una clave introducida ahora solo se conserva hasta que se cierre Peng.</translation>
    </message>
    <message>
        <location filename="../app/remote_key_store.cpp" line="76"/>
        <source>The system keychain is not available (%1). The API key is kept only until Peng closes: enter it again after a restart.</source>
        <translation>El llavero del sistema no está disponible (%1). La clave de API solo se conserva hasta que se cierre Peng: vuelve a introducirla después de reiniciar.</translation>
    </message>
    <message>
        <location filename="../app/remote_key_store.cpp" line="97"/>
        <source>no answer within %1 s</source>
        <translation>sin respuesta en %1 s</translation>
    </message>
</context>
<context>
    <name>RemoteRoutingText</name>
    <message>
        <location filename="../app/remote_routing.cpp" line="14"/>
        <source>the routed experts are not valid base64</source>
        <translation>los expertos enrutados no son base64 válido</translation>
    </message>
    <message>
        <location filename="../app/remote_routing.cpp" line="19"/>
        <source>the routed experts are %1 bytes, not a whole number of int32 ids</source>
        <translation>los expertos enrutados ocupan %1 bytes, que no son un número entero de ids int32</translation>
    </message>
    <message>
        <location filename="../app/remote_routing.cpp" line="29"/>
        <source>the model&apos;s MoE layer count and experts per token are unknown</source>
        <translation>se desconocen el número de capas MoE del modelo y los expertos por token</translation>
    </message>
    <message>
        <location filename="../app/remote_routing.cpp" line="34"/>
        <source>%1 routed expert ids do not fill rows of %2 MoE layers x %3 experts</source>
        <translation>%1 ids de expertos enrutados no llenan filas completas de %2 capas MoE x %3 expertos</translation>
    </message>
    <message>
        <location filename="../app/remote_routing.cpp" line="39"/>
        <source>routed expert id %1 is outside the model&apos;s %2 experts</source>
        <translation>el id de experto enrutado %1 está fuera de los %2 expertos del modelo</translation>
    </message>
</context>
<context>
    <name>ServerProbe</name>
    <message>
        <location filename="../app/server_probe.cpp" line="38"/>
        <source>The server lists no models.</source>
        <translation>El servidor no ofrece ningún modelo.</translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="82"/>
        <source>Connected to %1, but it lists no models.</source>
        <translation>Conectado a %1, pero no ofrece ningún modelo.</translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="83"/>
        <source>Connected to %1. Choose one of its models: %2.</source>
        <translation>Conectado a %1. Elige uno de sus modelos: %2.</translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="84"/>
        <source>Connected to %1; it serves %2.</source>
        <translation>Conectado a %1; sirve %2.</translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="89"/>
        <source>The brain shows its %1 MoE layers of %2 experts, as the server describes them.</source>
        <translation>El cerebro muestra sus %1 capas MoE de %2 expertos, tal como las describe el servidor.</translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="92"/>
        <source>The brain shows %1 MoE layers of %2 experts, known from the model&apos;s name.</source>
        <translation>El cerebro muestra %1 capas MoE de %2 expertos, deducidas del nombre del modelo.</translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="95"/>
        <source>The server does not describe the model&apos;s experts: the brain takes its shape from the routing of the first answer.</source>
        <translation>El servidor no describe los expertos del modelo: el cerebro toma su forma del enrutamiento de la primera respuesta.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="74"/>
        <source>Settings</source>
        <translation>Ajustes</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="78"/>
        <source>exact</source>
        <translation>exacto</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="94"/>
        <source>Model source</source>
        <translation>Origen del modelo</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="97"/>
        <source>Memory</source>
        <translation>Memoria</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="99"/>
        <location filename="../qml/SettingsDialog.qml" line="102"/>
        <source>RAM budget (GB)</source>
        <translation>Presupuesto de RAM (GB)</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="105"/>
        <source>0 = no budget; the expert slots below decide.</source>
        <translation>0 = sin presupuesto; deciden los huecos de expertos de abajo.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="108"/>
        <location filename="../qml/SettingsDialog.qml" line="111"/>
        <source>Expert slots per layer</source>
        <translation>Huecos de expertos por capa</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="117"/>
        <location filename="../qml/SettingsDialog.qml" line="118"/>
        <source>all</source>
        <translation>todos</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="120"/>
        <source>Least-recently-used RAM slots per MoE layer; experts outside them are read from disk when routed.</source>
        <translation>Huecos de RAM por capa MoE, gestionadas por uso menos reciente (LRU); los expertos que no caben se leen del disco cuando se enrutan.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="132"/>
        <source>Plan: fits in RAM. All %1 experts (%2 GB) and the dense part (%3 GB) stay resident; after warm-up nothing streams.</source>
        <translation>Plan: cabe en la RAM. Los %1 expertos (%2 GB) y la parte densa (%3 GB) quedan residentes; tras el calentamiento no se lee nada del disco.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="133"/>
        <source>Plan: streams %1 GB per token from disk. %2 of %3 experts per layer in RAM (expected hit rate %4%); minimum budget %5 GB.</source>
        <translation>Plan: lee %1 GB por token del disco. %2 de %3 expertos por capa en RAM (tasa de aciertos esperada %4%); presupuesto mínimo %5 GB.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="144"/>
        <source>Expected speed: at most %1 tokens/s, the bound from the bytes each token moves (disk %2 GB/s, memory %3 GB/s, measured on this machine).</source>
        <translation>Velocidad esperada: como máximo %1 tokens/s, el límite que dan los bytes que mueve cada token (disco %2 GB/s, memoria %3 GB/s, medidos en esta máquina).</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="147"/>
        <source>Expected speed: unknown, the disk could not be measured (%1).</source>
        <translation>Velocidad esperada: desconocida, no se pudo medir el disco (%1).</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="148"/>
        <source>Expected speed: measuring the disk and memory bandwidth…</source>
        <translation>Velocidad esperada: midiendo el ancho de banda del disco y de la memoria…</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="153"/>
        <location filename="../qml/SettingsDialog.qml" line="156"/>
        <source>VRAM budget (GB)</source>
        <translation>Presupuesto de VRAM (GB)</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="170"/>
        <source>0 = off. With an NVIDIA GPU, the dense matrices and the hottest experts go to VRAM; the output then stays within 1e-4 of the logit range but is not byte-identical. Applies when the model is reopened.</source>
        <translation>0 = apagado. Con una GPU NVIDIA, las matrices densas y los expertos más usados van a la VRAM; la salida queda dentro de 1e-4 del rango de logits pero no es idéntica byte a byte. Se aplica al volver a abrir el modelo.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="175"/>
        <source>Speed / quality</source>
        <translation>Velocidad / calidad</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="177"/>
        <source>These trim the experts each token runs. They are lossy: output changes, and the exact badge goes off while either is on. Measure shows what a setting costs on this model: the mean KL divergence from the exact model&apos;s next-token distribution and how often both pick the same top token.</source>
        <translation>Recortan los expertos que ejecuta cada token. Son con pérdida: la salida cambia y la insignia «exacto» se apaga mientras alguno esté activo. Medir muestra lo que cuesta un ajuste en este modelo: la divergencia KL media respecto a la distribución del siguiente token del modelo exacto y con qué frecuencia ambos eligen el mismo token más probable.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="181"/>
        <source>TOPK: keep heaviest experts</source>
        <translation>TOPK: conservar los expertos de más peso</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="189"/>
        <location filename="../qml/SettingsDialog.qml" line="207"/>
        <source>%1 (lossy)</source>
        <translation>%1 (con pérdida)</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="189"/>
        <location filename="../qml/SettingsDialog.qml" line="207"/>
        <source>off</source>
        <translation>apagado</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="199"/>
        <source>TOPP: keep experts up to weight</source>
        <translation>TOPP: conservar expertos hasta el peso</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="218"/>
        <source>The measurement failed: %1</source>
        <translation>La medición ha fallado: %1</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="222"/>
        <source>Sampling</source>
        <translation>Muestreo</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="224"/>
        <location filename="../qml/SettingsDialog.qml" line="227"/>
        <source>Temperature</source>
        <translation>Temperatura</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="233"/>
        <source>greedy</source>
        <translation>voraz</translation>
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
        <translation>0 = sin límite</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="255"/>
        <location filename="../qml/SettingsDialog.qml" line="256"/>
        <source>Seed</source>
        <translation>Semilla</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="257"/>
        <source>-1 = a new seed for every answer; any other value repeats answers exactly</source>
        <translation>-1 = una semilla nueva para cada respuesta; cualquier otro valor repite las respuestas exactamente</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="260"/>
        <location filename="../qml/SettingsDialog.qml" line="261"/>
        <source>Answer length (tokens)</source>
        <translation>Longitud de la respuesta (tokens)</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="269"/>
        <source>Appearance</source>
        <translation>Apariencia</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="271"/>
        <location filename="../qml/SettingsDialog.qml" line="275"/>
        <source>Theme</source>
        <translation>Tema</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="278"/>
        <source>Dark</source>
        <translation>Oscuro</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="278"/>
        <source>Light</source>
        <translation>Claro</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="291"/>
        <location filename="../qml/SettingsDialog.qml" line="294"/>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="279"/>
        <location filename="../qml/SettingsDialog.qml" line="298"/>
        <source>Follow the system</source>
        <translation>Según el sistema</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="79"/>
        <source>Close settings</source>
        <translation>Cerrar los ajustes</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="162"/>
        <source>Size the VRAM budget automatically</source>
        <translation>Ajustar automáticamente el presupuesto de VRAM</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="184"/>
        <source>TOPK: keep heaviest experts (0 = off, lossy)</source>
        <translation>TOPK: conservar los expertos de más peso (0 = apagado, con pérdida)</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="202"/>
        <source>TOPP: keep experts up to weight (0 = off, lossy)</source>
        <translation>TOPP: conservar expertos hasta el peso (0 = apagado, con pérdida)</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="263"/>
        <source>0 = up to the context</source>
        <translation>0 = hasta llenar el contexto</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="264"/>
        <source>up to the context: %1 tokens with the prompt</source>
        <translation>hasta llenar el contexto: %1 tokens con el prompt</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="265"/>
        <source>up to the context</source>
        <translation>hasta llenar el contexto</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="311"/>
        <source>Hardware</source>
        <translation>Hardware</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="315"/>
        <source>Machine</source>
        <translation>Máquina</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="317"/>
        <location filename="../qml/SettingsDialog.qml" line="318"/>
        <source>Threads</source>
        <translation>Hilos</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="319"/>
        <source>0 = one per core. Thread count never changes output.</source>
        <translation>0 = uno por núcleo. El número de hilos nunca cambia la salida.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="322"/>
        <location filename="../qml/SettingsDialog.qml" line="323"/>
        <source>Prefetch experts</source>
        <translation>Precargar expertos</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="324"/>
        <source>Starts reading the experts a layer will probably need before its router has chosen them. Exact; faster only where experts stream from disk. Applies from the next answer.</source>
        <translation>Empieza a leer los expertos que probablemente necesitará una capa antes de que su enrutador los elija. Exacto; más rápido solo donde los expertos se leen del disco. Se aplica desde la siguiente respuesta.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="327"/>
        <location filename="../qml/SettingsDialog.qml" line="328"/>
        <source>GPU effects in the brain</source>
        <translation>Efectos de GPU en el cerebro</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="329"/>
        <source>Glow and cell gaps where the graphics driver runs shaders.</source>
        <translation>Resplandor y separación entre celdas, donde el controlador gráfico ejecuta shaders.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="331"/>
        <source>Local server</source>
        <translation>Servidor local</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="334"/>
        <location filename="../qml/SettingsDialog.qml" line="338"/>
        <source>Serve this model on localhost</source>
        <translation>Servir este modelo en localhost</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="345"/>
        <source>Editors, agents and scripts on this computer use the open model through the OpenAI API, on 127.0.0.1 only. They take turns with this window&apos;s chat on the one copy of the model in memory.</source>
        <translation>Los editores, agentes y scripts de este ordenador usan el modelo abierto a través de la API de OpenAI, solo en 127.0.0.1. Se turnan con el chat de esta ventana sobre la única copia del modelo en memoria.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="349"/>
        <source>Port</source>
        <translation>Puerto</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="353"/>
        <source>Server port</source>
        <translation>Puerto del servidor</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="356"/>
        <source>0 = any free port.</source>
        <translation>0 = cualquier puerto libre.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="360"/>
        <location filename="../qml/SettingsDialog.qml" line="370"/>
        <source>API key</source>
        <translation>Clave de API</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="367"/>
        <source>none</source>
        <translation>ninguna</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="375"/>
        <source>Hide</source>
        <translation>Ocultar</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="375"/>
        <source>Show</source>
        <translation>Mostrar</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="376"/>
        <source>Hide the API key</source>
        <translation>Ocultar la clave de API</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="376"/>
        <source>Show the API key</source>
        <translation>Mostrar la clave de API</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="380"/>
        <source>Generate</source>
        <translation>Generar</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="381"/>
        <source>Generate a new API key</source>
        <translation>Generar una nueva clave de API</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="385"/>
        <location filename="../qml/SettingsDialog.qml" line="414"/>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="387"/>
        <source>Copy the API key</source>
        <translation>Copiar la clave de API</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="391"/>
        <source>Clear</source>
        <translation>Quitar</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="393"/>
        <source>Remove the API key</source>
        <translation>Quitar la clave de API</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="399"/>
        <source>Without a key, any program on this computer may use the model. With one, clients send it as &apos;Authorization: Bearer KEY&apos;. It is kept in a file only you can read, which peng-cli serve --api-key-file also reads.</source>
        <translation>Sin clave, cualquier programa de este ordenador puede usar el modelo. Con una, los clientes la envían como &apos;Authorization: Bearer KEY&apos;. Se guarda en un archivo que solo tú puedes leer, el mismo que lee peng-cli serve --api-key-file.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="403"/>
        <source>Address for OpenAI clients</source>
        <translation>Dirección para clientes de OpenAI</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="411"/>
        <source>Server address</source>
        <translation>Dirección del servidor</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="415"/>
        <source>Copy the server address</source>
        <translation>Copiar la dirección del servidor</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="421"/>
        <source>Requests served: %1</source>
        <translation>Solicitudes atendidas: %1</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="430"/>
        <source>Model files</source>
        <translation>Archivos del modelo</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="432"/>
        <source>Checksums</source>
        <translation>Sumas de comprobación</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="434"/>
        <source>Stop</source>
        <translation>Detener</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="434"/>
        <source>Verify files</source>
        <translation>Verificar archivos</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="435"/>
        <source>Stop verifying the model files</source>
        <translation>Dejar de verificar los archivos del modelo</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="435"/>
        <source>Verify the model files</source>
        <translation>Verificar los archivos del modelo</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="438"/>
        <source>Re-reads every file of the open model and compares it with the SHA-256 recorded when Peng generated, packed or downloaded it.</source>
        <translation>Vuelve a leer cada archivo del modelo abierto y lo compara con el SHA-256 registrado cuando Peng lo generó, empaquetó o descargó.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="442"/>
        <source>Record checksums</source>
        <translation>Registrar sumas de comprobación</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="444"/>
        <source>Records the files as they are now, so later changes can be found.</source>
        <translation>Registra los archivos tal como están ahora, para poder detectar cambios posteriores.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="446"/>
        <source>Verifying the model files</source>
        <translation>Verificando los archivos del modelo</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="465"/>
        <source>Restore defaults</source>
        <translation>Restaurar valores predeterminados</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="475"/>
        <source>Reopen the model to apply</source>
        <translation>Reabrir el modelo para aplicar</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="478"/>
        <source>Memory settings take effect when the model opens; the expert trim and prefetch apply from the next answer</source>
        <translation>Los ajustes de memoria se aplican al abrir el modelo; el recorte de expertos y la precarga, desde la siguiente respuesta</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="480"/>
        <source>Done</source>
        <translation>Hecho</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="467"/>
        <source>Forget cached conversations</source>
        <translation>Olvidar las conversaciones en caché</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="470"/>
        <source>Deletes the saved attention caches that let conversations resume without recomputing their history. The conversations themselves stay.</source>
        <translation>Borra las cachés de atención guardadas que permiten retomar las conversaciones sin recalcular su historial. Las conversaciones se conservan.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="161"/>
        <source>Auto</source>
        <translation>Automático</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="166"/>
        <source>Free VRAM minus 2 GB, measured when the model opens</source>
        <translation>VRAM libre menos 2 GB, medida al abrir el modelo</translation>
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
        <translation>MiMo-V2 en una sola máquina</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="49"/>
        <source>+  New conversation</source>
        <translation>+  Nueva conversación</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="50"/>
        <source>New conversation</source>
        <translation>Nueva conversación</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="53"/>
        <source>Ctrl+N</source>
        <translation>Ctrl+N</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="57"/>
        <source>Import…</source>
        <translation>Importar…</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="60"/>
        <source>Import a conversation from a JSON file</source>
        <translation>Importar una conversación desde un archivo JSON</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="61"/>
        <source>A Peng export, or OpenAI-style chat messages</source>
        <translation>Una exportación de Peng o mensajes de chat al estilo de OpenAI</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="69"/>
        <source>Search conversations (Ctrl+F)</source>
        <translation>Buscar conversaciones (Ctrl+F)</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="75"/>
        <source>Search conversations</source>
        <translation>Buscar conversaciones</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="108"/>
        <source>Conversations</source>
        <translation>Conversaciones</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="109"/>
        <source>Up and Down move, Enter opens, F2 renames, Ctrl+E exports, Delete deletes</source>
        <translation>Las flechas arriba y abajo mueven, Intro abre, F2 cambia el nombre, Ctrl+E exporta, Supr elimina</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="140"/>
        <source>Open. Messages: %1</source>
        <translation>Abierta. Mensajes: %1</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="140"/>
        <source>Messages: %1</source>
        <translation>Mensajes: %1</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="165"/>
        <source>New name for the conversation</source>
        <translation>Nuevo nombre de la conversación</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="187"/>
        <source>Rename “%1”</source>
        <translation>Cambiar el nombre de “%1”</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="188"/>
        <source>Rename (F2)</source>
        <translation>Cambiar nombre (F2)</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="195"/>
        <source>Export (Ctrl+E)</source>
        <translation>Exportar (Ctrl+E)</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="196"/>
        <source>Export “%1”</source>
        <translation>Exportar “%1”</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="200"/>
        <source>Export as Markdown…</source>
        <translation>Exportar como Markdown…</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="201"/>
        <source>Export as JSON…</source>
        <translation>Exportar como JSON…</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="207"/>
        <source>Delete “%1”</source>
        <translation>Eliminar “%1”</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="208"/>
        <source>Delete (Del)</source>
        <translation>Eliminar (Supr)</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="216"/>
        <source>Your conversations appear here.</source>
        <translation>Tus conversaciones aparecen aquí.</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="264"/>
        <source>Dismiss</source>
        <translation>Descartar</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="264"/>
        <source>Dismiss the conversation file problems</source>
        <translation>Descartar los avisos sobre archivos de conversación</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="279"/>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="283"/>
        <location filename="../qml/Sidebar.qml" line="363"/>
        <source>Demo model</source>
        <translation>Modelo de demostración</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="284"/>
        <source>Flash-shape stress demo</source>
        <translation>Demo de carga con forma de Flash</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="286"/>
        <source>No model open</source>
        <translation>Ningún modelo abierto</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="295"/>
        <source>%1 layers × %2 experts, %3 per token</source>
        <translation>%1 capas × %2 expertos, %3 por token</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="297"/>
        <source>%1 layers × %2 experts, %3 per token · %4</source>
        <translation>%1 capas × %2 expertos, %3 por token · %4</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="307"/>
        <source>dense %1 resident · one expert %2</source>
        <translation>parte densa %1 residente · un experto %2</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="319"/>
        <source>remote: %1</source>
        <translation>remoto: %1</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="322"/>
        <source>random weights</source>
        <translation>pesos aleatorios</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="323"/>
        <source>lossy: experts trimmed</source>
        <translation>con pérdida: expertos recortados</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="326"/>
        <source>GPU: not byte-identical</source>
        <translation>GPU: no idéntico byte a byte</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="329"/>
        <source>The GPU computes part of each token. Its output stays within 1e-4 of the logit range of the CPU&apos;s but is not identical bit for bit. Set the VRAM budget to 0 for exact output.</source>
        <translation>La GPU calcula parte de cada token. Su salida queda dentro de 1e-4 del rango de logits de la CPU, pero no es idéntica bit a bit. Pon el presupuesto de VRAM a 0 para una salida exacta.</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="337"/>
        <source>exact</source>
        <translation>exacto</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="340"/>
        <source>No lossy setting is on: where experts are served from changes speed, never output.</source>
        <translation>No hay ningún ajuste con pérdida activo: de dónde se sirven los expertos cambia la velocidad, nunca la salida.</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="346"/>
        <source>Open model…</source>
        <translation>Abrir modelo…</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="349"/>
        <source>A folder with config.json and the safetensors shards (Ctrl+O)</source>
        <translation>Una carpeta con config.json y los fragmentos safetensors (Ctrl+O)</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="354"/>
        <source>Get a model…</source>
        <translation>Obtener un modelo…</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="355"/>
        <source>Get a model: download one from Hugging Face</source>
        <translation>Obtener un modelo: descarga uno de Hugging Face</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="357"/>
        <source>Download MiMo-V2 Flash or Pro, resumable and verified</source>
        <translation>Descarga MiMo-V2 Flash o Pro, reanudable y verificado</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="371"/>
        <source>Settings</source>
        <translation>Ajustes</translation>
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
        <translation>el servidor envió un evento de más de %1 MiB sin terminarlo</translation>
    </message>
</context>
<context>
    <name>StatsLine</name>
    <message>
        <location filename="../qml/StatsLine.qml" line="11"/>
        <source>finished</source>
        <translation>terminado</translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="12"/>
        <source>hit the length limit</source>
        <translation>alcanzó el límite de longitud</translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="13"/>
        <source>stopped</source>
        <translation>detenido</translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="14"/>
        <source>the context is full</source>
        <translation>contexto lleno</translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="19"/>
        <source>remote: %1</source>
        <translation>remoto: %1</translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="20"/>
        <source>remote: %6 · %1 tok/s · first token %2 s (measured here) · %3 → %4 tokens (%5 reused) · %7</source>
        <translation>remoto: %6 · %1 tok/s · primer token %2 s (medido aquí) · %3 → %4 tokens (%5 reutilizados) · %7</translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="25"/>
        <source>%1 tok/s · first token %2 s · %3 → %4 tokens (%7 reused) · experts hit %5% · %6</source>
        <translation>%1 tok/s · primer token %2 s · %3 → %4 tokens (%7 reutilizados) · expertos en memoria %5% · %6</translation>
    </message>
</context>
<context>
    <name>StatusOverlay</name>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="33"/>
        <location filename="../qml/StatusOverlay.qml" line="53"/>
        <source>Preparing the demo model</source>
        <translation>Preparando el modelo de demostración</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="34"/>
        <location filename="../qml/StatusOverlay.qml" line="53"/>
        <source>Opening the model</source>
        <translation>Abriendo el modelo</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="35"/>
        <source>Something went wrong</source>
        <translation>Algo salió mal</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="36"/>
        <source>No model open</source>
        <translation>Ningún modelo abierto</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="44"/>
        <source>Peng works before you download anything: it is writing a demo checkpoint with MiMo-V2-Flash&apos;s real structure (48 layers × 256 routed experts) and random weights. This happens once.</source>
        <translation>Peng funciona antes de que descargues nada: está escribiendo un checkpoint de demostración con la estructura real de MiMo-V2-Flash (48 capas × 256 expertos enrutados) y pesos aleatorios. Solo ocurre una vez.</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="88"/>
        <source>Open model…</source>
        <translation>Abrir modelo…</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="88"/>
        <source>Open a model folder</source>
        <translation>Abrir una carpeta de modelo</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="89"/>
        <source>Use the demo model</source>
        <translation>Usar el modelo de demostración</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="90"/>
        <source>Flash-shape stress demo</source>
        <translation>Demo de carga con forma de Flash</translation>
    </message>
</context>
<context>
    <name>SupportPanel</name>
    <message>
        <location filename="../qml/SupportPanel.qml" line="14"/>
        <source>Log file</source>
        <translation>Archivo de registro</translation>
    </message>
    <message>
        <location filename="../qml/SupportPanel.qml" line="17"/>
        <source>not written</source>
        <translation>no se ha escrito</translation>
    </message>
    <message>
        <location filename="../qml/SupportPanel.qml" line="23"/>
        <source>Open folder</source>
        <translation>Abrir carpeta</translation>
    </message>
    <message>
        <location filename="../qml/SupportPanel.qml" line="30"/>
        <source>Copy diagnostics</source>
        <translation>Copiar diagnóstico</translation>
    </message>
    <message>
        <location filename="../qml/SupportPanel.qml" line="32"/>
        <source>Copies Peng&apos;s and Qt&apos;s versions, the build options, this machine&apos;s hardware, the open model&apos;s plan and the latest errors from the log, to paste into a bug report.</source>
        <translation>Copia las versiones de Peng y de Qt, las opciones de compilación, el hardware de esta máquina, el plan del modelo abierto y los últimos errores del registro, para pegarlos en un informe de error.</translation>
    </message>
    <message>
        <location filename="../qml/SupportPanel.qml" line="36"/>
        <source>Copied to the clipboard.</source>
        <translation>Copiado al portapapeles.</translation>
    </message>
</context>
<context>
    <name>ThinkBlock</name>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="34"/>
        <source>Thinking…</source>
        <translation>Pensando…</translation>
    </message>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="35"/>
        <source>Thought for %1 s</source>
        <translation>Pensó durante %1 s</translation>
    </message>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="35"/>
        <source>Thoughts</source>
        <translation>Razonamiento</translation>
    </message>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="42"/>
        <source>The model&apos;s reasoning, shown. Press to hide it.</source>
        <translation>Razonamiento del modelo, visible. Pulsa para ocultarlo.</translation>
    </message>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="43"/>
        <source>The model&apos;s reasoning, hidden. Press to show it.</source>
        <translation>Razonamiento del modelo, oculto. Pulsa para mostrarlo.</translation>
    </message>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="64"/>
        <source>The model&apos;s reasoning</source>
        <translation>Razonamiento del modelo</translation>
    </message>
</context>
<context>
    <name>TrimQualityCost</name>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="19"/>
        <source>KL %1 nats · top-1 %2%</source>
        <translation>KL %1 nats · top-1 %2%</translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="20"/>
        <source>measuring…</source>
        <translation>midiendo…</translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="20"/>
        <source>not measured</source>
        <translation>sin medir</translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="31"/>
        <source>Over %1 tokens of a fixed passage, against the exact model</source>
        <translation>Sobre %1 tokens de un texto fijo, frente al modelo exacto</translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="36"/>
        <source>Measure</source>
        <translation>Medir</translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="37"/>
        <source>Measure the quality cost of this setting</source>
        <translation>Medir el coste en calidad de este ajuste</translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="40"/>
        <source>Runs the model with and without this setting and compares the next-token distributions</source>
        <translation>Ejecuta el modelo con y sin este ajuste y compara las distribuciones del siguiente token</translation>
    </message>
</context>
</TS>
