import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Peng

// Shown at start when the last run crashed: the report the crash handler wrote,
// to copy into a bug report or find in its folder.
Rectangle {
    visible: CrashReports.pending.length > 0
    implicitHeight: crashColumn.implicitHeight + 20
    radius: Theme.radius
    color: Qt.rgba(1, 0.35, 0.35, 0.08)
    border.color: Theme.bad
    ColumnLayout {
        id: crashColumn
        anchors.fill: parent
        anchors.margins: 10
        spacing: 3
        Text {
            Layout.fillWidth: true
            text: qsTr("Peng closed unexpectedly last time. A crash report with a stack trace was saved; attaching it to a bug report helps fix the cause.")
            color: Theme.bad
            font.weight: Font.DemiBold
            font.pixelSize: 13
            wrapMode: Text.Wrap
        }
        Text {
            Layout.fillWidth: true
            text: CrashReports.pending
            color: Theme.textDim
            font.pixelSize: 12
            wrapMode: Text.WrapAnywhere
        }
        RowLayout {
            IconButton { text: qsTr("Copy report"); onClicked: CrashReports.copyPending() }
            IconButton { text: qsTr("Open folder"); onClicked: CrashReports.openFolder() }
            IconButton { text: qsTr("Dismiss"); onClicked: CrashReports.dismiss() }
        }
    }
}
