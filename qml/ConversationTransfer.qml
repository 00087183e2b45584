import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Dialogs
import Peng

// Export a conversation (Markdown or JSON) and import one (a Peng export or OpenAI
// messages): the file dialogs, and a short notice of what happened.
Item {
    id: transfer
    property string exportId: ""
    property string exportFormat: "markdown"
    property string notice: ""
    property bool noticeIsError: false

    function exportAs(conversationId, title, format) {
        exportId = conversationId
        exportFormat = format
        const base = (title || qsTr("conversation")).replace(/[\\/:*?"<>|]+/g, " ").trim().slice(0, 60)
        exportDialog.selectedFile = exportDialog.currentFolder + "/" + base + (format === "json" ? ".json" : ".md")
        exportDialog.open()
    }
    function importFile() { importDialog.open() }
    function show(text, isError) {
        notice = text
        noticeIsError = isError
        noticeTimer.restart()
    }

    FileDialog {
        id: exportDialog
        objectName: "exportDialog"
        title: transfer.exportFormat === "json" ? qsTr("Export conversation as JSON") : qsTr("Export conversation as Markdown")
        fileMode: FileDialog.SaveFile
        nameFilters: transfer.exportFormat === "json" ? [qsTr("JSON files (*.json)")] : [qsTr("Markdown files (*.md)")]
        onAccepted: {
            const error = ConversationStore.exportConversation(transfer.exportId, selectedFile, transfer.exportFormat)
            transfer.show(error ? error : qsTr("Exported to %1").arg(decodeURIComponent(selectedFile.toString().replace(/^file:\/\//, ""))),
                          !!error)
        }
    }
    FileDialog {
        id: importDialog
        objectName: "importDialog"
        title: qsTr("Import a conversation")
        fileMode: FileDialog.OpenFile
        nameFilters: [qsTr("Conversations (*.json)"), qsTr("All files (*)")]
        onAccepted: {
            const result = ConversationStore.importConversation(selectedFile)
            if (!result.ok) transfer.show(result.error, true)
            else transfer.show([qsTr("Imported.")].concat(result.notes).join(" "), false)
        }
    }
    Timer { id: noticeTimer; interval: 12000; onTriggered: transfer.notice = "" }

    // The notice, shown where the parent places this item.
    implicitHeight: notice ? noticeText.implicitHeight + 16 : 0
    visible: notice !== ""
    Rectangle {
        anchors.fill: parent
        radius: Theme.radius
        color: transfer.noticeIsError ? Qt.rgba(1, 0.42, 0.42, 0.08) : Qt.rgba(0.3, 0.8, 0.5, 0.08)
        border.color: transfer.noticeIsError ? Qt.rgba(1, 0.42, 0.42, 0.4) : Qt.rgba(0.3, 0.8, 0.5, 0.4)
        Text {
            id: noticeText
            objectName: "transferNotice"
            anchors.fill: parent
            anchors.margins: 8
            text: transfer.notice
            color: Theme.text
            wrapMode: Text.Wrap
            font.pixelSize: 11
            Accessible.role: Accessible.AlertMessage
            Accessible.name: text
        }
    }
}
