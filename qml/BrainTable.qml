import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Peng

// The brain's hottest experts as a table (layer, expert, where it lives, heat):
// the grid's content for the keyboard and screen readers. Up/Down move; each row
// is read as one line. Fed by BrainModel.hottestExperts, refreshed about once a second.
ListView {
    id: table
    objectName: "brainTable"
    property var brain
    model: brain ? brain.hottestExperts : []
    clip: true
    activeFocusOnTab: true
    keyNavigationEnabled: true
    boundsBehavior: Flickable.StopAtBounds
    ScrollBar.vertical: ScrollBar {}
    Accessible.role: Accessible.List
    Accessible.name: qsTr("Hottest experts")
    Accessible.description: count > 0 ? qsTr("Layer, expert, where it lives and heat; Up and Down move")
                                      : qsTr("No expert has been routed yet.")

    readonly property var columns: [qsTr("Layer"), qsTr("Expert"), qsTr("Lives in"), qsTr("Heat")]
    readonly property var columnWidths: [0.18, 0.18, 0.42, 0.22]

    header: Row {
        width: table.width
        height: 24
        Repeater {
            model: table.columns
            Text {
                required property int index
                required property string modelData
                width: table.width * table.columnWidths[index]
                height: parent.height
                text: modelData
                color: Theme.textDim
                font.pixelSize: 11
                font.weight: Font.DemiBold
                verticalAlignment: Text.AlignVCenter
                leftPadding: 6
                Accessible.role: Accessible.ColumnHeader
                Accessible.name: modelData
            }
        }
    }

    delegate: Rectangle {
        id: row
        required property int index
        required property var modelData
        readonly property bool keyboardFocus: ListView.isCurrentItem && table.activeFocus
        readonly property var cells: [String(modelData.layer), String(modelData.expert), modelData.tierName,
                                      Number(modelData.heat).toFixed(1)]
        width: table.width
        height: 22
        radius: 4
        color: index % 2 ? "transparent" : Theme.panelRaised
        border.width: keyboardFocus ? Theme.focusRingWidth : 0
        border.color: Theme.focusRing
        Accessible.role: Accessible.ListItem
        Accessible.name: qsTr("Layer %1, expert %2, in %3, heat %4").arg(cells[0]).arg(cells[1]).arg(cells[2]).arg(cells[3])
        Accessible.focusable: true
        Accessible.focused: keyboardFocus
        Accessible.selected: ListView.isCurrentItem
        Row {
            anchors.fill: parent
            Repeater {
                model: row.cells
                Text {
                    required property int index
                    required property string modelData
                    width: table.width * table.columnWidths[index]
                    height: row.height
                    text: modelData
                    color: Theme.text
                    font.pixelSize: 11
                    font.family: Theme.monoFont
                    verticalAlignment: Text.AlignVCenter
                    leftPadding: 6
                    Accessible.ignored: true  // the row says it all
                }
            }
        }
    }

    Text {
        anchors.centerIn: parent
        visible: table.count === 0
        text: qsTr("No expert has been routed yet.")
        color: Theme.textFaint
        font.pixelSize: 12
    }
}
