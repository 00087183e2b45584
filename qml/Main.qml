import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Dialogs
import QtQuick.Layouts
import Peng

ApplicationWindow {
    id: window
    width: 1440
    height: 900
    minimumWidth: 960
    minimumHeight: 600
    visible: true
    title: EngineController.backend === "server" ? qsTr("Peng — remote: %1").arg(EngineController.remoteHost)
           : EngineController.model.name ? qsTr("Peng — %1").arg(EngineController.model.name) : qsTr("Peng")
    color: Theme.window
    font.pixelSize: Theme.fontSize

    Shortcut { sequence: "Esc"; onActivated: EngineController.stop() }
    Shortcut { sequence: StandardKey.New; onActivated: if (!EngineController.busy) ConversationStore.newConversation() }
    Shortcut { sequence: "Ctrl+O"; onActivated: folderDialog.open() }
    Shortcut { sequence: "Ctrl+,"; onActivated: settingsDialog.open() }

    FolderDialog {
        id: folderDialog
        title: qsTr("Open a MiMo-V2 checkpoint folder")
        onAccepted: EngineController.openModel(selectedFolder)
    }

    SettingsDialog { id: settingsDialog; objectName: "settingsDialog" }

    RowLayout {
        anchors.fill: parent
        spacing: 0

        Sidebar {
            Layout.fillHeight: true
            Layout.preferredWidth: 260
            onOpenModelRequested: folderDialog.open()
            onSettingsRequested: settingsDialog.open()
        }

        ChatView {
            Layout.fillWidth: true
            Layout.fillHeight: true
        }

        Rectangle {
            Layout.fillHeight: true
            Layout.preferredWidth: Math.max(440, window.width * 0.36)
            color: Theme.panel
            border.color: Theme.border

            ColumnLayout {
                anchors.fill: parent
                anchors.margins: Theme.spacing
                spacing: Theme.spacing
                BrainPanel {
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    Layout.preferredHeight: 3
                }
                ProfilePanel {
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    Layout.preferredHeight: 2
                }
            }
        }
    }

    StatusOverlay {
        anchors.fill: parent
        onOpenModelRequested: folderDialog.open()
    }
}
