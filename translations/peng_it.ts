<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="it">
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
        <translation>RAM fissata</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="14"/>
        <source>RAM slot</source>
        <translation>Slot RAM</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="14"/>
        <source>Disk</source>
        <translation>Disco</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="27"/>
        <source>Brain</source>
        <translation>Cervello</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="33"/>
        <source>%1 layers × %2 experts</source>
        <translation>%1 strati × %2 esperti</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="38"/>
        <source>%1 lit</source>
        <translation>%1 accesi</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="44"/>
        <source>Grid</source>
        <translation>Griglia</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="44"/>
        <source>Table</source>
        <translation>Tabella</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="45"/>
        <source>Show the brain as a grid</source>
        <translation>Mostra il cervello come griglia</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="45"/>
        <source>Show the hottest experts as a table</source>
        <translation>Mostra gli esperti più caldi come tabella</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="46"/>
        <source>The hottest experts as a list: layer, expert, where it lives and heat</source>
        <translation>Gli esperti più caldi in un elenco: strato, esperto, posizione e calore</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="81"/>
        <source>dense</source>
        <translation>denso</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="100"/>
        <source>Brain: every expert of every layer</source>
        <translation>Cervello: tutti gli esperti di ogni strato</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="147"/>
        <source>The experts appear here once the server returns their routing.</source>
        <translation>Gli esperti compaiono qui quando il server restituisce il loro instradamento.</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="148"/>
        <source>The experts appear here once a model is open.</source>
        <translation>Gli esperti compaiono qui quando un modello è aperto.</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="196"/>
        <source>Layer %1: dense MLP, no routed experts</source>
        <translation>Strato %1: MLP densa, nessun esperto instradato</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="197"/>
        <source>Layer %1 · expert %2
%3 · heat %4 · routed %5×</source>
        <translation>Strato %1 · esperto %2
%3 · calore %4 · instradato %5×</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="198"/>
        <source>remote</source>
        <translation>remoto</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="236"/>
        <source>remote: the experts live on the server at %1 (no VRAM, RAM or disk tiers there)</source>
        <translation>remoto: gli esperti risiedono sul server %1 (lì non ci sono livelli VRAM, RAM o disco)</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="262"/>
        <source>dense layer</source>
        <translation>strato denso</translation>
    </message>
    <message>
        <location filename="../qml/BrainPanel.qml" line="265"/>
        <source>brighter = routed more · white = just routed</source>
        <translation>più chiaro = scelto più spesso · bianco = appena scelto</translation>
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
        <translation>RAM fissata</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="55"/>
        <source>RAM slot</source>
        <translation>slot RAM</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="56"/>
        <source>disk</source>
        <translation>disco</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="57"/>
        <source>dense layer</source>
        <translation>strato denso</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="58"/>
        <source>remote server</source>
        <translation>server remoto</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="64"/>
        <source>No model open: the brain is empty.</source>
        <translation>Nessun modello aperto: il cervello è vuoto.</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="66"/>
        <source>%1 layers of %2 experts, %3 of them dense.</source>
        <translation>%1 strati da %2 esperti, di cui %3 densi.</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="68"/>
        <source>All %1 routed experts live on the remote server.</source>
        <translation>Tutti i %1 esperti instradati risiedono sul server remoto.</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="70"/>
        <source>Where the experts live: %1 in VRAM, %2 in pinned RAM, %3 in RAM slots, %4 on disk.</source>
        <translation>Dove si trovano gli esperti: %1 in VRAM, %2 in RAM fissata, %3 negli slot RAM, %4 su disco.</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="76"/>
        <source>Experts lit now: %1.</source>
        <translation>Esperti accesi ora: %1.</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="76"/>
        <source>Nothing lit now.</source>
        <translation>Nessun esperto acceso ora.</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="78"/>
        <source>No expert has been routed yet.</source>
        <translation>Nessun esperto è stato ancora instradato.</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="82"/>
        <source>Hottest layers: %1.</source>
        <translation>Strati più caldi: %1.</translation>
    </message>
    <message>
        <location filename="../app/brain_summary.cpp" line="84"/>
        <source>Hottest expert: layer %1, expert %2, in %3, heat %4.</source>
        <translation>Esperto più caldo: strato %1, esperto %2, posizione %3, calore %4.</translation>
    </message>
</context>
<context>
    <name>BrainTable</name>
    <message>
        <location filename="../qml/BrainTable.qml" line="20"/>
        <source>Hottest experts</source>
        <translation>Esperti più caldi</translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="21"/>
        <source>Layer, expert, where it lives and heat; Up and Down move</source>
        <translation>Strato, esperto, posizione e calore; Su e Giù per spostarsi</translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="22"/>
        <location filename="../qml/BrainTable.qml" line="91"/>
        <source>No expert has been routed yet.</source>
        <translation>Nessun esperto è stato ancora instradato.</translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="24"/>
        <source>Layer</source>
        <translation>Strato</translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="24"/>
        <source>Expert</source>
        <translation>Esperto</translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="24"/>
        <source>Lives in</source>
        <translation>Posizione</translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="24"/>
        <source>Heat</source>
        <translation>Calore</translation>
    </message>
    <message>
        <location filename="../qml/BrainTable.qml" line="63"/>
        <source>Layer %1, expert %2, in %3, heat %4</source>
        <translation>Strato %1, esperto %2, posizione %3, calore %4</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <location filename="../qml/ChatView.qml" line="31"/>
        <source>New conversation</source>
        <translation>Nuova conversazione</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="41"/>
        <source>Hide the system prompt</source>
        <translation>Nascondi il prompt di sistema</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="42"/>
        <source>Edit the system prompt (one is set)</source>
        <translation>Modifica il prompt di sistema (già impostato)</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="42"/>
        <source>Edit the system prompt</source>
        <translation>Modifica il prompt di sistema</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="43"/>
        <source>Hide system prompt</source>
        <translation>Nascondi prompt di sistema</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="43"/>
        <source>System prompt ✓</source>
        <translation>Prompt di sistema ✓</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="43"/>
        <location filename="../qml/ChatView.qml" line="78"/>
        <source>System prompt</source>
        <translation>Prompt di sistema</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="48"/>
        <source>Instructions given to the model before this conversation</source>
        <translation>Istruzioni date al modello prima di questa conversazione</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="53"/>
        <location filename="../qml/ChatView.qml" line="54"/>
        <source>Thinking</source>
        <translation>Ragionamento</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="68"/>
        <source>Let the model reason in a &lt;think&gt; block before answering</source>
        <translation>Lascia che il modello ragioni in un blocco &lt;think&gt; prima di rispondere</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="77"/>
        <source>System prompt for this conversation, e.g. “You are a concise assistant.”</source>
        <translation>Prompt di sistema per questa conversazione, ad es. «Sei un assistente conciso.»</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="103"/>
        <source>Messages</source>
        <translation>Messaggi</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="131"/>
        <source>Ask anything.</source>
        <translation>Chiedi qualsiasi cosa.</translation>
    </message>
    <message>
        <location filename="../qml/ChatView.qml" line="142"/>
        <source>Every answer lights up the experts it used in the brain on the right, and its per-token timing shows up below it.</source>
        <translation>Ogni risposta illumina nel cervello a destra gli esperti che ha usato, e sotto compaiono i tempi di ogni token.</translation>
    </message>
</context>
<context>
    <name>CodeBlock</name>
    <message>
        <location filename="../qml/CodeBlock.qml" line="27"/>
        <source>code</source>
        <translation>codice</translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="36"/>
        <source>Copied</source>
        <translation>Copiato</translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="36"/>
        <source>Copy</source>
        <translation>Copia</translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="37"/>
        <source>Copy the %1 code</source>
        <translation>Copia il codice %1</translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="37"/>
        <source>Copy the code</source>
        <translation>Copia il codice</translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="38"/>
        <source>Copied to the clipboard</source>
        <translation>Copiato negli appunti</translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="49"/>
        <source>Code, %1</source>
        <translation>Codice, %1</translation>
    </message>
    <message>
        <location filename="../qml/CodeBlock.qml" line="49"/>
        <source>Code</source>
        <translation>Codice</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <location filename="../qml/Composer.qml" line="36"/>
        <source>Message</source>
        <translation>Messaggio</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="38"/>
        <source>Message the model…  (Enter to send, Shift+Enter for a new line)</source>
        <translation>Scrivi al modello…  (Invio per inviare, Maiusc+Invio per andare a capo)</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="39"/>
        <source>Answering… press Esc to stop</source>
        <translation>Risposta in corso… premi Esc per fermare</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="39"/>
        <source>Waiting for a model…</source>
        <translation>In attesa di un modello…</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="52"/>
        <source>■ Stop</source>
        <translation>■ Ferma</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="53"/>
        <source>Stop the answer</source>
        <translation>Ferma la risposta</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="56"/>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="64"/>
        <source>Send</source>
        <translation>Invia</translation>
    </message>
    <message>
        <location filename="../qml/Composer.qml" line="65"/>
        <source>Send the message</source>
        <translation>Invia il messaggio</translation>
    </message>
</context>
<context>
    <name>ConversationFile</name>
    <message>
        <location filename="../app/conversation_file.cpp" line="48"/>
        <source>%1: cannot open (%2)</source>
        <translation>%1: impossibile aprire (%2)</translation>
    </message>
    <message>
        <location filename="../app/conversation_file.cpp" line="59"/>
        <source>%1: not valid JSON at byte %2 (%3)</source>
        <translation>%1: JSON non valido al byte %2 (%3)</translation>
    </message>
    <message>
        <location filename="../app/conversation_file.cpp" line="64"/>
        <source>%1: not a Peng conversation file</source>
        <translation>%1: non è un file di conversazione di Peng</translation>
    </message>
    <message>
        <location filename="../app/conversation_file.cpp" line="70"/>
        <source>%1: written by a newer Peng (format version %2)</source>
        <translation>%1: scritto da una versione più recente di Peng (formato versione %2)</translation>
    </message>
    <message>
        <location filename="../app/conversation_file.cpp" line="74"/>
        <source>%1: the conversation&apos;s fields are missing or damaged</source>
        <translation>%1: i campi della conversazione mancano o sono danneggiati</translation>
    </message>
</context>
<context>
    <name>ConversationImport</name>
    <message>
        <location filename="../app/conversation_import.cpp" line="27"/>
        <source>%1.content is neither text nor a list of parts</source>
        <translation>%1.content non è né testo né un elenco di parti</translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="35"/>
        <source>%1.content[%2] is not a content part with a type</source>
        <translation>%1.content[%2] non è una parte di contenuto con un tipo</translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="43"/>
        <source>%1.content[%2].text is not text</source>
        <translation>%1.content[%2].text non è testo</translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="60"/>
        <source>%1: %2 is not a message object</source>
        <translation>%1: %2 non è un oggetto messaggio</translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="65"/>
        <source>%1: %2 has no role</source>
        <translation>%1: %2 non ha un ruolo</translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="87"/>
        <source>%1: %2 has the role &quot;%3&quot;; Peng reads system, developer, user, assistant and tool</source>
        <translation>%1: %2 ha il ruolo &quot;%3&quot;; Peng legge system, developer, user, assistant e tool</translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="93"/>
        <source>%1: there is no user or assistant message to import</source>
        <translation>%1: non c&apos;è alcun messaggio dell&apos;utente o dell&apos;assistente da importare</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/conversation_import.cpp" line="99"/>
        <source>%n tool result(s) were left out: Peng&apos;s chats do not run tools.</source>
        <translation>
            <numerusform>%n risultato di strumento è stato omesso: le chat di Peng non eseguono strumenti.</numerusform>
            <numerusform>%n risultati di strumenti sono stati omessi: le chat di Peng non eseguono strumenti.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/conversation_import.cpp" line="101"/>
        <source>%n tool call(s) were left out: Peng&apos;s chats do not run tools.</source>
        <translation>
            <numerusform>%n chiamata di strumento è stata omessa: le chat di Peng non eseguono strumenti.</numerusform>
            <numerusform>%n chiamate di strumenti sono state omesse: le chat di Peng non eseguono strumenti.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/conversation_import.cpp" line="103"/>
        <source>%n non-text part(s) (images, audio, files) were left out: Peng&apos;s chats hold text.</source>
        <translation>
            <numerusform>%n parte non testuale (immagini, audio, file) è stata omessa: le chat di Peng contengono solo testo.</numerusform>
            <numerusform>%n parti non testuali (immagini, audio, file) sono state omesse: le chat di Peng contengono solo testo.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="115"/>
        <source>%1: not valid JSON at byte %2 (%3)</source>
        <translation>%1: JSON non valido al byte %2 (%3)</translation>
    </message>
    <message>
        <location filename="../app/conversation_import.cpp" line="133"/>
        <source>%1: neither a Peng conversation nor a list of chat messages (OpenAI&apos;s format: an array of {&quot;role&quot;, &quot;content&quot;} objects, or an object with &quot;messages&quot;)</source>
        <translation>%1: non è né una conversazione di Peng né un elenco di messaggi di chat (formato di OpenAI: un array di oggetti {&quot;role&quot;, &quot;content&quot;}, oppure un oggetto con &quot;messages&quot;)</translation>
    </message>
</context>
<context>
    <name>ConversationMarkdown</name>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="21"/>
        <source>You</source>
        <translation>Tu</translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="22"/>
        <source>Assistant</source>
        <translation>Assistente</translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="23"/>
        <source>Assistant (%1)</source>
        <translation>Assistente (%1)</translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="31"/>
        <source>Conversation</source>
        <translation>Conversazione</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/conversation_markdown.cpp" line="34"/>
        <source>Peng conversation, %n message(s), last changed %1</source>
        <translation>
            <numerusform>Conversazione di Peng, %n messaggio, ultima modifica %1</numerusform>
            <numerusform>Conversazione di Peng, %n messaggi, ultima modifica %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="36"/>
        <source>**System prompt:** %1</source>
        <translation>**Prompt di sistema:** %1</translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="41"/>
        <source>Thinking (%1 s)</source>
        <translation>Ragionamento (%1 s)</translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="42"/>
        <source>Thinking</source>
        <translation>Ragionamento</translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="46"/>
        <source>The answer was cut off: %1</source>
        <translation>La risposta è stata interrotta: %1</translation>
    </message>
    <message>
        <location filename="../app/conversation_markdown.cpp" line="47"/>
        <source>The answer failed: %1</source>
        <translation>La risposta non è riuscita: %1</translation>
    </message>
</context>
<context>
    <name>ConversationSearchResults</name>
    <message numerus="yes">
        <location filename="../qml/ConversationSearchResults.qml" line="17"/>
        <source>Search results: %n conversation(s)</source>
        <translation>
            <numerusform>Risultati della ricerca: %n conversazione</numerusform>
            <numerusform>Risultati della ricerca: %n conversazioni</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../qml/ConversationSearchResults.qml" line="72"/>
        <source>No conversation holds “%1”.</source>
        <translation>Nessuna conversazione contiene “%1”.</translation>
    </message>
</context>
<context>
    <name>ConversationStore</name>
    <message>
        <location filename="../app/conversation_store.cpp" line="45"/>
        <source>Another Peng window (process %1) has the conversations in %2 open, so this window only reads them: nothing changed here is saved. Close the other window and reopen Peng to save here.</source>
        <translation>Un&apos;altra finestra di Peng (processo %1) ha aperto le conversazioni in %2, quindi questa finestra si limita a leggerle: nulla di ciò che viene modificato qui viene salvato. Chiudi l&apos;altra finestra e riapri Peng per salvare qui.</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="49"/>
        <source>The conversations in %1 cannot be locked for this window (%2), so it only reads them: nothing changed here is saved.</source>
        <translation>Le conversazioni in %1 non possono essere bloccate per questa finestra (%2), quindi la finestra si limita a leggerle: nulla di ciò che viene modificato qui viene salvato.</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="52"/>
        <source>no permission to write there</source>
        <translation>manca il permesso di scrittura</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="52"/>
        <source>an unknown error</source>
        <translation>un errore sconosciuto</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="84"/>
        <source>%1. It was left in place: this window only reads this folder.</source>
        <translation>%1. È rimasto al suo posto: questa finestra si limita a leggere questa cartella.</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="89"/>
        <source>%1. The file was kept as %2; nothing was deleted.</source>
        <translation>%1. Il file è stato conservato come %2; non è stato eliminato nulla.</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="91"/>
        <source>%1. It could not be moved aside and was left in place.</source>
        <translation>%1. Non è stato possibile spostarlo ed è rimasto al suo posto.</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="107"/>
        <source>%1. It is left untouched.</source>
        <translation>%1. Non è stato toccato.</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="125"/>
        <location filename="../app/conversation_store.cpp" line="325"/>
        <source>New conversation</source>
        <translation>Nuova conversazione</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="188"/>
        <source>This conversation could not be saved: %1. Its last saved version is kept; the messages shown stay open here and are saved with the next change once saving works again.</source>
        <translation>Impossibile salvare questa conversazione: %1. L&apos;ultima versione salvata viene conservata; i messaggi mostrati restano aperti qui e verranno salvati alla prossima modifica, quando il salvataggio tornerà a funzionare.</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="274"/>
        <source>Unknown export format &quot;%1&quot;: use markdown or json.</source>
        <translation>Formato di esportazione &quot;%1&quot; sconosciuto: usa markdown o json.</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="276"/>
        <source>No file was chosen to export to.</source>
        <translation>Non è stato scelto alcun file in cui esportare.</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="280"/>
        <source>The conversation could not be exported: %1</source>
        <translation>Impossibile esportare la conversazione: %1</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="294"/>
        <source>%1: cannot open (%2)</source>
        <translation>%1: impossibile aprire (%2)</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="296"/>
        <source>%1: %2 MB is more than a conversation file can be (at most 64 MB)</source>
        <translation>%1: %2 MB sono più di quanto possa pesare un file di conversazione (al massimo 64 MB)</translation>
    </message>
    <message>
        <location filename="../app/conversation_store.cpp" line="310"/>
        <source>The imported conversation could not be saved: %1</source>
        <translation>Impossibile salvare la conversazione importata: %1</translation>
    </message>
</context>
<context>
    <name>ConversationTransfer</name>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="18"/>
        <source>conversation</source>
        <translation>conversazione</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="32"/>
        <source>Export conversation as JSON</source>
        <translation>Esporta la conversazione in JSON</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="32"/>
        <source>Export conversation as Markdown</source>
        <translation>Esporta la conversazione in Markdown</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="34"/>
        <source>JSON files (*.json)</source>
        <translation>File JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="34"/>
        <source>Markdown files (*.md)</source>
        <translation>File Markdown (*.md)</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="37"/>
        <source>Exported to %1</source>
        <translation>Esportata in %1</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="44"/>
        <source>Import a conversation</source>
        <translation>Importa una conversazione</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="46"/>
        <source>Conversations (*.json)</source>
        <translation>Conversazioni (*.json)</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="46"/>
        <source>All files (*)</source>
        <translation>Tutti i file (*)</translation>
    </message>
    <message>
        <location filename="../qml/ConversationTransfer.qml" line="50"/>
        <source>Imported.</source>
        <translation>Importata.</translation>
    </message>
</context>
<context>
    <name>CrashReportBanner</name>
    <message>
        <location filename="../qml/CrashReportBanner.qml" line="21"/>
        <source>Peng closed unexpectedly last time. A crash report with a stack trace was saved; attaching it to a bug report helps fix the cause.</source>
        <translation>L&apos;ultima volta Peng si è chiuso in modo imprevisto. È stato salvato un rapporto di arresto anomalo con lo stack trace: allegarlo a una segnalazione di bug aiuta a correggerne la causa.</translation>
    </message>
    <message>
        <location filename="../qml/CrashReportBanner.qml" line="35"/>
        <source>Copy report</source>
        <translation>Copia rapporto</translation>
    </message>
    <message>
        <location filename="../qml/CrashReportBanner.qml" line="36"/>
        <source>Open folder</source>
        <translation>Apri cartella</translation>
    </message>
    <message>
        <location filename="../qml/CrashReportBanner.qml" line="37"/>
        <source>Dismiss</source>
        <translation>Chiudi</translation>
    </message>
</context>
<context>
    <name>DeleteConversationDialog</name>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="31"/>
        <source>Delete conversation</source>
        <translation>Elimina conversazione</translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="34"/>
        <source>Delete “%1”?</source>
        <translation>Eliminare “%1”?</translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="44"/>
        <source>Its messages are removed from this computer. This cannot be undone.</source>
        <translation>I suoi messaggi vengono rimossi da questo computer. L&apos;operazione non può essere annullata.</translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="55"/>
        <source>Cancel</source>
        <translation>Annulla</translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="56"/>
        <source>Cancel: keep the conversation</source>
        <translation>Annulla: mantieni la conversazione</translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="63"/>
        <source>Delete</source>
        <translation>Elimina</translation>
    </message>
    <message>
        <location filename="../qml/DeleteConversationDialog.qml" line="65"/>
        <source>Delete the conversation</source>
        <translation>Elimina la conversazione</translation>
    </message>
</context>
<context>
    <name>DemoBanner</name>
    <message>
        <location filename="../qml/DemoBanner.qml" line="25"/>
        <source>This is the built-in demo model: a small MiMo-V2 (%1 layers × %2 experts), trained on English word meanings (WordNet) and sayings in English, Italian, Spanish and Chinese.</source>
        <translation>Questo è il modello demo integrato: un piccolo MiMo-V2 (%1 strati × %2 esperti), addestrato sui significati delle parole inglesi (WordNet) e su detti in inglese, italiano, spagnolo e cinese.</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="28"/>
        <source>This is the Flash-shape stress demo: MiMo-V2-Flash&apos;s real structure (48 layers × 256 experts) with random weights.</source>
        <translation>Questa è la demo di carico in forma Flash: la struttura reale di MiMo-V2-Flash (48 strati × 256 esperti) con pesi casuali.</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="29"/>
        <source>This checkpoint was generated by make-model: its weights are random.</source>
        <translation>Questo checkpoint è stato generato da make-model: i suoi pesi sono casuali.</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="38"/>
        <source>Ask what a word means, or for a saying about something or by someone. It knows little else and is often wrong; the routing, streaming and profiling you see are the real machinery. For real answers, get MiMo-V2.6 with “Get a model”.</source>
        <translation>Chiedi cosa significa una parola, o un detto su qualcosa o di qualcuno. Sa poco altro e sbaglia spesso; l&apos;instradamento, lo streaming e la profilazione che vedi sono il meccanismo reale. Per risposte vere, scarica MiMo-V2.6 con “Ottieni un modello”.</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="39"/>
        <source>Its answers are random words, but the routing, streaming and profiling you see are the real machinery. For real answers, download XiaomiMiMo/MiMo-V2.6-Flash from Hugging Face and open its folder with “Open model…”.</source>
        <translation>Le sue risposte sono parole casuali, ma instradamento, streaming e profilo sono il vero meccanismo. Per risposte vere, scarica XiaomiMiMo/MiMo-V2.6-Flash da Hugging Face e apri la sua cartella con “Apri modello…”.</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="47"/>
        <source>Open the Flash-shape stress demo</source>
        <translation>Apri la demo di carico in forma Flash</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="47"/>
        <source>Back to the trained demo</source>
        <translation>Torna alla demo addestrata</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="50"/>
        <source>Random weights, generated once into your data folder: routing with no structure, for the full-scale streaming picture</source>
        <translation>Pesi casuali, generati una volta nella tua cartella dati: instradamento senza struttura, per vedere lo streaming a scala piena</translation>
    </message>
    <message>
        <location filename="../qml/DemoBanner.qml" line="51"/>
        <source>The small MiMo-V2 that ships with Peng, trained on word meanings and sayings</source>
        <translation>Il piccolo MiMo-V2 incluso in Peng, addestrato su significati di parole e detti</translation>
    </message>
</context>
<context>
    <name>DemoSuggestions</name>
    <message>
        <location filename="../qml/DemoSuggestions.qml" line="29"/>
        <source>Give me a saying.</source>
        <extracomment>A request the demo answers with a saying in this language: keep one of the plain requests it was taught (tools/train-demo/dialogues.py), e.g. &quot;Dimmi una massima.&quot;</extracomment>
        <translation>Dimmi una massima.</translation>
    </message>
    <message>
        <location filename="../qml/DemoSuggestions.qml" line="39"/>
        <source>Try asking the demo:</source>
        <translation>Prova a chiedere alla demo:</translation>
    </message>
    <message>
        <location filename="../qml/DemoSuggestions.qml" line="54"/>
        <source>Send this to the demo model</source>
        <translation>Invia questo messaggio al modello demo</translation>
    </message>
</context>
<context>
    <name>EngineController</name>
    <message>
        <location filename="../app/engine_controller.cpp" line="44"/>
        <source>Generating the Flash-shape stress demo: %1</source>
        <translation>Generazione della demo di carico in forma Flash: %1</translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="51"/>
        <source>The stress demo could not be generated: %1</source>
        <translation>Non è stato possibile generare la demo di carico: %1</translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="63"/>
        <source>The model could not be opened: %1</source>
        <translation>Impossibile aprire il modello: %1</translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="173"/>
        <source>Opening %1</source>
        <translation>Apertura di %1</translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="194"/>
        <source>The trained demo model is missing from this installation: %1</source>
        <translation>In questa installazione manca il modello demo addestrato: %1</translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="201"/>
        <source>Generating the Flash-shape stress demo</source>
        <translation>Generazione della demo di carico in forma Flash</translation>
    </message>
    <message>
        <location filename="../app/engine_controller.cpp" line="207"/>
        <source>No model is open.</source>
        <translation>Nessun modello aperto.</translation>
    </message>
    <message>
        <location filename="../app/engine_controller_remote.cpp" line="53"/>
        <source>Stop the answer being written before switching to a server.</source>
        <translation>Ferma la risposta in corso prima di passare a un server.</translation>
    </message>
    <message>
        <location filename="../app/engine_controller_remote.cpp" line="54"/>
        <source>Wait for the demo model to be generated before switching.</source>
        <translation>Attendi che il modello demo sia generato prima di cambiare.</translation>
    </message>
    <message>
        <location filename="../app/engine_controller_remote.cpp" line="59"/>
        <source>Connecting to %1</source>
        <translation>Connessione a %1</translation>
    </message>
    <message>
        <location filename="../app/engine_controller_remote.cpp" line="71"/>
        <source>The server lists no models.</source>
        <translation>Il server non elenca alcun modello.</translation>
    </message>
</context>
<context>
    <name>EngineWorker</name>
    <message>
        <location filename="../app/load_progress.cpp" line="21"/>
        <source>Reading the checkpoint index</source>
        <translation>Lettura dell&apos;indice del checkpoint</translation>
    </message>
    <message>
        <location filename="../app/engine_worker.cpp" line="196"/>
        <source>No model is open.</source>
        <translation>Nessun modello aperto.</translation>
    </message>
    <message>
        <location filename="../app/engine_worker.cpp" line="247"/>
        <source>This conversation is %1 tokens long, more than the %2 tokens of context the model was opened with, so no answer fits. Start a new conversation or edit an earlier message to shorten it.</source>
        <translation>Questa conversazione è lunga %1 token, più dei %2 token di contesto con cui è stato aperto il modello, quindi non c&apos;è spazio per una risposta. Inizia una nuova conversazione o modifica un messaggio precedente per accorciarla.</translation>
    </message>
</context>
<context>
    <name>FileCheck</name>
    <message numerus="yes">
        <location filename="../app/file_check.cpp" line="47"/>
        <source>Recorded the SHA-256 of %n file(s) in %1.</source>
        <translation>
            <numerusform>Registrato lo SHA-256 di %n file in %1.</numerusform>
            <numerusform>Registrati gli SHA-256 di %n file in %1.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/file_check.cpp" line="57"/>
        <source>Verification stopped.</source>
        <translation>Verifica interrotta.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/file_check.cpp" line="59"/>
        <source>All %n file(s) are as recorded.</source>
        <translation>
            <numerusform>%n file verificato: corrisponde a quanto registrato.</numerusform>
            <numerusform>Tutti i %n file corrispondono a quanto registrato.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/file_check.cpp" line="61"/>
        <source>%n file(s) differ from the record: answers from this folder cannot be trusted until they are downloaded again.</source>
        <translation>
            <numerusform>%n file differisce da quanto registrato: le risposte da questa cartella non sono affidabili finché non verrà scaricato di nuovo.</numerusform>
            <numerusform>%n file differiscono da quanto registrato: le risposte da questa cartella non sono affidabili finché non verranno scaricati di nuovo.</numerusform>
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
        <translation>sconosciuto</translation>
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
        <translation>velocità sconosciuta fino al download (il motore conosce la struttura di questo modello solo dai suoi file)</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="46"/>
        <source>fits in RAM</source>
        <translation>sta nella RAM</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="46"/>
        <source>streams %1 GB per token from disk</source>
        <translation>legge %1 GB per token dal disco</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="47"/>
        <source>%1; at most %2 tokens/s with this RAM budget</source>
        <translation>%1; al massimo %2 token/s con questo budget RAM</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="48"/>
        <source>%1; speed unknown until the disk and memory bandwidths are measured</source>
        <translation>%1; velocità sconosciuta finché non si misurano le velocità di lettura del disco e della memoria</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="53"/>
        <source>Download into</source>
        <translation>Scarica in</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="70"/>
        <source>Get a model</source>
        <translation>Ottieni un modello</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="71"/>
        <source>Close</source>
        <translation>Chiudi</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="88"/>
        <source>This build of Peng cannot download models (it was built without libcurl, as the Windows build is). Download the model&apos;s files another way, then open their folder.</source>
        <translation>Questa build di Peng non può scaricare modelli (è stata compilata senza libcurl, come la build per Windows). Scarica i file del modello in un altro modo, poi apri la loro cartella.</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="102"/>
        <source>%1, %2 GB</source>
        <translation>%1, %2 GB</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="113"/>
        <source>fits</source>
        <translation>ci sta</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="113"/>
        <source>does not fit</source>
        <translation>non ci sta</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="122"/>
        <source>%1 experts, %2 GB on disk (%3 GB free there)</source>
        <translation>esperti %1, %2 GB su disco (%3 GB liberi lì)</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="140"/>
        <source>Sizes from the model cards; speeds are the planner&apos;s bound with the current RAM budget (Settings) and the bandwidths measured on this machine.</source>
        <translation>Dimensioni dalle schede dei modelli; le velocità sono il limite stimato dal pianificatore con il budget RAM attuale (Impostazioni) e le velocità di lettura misurate su questa macchina.</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="146"/>
        <source>Folder</source>
        <translation>Cartella</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="152"/>
        <source>Download folder</source>
        <translation>Cartella di download</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="156"/>
        <source>Choose…</source>
        <translation>Scegli…</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="158"/>
        <source>Choose the download folder</source>
        <translation>Scegli la cartella di download</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="161"/>
        <source>Endpoint</source>
        <translation>Endpoint</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="169"/>
        <source>Hugging Face endpoint</source>
        <translation>Endpoint di Hugging Face</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="184"/>
        <source>A mirror with the same API works too, as HF_ENDPOINT does for the official client: e.g. https://hf-mirror.com.</source>
        <translation>Funziona anche un mirror con la stessa API, come HF_ENDPOINT per il client ufficiale: ad es. https://hf-mirror.com.</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="186"/>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="191"/>
        <source>only for gated or private models; never saved</source>
        <translation>solo per modelli ad accesso limitato o privati; mai salvato</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="193"/>
        <source>Hugging Face access token</source>
        <translation>Token di accesso di Hugging Face</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="203"/>
        <source>Resume</source>
        <translation>Riprendi</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="203"/>
        <source>Start</source>
        <translation>Avvia</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="204"/>
        <source>Resume the download</source>
        <translation>Riprendi il download</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="204"/>
        <source>Start the download</source>
        <translation>Avvia il download</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="210"/>
        <source>Pause</source>
        <translation>Pausa</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="211"/>
        <source>Pause the download</source>
        <translation>Metti in pausa il download</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="217"/>
        <source>Cancel</source>
        <translation>Annulla</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="218"/>
        <source>Cancel the download and delete its partial data</source>
        <translation>Annulla il download ed elimina i dati parziali</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="233"/>
        <source>Download progress</source>
        <translation>Avanzamento del download</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="244"/>
        <source>Listing the files of %1…</source>
        <translation>Elenco dei file di %1…</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="246"/>
        <source>Done: %1 verified in %2. Opening it.</source>
        <translation>Fatto: %1 verificati in %2. Apertura in corso.</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="247"/>
        <source>%1 of %2 (%3 of %4 files)</source>
        <translation>%1 di %2 (%3 di %4 file)</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="249"/>
        <source>Paused at %1. Resume picks up where it stopped.</source>
        <translation>In pausa a %1. Riprendi continua da dove si era fermato.</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="250"/>
        <source>%1, checking the files already there</source>
        <translation>%1, controllo dei file già presenti</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="251"/>
        <source>%1, %2/s, %3 left</source>
        <translation>%1, %2/s, %3 rimanenti</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="261"/>
        <source>%1: %2 of %3</source>
        <translation>%1: %2 di %3</translation>
    </message>
    <message>
        <location filename="../qml/GetModelPage.qml" line="273"/>
        <source>Every file is checked against the repository&apos;s SHA-256 before it is moved into place; partial files wait in the folder&apos;s .peng-download, so a closed app or a dropped connection resumes where it stopped.</source>
        <translation>Ogni file viene confrontato con lo SHA-256 del repository prima di essere spostato al suo posto; i file parziali restano in .peng-download nella cartella, così dopo la chiusura dell&apos;app o la caduta della connessione il download riprende da dove si era fermato.</translation>
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
        <translation>sconosciuta</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="27"/>
        <source>Cores</source>
        <translation>Core</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="38"/>
        <source>RAM</source>
        <translation>RAM</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="39"/>
        <source>%1 GB total, %2 GB available</source>
        <translation>%1 GB in totale, %2 GB disponibili</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="41"/>
        <source>GPU / VRAM</source>
        <translation>GPU / VRAM</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="43"/>
        <source>Memory read (all cores)</source>
        <translation>Lettura memoria (tutti i core)</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="49"/>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="60"/>
        <source>Disk read (model folder)</source>
        <translation>Lettura disco (cartella del modello)</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="48"/>
        <location filename="../qml/HardwarePanel.qml" line="66"/>
        <source>measuring…</source>
        <translation>misurazione…</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="29"/>
        <source>CPU features</source>
        <translation>Funzionalità della CPU</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="31"/>
        <source>none of AVX2, FMA, AVX-512</source>
        <translation>nessuna tra AVX2, FMA, AVX-512</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="34"/>
        <source>Kernel path</source>
        <translation>Kernel in uso</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="35"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="54"/>
        <source>Measure the memory read speed</source>
        <translation>Misura la velocità di lettura della memoria</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="69"/>
        <source>%1 GB/s (%2 MB read%3)</source>
        <translation>%1 GB/s (%2 MB letti%3)</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="70"/>
        <source>, direct I/O</source>
        <translation>, I/O diretto</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="70"/>
        <source>, through the page cache</source>
        <translation>, attraverso la cache delle pagine</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="75"/>
        <source>Measure the disk read speed</source>
        <translation>Misura la velocità di lettura del disco</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="50"/>
        <location filename="../qml/HardwarePanel.qml" line="71"/>
        <source>not measured</source>
        <translation>non misurata</translation>
    </message>
    <message>
        <location filename="../qml/HardwarePanel.qml" line="53"/>
        <location filename="../qml/HardwarePanel.qml" line="74"/>
        <source>Measure</source>
        <translation>Misura</translation>
    </message>
</context>
<context>
    <name>HardwareProbe</name>
    <message>
        <location filename="../app/hardware_probe.cpp" line="26"/>
        <source>scalar</source>
        <translation>scalare</translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="37"/>
        <source>PENG_KERNELS limits the kernels to %1; this CPU runs %2</source>
        <translation>PENG_KERNELS limita i kernel a %1; questa CPU supporta %2</translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="39"/>
        <source>this build has only the scalar kernels</source>
        <translation>questa build ha solo i kernel scalari</translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="40"/>
        <source>AVX-512 kernels need %1, which this CPU lacks</source>
        <translation>i kernel AVX-512 richiedono %1, che manca a questa CPU</translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="41"/>
        <source>AVX2 kernels need %1, which this CPU lacks</source>
        <translation>i kernel AVX2 richiedono %1, che manca a questa CPU</translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="45"/>
        <source>none: this build has no GPU tier (built without CUDA)</source>
        <translation>nessuna: questa build non ha il livello GPU (compilata senza CUDA)</translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="46"/>
        <source>none found: %1</source>
        <translation>nessuna trovata: %1</translation>
    </message>
    <message>
        <location filename="../app/hardware_probe.cpp" line="47"/>
        <source>%1, %2 GB VRAM (%3 GB free)</source>
        <translation>%1, %2 GB di VRAM (%3 GB liberi)</translation>
    </message>
</context>
<context>
    <name>HubEndpoint</name>
    <message>
        <location filename="../app/hub_endpoint.cpp" line="9"/>
        <source>The endpoint is empty: enter %1 or a mirror&apos;s address.</source>
        <translation>L&apos;endpoint è vuoto: inserisci %1 o l&apos;indirizzo di un mirror.</translation>
    </message>
    <message>
        <location filename="../app/hub_endpoint.cpp" line="14"/>
        <source>&apos;%1&apos; is not a web address: the endpoint must start with https:// (or http://) and name a host, e.g. %2.</source>
        <translation>&apos;%1&apos; non è un indirizzo web: l&apos;endpoint deve iniziare con https:// (o http://) e indicare un host, ad es. %2.</translation>
    </message>
    <message>
        <location filename="../app/hub_endpoint.cpp" line="18"/>
        <source>&apos;%1&apos;: the endpoint is a bare address; remove what follows &apos;?&apos;, &apos;#&apos; or a user name.</source>
        <translation>&apos;%1&apos;: l&apos;endpoint deve essere un indirizzo semplice; rimuovi ciò che segue &apos;?&apos;, &apos;#&apos; o un nome utente.</translation>
    </message>
</context>
<context>
    <name>LoadProgress</name>
    <message>
        <location filename="../app/load_progress.cpp" line="8"/>
        <source>Reading the dense weights (step %1 of %2)</source>
        <translation>Lettura dei pesi densi (passo %1 di %2)</translation>
    </message>
    <message>
        <location filename="../app/load_progress.cpp" line="16"/>
        <source>Reading the pinned experts (%1 of %2)</source>
        <translation>Lettura degli esperti fissati (%1 di %2)</translation>
    </message>
    <message>
        <location filename="../app/load_progress.cpp" line="12"/>
        <source>Reserving memory for the expert cache (%1 of %2 slots)</source>
        <translation>Riserva della memoria per la cache degli esperti (%1 di %2 slot)</translation>
    </message>
</context>
<context>
    <name>LocalServer</name>
    <message>
        <location filename="../app/local_server.cpp" line="59"/>
        <source>The port must be between 0 and 65535, not %1.</source>
        <translation>La porta deve essere tra 0 e 65535, non %1.</translation>
    </message>
    <message>
        <location filename="../app/local_server.cpp" line="84"/>
        <source>An API key cannot contain spaces or control characters.</source>
        <translation>Una chiave API non può contenere spazi o caratteri di controllo.</translation>
    </message>
    <message>
        <location filename="../app/local_server.cpp" line="90"/>
        <source>The API key could not be saved: %1</source>
        <translation>Impossibile salvare la chiave API: %1</translation>
    </message>
    <message>
        <location filename="../app/local_server.cpp" line="124"/>
        <source>The server could not start: %1</source>
        <translation>Impossibile avviare il server: %1</translation>
    </message>
    <message>
        <location filename="../app/local_server.cpp" line="135"/>
        <source>This build of Peng has no server (it was configured with PENG_SERVER off).</source>
        <translation>Questa build di Peng non include il server (è stata configurata con PENG_SERVER disattivato).</translation>
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
        <translation>Apri una cartella di checkpoint MiMo-V2</translation>
    </message>
</context>
<context>
    <name>MarkdownBlock</name>
    <message>
        <location filename="../qml/MarkdownBlock.qml" line="11"/>
        <source>Answer</source>
        <translation>Risposta</translation>
    </message>
</context>
<context>
    <name>MessageDelegate</name>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="29"/>
        <source>You said</source>
        <translation>Hai scritto</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="29"/>
        <source>The model answered</source>
        <translation>Il modello ha risposto</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="53"/>
        <source>Your message</source>
        <translation>Il tuo messaggio</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="75"/>
        <source>Edit your message</source>
        <translation>Modifica il tuo messaggio</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="81"/>
        <source>Cancel</source>
        <translation>Annulla</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="82"/>
        <source>Cancel editing</source>
        <translation>Annulla la modifica</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="88"/>
        <source>Save and resend</source>
        <translation>Salva e reinvia</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="101"/>
        <location filename="../qml/MessageDelegate.qml" line="188"/>
        <source>Copy</source>
        <translation>Copia</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="102"/>
        <source>Copy your message</source>
        <translation>Copia il tuo messaggio</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="108"/>
        <source>Edit</source>
        <translation>Modifica</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="109"/>
        <source>Edit your message and resend it</source>
        <translation>Modifica il tuo messaggio e reinvialo</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="151"/>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="153"/>
        <source>The answer is starting</source>
        <translation>La risposta sta iniziando</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="162"/>
        <source>Interrupted: %1</source>
        <translation>Interrotta: %1</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="172"/>
        <source>The answer failed: %1</source>
        <translation>La risposta non è riuscita: %1</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="189"/>
        <source>Copy the answer</source>
        <translation>Copia la risposta</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="195"/>
        <source>↻ Regenerate</source>
        <translation>↻ Rigenera</translation>
    </message>
    <message>
        <location filename="../qml/MessageDelegate.qml" line="196"/>
        <source>Regenerate the answer</source>
        <translation>Rigenera la risposta</translation>
    </message>
</context>
<context>
    <name>ModelDefaultNote</name>
    <message>
        <location filename="../qml/ModelDefaultNote.qml" line="17"/>
        <source>model default</source>
        <translation>predefinito del modello</translation>
    </message>
    <message>
        <location filename="../qml/ModelDefaultNote.qml" line="23"/>
        <source>Use model default (%1)</source>
        <translation>Usa il predefinito del modello (%1)</translation>
    </message>
    <message>
        <location filename="../qml/ModelDefaultNote.qml" line="25"/>
        <source>The value the model&apos;s generation_config.json recommends.</source>
        <translation>Il valore consigliato dal generation_config.json del modello.</translation>
    </message>
</context>
<context>
    <name>ModelDownloader</name>
    <message>
        <location filename="../app/model_downloader.cpp" line="97"/>
        <source>This build of Peng cannot download models (it was built without libcurl). Use `peng-cli download` from a build that has it, then open the folder.</source>
        <translation>Questa build di Peng non può scaricare modelli (è stata compilata senza libcurl). Usa `peng-cli download` da una build che lo supporta, poi apri la cartella.</translation>
    </message>
    <message>
        <location filename="../app/model_downloader.cpp" line="102"/>
        <source>Choose a model and a folder to download it into.</source>
        <translation>Scegli un modello e una cartella in cui scaricarlo.</translation>
    </message>
    <message>
        <location filename="../app/model_downloader.cpp" line="115"/>
        <source>Cannot create the folder %1.</source>
        <translation>Impossibile creare la cartella %1.</translation>
    </message>
    <message>
        <location filename="../app/model_downloader.cpp" line="168"/>
        <source>%1 is gated or private: paste a Hugging Face access token in the Token field (create one at https://huggingface.co/settings/tokens after accepting the model&apos;s terms on its page).</source>
        <translation>%1 è ad accesso limitato o privato: incolla un token di accesso di Hugging Face nel campo Token (creane uno su https://huggingface.co/settings/tokens dopo aver accettato i termini del modello nella sua pagina).</translation>
    </message>
</context>
<context>
    <name>ModelFolder</name>
    <message>
        <location filename="../app/model_folder.cpp" line="15"/>
        <source>No folder was chosen.</source>
        <translation>Nessuna cartella scelta.</translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="17"/>
        <source>%1 does not exist.</source>
        <translation>%1 non esiste.</translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="18"/>
        <source>Choose the folder that holds config.json and the .safetensors shards.</source>
        <translation>Scegli la cartella che contiene config.json e i file .safetensors.</translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="19"/>
        <source>%1 is a file, not a folder.</source>
        <translation>%1 è un file, non una cartella.</translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="20"/>
        <source>%1 cannot be read (permissions).</source>
        <translation>%1 non può essere letto (permessi).</translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="22"/>
        <source>%1 has no config.json, so it is not a model checkpoint.</source>
        <translation>%1 non contiene config.json, quindi non è un checkpoint di modello.</translation>
    </message>
    <message>
        <location filename="../app/model_folder.cpp" line="24"/>
        <source>%1 has a config.json but no .safetensors files: the download may be incomplete.</source>
        <translation>%1 ha un config.json ma nessun file .safetensors: il download potrebbe essere incompleto.</translation>
    </message>
</context>
<context>
    <name>ModelSourceSettings</name>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="83"/>
        <source>Chats are answered by</source>
        <translation>Le chat ricevono risposta da</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="86"/>
        <source>This computer</source>
        <translation>Questo computer</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="88"/>
        <source>Answer with the model on this computer</source>
        <translation>Rispondi con il modello su questo computer</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="93"/>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="95"/>
        <source>Answer with a model on a server</source>
        <translation>Rispondi con un modello su un server</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="102"/>
        <source>Any OpenAI-compatible server: vLLM, SGLang, or peng-cli serve on another machine. Start vLLM or SGLang with --enable-return-routed-experts to see the experts light up in the brain.</source>
        <translation>Qualsiasi server compatibile con OpenAI: vLLM, SGLang o peng-cli serve su un&apos;altra macchina. Avvia vLLM o SGLang con --enable-return-routed-experts per vedere gli esperti accendersi nel cervello.</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="106"/>
        <location filename="../qml/ModelSourceSettings.qml" line="113"/>
        <source>Server address</source>
        <translation>Indirizzo del server</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="119"/>
        <source>API key</source>
        <translation>Chiave API</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="125"/>
        <source>none</source>
        <translation>nessuna</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="127"/>
        <source>Server API key</source>
        <translation>Chiave API del server</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="131"/>
        <source>Hide</source>
        <translation>Nascondi</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="131"/>
        <source>Show</source>
        <translation>Mostra</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="132"/>
        <source>Hide the server API key</source>
        <translation>Nascondi la chiave API del server</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="132"/>
        <source>Show the server API key</source>
        <translation>Mostra la chiave API del server</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="141"/>
        <source>The key is kept in the system keychain, never in Peng&apos;s settings file.</source>
        <translation>La chiave è conservata nel portachiavi di sistema, mai nel file delle impostazioni di Peng.</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="146"/>
        <source>Model</source>
        <translation>Modello</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="152"/>
        <source>no models listed yet</source>
        <translation>nessun modello ancora elencato</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="154"/>
        <source>Model on the server</source>
        <translation>Modello sul server</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="160"/>
        <source>Listing…</source>
        <translation>Elenco in corso…</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="160"/>
        <source>Refresh</source>
        <translation>Aggiorna</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="162"/>
        <source>Refresh the server&apos;s model list</source>
        <translation>Aggiorna l&apos;elenco dei modelli del server</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="175"/>
        <source>Connection</source>
        <translation>Connessione</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="178"/>
        <source>Testing…</source>
        <translation>Verifica in corso…</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="178"/>
        <source>Test connection</source>
        <translation>Verifica connessione</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="180"/>
        <source>Test the connection to the server</source>
        <translation>Verifica la connessione al server</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="193"/>
        <source>Apply</source>
        <translation>Applica</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="195"/>
        <source>Answer chats with the server</source>
        <translation>Rispondi alle chat con il server</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="195"/>
        <source>Answer chats on this computer</source>
        <translation>Rispondi alle chat su questo computer</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="201"/>
        <source>Now: %1 at %2.</source>
        <translation>Ora: %1 su %2.</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="201"/>
        <source>the server&apos;s model</source>
        <translation>il modello del server</translation>
    </message>
    <message>
        <location filename="../qml/ModelSourceSettings.qml" line="202"/>
        <source>Now: this computer.</source>
        <translation>Ora: questo computer.</translation>
    </message>
</context>
<context>
    <name>OpenAiStream</name>
    <message>
        <location filename="../app/openai_stream.cpp" line="66"/>
        <source>the server sent an event that is not JSON (%1 at byte %2): %3</source>
        <translation>il server ha inviato un evento che non è JSON (%1 al byte %2): %3</translation>
    </message>
    <message>
        <location filename="../app/openai_stream.cpp" line="70"/>
        <source>the server sent an event that is not a JSON object: %1</source>
        <translation>il server ha inviato un evento che non è un oggetto JSON: %1</translation>
    </message>
    <message>
        <location filename="../app/openai_stream.cpp" line="117"/>
        <source>sglext.routed_experts is not a base64 string</source>
        <translation>sglext.routed_experts non è una stringa base64</translation>
    </message>
</context>
<context>
    <name>ProfilePanel</name>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="15"/>
        <source>Profile</source>
        <translation>Profilo</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="22"/>
        <source>measured at the client: first token %1 s · %2 ms between texts</source>
        <translation>misurato sul client: primo token %1 s · %2 ms tra i testi</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="24"/>
        <source>measured at the client: the time between streamed pieces of text</source>
        <translation>misurato sul client: il tempo tra i frammenti di testo in streaming</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="26"/>
        <source>%1 tokens · %2 ms/token · %3 tok/s · hit %4%</source>
        <translation>%1 token · %2 ms/token · %3 tok/s · in memoria %4%</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="29"/>
        <source>one bar per generated token</source>
        <translation>una barra per token generato</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="40"/>
        <source>Profile: where each token&apos;s time went</source>
        <translation>Profilo: come si ripartisce il tempo di ogni token</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="96"/>
        <source>disk wait</source>
        <translation>attesa disco</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="104"/>
        <source>experts</source>
        <translation>esperti</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="112"/>
        <source>attention</source>
        <translation>attenzione</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="120"/>
        <source>dense</source>
        <translation>denso</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="128"/>
        <source>other</source>
        <translation>altro</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="128"/>
        <source>gap between text (client)</source>
        <translation>intervallo tra i testi (client)</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="136"/>
        <source>tok/s</source>
        <translation>tok/s</translation>
    </message>
    <message>
        <location filename="../qml/ProfilePanel.qml" line="144"/>
        <source>hit %</source>
        <translation>in memoria %</translation>
    </message>
</context>
<context>
    <name>RemoteClient</name>
    <message>
        <location filename="../app/remote_client.cpp" line="54"/>
        <source>%1 is not an OpenAI-compatible server: its /v1/models has no JSON &quot;data&quot; list.</source>
        <translation>%1 non è un server compatibile con OpenAI: il suo /v1/models non ha un elenco JSON &quot;data&quot;.</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="115"/>
        <source>&quot;%1&quot; is not an http:// or https:// address.</source>
        <translation>&quot;%1&quot; non è un indirizzo http:// o https://.</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="164"/>
        <source>%1 has no %2 (HTTP 404): it is not an OpenAI-compatible server, or the address&apos;s path is wrong (it usually ends in /v1).</source>
        <translation>%1 non ha %2 (HTTP 404): non è un server compatibile con OpenAI, oppure il percorso dell&apos;indirizzo è errato (di solito termina con /v1).</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="177"/>
        <source>%1 serves no models, so not %2.</source>
        <translation>%1 non serve alcun modello, quindi nemmeno %2.</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="178"/>
        <source>%1 does not serve %2. It serves: %3.</source>
        <translation>%1 non serve %2. Serve: %3.</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="224"/>
        <source>%1 answered with %2 instead of a stream of events: it does not stream chat completions.</source>
        <translation>%1 ha risposto con %2 invece che con un flusso di eventi: non trasmette in streaming le chat completion.</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="225"/>
        <source>no content type</source>
        <translation>nessun content type</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="245"/>
        <source>%1 sent a malformed event stream: %2</source>
        <translation>%1 ha inviato un flusso di eventi malformato: %2</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="277"/>
        <source>the stream ended</source>
        <translation>il flusso è terminato</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="278"/>
        <source>The connection to %1 ended before the answer was complete (%2). The partial answer is kept.</source>
        <translation>La connessione a %1 si è interrotta prima che la risposta fosse completa (%2). La risposta parziale viene conservata.</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="285"/>
        <source>%1 ended the connection without answering.</source>
        <translation>%1 ha chiuso la connessione senza rispondere.</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="314"/>
        <location filename="../app/remote_client.cpp" line="329"/>
        <source>The server&apos;s routed experts were unusable: %1.</source>
        <translation>Gli esperti instradati inviati dal server non erano utilizzabili: %1.</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="315"/>
        <source>The server sent no routed experts. vLLM and SGLang send them when started with --enable-return-routed-experts; Peng&apos;s server always can.</source>
        <translation>Il server non ha inviato esperti instradati. vLLM e SGLang li inviano se avviati con --enable-return-routed-experts; il server di Peng può farlo sempre.</translation>
    </message>
    <message>
        <location filename="../app/remote_client.cpp" line="330"/>
        <source>their shape could not be worked out</source>
        <translation>non è stato possibile ricavarne la struttura</translation>
    </message>
</context>
<context>
    <name>RemoteFailureText</name>
    <message>
        <location filename="../app/remote_failure.cpp" line="25"/>
        <source>Nothing answers at %1 (connection refused). Is the server running, and is the port right?</source>
        <translation>Nessuna risposta da %1 (connessione rifiutata). Il server è in esecuzione e la porta è corretta?</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="27"/>
        <source>The host %1 was not found. Check the address.</source>
        <translation>Host %1 non trovato. Controlla l&apos;indirizzo.</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="31"/>
        <source>%1 did not answer within %2 s. Is the address right, and is the server up?</source>
        <translation>%1 non ha risposto entro %2 s. L&apos;indirizzo è corretto e il server è attivo?</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="34"/>
        <source>The secure (TLS) connection to %1 failed: %2. Check the server&apos;s certificate, or use http:// if the server does not use TLS.</source>
        <translation>La connessione sicura (TLS) a %1 non è riuscita: %2. Controlla il certificato del server, oppure usa http:// se il server non usa TLS.</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="39"/>
        <source>%1 closed the connection without answering. Is it an HTTP server (https:// against a plain http port, or the reverse)?</source>
        <translation>%1 ha chiuso la connessione senza rispondere. È un server HTTP (https:// verso una porta http semplice, o viceversa)?</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="46"/>
        <source>The secure (TLS) connection to %1 failed: %2.</source>
        <translation>La connessione sicura (TLS) a %1 non è riuscita: %2.</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="47"/>
        <source>Could not talk to %1: %2</source>
        <translation>Impossibile comunicare con %1: %2</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="72"/>
        <source>%1 refused the API key (HTTP 401). Enter the key the server was started with.</source>
        <translation>%1 ha rifiutato la chiave API (HTTP 401). Inserisci la chiave con cui è stato avviato il server.</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="73"/>
        <source>%1 needs an API key (HTTP 401). Enter the key the server was started with.</source>
        <translation>%1 richiede una chiave API (HTTP 401). Inserisci la chiave con cui è stato avviato il server.</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="76"/>
        <source>%1 does not let this API key in (HTTP 403): %2</source>
        <translation>%1 non accetta questa chiave API (HTTP 403): %2</translation>
    </message>
    <message>
        <location filename="../app/remote_failure.cpp" line="77"/>
        <source>%1 answered HTTP %2: %3</source>
        <translation>%1 ha risposto HTTP %2: %3</translation>
    </message>
</context>
<context>
    <name>RemoteKeyStore</name>
    <message>
        <location filename="../app/remote_key_store.cpp" line="45"/>
        <source>The system keychain could not be read (%1). A key entered now is kept only until Peng closes.</source>
        <translation>Impossibile leggere il portachiavi di sistema (%1). Una chiave inserita ora viene conservata solo fino alla chiusura di Peng.</translation>
    </message>
    <message>
        <location filename="../app/remote_key_store.cpp" line="76"/>
        <source>The system keychain is not available (%1). The API key is kept only until Peng closes: enter it again after a restart.</source>
        <translation>Il portachiavi di sistema non è disponibile (%1). La chiave API viene conservata solo fino alla chiusura di Peng: inseriscila di nuovo dopo un riavvio.</translation>
    </message>
    <message>
        <location filename="../app/remote_key_store.cpp" line="97"/>
        <source>no answer within %1 s</source>
        <translation>nessuna risposta entro %1 s</translation>
    </message>
</context>
<context>
    <name>RemoteRoutingText</name>
    <message>
        <location filename="../app/remote_routing.cpp" line="14"/>
        <source>the routed experts are not valid base64</source>
        <translation>gli esperti instradati non sono base64 valido</translation>
    </message>
    <message>
        <location filename="../app/remote_routing.cpp" line="19"/>
        <source>the routed experts are %1 bytes, not a whole number of int32 ids</source>
        <translation>gli esperti instradati occupano %1 byte, non un numero intero di id int32</translation>
    </message>
    <message>
        <location filename="../app/remote_routing.cpp" line="29"/>
        <source>the model&apos;s MoE layer count and experts per token are unknown</source>
        <translation>il numero di strati MoE del modello e gli esperti per token sono sconosciuti</translation>
    </message>
    <message>
        <location filename="../app/remote_routing.cpp" line="34"/>
        <source>%1 routed expert ids do not fill rows of %2 MoE layers x %3 experts</source>
        <translation>%1 id di esperti instradati non riempiono righe di %2 strati MoE x %3 esperti</translation>
    </message>
    <message>
        <location filename="../app/remote_routing.cpp" line="39"/>
        <source>routed expert id %1 is outside the model&apos;s %2 experts</source>
        <translation>l&apos;id di esperto instradato %1 è fuori dai %2 esperti del modello</translation>
    </message>
</context>
<context>
    <name>ServerProbe</name>
    <message>
        <location filename="../app/server_probe.cpp" line="38"/>
        <source>The server lists no models.</source>
        <translation>Il server non elenca alcun modello.</translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="82"/>
        <source>Connected to %1, but it lists no models.</source>
        <translation>Connesso a %1, ma non elenca alcun modello.</translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="83"/>
        <source>Connected to %1. Choose one of its models: %2.</source>
        <translation>Connesso a %1. Scegli uno dei suoi modelli: %2.</translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="84"/>
        <source>Connected to %1; it serves %2.</source>
        <translation>Connesso a %1; serve %2.</translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="89"/>
        <source>The brain shows its %1 MoE layers of %2 experts, as the server describes them.</source>
        <translation>Il cervello mostra i suoi %1 strati MoE da %2 esperti, come li descrive il server.</translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="92"/>
        <source>The brain shows %1 MoE layers of %2 experts, known from the model&apos;s name.</source>
        <translation>Il cervello mostra %1 strati MoE da %2 esperti, ricavati dal nome del modello.</translation>
    </message>
    <message>
        <location filename="../app/server_probe.cpp" line="95"/>
        <source>The server does not describe the model&apos;s experts: the brain takes its shape from the routing of the first answer.</source>
        <translation>Il server non descrive gli esperti del modello: il cervello prende forma dall&apos;instradamento della prima risposta.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="74"/>
        <source>Settings</source>
        <translation>Impostazioni</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="78"/>
        <source>exact</source>
        <translation>esatto</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="94"/>
        <source>Model source</source>
        <translation>Origine del modello</translation>
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
        <translation>Budget RAM (GB)</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="105"/>
        <source>0 = no budget; the expert slots below decide.</source>
        <translation>0 = nessun limite; decidono gli slot per esperti qui sotto.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="108"/>
        <location filename="../qml/SettingsDialog.qml" line="111"/>
        <source>Expert slots per layer</source>
        <translation>Slot per esperti per strato</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="117"/>
        <location filename="../qml/SettingsDialog.qml" line="118"/>
        <source>all</source>
        <translation>tutti</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="120"/>
        <source>Least-recently-used RAM slots per MoE layer; experts outside them are read from disk when routed.</source>
        <translation>Slot RAM per strato MoE, gestiti per uso meno recente (LRU); gli esperti che non vi rientrano vengono letti dal disco quando sono instradati.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="132"/>
        <source>Plan: fits in RAM. All %1 experts (%2 GB) and the dense part (%3 GB) stay resident; after warm-up nothing streams.</source>
        <translation>Piano: sta nella RAM. Tutti i %1 esperti (%2 GB) e la parte densa (%3 GB) restano residenti; dopo il riscaldamento nulla viene letto dal disco.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="133"/>
        <source>Plan: streams %1 GB per token from disk. %2 of %3 experts per layer in RAM (expected hit rate %4%); minimum budget %5 GB.</source>
        <translation>Piano: legge %1 GB per token dal disco. %2 di %3 esperti per strato in RAM (tasso di successo atteso %4%); budget minimo %5 GB.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="144"/>
        <source>Expected speed: at most %1 tokens/s, the bound from the bytes each token moves (disk %2 GB/s, memory %3 GB/s, measured on this machine).</source>
        <translation>Velocità attesa: al massimo %1 token/s, il limite dato dai byte che ogni token sposta (disco %2 GB/s, memoria %3 GB/s, misurati su questa macchina).</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="147"/>
        <source>Expected speed: unknown, the disk could not be measured (%1).</source>
        <translation>Velocità attesa: sconosciuta, non è stato possibile misurare il disco (%1).</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="148"/>
        <source>Expected speed: measuring the disk and memory bandwidth…</source>
        <translation>Velocità attesa: misura della banda di disco e memoria in corso…</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="153"/>
        <location filename="../qml/SettingsDialog.qml" line="156"/>
        <source>VRAM budget (GB)</source>
        <translation>Budget VRAM (GB)</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="170"/>
        <source>0 = off. With an NVIDIA GPU, the dense matrices and the hottest experts go to VRAM; the output then stays within 1e-4 of the logit range but is not byte-identical. Applies when the model is reopened.</source>
        <translation>0 = spento. Con una GPU NVIDIA le matrici dense e gli esperti più usati vanno nella VRAM; l&apos;output resta entro 1e-4 dell&apos;intervallo dei logit ma non è identico byte per byte. Si applica quando il modello viene riaperto.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="175"/>
        <source>Speed / quality</source>
        <translation>Velocità / qualità</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="177"/>
        <source>These trim the experts each token runs. They are lossy: output changes, and the exact badge goes off while either is on. Measure shows what a setting costs on this model: the mean KL divergence from the exact model&apos;s next-token distribution and how often both pick the same top token.</source>
        <translation>Riducono gli esperti eseguiti per ogni token. Sono con perdita: l&apos;output cambia e il badge «esatto» si spegne finché uno dei due è attivo. Misura mostra quanto costa un&apos;impostazione su questo modello: la divergenza KL media dalla distribuzione del token successivo del modello esatto e quanto spesso entrambi scelgono lo stesso token più probabile.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="181"/>
        <source>TOPK: keep heaviest experts</source>
        <translation>TOPK: tieni gli esperti più pesanti</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="189"/>
        <location filename="../qml/SettingsDialog.qml" line="207"/>
        <source>%1 (lossy)</source>
        <translation>%1 (con perdita)</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="189"/>
        <location filename="../qml/SettingsDialog.qml" line="207"/>
        <source>off</source>
        <translation>spento</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="199"/>
        <source>TOPP: keep experts up to weight</source>
        <translation>TOPP: tieni esperti fino al peso</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="218"/>
        <source>The measurement failed: %1</source>
        <translation>La misurazione non è riuscita: %1</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="222"/>
        <source>Sampling</source>
        <translation>Campionamento</translation>
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
        <translation>greedy</translation>
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
        <translation>0 = nessun limite</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="255"/>
        <location filename="../qml/SettingsDialog.qml" line="256"/>
        <source>Seed</source>
        <translation>Seme</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="257"/>
        <source>-1 = a new seed for every answer; any other value repeats answers exactly</source>
        <translation>-1 = un nuovo seed per ogni risposta; qualsiasi altro valore ripete le risposte esattamente</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="260"/>
        <location filename="../qml/SettingsDialog.qml" line="261"/>
        <source>Answer length (tokens)</source>
        <translation>Lunghezza della risposta (token)</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="269"/>
        <source>Appearance</source>
        <translation>Aspetto</translation>
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
        <translation>Scuro</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="278"/>
        <source>Light</source>
        <translation>Chiaro</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="291"/>
        <location filename="../qml/SettingsDialog.qml" line="294"/>
        <source>Language</source>
        <translation>Lingua</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="279"/>
        <location filename="../qml/SettingsDialog.qml" line="298"/>
        <source>Follow the system</source>
        <translation>Come il sistema</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="79"/>
        <source>Close settings</source>
        <translation>Chiudi le impostazioni</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="162"/>
        <source>Size the VRAM budget automatically</source>
        <translation>Dimensiona automaticamente il budget VRAM</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="184"/>
        <source>TOPK: keep heaviest experts (0 = off, lossy)</source>
        <translation>TOPK: tieni gli esperti più pesanti (0 = spento, con perdita)</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="202"/>
        <source>TOPP: keep experts up to weight (0 = off, lossy)</source>
        <translation>TOPP: tieni esperti fino al peso (0 = spento, con perdita)</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="263"/>
        <source>0 = up to the context</source>
        <translation>0 = fino al limite del contesto</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="264"/>
        <source>up to the context: %1 tokens with the prompt</source>
        <translation>fino al limite del contesto: %1 token, prompt compreso</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="265"/>
        <source>up to the context</source>
        <translation>fino al limite del contesto</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="311"/>
        <source>Hardware</source>
        <translation>Hardware</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="315"/>
        <source>Machine</source>
        <translation>Macchina</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="317"/>
        <location filename="../qml/SettingsDialog.qml" line="318"/>
        <source>Threads</source>
        <translation>Thread</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="319"/>
        <source>0 = one per core. Thread count never changes output.</source>
        <translation>0 = uno per core. Il numero di thread non cambia mai l&apos;output.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="322"/>
        <location filename="../qml/SettingsDialog.qml" line="323"/>
        <source>Prefetch experts</source>
        <translation>Precarica gli esperti</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="324"/>
        <source>Starts reading the experts a layer will probably need before its router has chosen them. Exact; faster only where experts stream from disk. Applies from the next answer.</source>
        <translation>Inizia a leggere gli esperti di cui uno strato avrà probabilmente bisogno prima che il suo router li scelga. Esatto; più veloce solo dove gli esperti vengono letti dal disco. Si applica dalla risposta successiva.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="327"/>
        <location filename="../qml/SettingsDialog.qml" line="328"/>
        <source>GPU effects in the brain</source>
        <translation>Effetti GPU nel cervello</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="329"/>
        <source>Glow and cell gaps where the graphics driver runs shaders.</source>
        <translation>Bagliore e spazi tra le celle, dove il driver grafico esegue gli shader.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="331"/>
        <source>Local server</source>
        <translation>Server locale</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="334"/>
        <location filename="../qml/SettingsDialog.qml" line="338"/>
        <source>Serve this model on localhost</source>
        <translation>Servi questo modello su localhost</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="345"/>
        <source>Editors, agents and scripts on this computer use the open model through the OpenAI API, on 127.0.0.1 only. They take turns with this window&apos;s chat on the one copy of the model in memory.</source>
        <translation>Editor, agenti e script su questo computer usano il modello aperto tramite l&apos;API di OpenAI, solo su 127.0.0.1. Si alternano con la chat di questa finestra sull&apos;unica copia del modello in memoria.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="349"/>
        <source>Port</source>
        <translation>Porta</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="353"/>
        <source>Server port</source>
        <translation>Porta del server</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="356"/>
        <source>0 = any free port.</source>
        <translation>0 = una porta libera qualsiasi.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="360"/>
        <location filename="../qml/SettingsDialog.qml" line="370"/>
        <source>API key</source>
        <translation>Chiave API</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="367"/>
        <source>none</source>
        <translation>nessuna</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="375"/>
        <source>Hide</source>
        <translation>Nascondi</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="375"/>
        <source>Show</source>
        <translation>Mostra</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="376"/>
        <source>Hide the API key</source>
        <translation>Nascondi la chiave API</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="376"/>
        <source>Show the API key</source>
        <translation>Mostra la chiave API</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="380"/>
        <source>Generate</source>
        <translation>Genera</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="381"/>
        <source>Generate a new API key</source>
        <translation>Genera una nuova chiave API</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="385"/>
        <location filename="../qml/SettingsDialog.qml" line="414"/>
        <source>Copy</source>
        <translation>Copia</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="387"/>
        <source>Copy the API key</source>
        <translation>Copia la chiave API</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="391"/>
        <source>Clear</source>
        <translation>Rimuovi</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="393"/>
        <source>Remove the API key</source>
        <translation>Rimuovi la chiave API</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="399"/>
        <source>Without a key, any program on this computer may use the model. With one, clients send it as &apos;Authorization: Bearer KEY&apos;. It is kept in a file only you can read, which peng-cli serve --api-key-file also reads.</source>
        <translation>Senza chiave, qualsiasi programma su questo computer può usare il modello. Con una chiave, i client la inviano come &apos;Authorization: Bearer KEY&apos;. È conservata in un file che solo tu puoi leggere, lo stesso che legge peng-cli serve --api-key-file.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="403"/>
        <source>Address for OpenAI clients</source>
        <translation>Indirizzo per i client OpenAI</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="411"/>
        <source>Server address</source>
        <translation>Indirizzo del server</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="415"/>
        <source>Copy the server address</source>
        <translation>Copia l&apos;indirizzo del server</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="421"/>
        <source>Requests served: %1</source>
        <translation>Richieste servite: %1</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="430"/>
        <source>Model files</source>
        <translation>File del modello</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="432"/>
        <source>Checksums</source>
        <translation>Checksum</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="434"/>
        <source>Stop</source>
        <translation>Ferma</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="434"/>
        <source>Verify files</source>
        <translation>Verifica i file</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="435"/>
        <source>Stop verifying the model files</source>
        <translation>Interrompi la verifica dei file del modello</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="435"/>
        <source>Verify the model files</source>
        <translation>Verifica i file del modello</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="438"/>
        <source>Re-reads every file of the open model and compares it with the SHA-256 recorded when Peng generated, packed or downloaded it.</source>
        <translation>Rilegge ogni file del modello aperto e lo confronta con lo SHA-256 registrato quando Peng lo ha generato, impacchettato o scaricato.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="442"/>
        <source>Record checksums</source>
        <translation>Registra i checksum</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="444"/>
        <source>Records the files as they are now, so later changes can be found.</source>
        <translation>Registra i file così come sono ora, in modo da poter individuare le modifiche successive.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="446"/>
        <source>Verifying the model files</source>
        <translation>Verifica dei file del modello in corso</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="465"/>
        <source>Restore defaults</source>
        <translation>Ripristina predefiniti</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="475"/>
        <source>Reopen the model to apply</source>
        <translation>Riapri il modello per applicare</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="478"/>
        <source>Memory settings take effect when the model opens; the expert trim and prefetch apply from the next answer</source>
        <translation>Le impostazioni di memoria hanno effetto all&apos;apertura del modello; la riduzione degli esperti e il precaricamento dalla risposta successiva</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="480"/>
        <source>Done</source>
        <translation>Fatto</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="467"/>
        <source>Forget cached conversations</source>
        <translation>Dimentica le conversazioni in cache</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="470"/>
        <source>Deletes the saved attention caches that let conversations resume without recomputing their history. The conversations themselves stay.</source>
        <translation>Elimina le cache di attenzione salvate che permettono alle conversazioni di riprendere senza ricalcolare la cronologia. Le conversazioni restano.</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="161"/>
        <source>Auto</source>
        <translation>Automatico</translation>
    </message>
    <message>
        <location filename="../qml/SettingsDialog.qml" line="166"/>
        <source>Free VRAM minus 2 GB, measured when the model opens</source>
        <translation>VRAM libera meno 2 GB, misurata all&apos;apertura del modello</translation>
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
        <translation>MiMo-V2 su una sola macchina</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="49"/>
        <source>+  New conversation</source>
        <translation>+  Nuova conversazione</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="50"/>
        <source>New conversation</source>
        <translation>Nuova conversazione</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="53"/>
        <source>Ctrl+N</source>
        <translation>Ctrl+N</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="57"/>
        <source>Import…</source>
        <translation>Importa…</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="60"/>
        <source>Import a conversation from a JSON file</source>
        <translation>Importa una conversazione da un file JSON</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="61"/>
        <source>A Peng export, or OpenAI-style chat messages</source>
        <translation>Un&apos;esportazione di Peng o messaggi di chat in stile OpenAI</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="69"/>
        <source>Search conversations (Ctrl+F)</source>
        <translation>Cerca nelle conversazioni (Ctrl+F)</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="75"/>
        <source>Search conversations</source>
        <translation>Cerca nelle conversazioni</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="108"/>
        <source>Conversations</source>
        <translation>Conversazioni</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="109"/>
        <source>Up and Down move, Enter opens, F2 renames, Ctrl+E exports, Delete deletes</source>
        <translation>Su e Giù per spostarsi, Invio apre, F2 rinomina, Ctrl+E esporta, Canc elimina</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="140"/>
        <source>Open. Messages: %1</source>
        <translation>Aperta. Messaggi: %1</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="140"/>
        <source>Messages: %1</source>
        <translation>Messaggi: %1</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="165"/>
        <source>New name for the conversation</source>
        <translation>Nuovo nome della conversazione</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="187"/>
        <source>Rename “%1”</source>
        <translation>Rinomina “%1”</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="188"/>
        <source>Rename (F2)</source>
        <translation>Rinomina (F2)</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="195"/>
        <source>Export (Ctrl+E)</source>
        <translation>Esporta (Ctrl+E)</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="196"/>
        <source>Export “%1”</source>
        <translation>Esporta “%1”</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="200"/>
        <source>Export as Markdown…</source>
        <translation>Esporta in Markdown…</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="201"/>
        <source>Export as JSON…</source>
        <translation>Esporta in JSON…</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="207"/>
        <source>Delete “%1”</source>
        <translation>Elimina “%1”</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="208"/>
        <source>Delete (Del)</source>
        <translation>Elimina (Canc)</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="216"/>
        <source>Your conversations appear here.</source>
        <translation>Le tue conversazioni compaiono qui.</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="264"/>
        <source>Dismiss</source>
        <translation>Chiudi</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="264"/>
        <source>Dismiss the conversation file problems</source>
        <translation>Chiudi l&apos;avviso sui problemi dei file di conversazione</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="279"/>
        <source>Model</source>
        <translation>Modello</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="283"/>
        <location filename="../qml/Sidebar.qml" line="363"/>
        <source>Demo model</source>
        <translation>Modello demo</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="284"/>
        <source>Flash-shape stress demo</source>
        <translation>Demo di carico in forma Flash</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="286"/>
        <source>No model open</source>
        <translation>Nessun modello aperto</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="295"/>
        <source>%1 layers × %2 experts, %3 per token</source>
        <translation>%1 strati × %2 esperti, %3 per token</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="297"/>
        <source>%1 layers × %2 experts, %3 per token · %4</source>
        <translation>%1 strati × %2 esperti, %3 per token · %4</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="307"/>
        <source>dense %1 resident · one expert %2</source>
        <translation>parte densa %1 residente · un esperto %2</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="319"/>
        <source>remote: %1</source>
        <translation>remoto: %1</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="322"/>
        <source>random weights</source>
        <translation>pesi casuali</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="323"/>
        <source>lossy: experts trimmed</source>
        <translation>con perdita: esperti ridotti</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="326"/>
        <source>GPU: not byte-identical</source>
        <translation>GPU: non identico byte per byte</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="329"/>
        <source>The GPU computes part of each token. Its output stays within 1e-4 of the logit range of the CPU&apos;s but is not identical bit for bit. Set the VRAM budget to 0 for exact output.</source>
        <translation>La GPU calcola parte di ogni token. Il suo output resta entro 1e-4 dell&apos;intervallo dei logit della CPU ma non è identico bit per bit. Imposta il budget VRAM a 0 per un output esatto.</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="337"/>
        <source>exact</source>
        <translation>esatto</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="340"/>
        <source>No lossy setting is on: where experts are served from changes speed, never output.</source>
        <translation>Nessuna impostazione con perdita è attiva: da dove vengono serviti gli esperti cambia la velocità, mai l&apos;output.</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="346"/>
        <source>Open model…</source>
        <translation>Apri modello…</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="349"/>
        <source>A folder with config.json and the safetensors shards (Ctrl+O)</source>
        <translation>Una cartella con config.json e i frammenti safetensors (Ctrl+O)</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="354"/>
        <source>Get a model…</source>
        <translation>Ottieni un modello…</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="355"/>
        <source>Get a model: download one from Hugging Face</source>
        <translation>Ottieni un modello: scaricane uno da Hugging Face</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="357"/>
        <source>Download MiMo-V2 Flash or Pro, resumable and verified</source>
        <translation>Scarica MiMo-V2 Flash o Pro, con ripresa e verifica</translation>
    </message>
    <message>
        <location filename="../qml/Sidebar.qml" line="371"/>
        <source>Settings</source>
        <translation>Impostazioni</translation>
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
        <translation>il server ha inviato un evento più lungo di %1 MiB senza terminarlo</translation>
    </message>
</context>
<context>
    <name>StatsLine</name>
    <message>
        <location filename="../qml/StatsLine.qml" line="11"/>
        <source>finished</source>
        <translation>finito</translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="12"/>
        <source>hit the length limit</source>
        <translation>limite di lunghezza raggiunto</translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="13"/>
        <source>stopped</source>
        <translation>fermato</translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="14"/>
        <source>the context is full</source>
        <translation>contesto pieno</translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="19"/>
        <source>remote: %1</source>
        <translation>remoto: %1</translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="20"/>
        <source>remote: %6 · %1 tok/s · first token %2 s (measured here) · %3 → %4 tokens (%5 reused) · %7</source>
        <translation>remoto: %6 · %1 tok/s · primo token %2 s (misurato qui) · %3 → %4 token (%5 riusati) · %7</translation>
    </message>
    <message>
        <location filename="../qml/StatsLine.qml" line="25"/>
        <source>%1 tok/s · first token %2 s · %3 → %4 tokens (%7 reused) · experts hit %5% · %6</source>
        <translation>%1 tok/s · primo token %2 s · %3 → %4 token (%7 riusati) · esperti in memoria %5% · %6</translation>
    </message>
</context>
<context>
    <name>StatusOverlay</name>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="33"/>
        <location filename="../qml/StatusOverlay.qml" line="53"/>
        <source>Preparing the demo model</source>
        <translation>Preparazione del modello demo</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="34"/>
        <location filename="../qml/StatusOverlay.qml" line="53"/>
        <source>Opening the model</source>
        <translation>Apertura del modello</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="35"/>
        <source>Something went wrong</source>
        <translation>Qualcosa è andato storto</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="36"/>
        <source>No model open</source>
        <translation>Nessun modello aperto</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="44"/>
        <source>Peng works before you download anything: it is writing a demo checkpoint with MiMo-V2-Flash&apos;s real structure (48 layers × 256 routed experts) and random weights. This happens once.</source>
        <translation>Peng funziona prima che tu scarichi qualsiasi cosa: sta scrivendo un checkpoint demo con la struttura reale di MiMo-V2-Flash (48 strati × 256 esperti instradati) e pesi casuali. Succede una sola volta.</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="88"/>
        <source>Open model…</source>
        <translation>Apri modello…</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="88"/>
        <source>Open a model folder</source>
        <translation>Apri una cartella di modello</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="89"/>
        <source>Use the demo model</source>
        <translation>Usa il modello demo</translation>
    </message>
    <message>
        <location filename="../qml/StatusOverlay.qml" line="90"/>
        <source>Flash-shape stress demo</source>
        <translation>Demo di carico in forma Flash</translation>
    </message>
</context>
<context>
    <name>SupportPanel</name>
    <message>
        <location filename="../qml/SupportPanel.qml" line="14"/>
        <source>Log file</source>
        <translation>File di log</translation>
    </message>
    <message>
        <location filename="../qml/SupportPanel.qml" line="17"/>
        <source>not written</source>
        <translation>non scritto</translation>
    </message>
    <message>
        <location filename="../qml/SupportPanel.qml" line="23"/>
        <source>Open folder</source>
        <translation>Apri cartella</translation>
    </message>
    <message>
        <location filename="../qml/SupportPanel.qml" line="30"/>
        <source>Copy diagnostics</source>
        <translation>Copia diagnostica</translation>
    </message>
    <message>
        <location filename="../qml/SupportPanel.qml" line="32"/>
        <source>Copies Peng&apos;s and Qt&apos;s versions, the build options, this machine&apos;s hardware, the open model&apos;s plan and the latest errors from the log, to paste into a bug report.</source>
        <translation>Copia le versioni di Peng e di Qt, le opzioni di build, l&apos;hardware di questa macchina, il piano del modello aperto e gli ultimi errori del log, da incollare in una segnalazione di bug.</translation>
    </message>
    <message>
        <location filename="../qml/SupportPanel.qml" line="36"/>
        <source>Copied to the clipboard.</source>
        <translation>Copiato negli appunti.</translation>
    </message>
</context>
<context>
    <name>ThinkBlock</name>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="34"/>
        <source>Thinking…</source>
        <translation>Sto ragionando…</translation>
    </message>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="35"/>
        <source>Thought for %1 s</source>
        <translation>Ha ragionato per %1 s</translation>
    </message>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="35"/>
        <source>Thoughts</source>
        <translation>Ragionamento</translation>
    </message>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="42"/>
        <source>The model&apos;s reasoning, shown. Press to hide it.</source>
        <translation>Ragionamento del modello, visibile. Premi per nasconderlo.</translation>
    </message>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="43"/>
        <source>The model&apos;s reasoning, hidden. Press to show it.</source>
        <translation>Ragionamento del modello, nascosto. Premi per mostrarlo.</translation>
    </message>
    <message>
        <location filename="../qml/ThinkBlock.qml" line="64"/>
        <source>The model&apos;s reasoning</source>
        <translation>Ragionamento del modello</translation>
    </message>
</context>
<context>
    <name>TrimQualityCost</name>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="19"/>
        <source>KL %1 nats · top-1 %2%</source>
        <translation>KL %1 nat · top-1 %2%</translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="20"/>
        <source>measuring…</source>
        <translation>misurazione…</translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="20"/>
        <source>not measured</source>
        <translation>non misurato</translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="31"/>
        <source>Over %1 tokens of a fixed passage, against the exact model</source>
        <translation>Su %1 token di un testo fisso, rispetto al modello esatto</translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="36"/>
        <source>Measure</source>
        <translation>Misura</translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="37"/>
        <source>Measure the quality cost of this setting</source>
        <translation>Misura il costo in qualità di questa impostazione</translation>
    </message>
    <message>
        <location filename="../qml/TrimQualityCost.qml" line="40"/>
        <source>Runs the model with and without this setting and compares the next-token distributions</source>
        <translation>Esegue il modello con e senza questa impostazione e confronta le distribuzioni del token successivo</translation>
    </message>
</context>
</TS>
