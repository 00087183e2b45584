import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Dialogs
import QtQuick.Layouts
import Peng

// "Get a model": the MiMo-V2 checkpoints Peng runs, whether each fits the chosen
// folder's disk and what the planner expects for speed, then a resumable, verified
// download (ModelDownloader) that opens the model when it is done.
Popup {
    id: page
    objectName: "getModelPage"
    modal: true
    anchors.centerIn: parent
    width: Math.min(820, (parent ? parent.width : 820) - 60)
    height: Math.min(740, (parent ? parent.height : 740) - 60)
    padding: 0
    background: Rectangle { color: Theme.panelRaised; radius: 14; border.color: Theme.border }

    property int selected: 0
    property string folder: ""
    readonly property var rows: ModelDownloader.catalog(folder, AppSettings.ramBudgetGb, Measurements.diskRead.GBps || 0,
                                                        Measurements.memoryGBps)
    readonly property var chosen: rows.length > selected ? rows[selected] : ({})
    readonly property int dlState: ModelDownloader.state
    readonly property bool running: dlState === ModelDownloader.Listing || dlState === ModelDownloader.Downloading
                                    || dlState === ModelDownloader.Verifying
    readonly property bool paused: dlState === ModelDownloader.Paused

    onOpened: { Measurements.ensureBandwidths(); if (!folder) folder = ModelDownloader.suggestedFolder(chosen.repo || "") }
    onSelectedChanged: if (!running && !paused) folder = ModelDownloader.suggestedFolder(chosen.repo || "")

    function amount(bytes) {
        if (bytes >= 1e9) return qsTr("%1 GB").arg((bytes / 1e9).toFixed(2))
        return qsTr("%1 MB").arg((bytes / 1e6).toFixed(1))
    }
    function duration(s) {
        if (s < 0) return qsTr("unknown")
        if (s >= 3600) return qsTr("%1 h %2 min").arg(Math.floor(s / 3600)).arg(Math.floor(s % 3600 / 60))
        if (s >= 60) return qsTr("%1 min %2 s").arg(Math.floor(s / 60)).arg(Math.floor(s % 60))
        return qsTr("%1 s").arg(Math.ceil(s))
    }
    function speedText(row) {
        if (!row.planned) return qsTr("speed unknown until downloaded (the engine knows this model's shape only from its files)")
        if (row.planError) return row.planError
        const plan = row.allResident ? qsTr("fits in RAM") : qsTr("streams %1 GB per token from disk").arg(row.diskGbPerToken.toFixed(2))
        return row.tokensPerSecondBound > 0 ? qsTr("%1; at most %2 tokens/s with this RAM budget").arg(plan).arg(row.tokensPerSecondBound.toFixed(1))
                                            : qsTr("%1; speed unknown until the disk and memory bandwidths are measured").arg(plan)
    }

    FolderDialog {
        id: folderDialog
        title: qsTr("Download into")
        onAccepted: page.folder = decodeURIComponent(String(selectedFolder).replace(/^file:\/\//, ""))
    }

    component Note: Text { color: Theme.textFaint; font.pixelSize: 11; wrapMode: Text.Wrap; Layout.fillWidth: true }
    component Field: TextField {
        color: Theme.text
        Layout.fillWidth: true
        background: Rectangle { color: Theme.field; radius: 6; border.color: parent.activeFocus ? Theme.accent : Theme.border }
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 0
        RowLayout {
            Layout.fillWidth: true
            Layout.margins: 16
            Text { text: qsTr("Get a model"); color: Theme.text; font.pixelSize: 18; font.weight: Font.DemiBold; Layout.fillWidth: true }
            IconButton { text: "✕"; Accessible.name: qsTr("Close"); onClicked: page.close() }
        }
        Rectangle { Layout.fillWidth: true; height: 1; color: Theme.border }

        ScrollView {
            Layout.fillWidth: true
            Layout.fillHeight: true
            contentWidth: availableWidth
            clip: true
            ColumnLayout {
                width: parent.width - 32
                x: 16
                spacing: 8

                Note {
                    visible: !ModelDownloader.available
                    objectName: "noDownloadNote"
                    text: qsTr("This build of Peng cannot download models (it was built without libcurl, as the Windows build is). Download the model's files another way, then open their folder.")
                    color: Theme.warn
                }
                Repeater {
                    model: page.rows
                    delegate: Rectangle {
                        required property var modelData
                        required property int index
                        Layout.fillWidth: true
                        implicitHeight: rowText.implicitHeight + 16
                        radius: 8
                        color: page.selected === index ? Theme.panel : "transparent"
                        border.color: page.selected === index ? Theme.accent : Theme.border
                        Accessible.role: Accessible.RadioButton
                        Accessible.name: qsTr("%1, %2 GB").arg(modelData.name).arg(modelData.sizeGb)
                        Accessible.checked: page.selected === index
                        ColumnLayout {
                            id: rowText
                            anchors.fill: parent
                            anchors.margins: 8
                            spacing: 2
                            RowLayout {
                                Text { text: modelData.name; color: Theme.text; font.pixelSize: 14; font.weight: Font.DemiBold }
                                Text { text: modelData.repo; color: Theme.textFaint; font.pixelSize: 11; Layout.fillWidth: true; elide: Text.ElideRight }
                                Badge {
                                    text: modelData.fits ? qsTr("fits") : qsTr("does not fit")
                                    tint: modelData.fits ? Theme.good : Theme.bad
                                }
                            }
                            Text {
                                Layout.fillWidth: true
                                wrapMode: Text.Wrap
                                color: Theme.textDim
                                font.pixelSize: 12
                                text: qsTr("%1 experts, %2 GB on disk (%3 GB free there)").arg(modelData.format).arg(modelData.sizeGb.toFixed(1))
                                      .arg(modelData.freeGb.toFixed(1))
                            }
                            Text {
                                Layout.fillWidth: true
                                wrapMode: Text.Wrap
                                color: Theme.textDim
                                font.pixelSize: 12
                                text: page.speedText(modelData)
                            }
                        }
                        MouseArea {
                            anchors.fill: parent
                            enabled: !page.running && !page.paused
                            onClicked: page.selected = index
                        }
                    }
                }
                Note { text: qsTr("Sizes from the model cards; speeds are the planner's bound with the current RAM budget (Settings) and the bandwidths measured on this machine.") }

                GridLayout {
                    columns: 3
                    Layout.fillWidth: true
                    Layout.topMargin: 8
                    Text { text: qsTr("Folder"); color: Theme.textDim; font.pixelSize: 12 }
                    Field {
                        id: folderField
                        objectName: "downloadFolder"
                        text: page.folder
                        enabled: !page.running
                        Accessible.name: qsTr("Download folder")
                        onEditingFinished: page.folder = text
                    }
                    IconButton {
                        text: qsTr("Choose…")
                        enabled: !page.running
                        Accessible.name: qsTr("Choose the download folder")
                        onClicked: folderDialog.open()
                    }
                    Text { text: qsTr("Endpoint"); color: Theme.textDim; font.pixelSize: 12 }
                    Field {
                        id: endpointField
                        objectName: "downloadEndpoint"
                        // Kept in the settings once valid: a mirror chosen once stays chosen.
                        readonly property string problem: ModelDownloader.endpointProblem(text)
                        text: AppSettings.downloadEndpoint
                        enabled: !page.running
                        Accessible.name: qsTr("Hugging Face endpoint")
                        Layout.columnSpan: 2
                        onTextEdited: if (!ModelDownloader.endpointProblem(text)) AppSettings.downloadEndpoint = text
                    }
                    Item { width: 1; height: 1 }
                    Note {
                        objectName: "downloadEndpointProblem"
                        Layout.columnSpan: 2
                        visible: endpointField.problem.length > 0
                        text: endpointField.problem
                        color: Theme.bad
                    }
                    Item { width: 1; height: 1; visible: endpointField.problem.length > 0 }
                    Note {
                        Layout.columnSpan: 2
                        text: qsTr("A mirror with the same API works too, as HF_ENDPOINT does for the official client: e.g. https://hf-mirror.com.")
                    }
                    Text { text: qsTr("Token"); color: Theme.textDim; font.pixelSize: 12 }
                    Field {
                        id: tokenField
                        objectName: "downloadToken"
                        echoMode: TextInput.Password
                        placeholderText: qsTr("only for gated or private models; never saved")
                        enabled: !page.running
                        Accessible.name: qsTr("Hugging Face access token")
                        Layout.columnSpan: 2
                    }
                }

                RowLayout {
                    Layout.topMargin: 6
                    IconButton {
                        objectName: "downloadStart"
                        primary: enabled
                        text: page.paused ? qsTr("Resume") : qsTr("Start")
                        Accessible.name: page.paused ? qsTr("Resume the download") : qsTr("Start the download")
                        enabled: ModelDownloader.available && !page.running && page.folder.length > 0 && !endpointField.problem
                        onClicked: ModelDownloader.start(page.chosen.repo, page.folder, endpointField.text, tokenField.text)
                    }
                    IconButton {
                        objectName: "downloadPause"
                        text: qsTr("Pause")
                        Accessible.name: qsTr("Pause the download")
                        enabled: page.running
                        onClicked: ModelDownloader.pause()
                    }
                    IconButton {
                        objectName: "downloadCancel"
                        text: qsTr("Cancel")
                        Accessible.name: qsTr("Cancel the download and delete its partial data")
                        enabled: page.running || page.paused || page.dlState === ModelDownloader.Failed
                        onClicked: ModelDownloader.cancel()
                    }
                }

                ProgressBar {
                    id: bar
                    objectName: "downloadProgress"
                    Layout.fillWidth: true
                    visible: page.running || page.paused || page.dlState === ModelDownloader.Done
                    from: 0
                    to: Math.max(1, ModelDownloader.totalBytes)
                    value: ModelDownloader.doneBytes
                    indeterminate: page.dlState === ModelDownloader.Listing
                    Accessible.name: qsTr("Download progress")
                }
                Text {
                    objectName: "downloadProgressText"
                    Layout.fillWidth: true
                    wrapMode: Text.Wrap
                    color: Theme.text
                    font.pixelSize: 12
                    visible: bar.visible
                    text: {
                        const d = ModelDownloader
                        if (page.dlState === ModelDownloader.Listing) return qsTr("Listing the files of %1…").arg(d.repo)
                        if (page.dlState === ModelDownloader.Done)
                            return qsTr("Done: %1 verified in %2. Opening it.").arg(page.amount(d.totalBytes)).arg(d.folder)
                        const head = qsTr("%1 of %2 (%3 of %4 files)").arg(page.amount(d.doneBytes)).arg(page.amount(d.totalBytes))
                                        .arg(d.filesDone).arg(d.filesTotal)
                        if (page.paused) return qsTr("Paused at %1. Resume picks up where it stopped.").arg(head)
                        if (page.dlState === ModelDownloader.Verifying) return qsTr("%1, checking the files already there").arg(head)
                        return qsTr("%1, %2/s, %3 left").arg(head).arg(page.amount(d.bytesPerSecond)).arg(page.duration(d.secondsLeft))
                    }
                }
                Text {
                    objectName: "downloadCurrentFile"
                    Layout.fillWidth: true
                    elide: Text.ElideMiddle
                    color: Theme.textDim
                    font.pixelSize: 11
                    visible: page.running && ModelDownloader.currentFile.length > 0
                    text: qsTr("%1: %2 of %3").arg(ModelDownloader.currentFile).arg(page.amount(ModelDownloader.currentFileDone))
                          .arg(page.amount(ModelDownloader.currentFileSize))
                }
                Text {
                    objectName: "downloadError"
                    Layout.fillWidth: true
                    wrapMode: Text.Wrap
                    color: Theme.bad
                    font.pixelSize: 12
                    visible: page.dlState === ModelDownloader.Failed
                    text: ModelDownloader.errorText
                }
                Note { text: qsTr("Every file is checked against the repository's SHA-256 before it is moved into place; partial files wait in the folder's .peng-download, so a closed app or a dropped connection resumes where it stopped.") }
            }
        }
    }
}
