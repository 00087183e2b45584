import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Peng

// Asks before a conversation is deleted (from its ✕ button or the Delete key).
// Cancel has the focus, so a stray Enter deletes nothing; Esc cancels too.
Popup {
    id: dialog
    objectName: "deleteConversationDialog"
    property string conversationId
    property string conversationTitle
    modal: true
    anchors.centerIn: parent
    width: Math.min(440, (parent ? parent.width : 440) - 60)
    padding: 20
    closePolicy: Popup.CloseOnEscape | Popup.CloseOnPressOutside
    background: Rectangle { color: Theme.panelRaised; radius: 14; border.color: Theme.border }

    function ask(id, title) {
        conversationId = id
        conversationTitle = title
        open()
    }
    onOpened: cancelButton.forceActiveFocus(Qt.TabFocusReason)

    ColumnLayout {
        anchors.fill: parent
        spacing: 14
        Accessible.role: Accessible.Dialog
        Accessible.name: qsTr("Delete conversation")
        Text {
            Layout.fillWidth: true
            text: qsTr("Delete “%1”?").arg(dialog.conversationTitle)
            color: Theme.text
            font.pixelSize: 16
            font.weight: Font.DemiBold
            wrapMode: Text.Wrap
            Accessible.role: Accessible.Heading
            Accessible.name: text
        }
        Text {
            Layout.fillWidth: true
            text: qsTr("Its messages are removed from this computer. This cannot be undone.")
            color: Theme.textDim
            wrapMode: Text.Wrap
            Accessible.role: Accessible.StaticText
            Accessible.name: text
        }
        RowLayout {
            Layout.alignment: Qt.AlignRight
            IconButton {
                id: cancelButton
                objectName: "cancelDeleteButton"
                text: qsTr("Cancel")
                Accessible.name: qsTr("Cancel: keep the conversation")
                KeyNavigation.right: deleteButton
                onClicked: dialog.close()
            }
            IconButton {
                id: deleteButton
                objectName: "confirmDeleteButton"
                text: qsTr("Delete")
                tint: Theme.bad
                Accessible.name: qsTr("Delete the conversation")
                KeyNavigation.left: cancelButton
                onClicked: {
                    ConversationStore.remove(dialog.conversationId)
                    dialog.close()
                }
            }
        }
    }
}
