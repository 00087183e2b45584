import QtQuick
import QtQuick.Controls.Basic
import Peng

// What to ask the built-in demo, offered in an empty conversation (issue 45): a click
// sends the prompt as the user's message. Only for the trained demo: the prompts are
// about what it learnt (the commonest English words, sayings in four languages), which
// a real model or the random-weight stress demo would not show.
//
// The demo understands word questions in English only (it was taught English words in
// English questions), so those stay in English in every interface language and do not
// go through qsTr: a translated "Cosa significa house?" would get a worse answer. It
// was taught to give a saying when asked in English, Italian, Spanish or Chinese, so the
// saying prompt follows the interface language; each translation is one of the plain
// requests it was trained on (tools/train-demo/dialogues.py: ASK and _zh_fortune), so
// the answer comes in that language.
Column {
    id: suggestions
    signal chosen(string text)
    spacing: 8
    Accessible.role: Accessible.Grouping
    Accessible.name: heading.text

    readonly property var prompts: [
        "What does house mean?",
        "What does \"time\" mean?",
        //: A request the demo answers with a saying in this language: keep one of the plain
        //: requests it was taught (tools/train-demo/dialogues.py), e.g. "Dimmi una massima."
        qsTr("Give me a saying."),
        // A made-up word: the demo should say it does not know it rather than invent one.
        "What does florbix mean?"
    ]

    Text {
        id: heading
        objectName: "demoSuggestionsHeading"
        width: parent.width
        horizontalAlignment: Text.AlignHCenter
        text: qsTr("Try asking the demo:")
        color: Theme.textDim
        font.pixelSize: 13
    }
    // One under the other, centred.
    Repeater {
        model: suggestions.prompts
        IconButton {
            id: chip
            anchors.horizontalCenter: parent.horizontalCenter
            width: Math.min(implicitWidth, suggestions.width)
            objectName: "demoSuggestion" + index
            text: modelData
            tint: Theme.text
            enabled: EngineController.state === EngineController.Ready
            ToolTip.text: qsTr("Send this to the demo model")
            background: Rectangle {
                radius: height / 2
                color: chip.down ? Theme.border : (chip.hovered ? Theme.panelRaised : Theme.panel)
                border.width: chip.visualFocus ? Theme.focusRingWidth : 1
                border.color: chip.visualFocus ? Theme.focusRing : Theme.border
            }
            onClicked: suggestions.chosen(modelData)
        }
    }
}
