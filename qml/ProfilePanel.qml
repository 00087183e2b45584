import QtQuick
import QtQuick.Layouts
import QtCharts
import Peng

// Where each generated token's time went: stacked phases per token (experts
// and the disk wait are apart), tok/s and the expert hit rate.
ColumnLayout {
    id: panel
    spacing: 4
    readonly property var timeline: EngineController.profile

    RowLayout {
        Layout.fillWidth: true
        Text { text: qsTr("Profile"); color: Theme.text; font.pixelSize: 15; font.weight: Font.DemiBold }
        Text {
            id: summaryText
            Layout.fillWidth: true
            objectName: "profileSummary"
            text: panel.timeline.measuredAtClient
                  ? (panel.timeline.ttftSeconds >= 0
                     ? qsTr("measured at the client: first token %1 s · %2 ms between texts")
                       .arg(panel.timeline.ttftSeconds.toFixed(2)).arg(panel.timeline.averageMs.toFixed(1))
                     : qsTr("measured at the client: the time between streamed pieces of text"))
                  : panel.timeline.count > 0
                  ? qsTr("%1 tokens · %2 ms/token · %3 tok/s · hit %4%").arg(panel.timeline.count)
                    .arg(panel.timeline.averageMs.toFixed(1)).arg((1000 / Math.max(0.001, panel.timeline.averageMs)).toFixed(1))
                    .arg((panel.timeline.hitRate * 100).toFixed(0))
                  : qsTr("one bar per generated token")
            color: Theme.textFaint
            font.pixelSize: 12
            horizontalAlignment: Text.AlignRight
            elide: Text.ElideLeft
        }
    }

    ChartView {
        id: chart
        Accessible.role: Accessible.Chart
        Accessible.name: qsTr("Profile: where each token's time went")
        Accessible.description: summaryText.text
        Layout.fillWidth: true
        Layout.fillHeight: true
        Layout.minimumHeight: 140
        antialiasing: true
        backgroundColor: "transparent"
        plotAreaColor: "#0a0c11"
        legend.visible: true
        legend.alignment: Qt.AlignBottom
        legend.labelColor: Theme.textDim
        legend.font.pixelSize: 10
        margins { left: 0; right: 0; top: 0; bottom: 0 }
        animationOptions: ChartView.NoAnimation

        ValueAxis {
            id: axisX
            min: panel.timeline.first
            max: panel.timeline.last
            labelFormat: "%d"
            labelsColor: Theme.textFaint
            labelsFont.pixelSize: 9
            gridLineColor: "#1a1e29"
            color: Theme.border
            tickCount: 5
        }
        ValueAxis {
            id: axisMs
            min: 0
            max: panel.timeline.maxMs
            labelFormat: "%.0f ms"
            labelsColor: Theme.textFaint
            labelsFont.pixelSize: 9
            gridLineColor: "#1a1e29"
            color: Theme.border
            tickCount: 5
        }
        ValueAxis {
            id: axisRate
            min: 0
            max: panel.timeline.maxTokensPerSecond
            labelFormat: "%.0f/s"
            labelsColor: "#8fe3b9"
            labelsFont.pixelSize: 9
            gridVisible: false
            color: Theme.border
            tickCount: 5
        }
        ValueAxis {
            id: axisPercent
            min: 0
            max: 100
            visible: false
        }

        AreaSeries {
            name: qsTr("disk wait")
            visible: !panel.timeline.measuredAtClient
            axisX: axisX; axisY: axisMs
            color: Theme.phaseDisk; borderWidth: 0
            upperSeries: LineSeries { id: diskUpper }
            lowerSeries: LineSeries { id: diskLower }
        }
        AreaSeries {
            name: qsTr("experts")
            visible: !panel.timeline.measuredAtClient
            axisX: axisX; axisY: axisMs
            color: Theme.phaseExperts; borderWidth: 0
            upperSeries: LineSeries { id: expertsUpper }
            lowerSeries: LineSeries { id: expertsLower }
        }
        AreaSeries {
            name: qsTr("attention")
            visible: !panel.timeline.measuredAtClient
            axisX: axisX; axisY: axisMs
            color: Theme.phaseAttention; borderWidth: 0
            upperSeries: LineSeries { id: attentionUpper }
            lowerSeries: LineSeries { id: attentionLower }
        }
        AreaSeries {
            name: qsTr("dense")
            visible: !panel.timeline.measuredAtClient
            axisX: axisX; axisY: axisMs
            color: Theme.phaseDense; borderWidth: 0
            upperSeries: LineSeries { id: denseUpper }
            lowerSeries: LineSeries { id: denseLower }
        }
        AreaSeries {
            name: panel.timeline.measuredAtClient ? qsTr("gap between text (client)") : qsTr("other")
            axisX: axisX; axisY: axisMs
            color: Theme.phaseOther; borderWidth: 0
            upperSeries: LineSeries { id: otherUpper }
            lowerSeries: LineSeries { id: otherLower }
        }
        LineSeries {
            id: tokensPerSecond
            name: qsTr("tok/s")
            axisX: axisX
            axisYRight: axisRate
            color: "#8fe3b9"
            width: 1.5
        }
        LineSeries {
            id: hitRate
            name: qsTr("hit %")
            visible: !panel.timeline.measuredAtClient
            axisX: axisX
            axisY: axisPercent
            color: "#ffffff"
            width: 1
            style: Qt.DotLine
        }

        Component.onCompleted: panel.timeline.attach([diskUpper, expertsUpper, attentionUpper, denseUpper, otherUpper],
                                                     [diskLower, expertsLower, attentionLower, denseLower, otherLower],
                                                     tokensPerSecond, hitRate)
    }
}
