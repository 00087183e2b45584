import QtQuick
import QtQuick.Controls.Basic

// A flat text button for toolbars and message actions. Reached with Tab, pressed
// with Space or Enter; a ring in the accent colour shows keyboard focus. Screen
// readers get its text as the name (set Accessible.name where the text is a glyph)
// and its tooltip as the description.
Button {
    id: control
    property color tint: Theme.textDim
    property bool primary: false
    flat: true
    padding: 6
    horizontalPadding: 10
    font.pixelSize: Theme.smallFont
    hoverEnabled: true
    focusPolicy: Qt.StrongFocus
    Accessible.description: ToolTip.text
    Keys.onReturnPressed: if (control.enabled) control.clicked()  // Qt 6.4 has no AbstractButton.click()
    Keys.onEnterPressed: if (control.enabled) control.clicked()
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
        border.width: control.visualFocus ? Theme.focusRingWidth : 1
        border.color: control.visualFocus ? (control.primary ? Theme.text : Theme.focusRing)
                                          : control.primary ? "transparent" : (control.hovered ? Theme.border : "transparent")
    }
    ToolTip.visible: (hovered || visualFocus) && ToolTip.text.length > 0
    ToolTip.delay: 600
}
