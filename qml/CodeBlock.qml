import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Peng

// A fenced code block: language, copy button, highlighted monospace text.
Rectangle {
    id: block
    objectName: "codeBlock"
    property string code
    property string language
    implicitHeight: column.implicitHeight
    radius: Theme.radius
    color: Theme.codeBackground
    border.color: Theme.border

    ColumnLayout {
        id: column
        width: parent.width
        spacing: 0
        RowLayout {
            Layout.fillWidth: true
            Layout.leftMargin: 12
            Layout.rightMargin: 4
            Text {
                Layout.fillWidth: true
                text: block.language || qsTr("code")
                color: "#9aa2b4"  // on the code ground, which is dark in both themes
                font.pixelSize: 11
                font.family: Theme.monoFont
            }
            IconButton {
                id: copyButton
                objectName: "copyCodeButton"
                property bool copied: false
                text: copied ? qsTr("Copied") : qsTr("Copy")
                Accessible.name: block.language ? qsTr("Copy the %1 code").arg(block.language) : qsTr("Copy the code")
                Accessible.description: copied ? qsTr("Copied to the clipboard") : "" 
                onClicked: { Clipboard.copy(block.code); copied = true; resetCopied.restart() }
                Timer { id: resetCopied; interval: 1500; onTriggered: copyButton.copied = false }
            }
        }
        Rectangle { Layout.fillWidth: true; height: 1; color: Theme.border }
        TextEdit {
            id: codeText
            objectName: "codeText"
            Accessible.role: Accessible.StaticText
            Accessible.name: block.code
            Accessible.description: block.language ? qsTr("Code, %1").arg(block.language) : qsTr("Code")
            Layout.fillWidth: true
            Layout.margins: 12
            text: block.code
            textFormat: TextEdit.PlainText
            wrapMode: TextEdit.WrapAnywhere
            readOnly: true
            selectByMouse: true
            color: "#d6deeb"
            selectionColor: Theme.accent
            font.family: Theme.monoFont
            font.pixelSize: 13
            CodeHighlighter {
                document: codeText.textDocument
                language: block.language
            }
        }
    }
}
