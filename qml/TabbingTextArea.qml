import QtQuick
import QtQuick.Controls.Basic
import Peng

// A TextArea that Tab leaves instead of typing a tab character, so keyboard users
// are never trapped in it (Shift+Tab goes back). Its border shows focus.
TextArea {
    id: area
    property color borderColor: Theme.border
    color: Theme.text
    wrapMode: TextEdit.Wrap
    placeholderTextColor: Theme.textFaint
    Accessible.description: placeholderText
    Keys.onTabPressed: nextItemInFocusChain(true).forceActiveFocus(Qt.TabFocusReason)
    Keys.onBacktabPressed: nextItemInFocusChain(false).forceActiveFocus(Qt.BacktabFocusReason)
    background: Rectangle {
        color: Theme.field
        radius: Theme.radius
        border.color: area.activeFocus ? Theme.focusRing : area.borderColor
        border.width: area.activeFocus ? Theme.focusRingWidth : 1
    }
}
