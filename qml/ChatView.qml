import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Peng

// The open conversation: header with its system prompt and thinking switch, the
// messages, and the composer.
Item {
    id: chatView

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        // Header
        Rectangle {
            Layout.fillWidth: true
            implicitHeight: headerColumn.implicitHeight + 20
            color: Theme.window
            ColumnLayout {
                id: headerColumn
                anchors.fill: parent
                anchors.margins: 10
                anchors.leftMargin: 20
                anchors.rightMargin: 20
                spacing: 8
                RowLayout {
                    Layout.fillWidth: true
                    Text {
                        Layout.fillWidth: true
                        text: ConversationStore.currentTitle || qsTr("New conversation")
                        Accessible.role: Accessible.Heading
                        Accessible.name: text
                        color: Theme.text
                        font.pixelSize: 16
                        font.weight: Font.DemiBold
                        elide: Text.ElideRight
                    }
                    IconButton {
                        objectName: "systemPromptButton"
                        Accessible.name: systemPromptBox.visible ? qsTr("Hide the system prompt")
                                         : (ConversationStore.systemPrompt ? qsTr("Edit the system prompt (one is set)") : qsTr("Edit the system prompt"))
                        text: systemPromptBox.visible ? qsTr("Hide system prompt") : (ConversationStore.systemPrompt ? qsTr("System prompt ✓") : qsTr("System prompt"))
                        onClicked: {
                            systemPromptBox.visible = !systemPromptBox.visible
                            if (systemPromptBox.visible) systemPromptBox.forceActiveFocus(Qt.TabFocusReason)
                        }
                        ToolTip.text: qsTr("Instructions given to the model before this conversation")
                    }
                    Switch {
                        id: thinkingSwitch
                        objectName: "thinkingSwitch"
                        text: qsTr("Thinking")
                        Accessible.name: qsTr("Thinking")
                        Accessible.description: ToolTip.text
                        checked: ConversationStore.thinking
                        enabled: !EngineController.busy
                        onToggled: ConversationStore.thinking = checked
                        contentItem: Text {
                            leftPadding: thinkingSwitch.indicator.width + 6
                            text: thinkingSwitch.text
                            color: Theme.textDim
                            font.pixelSize: Theme.smallFont
                            verticalAlignment: Text.AlignVCenter
                        }
                        ToolTip.visible: hovered || visualFocus
                        ToolTip.delay: 600
                        ToolTip.text: qsTr("Let the model reason in a <think> block before answering")
                    }
                }
                TabbingTextArea {
                    id: systemPromptBox
                    objectName: "systemPromptBox"
                    visible: false
                    Layout.fillWidth: true
                    Layout.preferredHeight: Math.min(140, Math.max(60, implicitHeight))
                    placeholderText: qsTr("System prompt for this conversation, e.g. “You are a concise assistant.”")
                    Accessible.name: qsTr("System prompt")
                    text: ConversationStore.systemPrompt
                    onEditingFinished: ConversationStore.systemPrompt = text
                }
            }
            Rectangle { anchors.bottom: parent.bottom; width: parent.width; height: 1; color: Theme.border }
        }

        CrashReportBanner {
            Layout.fillWidth: true
            Layout.margins: 12
            Layout.bottomMargin: 0
        }

        DemoBanner {
            Layout.fillWidth: true
            Layout.margins: 12
            Layout.bottomMargin: 0
            visible: EngineController.randomWeights || EngineController.model.demoKind === "trained"
        }

        ListView {
            id: messages
            objectName: "messageList"
            Accessible.role: Accessible.List
            Accessible.name: qsTr("Messages")
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: ConversationStore.messages
            spacing: 14
            topMargin: 16
            bottomMargin: 16
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar {}
            // Follow the answer while the user is at the bottom; stay put if they scrolled up.
            property bool follow: true
            onMovementEnded: follow = atYEnd
            onContentHeightChanged: if (follow) Qt.callLater(positionViewAtEnd)
            onCountChanged: { follow = true; Qt.callLater(positionViewAtEnd) }
            delegate: MessageDelegate {
                width: ListView.view.width
                isLast: index === ListView.view.count - 1
            }

            Column {
                anchors.centerIn: parent
                visible: messages.count === 0
                spacing: 8
                width: Math.min(parent.width - 80, 520)
                Text {
                    width: parent.width
                    horizontalAlignment: Text.AlignHCenter
                    text: EngineController.state === EngineController.Ready ? qsTr("Ask anything.") : ""
                    Accessible.role: Accessible.StaticText
                    Accessible.name: text
                    color: Theme.text
                    font.pixelSize: 22
                    font.weight: Font.Light
                }
                Text {
                    width: parent.width
                    horizontalAlignment: Text.AlignHCenter
                    wrapMode: Text.Wrap
                    text: qsTr("Every answer lights up the experts it used in the brain on the right, and its per-token timing shows up below it.")
                    Accessible.role: Accessible.StaticText
                    Accessible.name: text
                    color: Theme.textFaint
                    font.pixelSize: 13
                }
                Item { width: 1; height: 8; visible: demoSuggestions.visible }
                DemoSuggestions {
                    id: demoSuggestions
                    objectName: "demoSuggestions"
                    width: parent.width
                    visible: EngineController.model.demoKind === "trained"
                    onChosen: (text) => composer.sendText(text)
                }
            }
        }

        Composer {
            id: composer
            Layout.fillWidth: true
            Layout.margins: 16
            Layout.topMargin: 4
        }
    }
}
