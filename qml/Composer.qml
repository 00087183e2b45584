import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Peng

// The message box: Enter sends, Shift+Enter adds a line, Esc or the Stop button
// stops the answer (the engine checks the stop flag between layers).
Rectangle {
    id: composer
    readonly property bool generating: EngineController.state === EngineController.Generating
    readonly property bool ready: EngineController.state === EngineController.Ready
    implicitHeight: Math.min(220, Math.max(56, input.implicitHeight + 20))
    radius: 12
    color: Theme.panelRaised
    border.color: input.activeFocus ? Theme.focusRing : Theme.border
    border.width: input.activeFocus ? Theme.focusRingWidth : 1

    function send() {
        if (sendText(input.text)) input.text = ""
    }
    // Sends `text` as the user's message, as typing it and pressing Send does; false
    // when nothing was sent (no model ready, or only spaces).
    function sendText(text) {
        if (!ready || text.trim().length === 0) return false
        EngineController.send(text)
        return true
    }

    RowLayout {
        anchors.fill: parent
        anchors.margins: 8
        anchors.leftMargin: 14
        spacing: 8
        ScrollView {
            focus: true  // the message box has the keyboard focus when the window opens
            Layout.fillWidth: true
            Layout.fillHeight: true
            TabbingTextArea {
                id: input
                objectName: "messageInput"
                Accessible.name: qsTr("Message")
                background: null
                placeholderText: composer.ready ? qsTr("Message the model…  (Enter to send, Shift+Enter for a new line)")
                                                : (composer.generating ? qsTr("Answering… press Esc to stop") : qsTr("Waiting for a model…"))
                focus: true
                Keys.onReturnPressed: (event) => {
                    if (event.modifiers & Qt.ShiftModifier) { event.accepted = false; return }
                    composer.send()
                }
                Keys.onEnterPressed: (event) => composer.send()
            }
        }
        IconButton {
            Layout.alignment: Qt.AlignBottom
            objectName: "stopButton"
            visible: composer.generating
            text: qsTr("■ Stop")
            Accessible.name: qsTr("Stop the answer")
            tint: Theme.bad
            onClicked: EngineController.stop()
            ToolTip.text: qsTr("Esc")
        }
        IconButton {
            Layout.alignment: Qt.AlignBottom
            visible: !composer.generating
            objectName: "sendButton"
            primary: true
            enabled: composer.ready && input.text.trim().length > 0
            text: qsTr("Send")
            Accessible.name: qsTr("Send the message")
            onClicked: composer.send()
        }
    }
}
