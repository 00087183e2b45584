pragma Singleton
import QtQuick
import Peng

// Colours, sizes and fonts in one place. Two palettes, dark and light, chosen by
// the "theme" setting ("system" follows the desktop). Code blocks, the brain and the
// profile chart stay dark in both: their colours (syntax, tiers, phases) are tuned
// for a dark ground. Text colours meet WCAG AA (4.5:1) on every panel colour in both
// palettes; app_test_theme_contrast checks them.
QtObject {
    readonly property bool light: AppSettings.theme === "light" || (AppSettings.theme === "system" && !SystemTheme.dark)

    readonly property color window: light ? "#f5f6f9" : "#0e1016"
    readonly property color panel: light ? "#ffffff" : "#141720"
    readonly property color panelRaised: light ? "#eef0f5" : "#1a1e2a"
    readonly property color field: light ? "#ffffff" : "#10131b"
    readonly property color border: light ? "#d5d9e3" : "#252a38"
    readonly property color hover: light ? Qt.rgba(0, 0, 0, 0.04) : Qt.rgba(1, 1, 1, 0.03)
    readonly property color text: light ? "#1b1f2a" : "#e7e9f0"
    readonly property color textDim: light ? "#4f5869" : "#9aa2b4"
    readonly property color textFaint: light ? "#5f6778" : "#838b9e"
    readonly property color accent: light ? "#2d55c4" : "#7aa2ff"
    readonly property color accentText: light ? "#ffffff" : "#0e1016"
    readonly property color good: light ? "#0a6842" : "#3ddc97"
    readonly property color warn: light ? "#834b00" : "#ffb454"
    readonly property color bad: light ? "#a82828" : "#ff6b6b"
    readonly property color userBubble: light ? "#e3e9f8" : "#232a3d"
    readonly property color codeBackground: "#0a0c11"
    readonly property color thinkBackground: light ? "#eef0f5" : "#161a24"
    // A badge's ground: its tint at this opacity over the panel.
    readonly property real badgeTintAlpha: 0.14
    // Keyboard focus: a ring in the accent colour (3:1 or more on every panel colour).
    readonly property color focusRing: accent
    readonly property int focusRingWidth: 2

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
