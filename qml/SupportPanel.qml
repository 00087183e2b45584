import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Peng

// For bug reports: where the log is, and one button that copies everything a developer
// needs (versions, hardware, the plan, the latest errors).
ColumnLayout {
    id: panel
    spacing: 6
    property bool copied: false

    RowLayout {
        Text { text: qsTr("Log file"); color: Theme.textDim; font.pixelSize: 12; Layout.preferredWidth: 190 }
        Text {
            Layout.fillWidth: true
            text: Diagnostics.logFile || qsTr("not written")
            color: Theme.text
            font.pixelSize: 12
            wrapMode: Text.WrapAnywhere
        }
        IconButton {
            text: qsTr("Open folder")
            enabled: Diagnostics.logFile.length > 0
            onClicked: Diagnostics.openLogFolder()
        }
    }
    RowLayout {
        IconButton {
            text: qsTr("Copy diagnostics")
            onClicked: { Diagnostics.copy(); panel.copied = true }
            ToolTip.text: qsTr("Copies Peng's and Qt's versions, the build options, this machine's hardware, the open model's plan and the latest errors from the log, to paste into a bug report.")
        }
        Text {
            visible: panel.copied
            text: qsTr("Copied to the clipboard.")
            color: Theme.good
            font.pixelSize: 12
        }
    }
}
