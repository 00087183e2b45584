import QtQuick
import QtQuick.Controls.Basic

// A small rounded label: "exact", "random weights", tier names.
Rectangle {
    id: badge
    property alias text: label.text
    property color tint: Theme.good
    implicitWidth: label.implicitWidth + 14
    implicitHeight: label.implicitHeight + 6
    radius: height / 2
    color: Qt.rgba(tint.r, tint.g, tint.b, Theme.badgeTintAlpha)
    border.color: Qt.rgba(tint.r, tint.g, tint.b, 0.5)
    Accessible.role: Accessible.StaticText
    Accessible.name: label.text
    Accessible.description: ToolTip.text  // the tooltip, which only a mouse could show
    Text {
        id: label
        anchors.centerIn: parent
        color: badge.tint
        font.pixelSize: 11
        font.weight: Font.DemiBold
    }
}
