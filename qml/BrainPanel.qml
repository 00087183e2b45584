import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Peng

// The brain: every routed expert of every layer as one cell. Colour = where the
// expert lives, brightness = routing heat, a white flash when the router picks it.
// For the keyboard and screen readers the grid is focusable and described in words
// (BrainModel.summary), and "Table" shows the hottest experts as a list.
ColumnLayout {
    id: panel
    spacing: 8
    readonly property var brain: EngineController.brain
    readonly property var tierNames: [qsTr("VRAM"), qsTr("Pinned RAM"), qsTr("RAM slot"), qsTr("Disk")]
    readonly property int total: brain.layers > 0 ? brain.tierCounts.reduce((a, b) => a + b, 0) : 0
    // The shader needs the RHI; the software scene graph (offscreen, VMs) draws the CPU texture.
    // The shader knows the local tiers only; a server's grid is drawn from the CPU texture.
    readonly property bool remote: EngineController.backend === "server"
    readonly property bool useShader: GraphicsInfo.api !== GraphicsInfo.Software && AppSettings.shaderEffects && !remote
    // Why a server's answers light nothing (it returned no routing), with how to enable it.
    readonly property string note: remote ? EngineController.brainNote : ""
    property bool showTable: false

    RowLayout {
        Layout.fillWidth: true
        Text {
            text: qsTr("Brain"); color: Theme.text; font.pixelSize: 15; font.weight: Font.DemiBold
            Accessible.role: Accessible.Heading
            Accessible.name: text
        }
        Text {
            Layout.fillWidth: true
            text: panel.brain.layers > 0 ? qsTr("%1 layers × %2 experts").arg(panel.brain.layers).arg(panel.brain.experts) : ""
            color: Theme.textFaint
            font.pixelSize: 12
        }
        Text {
            text: panel.brain.activeExperts > 0 ? qsTr("%1 lit").arg(panel.brain.activeExperts) : ""
            color: Theme.textDim
            font.pixelSize: 12
        }
        IconButton {
            objectName: "brainTableButton"
            text: panel.showTable ? qsTr("Grid") : qsTr("Table")
            Accessible.name: panel.showTable ? qsTr("Show the brain as a grid") : qsTr("Show the hottest experts as a table")
            ToolTip.text: qsTr("The hottest experts as a list: layer, expert, where it lives and heat")
            onClicked: panel.showTable = !panel.showTable
        }
    }

    BrainTable {
        visible: panel.showTable
        brain: panel.brain
        Layout.fillWidth: true
        Layout.fillHeight: true
        Layout.minimumHeight: 120
    }

    Item {
        id: gridArea
        visible: !panel.showTable
        Layout.fillWidth: true
        Layout.fillHeight: true
        Layout.minimumHeight: 120

        // Layer numbers down the left edge; dense layers named.
        Item {
            id: axis
            width: 34
            anchors.top: grid.top
            anchors.bottom: grid.bottom
            Repeater {
                model: panel.brain.layers
                Text {
                    required property int index
                    readonly property bool dense: panel.brain.denseLayers.indexOf(index) >= 0
                    visible: dense || index % 8 === 0 || index === panel.brain.layers - 1
                    y: (index + 0.5) * axis.height / Math.max(1, panel.brain.layers) - height / 2
                    anchors.right: parent.right
                    anchors.rightMargin: 4
                    text: dense ? qsTr("dense") : index
                    color: dense ? Theme.warn : Theme.textFaint
                    font.pixelSize: 9
                }
            }
        }

        Rectangle {
            id: grid
            objectName: "brainGrid"  // the smoke test finds the cells by this item's rectangle
            anchors.left: axis.right
            anchors.right: parent.right
            anchors.top: parent.top
            anchors.bottom: parent.bottom
            color: "#07080b"
            border.color: activeFocus ? Theme.focusRing : Theme.border
            border.width: activeFocus ? Theme.focusRingWidth : 1
            activeFocusOnTab: true
            Accessible.role: Accessible.Graphic
            Accessible.name: qsTr("Brain: every expert of every layer")
            Accessible.description: panel.brain.summary
            Accessible.focusable: true

            BrainView {
                id: colorView
                objectName: "brainColors"
                opacity: panel.note.length > 0 ? 0.3 : 1
                anchors.fill: parent
                anchors.margins: 1
                model: panel.brain
                source: BrainView.Colors
                visible: !panel.useShader
            }

            // GPU path: the raw data texture (tier, heat, flash) through brain.frag.
            BrainView {
                id: dataView
                width: Math.max(1, panel.brain.experts)
                height: Math.max(1, panel.brain.layers)
                model: panel.brain
                source: BrainView.ShaderData
                visible: panel.useShader
            }
            ShaderEffect {
                anchors.fill: parent
                anchors.margins: 1
                visible: panel.useShader && panel.brain.layers > 0
                property variant data: ShaderEffectSource {
                    sourceItem: dataView
                    hideSource: true
                    smooth: false
                    live: true
                }
                property size grid: Qt.size(Math.max(1, panel.brain.experts), Math.max(1, panel.brain.layers))
                property size cellPixels: Qt.size(width / grid.width, height / grid.height)
                property color vramColor: panel.brain.tierColor(0)
                property color pinnedColor: panel.brain.tierColor(1)
                property color slotColor: panel.brain.tierColor(2)
                property color diskColor: panel.brain.tierColor(3)
                property color denseColor: panel.brain.tierColor(4)
                fragmentShader: "qrc:/Peng/shaders/brain.frag.qsb"
            }

            Text {
                anchors.centerIn: parent
                visible: panel.brain.layers === 0 && panel.note.length === 0
                text: panel.remote ? qsTr("The experts appear here once the server returns their routing.")
                                   : qsTr("The experts appear here once a model is open.")
                color: Theme.textFaint
                font.pixelSize: 12
            }
            Text {
                objectName: "brainNote"
                anchors.centerIn: parent
                width: parent.width - 40
                visible: panel.note.length > 0
                text: panel.note
                color: Theme.textDim
                font.pixelSize: 12
                wrapMode: Text.Wrap
                horizontalAlignment: Text.AlignHCenter
            }

            MouseArea {
                id: hoverArea
                anchors.fill: parent
                hoverEnabled: true
                property var cell: ({})
                onPositionChanged: (mouse) => cell = panel.brain.cellAt(mouse.x / width, mouse.y / height)
                onExited: cell = ({})
                Connections {
                    target: panel.brain
                    function onFramePublished() {
                        if (hoverArea.containsMouse)
                            hoverArea.cell = panel.brain.cellAt(hoverArea.mouseX / hoverArea.width, hoverArea.mouseY / hoverArea.height)
                    }
                }
            }
            Rectangle {
                visible: hoverArea.containsMouse && hoverArea.cell.layer !== undefined
                x: Math.min(hoverArea.mouseX + 14, grid.width - width - 4)
                y: Math.max(4, hoverArea.mouseY - height - 10)
                width: tip.implicitWidth + 16
                height: tip.implicitHeight + 12
                radius: 6
                color: "#e6101320"
                border.color: Theme.border
                Text {
                    id: tip
                    anchors.centerIn: parent
                    color: Theme.text
                    font.pixelSize: 11
                    text: {
                        const c = hoverArea.cell
                        if (c.layer === undefined) return ""
                        if (c.dense) return qsTr("Layer %1: dense MLP, no routed experts").arg(c.layer)
                        return qsTr("Layer %1 · expert %2\n%3 · heat %4 · routed %5×").arg(c.layer).arg(c.expert)
                               .arg(c.tier === 5 ? qsTr("remote") : panel.tierNames[c.tier]).arg(c.heat.toFixed(1)).arg(c.routed)
                    }
                }
            }
        }
    }

    // How many experts sit in each tier, as a bar and a legend.
    Rectangle {
        visible: !panel.remote
        Layout.fillWidth: true
        Layout.leftMargin: axis.width
        height: 8
        radius: 4
        color: "#07080b"
        clip: true
        Row {
            anchors.fill: parent
            Repeater {
                model: 4
                Rectangle {
                    required property int index
                    height: parent.height
                    width: panel.total > 0 ? parent.width * panel.brain.tierCounts[index] / panel.total : 0
                    color: panel.brain.tierColor(index)
                }
            }
        }
    }
    RowLayout {
        visible: panel.remote
        Layout.fillWidth: true
        Layout.leftMargin: axis.width
        spacing: 6
        Rectangle { width: 10; height: 10; radius: 2; color: panel.brain.tierColor(5); Layout.alignment: Qt.AlignTop; Layout.topMargin: 2 }
        Text {
            objectName: "remoteLegend"
            Layout.fillWidth: true
            text: qsTr("remote: the experts live on the server at %1 (no VRAM, RAM or disk tiers there)").arg(EngineController.remoteHost)
            color: Theme.textDim
            font.pixelSize: 11
            wrapMode: Text.Wrap
        }
    }
    Flow {
        Layout.fillWidth: true
        Layout.leftMargin: axis.width
        spacing: 14
        Repeater {
            model: panel.remote ? 0 : 4
            Row {
                required property int index
                spacing: 6
                Rectangle { width: 10; height: 10; radius: 2; color: panel.brain.tierColor(index); anchors.verticalCenter: parent.verticalCenter }
                Text {
                    text: panel.tierNames[index] + "  " + (panel.brain.layers > 0 ? panel.brain.tierCounts[index] : 0)
                    color: Theme.textDim
                    font.pixelSize: 11
                }
            }
        }
        Row {
            spacing: 6
            Rectangle { width: 10; height: 10; radius: 2; color: panel.brain.tierColor(4); anchors.verticalCenter: parent.verticalCenter }
            Text { text: qsTr("dense layer"); color: Theme.textDim; font.pixelSize: 11 }
        }
        Text {
            text: qsTr("brighter = routed more · white = just routed")
            color: Theme.textFaint
            font.pixelSize: 11
        }
    }
}
