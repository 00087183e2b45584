import QtQuick
import Peng

// A run of Markdown (md4c through Qt's MarkdownText). Selectable, links open.
TextEdit {
    id: md
    objectName: "markdownText"
    // Read as plain text (no Markdown marks), said to be the answer.
    Accessible.role: Accessible.StaticText
    Accessible.name: getText(0, length)
    Accessible.description: qsTr("Answer")
    textFormat: TextEdit.MarkdownText
    wrapMode: TextEdit.Wrap
    readOnly: true
    selectByMouse: true
    color: Theme.text
    selectionColor: Theme.accent
    selectedTextColor: Theme.accentText
    font.pixelSize: Theme.fontSize
    visible: text.length > 0
    height: visible ? implicitHeight : 0
    onLinkActivated: (link) => Qt.openUrlExternally(link)
    HoverHandler { cursorShape: md.hoveredLink ? Qt.PointingHandCursor : Qt.IBeamCursor }
}
