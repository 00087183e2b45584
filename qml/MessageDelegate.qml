import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Peng

// One message. A user message is a bubble that can be edited and resent; an
// assistant message is its blocks (thinking, Markdown, code) plus stats and actions.
// The actions show on hover and whenever one of them has keyboard focus.
Item {
    id: delegate
    required property int index
    required property string role
    required property string content
    required property var blocks
    required property real thinkingSeconds
    required property bool thinkingActive
    required property bool streaming
    required property var stats
    required property string error
    required property string interrupted
    required property string backend
    property bool isLast: false
    property bool editing: false
    readonly property bool isUser: role === "user"
    readonly property real columnWidth: Math.min(width - 48, 860)

    implicitHeight: body.implicitHeight
    Accessible.role: Accessible.ListItem
    Accessible.name: isUser ? qsTr("You said") : qsTr("The model answered")

    HoverHandler { id: hover }

    ColumnLayout {
        id: body
        x: (delegate.width - delegate.columnWidth) / 2
        width: delegate.columnWidth
        spacing: 6

        // User bubble
        Rectangle {
            visible: delegate.isUser && !delegate.editing
            Layout.alignment: Qt.AlignRight
            Layout.maximumWidth: delegate.columnWidth * 0.85
            implicitWidth: userText.implicitWidth + 28
            implicitHeight: userText.implicitHeight + 20
            radius: 14
            color: Theme.userBubble
            TextEdit {
                id: userText
                objectName: "userText"
                Accessible.role: Accessible.StaticText
                Accessible.name: delegate.content
                Accessible.description: qsTr("Your message")
                anchors.centerIn: parent
                width: Math.min(implicitWidth, delegate.columnWidth * 0.85 - 28)
                text: delegate.content
                color: Theme.text
                wrapMode: TextEdit.Wrap
                readOnly: true
                selectByMouse: true
                selectedTextColor: Theme.accentText
                selectionColor: Theme.accent
                font.pixelSize: Theme.fontSize
            }
        }
        ColumnLayout {
            visible: delegate.isUser && delegate.editing
            Layout.fillWidth: true
            TabbingTextArea {
                id: editBox
                objectName: "editBox"
                Layout.fillWidth: true
                text: delegate.content
                borderColor: Theme.accent
                Accessible.name: qsTr("Edit your message")
                Keys.onEscapePressed: { delegate.editing = false; editButton.forceActiveFocus(Qt.TabFocusReason) }
            }
            RowLayout {
                Layout.alignment: Qt.AlignRight
                IconButton {
                    text: qsTr("Cancel")
                    Accessible.name: qsTr("Cancel editing")
                    onClicked: { delegate.editing = false; editButton.forceActiveFocus(Qt.TabFocusReason) }
                }
                IconButton {
                    primary: true
                    objectName: "saveAndResendButton"
                    text: qsTr("Save and resend")
                    enabled: EngineController.state === EngineController.Ready
                    onClicked: { delegate.editing = false; EngineController.editAndResend(delegate.index, editBox.text) }
                }
            }
        }
        RowLayout {
            visible: delegate.isUser && !delegate.editing
            Layout.alignment: Qt.AlignRight
            opacity: hover.hovered || userCopy.activeFocus || editButton.activeFocus ? 1 : 0
            Behavior on opacity { NumberAnimation { duration: 120 } }
            IconButton {
                id: userCopy
                text: qsTr("Copy")
                Accessible.name: qsTr("Copy your message")
                onClicked: Clipboard.copy(delegate.content)
            }
            IconButton {
                id: editButton
                objectName: "editButton"
                text: qsTr("Edit")
                Accessible.name: qsTr("Edit your message and resend it")
                enabled: EngineController.state === EngineController.Ready
                onClicked: {
                    editBox.text = delegate.content
                    delegate.editing = true
                    editBox.forceActiveFocus(Qt.TabFocusReason)
                }
            }
        }

        // Assistant blocks
        Repeater {
            model: delegate.isUser ? null : delegate.blocks
            delegate: Loader {
                required property int kind
                required property string text
                required property string language
                required property bool closed
                required property int index
                Layout.fillWidth: true
                sourceComponent: kind === MessageBlocks.Code ? codeBlock : (kind === MessageBlocks.Think ? thinkBlock : markdownBlock)
                Component {
                    id: markdownBlock
                    MarkdownBlock { text: parent ? parent.text : "" }
                }
                Component {
                    id: codeBlock
                    CodeBlock { code: parent ? parent.text : ""; language: parent ? parent.language : "" }
                }
                Component {
                    id: thinkBlock
                    ThinkBlock {
                        text: parent ? parent.text : ""
                        active: delegate.thinkingActive && parent && !parent.closed
                        seconds: delegate.thinkingSeconds
                    }
                }
            }
        }

        Text {
            visible: !delegate.isUser && delegate.streaming && delegate.blocks && delegate.blocks.rowCount() <= 1 && delegate.content.length === 0 && !delegate.thinkingActive
            text: qsTr("…")
            Accessible.role: Accessible.StaticText
            Accessible.name: qsTr("The answer is starting")
            color: Theme.textDim
            font.pixelSize: 18
        }

        Text {
            objectName: "interruptedNote"
            visible: delegate.interrupted.length > 0
            Layout.fillWidth: true
            text: qsTr("Interrupted: %1").arg(delegate.interrupted)
            Accessible.role: Accessible.StaticText
            Accessible.name: text
            color: Theme.warn
            wrapMode: Text.Wrap
        }

        Text {
            visible: delegate.error.length > 0
            Layout.fillWidth: true
            text: qsTr("The answer failed: %1").arg(delegate.error)
            Accessible.role: Accessible.StaticText
            Accessible.name: text
            color: Theme.bad
            wrapMode: Text.Wrap
        }

        RowLayout {
            visible: !delegate.isUser && !delegate.streaming
            Layout.fillWidth: true
            spacing: 4
            StatsLine { stats: delegate.stats; Layout.fillWidth: true }
            IconButton {
                id: answerCopy
                objectName: "copyAnswerButton"
                opacity: hover.hovered || activeFocus ? 1 : 0.0
                text: qsTr("Copy")
                Accessible.name: qsTr("Copy the answer")
                onClicked: Clipboard.copy(delegate.content)
            }
            IconButton {
                objectName: "regenerateButton"
                visible: delegate.isLast
                text: qsTr("↻ Regenerate")
                Accessible.name: qsTr("Regenerate the answer")
                enabled: EngineController.state === EngineController.Ready
                onClicked: EngineController.regenerate()
            }
        }
    }
}
