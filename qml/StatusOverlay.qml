import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Peng

// Covers the window while there is no usable model: generating the demo model
// (with its progress), opening a checkpoint, or a failure said in words with a way out.
Rectangle {
    id: overlay
    signal openModelRequested()
    readonly property int state: EngineController.state
    visible: state === EngineController.MakingDemo || state === EngineController.Loading
             || state === EngineController.Failed || state === EngineController.NoModel
    color: Qt.rgba(0.05, 0.06, 0.08, 0.88)

    MouseArea { anchors.fill: parent; hoverEnabled: true }  // the UI below is not usable meanwhile

    Rectangle {
        anchors.centerIn: parent
        width: Math.min(parent.width - 80, 560)
        implicitHeight: card.implicitHeight + 40
        radius: 14
        color: Theme.panelRaised
        border.color: Theme.border

        ColumnLayout {
            id: card
            anchors.fill: parent
            anchors.margins: 20
            spacing: 12
            Text {
                Layout.fillWidth: true
                text: overlay.state === EngineController.MakingDemo ? qsTr("Preparing the demo model")
                    : overlay.state === EngineController.Loading ? qsTr("Opening the model")
                    : overlay.state === EngineController.Failed ? qsTr("Something went wrong")
                    : qsTr("No model open")
                color: Theme.text
                font.pixelSize: 18
                font.weight: Font.DemiBold
            }
            Text {
                Layout.fillWidth: true
                visible: overlay.state === EngineController.MakingDemo
                text: qsTr("Peng works before you download anything: it is writing a demo checkpoint with MiMo-V2-Flash's real structure (48 layers × 256 routed experts) and random weights. This happens once.")
                color: Theme.textDim
                wrapMode: Text.Wrap
                font.pixelSize: 13
            }
            // Determinate: the demo generator and the model loader both report real fractions.
            ProgressBar {
                id: bar
                objectName: "loadProgress"
                Accessible.name: overlay.state === EngineController.MakingDemo ? qsTr("Preparing the demo model") : qsTr("Opening the model")
                Layout.fillWidth: true
                visible: overlay.state === EngineController.MakingDemo || overlay.state === EngineController.Loading
                from: 0; to: 1
                value: EngineController.progress
                background: Rectangle { implicitHeight: 6; radius: 3; color: Theme.field }
                contentItem: Item {
                    implicitHeight: 6
                    Rectangle {
                        width: bar.visualPosition * parent.width
                        height: parent.height
                        radius: 3
                        color: Theme.accent
                    }
                }
            }
            Text {
                Layout.fillWidth: true
                visible: text.length > 0 && overlay.state !== EngineController.Failed
                text: EngineController.progressText
                color: Theme.textFaint
                font.pixelSize: 11
                font.family: Theme.monoFont
                elide: Text.ElideMiddle
            }
            Text {
                Layout.fillWidth: true
                visible: overlay.state === EngineController.Failed
                text: EngineController.errorText
                color: Theme.bad
                wrapMode: Text.Wrap
                font.pixelSize: 13
            }
            RowLayout {
                visible: overlay.state === EngineController.Failed || overlay.state === EngineController.NoModel
                IconButton { primary: true; text: qsTr("Open model…"); Accessible.name: qsTr("Open a model folder"); onClicked: overlay.openModelRequested() }
                IconButton { text: qsTr("Use the demo model"); onClicked: EngineController.openDemo() }
                IconButton { text: qsTr("Flash-shape stress demo"); onClicked: EngineController.openStressDemo() }
            }
        }
    }
}
