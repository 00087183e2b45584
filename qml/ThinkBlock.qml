import QtQuick
import QtQuick.Layouts
import Peng

// The model's reasoning, collapsed to one line with its duration once finished.
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
        Text {
            Layout.fillWidth: true
            text: (think.expanded ? "▾  " : "▸  ") + (think.active ? qsTr("Thinking…")
                   : (think.seconds > 0 ? qsTr("Thought for %1 s").arg(think.seconds.toFixed(1)) : qsTr("Thoughts")))
            color: Theme.textDim
            font.pixelSize: Theme.smallFont
            font.weight: Font.DemiBold
            TapHandler { onTapped: think.expanded = !think.expanded }
            HoverHandler { cursorShape: Qt.PointingHandCursor }
        }
        TextEdit {
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
