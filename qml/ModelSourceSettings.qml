import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Peng

// Settings' "Model source": this computer's engine, or an OpenAI-compatible server
// (vLLM, SGLang, Peng) with its address, API key and model. The key goes to the
// system keychain (RemoteKeyStore), never to the settings file. Nothing changes
// until Apply; the dialog calls reset() when it opens.
ColumnLayout {
    id: section
    spacing: 8

    property bool useServer: AppSettings.backend === "server"
    property bool keyEdited: false          // typed here: a key read later must not replace it
    property string pickedModel: AppSettings.serverModel
    readonly property string url: urlField.text.trim()
    readonly property string key: keyField.text
    readonly property var modelChoices: probe.models.length > 0 ? probe.models
                                        : (pickedModel.length > 0 ? [pickedModel] : [])
    readonly property string chosenModel: modelBox.currentIndex >= 0 && modelBox.currentIndex < modelChoices.length
                                          ? modelChoices[modelBox.currentIndex] : ""
    readonly property bool canApply: !useServer || (url.length > 0 && chosenModel.length > 0)

    function reset() {
        useServer = AppSettings.backend === "server"
        urlField.text = AppSettings.serverUrl
        keyField.text = ""
        keyEdited = false
        pickedModel = AppSettings.serverModel
        probe.clear()
        if (url.length > 0) RemoteKeyStore.load(url)
    }
    // The address changed, or Server was chosen: its key (unless one was typed), then its models.
    function addressChanged() {
        probe.clear()
        if (!useServer || url.length === 0) return
        if (keyEdited) probe.refresh(url, key)
        else RemoteKeyStore.load(url)
    }
    function apply() {
        if (!useServer) {
            AppSettings.backend = "local"
            // EngineController.useLocal/useServer switch the chat over (the window side of issue 22).
            if (typeof EngineController.useLocal === "function") EngineController.useLocal()
            return
        }
        AppSettings.serverUrl = url
        AppSettings.serverModel = chosenModel
        AppSettings.backend = "server"
        RemoteKeyStore.save(url, key)
        if (typeof EngineController.useServer === "function") EngineController.useServer(url, key, chosenModel)
    }

    ServerProbe { id: probe }
    Connections {
        target: RemoteKeyStore
        function onKeyLoaded(baseUrl, storedKey) {
            if (baseUrl !== section.url) return
            if (!section.keyEdited) keyField.text = storedKey
            if (section.useServer) probe.refresh(section.url, section.key)
        }
    }

    component Label2: Text { color: Theme.textDim; font.pixelSize: 12; Layout.preferredWidth: 190; wrapMode: Text.Wrap }
    component Note: Text { color: Theme.textFaint; font.pixelSize: 11; wrapMode: Text.Wrap; Layout.fillWidth: true }
    component Choice: RadioButton {
        id: choice
        contentItem: Text {
            text: choice.text
            font: choice.font
            color: Theme.text
            leftPadding: choice.indicator.width + choice.spacing
            verticalAlignment: Text.AlignVCenter
        }
    }
    component Field: TextField {
        color: Theme.text
        background: Rectangle { color: Theme.field; radius: 6; border.color: parent.activeFocus ? Theme.accent : Theme.border }
    }

    RowLayout {
        Label2 { text: qsTr("Chats are answered by") }
        Choice {
            objectName: "backendLocal"
            text: qsTr("This computer")
            checked: !section.useServer
            Accessible.name: qsTr("Answer with the model on this computer")
            onToggled: if (checked) section.useServer = false
        }
        Choice {
            objectName: "backendServer"
            text: qsTr("Server")
            checked: section.useServer
            Accessible.name: qsTr("Answer with a model on a server")
            onToggled: if (checked) { section.useServer = true; section.addressChanged() }
        }
        Item { Layout.fillWidth: true }
    }
    Note {
        visible: section.useServer
        text: qsTr("Any OpenAI-compatible server: vLLM, SGLang, or peng-cli serve on another machine. Start vLLM or SGLang with --enable-return-routed-experts to see the experts light up in the brain.")
    }
    RowLayout {
        visible: section.useServer
        Label2 { text: qsTr("Server address") }
        Field {
            id: urlField
            objectName: "remoteUrlField"
            placeholderText: "http://host:8000/v1"
            inputMethodHints: Qt.ImhUrlCharactersOnly | Qt.ImhNoAutoUppercase
            Layout.fillWidth: true
            Accessible.name: qsTr("Server address")
            onEditingFinished: section.addressChanged()
        }
    }
    RowLayout {
        visible: section.useServer
        Label2 { text: qsTr("API key") }
        Field {
            id: keyField
            objectName: "remoteKeyField"
            property bool shown: false
            echoMode: shown ? TextInput.Normal : TextInput.Password
            placeholderText: qsTr("none")
            Layout.preferredWidth: 260
            Accessible.name: qsTr("Server API key")
            onTextEdited: section.keyEdited = true
        }
        IconButton {
            text: keyField.shown ? qsTr("Hide") : qsTr("Show")
            Accessible.name: keyField.shown ? qsTr("Hide the server API key") : qsTr("Show the server API key")
            onClicked: keyField.shown = !keyField.shown
        }
        Item { Layout.fillWidth: true }
    }
    Note {
        objectName: "remoteKeyNote"
        visible: section.useServer
        text: RemoteKeyStore.problem.length > 0 ? RemoteKeyStore.problem
                                                : qsTr("The key is kept in the system keychain, never in Peng's settings file.")
        color: RemoteKeyStore.problem.length > 0 ? Theme.warn : Theme.textFaint
    }
    RowLayout {
        visible: section.useServer
        Label2 { text: qsTr("Model") }
        ComboBox {
            id: modelBox
            objectName: "remoteModelBox"
            model: section.modelChoices
            enabled: section.modelChoices.length > 0
            displayText: section.modelChoices.length > 0 ? currentText : qsTr("no models listed yet")
            Layout.preferredWidth: 300
            Accessible.name: qsTr("Model on the server")
            currentIndex: Math.max(0, section.modelChoices.indexOf(section.pickedModel))
            onActivated: (index) => section.pickedModel = section.modelChoices[index]
        }
        IconButton {
            objectName: "remoteRefresh"
            text: probe.listing ? qsTr("Listing…") : qsTr("Refresh")
            enabled: section.url.length > 0 && !probe.listing
            Accessible.name: qsTr("Refresh the server's model list")
            onClicked: probe.refresh(section.url, section.key)
        }
        Item { Layout.fillWidth: true }
    }
    Note {
        objectName: "remoteListError"
        visible: section.useServer && probe.listError.length > 0
        text: probe.listError
        color: Theme.bad
    }
    RowLayout {
        visible: section.useServer
        Label2 { text: qsTr("Connection") }
        IconButton {
            objectName: "remoteTest"
            text: probe.testing ? qsTr("Testing…") : qsTr("Test connection")
            enabled: section.url.length > 0 && !probe.testing
            Accessible.name: qsTr("Test the connection to the server")
            onClicked: probe.test(section.url, section.key, section.chosenModel)
        }
        Note {
            objectName: "remoteTestResult"
            text: probe.testMessage
            color: probe.testOutcome === "ok" ? Theme.good : Theme.bad
        }
    }
    RowLayout {
        IconButton {
            objectName: "backendApply"
            primary: true
            text: qsTr("Apply")
            enabled: section.canApply
            Accessible.name: section.useServer ? qsTr("Answer chats with the server") : qsTr("Answer chats on this computer")
            onClicked: section.apply()
        }
        Note {
            objectName: "backendNow"
            text: AppSettings.backend === "server"
                  ? qsTr("Now: %1 at %2.").arg(AppSettings.serverModel || qsTr("the server's model")).arg(AppSettings.serverUrl)
                  : qsTr("Now: this computer.")
        }
    }
}
