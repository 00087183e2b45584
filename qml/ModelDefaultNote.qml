import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Peng

// Beside a sampling setting: "model default" while it follows the open model's
// generation_config.json, else a button that returns it there (when the model states one).
RowLayout {
    id: note
    property string key                          // the AppSettings name: temperature, topP or topK
    readonly property var modelValue: AppSettings.modelDefaults[key]
    readonly property bool follows: AppSettings.modelDefaults !== undefined && AppSettings.followsModel(key)
    spacing: 4

    Text {
        visible: note.follows
        text: qsTr("model default")
        color: Theme.good
        font.pixelSize: 11
    }
    IconButton {
        visible: !note.follows && note.modelValue !== undefined
        text: qsTr("Use model default (%1)").arg(note.modelValue)
        onClicked: AppSettings.resetToDefault(note.key)
        ToolTip.text: qsTr("The value the model's generation_config.json recommends.")
    }
}
