import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Peng

// Beside a lossy setting's slider: its measured quality cost against the exact
// model (mean KL divergence and top-1 agreement) and a Measure button. Purely
// presentational; the settings dialog feeds `result` and runs the measurement.
RowLayout {
    id: cost
    // {meanKl, top1Agreement, tokens, ...} from Measurements.trimQuality(), or {} when not measured.
    property var result: ({})
    property bool measuring: false
    property bool canMeasure: true   // a model is ready and the setting is on
    signal measureRequested()

    readonly property bool measured: result !== undefined && result.meanKl !== undefined
    readonly property string summary: measured
        ? qsTr("KL %1 nats · top-1 %2%").arg(Number(result.meanKl).toFixed(4)).arg((100 * result.top1Agreement).toFixed(1))
        : (measuring ? qsTr("measuring…") : qsTr("not measured"))
    spacing: 6

    Text {
        objectName: "qualitySummary"
        text: cost.summary
        color: cost.measured ? Theme.textDim : Theme.textFaint
        font.pixelSize: 11
        Layout.fillWidth: true
        elide: Text.ElideRight
        ToolTip.visible: hovered.hovered && cost.measured
        ToolTip.text: qsTr("Over %1 tokens of a fixed passage, against the exact model").arg(cost.result.tokens || 0)
        HoverHandler { id: hovered }
    }
    IconButton {
        objectName: "measureButton"
        text: qsTr("Measure")
        Accessible.name: qsTr("Measure the quality cost of this setting")
        enabled: cost.canMeasure && !cost.measuring
        onClicked: cost.measureRequested()
        ToolTip.text: qsTr("Runs the model with and without this setting and compares the next-token distributions")
    }
}
