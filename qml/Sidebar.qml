import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Peng

// Conversations (new, rename, delete), conversation-file problems, and the open model.
// The list works from the keyboard: Up/Down move, Enter opens, F2 renames, Delete
// asks before deleting.
Rectangle {
    id: sidebar
    signal openModelRequested()
    signal settingsRequested()
    color: Theme.panel
    border.color: Theme.border

    function formatBytes(b) {
        if (b >= 1073741824) return qsTr("%1 GB").arg((b / 1073741824).toFixed(1))
        if (b >= 1048576) return qsTr("%1 MB").arg((b / 1048576).toFixed(1))
        return qsTr("%1 KB").arg((b / 1024).toFixed(0))
    }

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: Theme.spacing
        spacing: 10

        RowLayout {
            spacing: 10
            Image {
                source: "qrc:/Peng/resources/peng.svg"
                sourceSize: Qt.size(30, 30)
                Layout.preferredWidth: 30
                Layout.preferredHeight: 30
            }
            ColumnLayout {
                spacing: 0
                Text { text: "Peng"; color: Theme.text; font.pixelSize: 18; font.weight: Font.Bold; Accessible.role: Accessible.Heading; Accessible.name: text }
                Text { text: qsTr("MiMo-V2 on one machine"); color: Theme.textFaint; font.pixelSize: 11 }
            }
        }

        RowLayout {
            Layout.fillWidth: true
            spacing: 6
            IconButton {
                Layout.fillWidth: true
                primary: true
                objectName: "newConversationButton"
                text: qsTr("+  New conversation")
                Accessible.name: qsTr("New conversation")
                enabled: !EngineController.busy
                onClicked: ConversationStore.newConversation()
                ToolTip.text: qsTr("Ctrl+N")
            }
            IconButton {
                objectName: "importButton"
                text: qsTr("Import…")
                enabled: !EngineController.busy && !ConversationStore.readOnly
                onClicked: transfer.importFile()
                Accessible.name: qsTr("Import a conversation from a JSON file")
                ToolTip.text: qsTr("A Peng export, or OpenAI-style chat messages")
            }
        }

        TextField {
            id: searchField
            objectName: "searchField"
            Layout.fillWidth: true
            placeholderText: qsTr("Search conversations (Ctrl+F)")
            placeholderTextColor: Theme.textFaint
            color: Theme.text
            font.pixelSize: 13
            selectByMouse: true
            background: Rectangle { color: Theme.field; radius: 6; border.color: searchField.activeFocus ? Theme.accent : Theme.border }
            Accessible.name: qsTr("Search conversations")
            // Esc clears the search here rather than reaching the window's Esc (stop).
            Keys.onShortcutOverride: (event) => event.accepted = event.key === Qt.Key_Escape && text !== ""
            Keys.onEscapePressed: text = ""
            Keys.onDownPressed: searchResults.forceActiveFocus()
        }
        Shortcut { sequence: StandardKey.Find; onActivated: searchField.forceActiveFocus() }

        ConversationSearchResults {
            id: searchResults
            objectName: "searchResults"
            Layout.fillWidth: true
            Layout.fillHeight: true
            visible: searchField.text.trim() !== ""
            query: searchField.text
        }

        ConversationTransfer { id: transfer; Layout.fillWidth: true }

        ListView {
            id: list
            visible: !searchResults.visible
            objectName: "conversationList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            spacing: 2
            model: ConversationStore
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar {}
            activeFocusOnTab: true
            keyNavigationEnabled: true
            Accessible.role: Accessible.List
            Accessible.name: qsTr("Conversations")
            Accessible.description: qsTr("Up and Down move, Enter opens, F2 renames, Ctrl+E exports, Delete deletes")
            readonly property var currentRow: currentItem
            Keys.onReturnPressed: if (currentRow) currentRow.open()
            Keys.onEnterPressed: if (currentRow) currentRow.open()
            Keys.onDeletePressed: if (currentRow && !EngineController.busy) deleteDialog.ask(currentRow.conversationId, currentRow.title)
            Keys.onPressed: (event) => {
                if (event.key === Qt.Key_F2 && currentRow && !EngineController.busy) { currentRow.editing = true; event.accepted = true }
                if (event.key === Qt.Key_E && (event.modifiers & Qt.ControlModifier) && currentRow) { currentRow.openExportMenu(); event.accepted = true }
            }
            delegate: Rectangle {
                id: row
                required property int index
                required property string conversationId
                required property string title
                required property int messageCount
                property bool current: conversationId === ConversationStore.currentId
                property bool editing: false
                readonly property bool keyboardFocus: ListView.isCurrentItem && list.activeFocus
                function openExportMenu() { exportMenu.popup(exportButton, 0, exportButton.height) }
                function open() { if (!EngineController.busy) ConversationStore.select(conversationId) }
                // The list's keyboard cursor starts on the open conversation.
                onCurrentChanged: if (current && !list.activeFocus) list.currentIndex = index
                Component.onCompleted: if (current) list.currentIndex = index
                width: ListView.view.width
                height: 36
                radius: 6
                color: current ? Theme.panelRaised : (hover.hovered ? Theme.hover : "transparent")
                border.color: keyboardFocus ? Theme.focusRing : (current ? Theme.border : "transparent")
                border.width: keyboardFocus ? Theme.focusRingWidth : 1
                Accessible.role: Accessible.ListItem
                Accessible.name: title
                Accessible.description: current ? qsTr("Open. Messages: %1").arg(messageCount) : qsTr("Messages: %1").arg(messageCount)
                Accessible.selected: current
                Accessible.selectable: true
                Accessible.focusable: true
                Accessible.focused: keyboardFocus
                HoverHandler { id: hover }
                TapHandler {
                    enabled: !row.editing && !EngineController.busy
                    onTapped: { list.currentIndex = row.index; ConversationStore.select(row.conversationId) }
                    onDoubleTapped: row.editing = true
                }
                Text {
                    visible: !row.editing
                    anchors.left: parent.left
                    anchors.right: actions.left
                    anchors.verticalCenter: parent.verticalCenter
                    anchors.leftMargin: 10
                    text: row.title
                    color: row.current ? Theme.text : Theme.textDim
                    elide: Text.ElideRight
                    font.pixelSize: 13
                }
                TextField {
                    id: renameField
                    visible: row.editing
                    Accessible.name: qsTr("New name for the conversation")
                    anchors.fill: parent
                    anchors.margins: 2
                    text: row.title
                    color: Theme.text
                    font.pixelSize: 13
                    background: Rectangle { color: Theme.field; radius: 5; border.color: Theme.accent }
                    onVisibleChanged: if (visible) { selectAll(); forceActiveFocus() }
                    onAccepted: { ConversationStore.rename(row.conversationId, text); row.editing = false; list.forceActiveFocus() }
                    Keys.onEscapePressed: { row.editing = false; list.forceActiveFocus() }
                    onActiveFocusChanged: if (!activeFocus) row.editing = false
                }
                Row {
                    id: actions
                    anchors.right: parent.right
                    anchors.verticalCenter: parent.verticalCenter
                    anchors.rightMargin: 4
                    visible: (hover.hovered || row.keyboardFocus) && !row.editing && !EngineController.busy
                    // Out of the Tab order: from the keyboard, F2 and Delete on the list do the same.
                    IconButton {
                        text: "✎"
                        focusPolicy: Qt.NoFocus
                        Accessible.name: qsTr("Rename “%1”").arg(row.title)
                        ToolTip.text: qsTr("Rename (F2)")
                        onClicked: row.editing = true
                    }
                    IconButton {
                        id: exportButton
                        text: "⇩"
                        focusPolicy: Qt.NoFocus
                        ToolTip.text: qsTr("Export (Ctrl+E)")
                        Accessible.name: qsTr("Export “%1”").arg(row.title)
                        onClicked: row.openExportMenu()
                        Menu {
                            id: exportMenu
                            MenuItem { text: qsTr("Export as Markdown…"); onTriggered: transfer.exportAs(row.conversationId, row.title, "markdown") }
                            MenuItem { text: qsTr("Export as JSON…"); onTriggered: transfer.exportAs(row.conversationId, row.title, "json") }
                        }
                    }
                    IconButton {
                        text: "✕"
                        focusPolicy: Qt.NoFocus
                        Accessible.name: qsTr("Delete “%1”").arg(row.title)
                        ToolTip.text: qsTr("Delete (Del)")
                        onClicked: deleteDialog.ask(row.conversationId, row.title)
                    }
                }
            }
            Text {
                anchors.centerIn: parent
                visible: list.count === 0
                text: qsTr("Your conversations appear here.")
                color: Theme.textFaint
                font.pixelSize: 12
            }
        }

        // Another window holds the conversation folder: this one only reads it, and says so.
        Rectangle {
            Layout.fillWidth: true
            visible: ConversationStore.readOnly
            implicitHeight: readOnlyText.implicitHeight + 16
            radius: Theme.radius
            color: Qt.rgba(1, 0.75, 0.3, 0.08)
            border.color: Qt.rgba(1, 0.75, 0.3, 0.4)
            Text {
                id: readOnlyText
                anchors.fill: parent
                anchors.margins: 8
                text: ConversationStore.readOnlyReason
                color: Theme.text
                wrapMode: Text.Wrap
                font.pixelSize: 11
            }
        }

        // Damaged or newer conversation files: said plainly, with where the bytes went.
        Rectangle {
            Layout.fillWidth: true
            visible: ConversationStore.problems.length > 0
            implicitHeight: problemColumn.implicitHeight + 16
            radius: Theme.radius
            color: Qt.rgba(1, 0.42, 0.42, 0.08)
            border.color: Qt.rgba(1, 0.42, 0.42, 0.4)
            ColumnLayout {
                id: problemColumn
                anchors.fill: parent
                anchors.margins: 8
                Repeater {
                    model: ConversationStore.problems
                    Text {
                        required property string modelData
                        Layout.fillWidth: true
                        text: modelData
                        color: Theme.text
                        wrapMode: Text.Wrap
                        font.pixelSize: 11
                    }
                }
                IconButton { text: qsTr("Dismiss"); Accessible.name: qsTr("Dismiss the conversation file problems"); onClicked: ConversationStore.dismissProblems() }
            }
        }

        Rectangle {
            Layout.fillWidth: true
            implicitHeight: modelColumn.implicitHeight + 20
            radius: Theme.radius
            color: Theme.panelRaised
            border.color: Theme.border
            ColumnLayout {
                id: modelColumn
                anchors.fill: parent
                anchors.margins: 10
                spacing: 4
                Text { text: qsTr("Model"); color: Theme.textFaint; font.pixelSize: 11; font.capitalization: Font.AllUppercase }
                Text {
                    Layout.fillWidth: true
                    text: EngineController.model.remote ? EngineController.model.name
                          : EngineController.model.name ? (EngineController.model.demoKind === "trained" ? qsTr("Demo model")
                             : EngineController.model.demoKind === "stress" ? qsTr("Flash-shape stress demo")
                             : EngineController.model.name)
                                                      : qsTr("No model open")
                    color: Theme.text
                    font.weight: Font.DemiBold
                    elide: Text.ElideMiddle
                }
                Text {
                    Layout.fillWidth: true
                    visible: !!EngineController.model.name && (!EngineController.model.remote || EngineController.model.shapeKnown)
                    text: EngineController.model.remote
                          ? qsTr("%1 layers × %2 experts, %3 per token").arg(EngineController.model.layers)
                            .arg(EngineController.model.experts).arg(EngineController.model.expertsPerToken)
                          : qsTr("%1 layers × %2 experts, %3 per token · %4").arg(EngineController.model.layers)
                          .arg(EngineController.model.experts).arg(EngineController.model.expertsPerToken)
                          .arg(EngineController.model.format)
                    color: Theme.textDim
                    font.pixelSize: 11
                    wrapMode: Text.Wrap
                }
                Text {
                    Layout.fillWidth: true
                    visible: !!EngineController.model.name && !EngineController.model.remote
                    text: qsTr("dense %1 resident · one expert %2").arg(sidebar.formatBytes(EngineController.model.denseBytes))
                          .arg(sidebar.formatBytes(EngineController.model.expertBytes))
                    color: Theme.textFaint
                    font.pixelSize: 11
                    wrapMode: Text.Wrap
                }
                Flow {
                    Layout.fillWidth: true
                    spacing: 6
                    Badge {
                        objectName: "remoteBadge"
                        visible: EngineController.backend === "server"
                        text: qsTr("remote: %1").arg(EngineController.remoteHost)
                        tint: Theme.accent
                    }
                    Badge { visible: EngineController.randomWeights; text: qsTr("random weights"); tint: Theme.warn }
                    Badge { visible: !!EngineController.model.trimmed; text: qsTr("lossy: experts trimmed"); tint: Theme.warn }
                    Badge {
                        visible: !!EngineController.model.gpuLabel
                        text: qsTr("GPU: not byte-identical")
                        tint: Theme.warn
                        ToolTip.visible: gpuHover.hovered
                        ToolTip.text: qsTr("The GPU computes part of each token. Its output stays within 1e-4 of the logit range of the CPU's but is not identical bit for bit. Set the VRAM budget to 0 for exact output.") + "\n" + EngineController.model.gpuNote
                        HoverHandler { id: gpuHover }
                    }
                    Badge {
                        objectName: "exactBadge"
                        // A server's output is its own engine's: nothing here vouches for it.
                        visible: !!EngineController.model.name && !EngineController.model.remote
                                 && !EngineController.model.trimmed && !EngineController.model.gpuLabel
                        text: qsTr("exact")
                        tint: Theme.good
                        ToolTip.visible: exactHover.hovered
                        ToolTip.text: qsTr("No lossy setting is on: where experts are served from changes speed, never output.")
                        HoverHandler { id: exactHover }
                    }
                }
                IconButton {
                        Layout.fillWidth: true
                        text: qsTr("Open model…")
                        enabled: !EngineController.busy
                        onClicked: sidebar.openModelRequested()
                        ToolTip.text: qsTr("A folder with config.json and the safetensors shards (Ctrl+O)")
                }
                IconButton {
                        objectName: "getModelButton"
                        Layout.fillWidth: true
                        text: qsTr("Get a model…")
                        Accessible.name: qsTr("Get a model: download one from Hugging Face")
                        onClicked: getModelPage.open()
                        ToolTip.text: qsTr("Download MiMo-V2 Flash or Pro, resumable and verified")
                }
                RowLayout {
                    Layout.fillWidth: true
                    IconButton {
                        Layout.fillWidth: true
                        text: qsTr("Demo model")
                        visible: !EngineController.model.isDemo
                        enabled: !EngineController.busy
                        onClicked: EngineController.openDemo()
                    }
                    IconButton {
                        Layout.fillWidth: true
                        objectName: "settingsButton"
                        text: qsTr("Settings")
                        onClicked: sidebar.settingsRequested()
                        ToolTip.text: qsTr("Ctrl+,")
                    }
                }
            }
        }
    }
    // Centred on the window, not on the sidebar.
    // focus: the page takes the keyboard when it opens (Tab moves inside it, Esc closes it).
    GetModelPage { id: getModelPage; parent: sidebar.Window.contentItem; focus: true }
    DeleteConversationDialog {
        id: deleteDialog
        parent: sidebar.Window.contentItem
        onClosed: list.forceActiveFocus()
    }
}
