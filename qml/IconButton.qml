import QtQuick
import QtQuick.Controls.Basic

// A flat text button for toolbars and message actions.
Button {
    id: control
    property color tint: Theme.textDim
    property bool primary: false
    flat: true
    padding: 6
    horizontalPadding: 10
    font.pixelSize: Theme.smallFont
    hoverEnabled: true
    contentItem: Text {
        text: control.text
        font: control.font
        color: control.primary ? Theme.accentText : (control.enabled ? (control.hovered ? Theme.text : control.tint) : Theme.textFaint)
        horizontalAlignment: Text.AlignHCenter
        verticalAlignment: Text.AlignVCenter
        elide: Text.ElideRight
    }
    background: Rectangle {
        radius: 6
        color: control.primary ? (control.down ? Qt.darker(Theme.accent, 1.2) : Theme.accent)
                               : (control.down ? Theme.border : (control.hovered ? Theme.panelRaised : "transparent"))
        border.color: control.primary ? "transparent" : (control.hovered ? Theme.border : "transparent")
    }
    ToolTip.visible: hovered && ToolTip.text.length > 0
    ToolTip.delay: 600
}
