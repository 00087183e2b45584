import QtQuick
import Peng

// Per-answer numbers: speed, time to first token, prompt tokens (and how many of them
// were reused from the KV cache), answer tokens, expert hit rate, why it stopped.
Text {
    property var stats: ({})
    readonly property bool remote: !!(stats && stats.remoteHost)
    visible: stats && (stats.completionTokens !== undefined || remote)
    function stopText(reason) {
        if (reason === "stop_token") return qsTr("finished")
        if (reason === "length") return qsTr("hit the length limit")
        if (reason === "cancelled") return qsTr("stopped")
        if (reason === "context") return qsTr("the context is full")
        return reason
    }
    text: !visible ? ""
          // An answer the connection cut has no usage and no timings: only who answered.
          : remote && stats.tokensPerSecond === undefined ? qsTr("remote: %1").arg(stats.remoteHost)
          : remote ? qsTr("remote: %6 · %1 tok/s · first token %2 s (measured here) · %3 → %4 tokens (%5 reused) · %7")
                     .arg((stats.tokensPerSecond || 0).toFixed(1)).arg((stats.ttft || 0).toFixed(2))
                     .arg(stats.promptTokens !== undefined ? stats.promptTokens : "?")
                     .arg(stats.completionTokens !== undefined ? stats.completionTokens : "?")
                     .arg(stats.reusedTokens || 0).arg(stats.remoteHost).arg(stopText(stats.stopReason || ""))
          : qsTr("%1 tok/s · first token %2 s · %3 → %4 tokens (%7 reused) · experts hit %5% · %6")
                    .arg(stats.tokensPerSecond.toFixed(1)).arg(stats.ttft.toFixed(2))
                    .arg(stats.promptTokens).arg(stats.completionTokens)
                    .arg((stats.hitRate * 100).toFixed(0)).arg(stopText(stats.stopReason))
                    .arg(stats.reusedTokens || 0)
    color: Theme.textFaint
    font.pixelSize: 11
    elide: Text.ElideRight
}
