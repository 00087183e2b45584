pragma Singleton
import QtQuick

// Colours, sizes and fonts in one place.
QtObject {
    readonly property color window: "#0e1016"
    readonly property color panel: "#141720"
    readonly property color panelRaised: "#1a1e2a"
    readonly property color field: "#10131b"
    readonly property color border: "#252a38"
    readonly property color text: "#e7e9f0"
    readonly property color textDim: "#9aa2b4"
    readonly property color textFaint: "#6b7386"
    readonly property color accent: "#7aa2ff"
    readonly property color accentText: "#0e1016"
    readonly property color good: "#3ddc97"
    readonly property color warn: "#ffb454"
    readonly property color bad: "#ff6b6b"
    readonly property color userBubble: "#232a3d"
    readonly property color codeBackground: "#0a0c11"
    readonly property color thinkBackground: "#161a24"

    // Profile phases, bottom to top.
    readonly property color phaseDisk: "#ff6b6b"
    readonly property color phaseExperts: "#4ea8ff"
    readonly property color phaseAttention: "#c08cff"
    readonly property color phaseDense: "#ffb454"
    readonly property color phaseOther: "#596175"

    readonly property int radius: 8
    readonly property int spacing: 12
    readonly property string monoFont: "DejaVu Sans Mono"
    readonly property int fontSize: 14
    readonly property int smallFont: 12
}
