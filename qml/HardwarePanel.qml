import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Peng

// What this machine offers: CPU, the kernels' instruction-set path, RAM, the GPU tier, the memory read
// bandwidth and the disk's read speed on the open model's shards. Both speeds are
// measured once in the background (they feed the settings' speed bound) and again
// on request.
ColumnLayout {
    id: panel
    // Probed again whenever the panel is shown, so available RAM is current.
    property var info: Measurements.hardware()
    readonly property var disk: Measurements.diskRead
    spacing: 6

    function refresh() { info = Measurements.hardware() }

    component Row2: RowLayout {
        property string label
        property string value
        Text { text: parent.label; color: Theme.textDim; font.pixelSize: 12; Layout.preferredWidth: 190 }
        Text { text: parent.value; color: Theme.text; font.pixelSize: 12; wrapMode: Text.Wrap; Layout.fillWidth: true }
    }

    Row2 { label: qsTr("CPU"); value: panel.info.cpuModel || qsTr("unknown") }
    Row2 { label: qsTr("Cores"); value: String(panel.info.cores) }
    Row2 {
        label: qsTr("CPU features")
        value: panel.info.cpuFeatures && panel.info.cpuFeatures.length > 0
               ? panel.info.cpuFeatures.join(", ") : qsTr("none of AVX2, FMA, AVX-512")
    }
    Row2 {
        label: qsTr("Kernel path")
        value: panel.info.kernelNote ? qsTr("%1 (%2)").arg(panel.info.kernelPath).arg(panel.info.kernelNote) : panel.info.kernelPath
    }
    Row2 {
        label: qsTr("RAM")
        value: qsTr("%1 GB total, %2 GB available").arg(Number(panel.info.ramTotalGb).toFixed(1)).arg(Number(panel.info.ramAvailableGb).toFixed(1))
    }
    Row2 { label: qsTr("GPU / VRAM"); value: panel.info.gpu || "" }
    RowLayout {
        Text { text: qsTr("Memory read (all cores)"); color: Theme.textDim; font.pixelSize: 12; Layout.preferredWidth: 190 }
        Text {
            Layout.fillWidth: true
            font.pixelSize: 12
            color: Theme.text
            text: Measurements.measuringMemory ? qsTr("measuring…")
                : Measurements.memoryGBps > 0 ? qsTr("%1 GB/s").arg(Measurements.memoryGBps.toFixed(1))
                : qsTr("not measured")
        }
        IconButton {
            text: qsTr("Measure")
            Accessible.name: qsTr("Measure the memory read speed")
            enabled: !Measurements.measuringMemory
            onClicked: Measurements.measureMemoryRead()
        }
    }
    RowLayout {
        Text { text: qsTr("Disk read (model folder)"); color: Theme.textDim; font.pixelSize: 12; Layout.preferredWidth: 190 }
        Text {
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            font.pixelSize: 12
            color: panel.disk.error ? Theme.bad : Theme.text
            text: Measurements.measuringDisk ? qsTr("measuring…")
                : panel.disk.error ? panel.disk.error
                : panel.disk.GBps !== undefined
                  ? qsTr("%1 GB/s (%2 MB read%3)").arg(Number(panel.disk.GBps).toFixed(2)).arg((panel.disk.bytes / 1e6).toFixed(0))
                        .arg(panel.disk.direct ? qsTr(", direct I/O") : qsTr(", through the page cache"))
                  : qsTr("not measured")
        }
        IconButton {
            text: qsTr("Measure")
            Accessible.name: qsTr("Measure the disk read speed")
            enabled: !Measurements.measuringDisk && EngineController.model.dir !== undefined && !EngineController.busy
            onClicked: Measurements.measureDiskRead()
        }
    }
}
