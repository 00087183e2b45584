import QtQuick
import QtTest
import Peng

// TrimQualityCost: the text beside a lossy setting's slider and its Measure button.
Item {
    width: 600
    height: 80

    TrimQualityCost {
        id: cost
        width: 500
    }

    SignalSpy { id: measureSpy; target: cost; signalName: "measureRequested" }

    TestCase {
        name: "TrimQualityCost"
        when: windowShown

        function init() {
            cost.result = ({})
            cost.measuring = false
            cost.canMeasure = true
            measureSpy.clear()
        }

        function test_notMeasured() {
            compare(cost.measured, false)
            compare(findChild(cost, "qualitySummary").text, "not measured")
        }

        function test_showsKlAndAgreement() {
            cost.result = {meanKl: 0.01234, top1Agreement: 0.96875, tokens: 64}
            compare(cost.measured, true)
            compare(findChild(cost, "qualitySummary").text, "KL 0.0123 nats · top-1 96.9%")
        }

        function test_measuringDisablesTheButton() {
            cost.measuring = true
            const button = findChild(cost, "measureButton")
            compare(button.enabled, false)
            compare(findChild(cost, "qualitySummary").text, "measuring…")
        }

        function test_clickRequestsAMeasurement() {
            const button = findChild(cost, "measureButton")
            verify(button.enabled)
            mouseClick(button)
            compare(measureSpy.count, 1)
        }

        function test_cannotMeasureWhenOff() {
            cost.canMeasure = false
            const button = findChild(cost, "measureButton")
            compare(button.enabled, false)
            mouseClick(button)
            compare(measureSpy.count, 0)
        }
    }
}
