pragma Singleton
import QtQuick
import Peng

// Colours, sizes and fonts in one place. Two palettes, dark and light, chosen by
// the "theme" setting. Code blocks, the brain and the profile chart stay dark in
// both: their colours (syntax, tiers, phases) are tuned for a dark ground.
QtObject {
    readonly property bool light: AppSettings.theme === "light"

    readonly property color window: light ? "#f5f6f9" : "#0e1016"
    readonly property color panel: light ? "#ffffff" : "#141720"
    readonly property color panelRaised: light ? "#eef0f5" : "#1a1e2a"
    readonly property color field: light ? "#ffffff" : "#10131b"
    readonly property color border: light ? "#d5d9e3" : "#252a38"
    readonly property color hover: light ? Qt.rgba(0, 0, 0, 0.04) : Qt.rgba(1, 1, 1, 0.03)
    readonly property color text: light ? "#1b1f2a" : "#e7e9f0"
    readonly property color textDim: light ? "#4f5869" : "#9aa2b4"
    readonly property color textFaint: light ? "#7d8596" : "#6b7386"
    readonly property color accent: light ? "#3563d9" : "#7aa2ff"
    readonly property color accentText: light ? "#ffffff" : "#0e1016"
    readonly property color good: light ? "#128a58" : "#3ddc97"
    readonly property color warn: light ? "#b86a00" : "#ffb454"
    readonly property color bad: light ? "#d03b3b" : "#ff6b6b"
    readonly property color userBubble: light ? "#e3e9f8" : "#232a3d"
    readonly property color codeBackground: "#0a0c11"
    readonly property color thinkBackground: light ? "#eef0f5" : "#161a24"

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
