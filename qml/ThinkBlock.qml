import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Peng

// The model's reasoning, collapsed to one line with its duration once finished.
// Its header is a button: click, Space or Enter opens and closes it.
Rectangle {
    id: think
    property string text
    property bool active: false
    property real seconds: 0
    property bool expanded: active
    onActiveChanged: expanded = active
    implicitHeight: column.implicitHeight + 16
    radius: Theme.radius
    color: Theme.thinkBackground
    border.color: Theme.border

    ColumnLayout {
        id: column
        anchors.left: parent.left
        anchors.right: parent.right
        anchors.top: parent.top
        anchors.margins: 8
        anchors.leftMargin: 12
        spacing: 6
        AbstractButton {
            id: toggle
            objectName: "thinkToggle"
            Layout.fillWidth: true
            focusPolicy: Qt.StrongFocus
            padding: 2
            readonly property string label: think.active ? qsTr("Thinking…")
                : (think.seconds > 0 ? qsTr("Thought for %1 s").arg(think.seconds.toFixed(1)) : qsTr("Thoughts"))
            text: (think.expanded ? "▾  " : "▸  ") + label
            onClicked: think.expanded = !think.expanded
            Keys.onReturnPressed: toggle.clicked()
            Keys.onEnterPressed: toggle.clicked()
            Accessible.role: Accessible.Button
            Accessible.name: label
            Accessible.description: think.expanded ? qsTr("The model's reasoning, shown. Press to hide it.")
                                                   : qsTr("The model's reasoning, hidden. Press to show it.")
            Accessible.checkable: true
            Accessible.checked: think.expanded
            contentItem: Text {
                text: toggle.text
                color: Theme.textDim
                font.pixelSize: Theme.smallFont
                font.weight: Font.DemiBold
            }
            background: Rectangle {
                color: "transparent"
                radius: 4
                border.width: Theme.focusRingWidth
                border.color: toggle.visualFocus ? Theme.focusRing : "transparent"
            }
            HoverHandler { cursorShape: Qt.PointingHandCursor }
        }
        TextEdit {
            objectName: "thinkText"
            Accessible.role: Accessible.StaticText
            Accessible.name: getText(0, length)
            Accessible.description: qsTr("The model's reasoning")
            visible: think.expanded && think.text.length > 0
            Layout.fillWidth: true
            text: think.text
            textFormat: TextEdit.MarkdownText
            wrapMode: TextEdit.Wrap
            readOnly: true
            selectByMouse: true
            color: Theme.textDim
            font.pixelSize: 13
        }
    }
}
