import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Peng

// Where answers come from, memory, sampling and threads; saved as you change them
// (QSettings), except the model source, which changes on Apply.
Popup {
    id: dialog
    modal: true
    anchors.centerIn: parent
    width: Math.min(780, (parent ? parent.width : 780) - 60)
    height: Math.min(720, (parent ? parent.height : 720) - 60)
    padding: 0
    background: Rectangle { color: Theme.panelRaised; radius: 14; border.color: Theme.border }
    // Keyboard users land on the first control; Esc closes (Popup's default policy).
    onOpenedChanged: if (opened) closeButton.forceActiveFocus(Qt.TabFocusReason)

    readonly property var model: EngineController.model
    // The engine's planner, asked live as the budget changes; its speed bound uses the
    // disk and memory bandwidths measured (once, in the background) on this machine.
    readonly property var plan: model.experts ? EngineController.planFor(AppSettings.ramBudgetGb, Measurements.diskRead.GBps || 0,
                                                                          Measurements.memoryGBps) : ({ok: false})
    readonly property int plannedCap: AppSettings.ramBudgetGb > 0 ? (plan.ok ? plan.slotsPerLayer : model.expertCap)
                                                                  : (AppSettings.expertCap > 0 ? AppSettings.expertCap : (plan.ok ? plan.slotsPerLayer : 0))
    readonly property bool capChanged: model.experts !== undefined && plannedCap !== model.expertCap

    onOpened: { modelSource.reset(); hardwarePanel.refresh(); Measurements.ensureBandwidths() }

    // Small models stream megabytes per token; keep two significant digits there.
    function gbText(gb) { return gb >= 0.1 ? gb.toFixed(2) : gb.toPrecision(2) }
    // A cached trim measurement for the open model; re-read when one arrives or the model changes.
    function qualityOf(topK, topP) {
        Measurements.qualityRevision
        EngineController.model
        return Measurements.trimQuality(topK, topP)
    }

    component SectionTitle: Text {
        color: Theme.text
        font.pixelSize: 14
        font.weight: Font.DemiBold
        Layout.topMargin: 10
    }
    component Label2: Text { color: Theme.textDim; font.pixelSize: 12; Layout.preferredWidth: 190; wrapMode: Text.Wrap }
    component Note: Text { color: Theme.textFaint; font.pixelSize: 11; wrapMode: Text.Wrap; Layout.fillWidth: true }
    component NumberField: TextField {
        property real value
        property real minimum: 0
        property real maximum: 1e9
        property int decimals: 0
        signal edited(real v)
        text: decimals > 0 ? value.toFixed(decimals) : String(value)
        color: Theme.text
        activeFocusOnTab: true
        Layout.preferredWidth: 110
        horizontalAlignment: Text.AlignRight
        validator: DoubleValidator { bottom: minimum; top: maximum; decimals: 3 }
        background: Rectangle {
            color: Theme.field; radius: 6
            border.color: parent.activeFocus ? Theme.focusRing : Theme.border
            border.width: parent.activeFocus ? Theme.focusRingWidth : 1
        }
        onEditingFinished: { const v = Number(text); if (!isNaN(v)) edited(Math.min(maximum, Math.max(minimum, v))) }
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 0
        RowLayout {
            Layout.fillWidth: true
            Layout.margins: 16
            Text {
                text: qsTr("Settings"); color: Theme.text; font.pixelSize: 18; font.weight: Font.DemiBold; Layout.fillWidth: true
                Accessible.role: Accessible.Heading
                Accessible.name: text
            }
            Badge { visible: AppSettings.exact; text: qsTr("exact"); tint: Theme.good }
            IconButton { id: closeButton; objectName: "closeSettingsButton"; text: "✕"; Accessible.name: qsTr("Close settings"); onClicked: dialog.close() }
        }
        Rectangle { Layout.fillWidth: true; height: 1; color: Theme.border }

        ScrollView {
            objectName: "settingsScroll"
            Layout.fillWidth: true
            Layout.fillHeight: true
            contentWidth: availableWidth
            clip: true
            ColumnLayout {
                width: parent.width - 32  // 16 px margins on both sides
                x: 16
                spacing: 8

                SectionTitle { text: qsTr("Model source") }
                ModelSourceSettings { id: modelSource; objectName: "modelSource"; Layout.fillWidth: true }

                SectionTitle { text: qsTr("Memory") }
                RowLayout {
                    Label2 { text: qsTr("RAM budget (GB)") }
                    NumberField {
                        value: AppSettings.ramBudgetGb; decimals: 1; maximum: 4096
                        Accessible.name: qsTr("RAM budget (GB)")
                        onEdited: (v) => AppSettings.ramBudgetGb = v
                    }
                    Note { text: qsTr("0 = no budget; the expert slots below decide.") }
                }
                RowLayout {
                    Label2 { text: qsTr("Expert slots per layer") }
                    SpinBox {
                        id: capBox
                        Accessible.name: qsTr("Expert slots per layer")
                        from: 0; to: dialog.model.experts || 384
                        value: AppSettings.expertCap
                        editable: true
                        enabled: AppSettings.ramBudgetGb <= 0
                        onValueModified: AppSettings.expertCap = value
                        textFromValue: (v) => v === 0 ? qsTr("all") : String(v)
                        valueFromText: (t) => t === qsTr("all") ? 0 : Number(t)
                    }
                    Note { text: qsTr("Least-recently-used RAM slots per MoE layer; experts outside them are read from disk when routed.") }
                }
                Note {
                    objectName: "planLine"
                    visible: dialog.model.experts !== undefined
                    text: {
                        const m = dialog.model
                        const p = dialog.plan
                        if (m.experts === undefined) return ""
                        if (!p.ok) return p.error || ""
                        const cap = dialog.plannedCap
                        return cap >= m.experts
                            ? qsTr("Plan: fits in RAM. All %1 experts (%2 GB) and the dense part (%3 GB) stay resident; after warm-up nothing streams.").arg(m.experts * m.moeLayers).arg(p.expertRamGb.toFixed(2)).arg(p.denseGb.toFixed(2))
                            : qsTr("Plan: streams %1 GB per token from disk. %2 of %3 experts per layer in RAM (expected hit rate %4%); minimum budget %5 GB.").arg(dialog.gbText(p.diskGbPerToken)).arg(cap).arg(m.experts).arg((100 * p.expectedHitRate).toFixed(0)).arg(p.minimumGb.toFixed(2))
                    }
                    color: Theme.textDim
                }
                Note {
                    objectName: "speedBoundLine"
                    visible: dialog.model.experts !== undefined && dialog.plan.ok === true
                    text: {
                        const p = dialog.plan
                        const disk = Measurements.diskRead
                        if (p.tokensPerSecondBound > 0)
                            return qsTr("Expected speed: at most %1 tokens/s, the bound from the bytes each token moves (disk %2 GB/s, memory %3 GB/s, measured on this machine).")
                                .arg(p.tokensPerSecondBound >= 10 ? p.tokensPerSecondBound.toFixed(0) : p.tokensPerSecondBound.toFixed(2))
                                .arg(disk.GBps ? Number(disk.GBps).toFixed(2) : "–").arg(Measurements.memoryGBps.toFixed(1))
                        if (disk.error) return qsTr("Expected speed: unknown, the disk could not be measured (%1).").arg(disk.error)
                        return qsTr("Expected speed: measuring the disk and memory bandwidth…")
                    }
                    color: Theme.textDim
                }
                RowLayout {
                    Label2 { text: qsTr("VRAM budget (GB)") }
                    NumberField {
                        value: AppSettings.vramBudgetGb; decimals: 1; maximum: 1024
                        Accessible.name: qsTr("VRAM budget (GB)")
                        enabled: !AppSettings.vramAuto
                        onEdited: (v) => AppSettings.vramBudgetGb = v
                    }
                    Switch {
                        text: qsTr("Auto")
                        Accessible.name: qsTr("Size the VRAM budget automatically")
                        checked: AppSettings.vramAuto
                        onToggled: AppSettings.vramAuto = checked
                        ToolTip.visible: hovered
                        ToolTip.text: qsTr("Free VRAM minus 2 GB, measured when the model opens")
                    }
                    Note {
                        Layout.fillWidth: true
                        text: qsTr("0 = off. With an NVIDIA GPU, the dense matrices and the hottest experts go to VRAM; the output then stays within 1e-4 of the logit range but is not byte-identical. Applies when the model is reopened.")
                            + (EngineController.model.gpuNote ? " " + EngineController.model.gpuNote : "")
                    }
                }

                SectionTitle { text: qsTr("Speed / quality") }
                Note {
                    text: qsTr("These trim the experts each token runs. They are lossy: output changes, and the exact badge goes off while either is on. Measure shows what a setting costs on this model: the mean KL divergence from the exact model's next-token distribution and how often both pick the same top token.")
                    color: AppSettings.exact ? Theme.textFaint : Theme.warn
                }
                RowLayout {
                    Label2 { text: qsTr("TOPK: keep heaviest experts") }
                    Slider {
                        from: 0; to: dialog.model.expertsPerToken || 8; stepSize: 1; snapMode: Slider.SnapAlways
                        Accessible.name: qsTr("TOPK: keep heaviest experts (0 = off, lossy)")
                        value: AppSettings.trimTopK
                        onMoved: AppSettings.trimTopK = value
                        Layout.preferredWidth: 200
                    }
                    Text { text: AppSettings.trimTopK > 0 ? qsTr("%1 (lossy)").arg(AppSettings.trimTopK) : qsTr("off"); color: AppSettings.trimTopK > 0 ? Theme.warn : Theme.textDim; font.pixelSize: 12; Layout.preferredWidth: 70 }
                    TrimQualityCost {
                        Layout.fillWidth: true
                        result: dialog.qualityOf(AppSettings.trimTopK, 0)
                        measuring: Measurements.measuringQuality
                        canMeasure: AppSettings.trimTopK > 0 && EngineController.state === EngineController.Ready
                        onMeasureRequested: Measurements.measureTrimQuality(AppSettings.trimTopK, 0)
                    }
                }
                RowLayout {
                    Label2 { text: qsTr("TOPP: keep experts up to weight") }
                    Slider {
                        from: 0; to: 1; stepSize: 0.05
                        Accessible.name: qsTr("TOPP: keep experts up to weight (0 = off, lossy)")
                        value: AppSettings.trimTopP
                        onMoved: AppSettings.trimTopP = value >= 0.999 ? 0 : value
                        Layout.preferredWidth: 200
                    }
                    Text { text: AppSettings.trimTopP > 0 ? qsTr("%1 (lossy)").arg(AppSettings.trimTopP.toFixed(2)) : qsTr("off"); color: AppSettings.trimTopP > 0 ? Theme.warn : Theme.textDim; font.pixelSize: 12; Layout.preferredWidth: 70 }
                    TrimQualityCost {
                        Layout.fillWidth: true
                        result: dialog.qualityOf(0, AppSettings.trimTopP)
                        measuring: Measurements.measuringQuality
                        canMeasure: AppSettings.trimTopP > 0 && EngineController.state === EngineController.Ready
                        onMeasureRequested: Measurements.measureTrimQuality(0, AppSettings.trimTopP)
                    }
                }
                Note {
                    visible: Measurements.qualityError.length > 0
                    text: qsTr("The measurement failed: %1").arg(Measurements.qualityError)
                    color: Theme.bad
                }

                SectionTitle { text: qsTr("Sampling") }
                RowLayout {
                    Label2 { text: qsTr("Temperature") }
                    Slider {
                        id: tempSlider
                        Accessible.name: qsTr("Temperature")
                        from: 0; to: 2; stepSize: 0.05
                        value: AppSettings.temperature
                        onMoved: AppSettings.temperature = value
                        Layout.preferredWidth: 200
                    }
                    Text { text: AppSettings.temperature <= 0 ? qsTr("greedy") : AppSettings.temperature.toFixed(2); color: Theme.textDim; font.pixelSize: 12 }
                    ModelDefaultNote { key: "temperature" }
                }
                RowLayout {
                    Label2 { text: qsTr("Top-p") }
                    Slider {
                        from: 0.05; to: 1; stepSize: 0.01
                        Accessible.name: qsTr("Top-p")
                        value: AppSettings.topP
                        onMoved: AppSettings.topP = value
                        Layout.preferredWidth: 200
                    }
                    Text { text: AppSettings.topP.toFixed(2); color: Theme.textDim; font.pixelSize: 12 }
                    ModelDefaultNote { key: "topP" }
                }
                RowLayout {
                    Label2 { text: qsTr("Top-k") }
                    NumberField { value: AppSettings.topK; maximum: 100000; Accessible.name: qsTr("Top-k"); onEdited: (v) => AppSettings.topK = v }
                    ModelDefaultNote { key: "topK" }
                    Note { text: qsTr("0 = no limit") }
                }
                RowLayout {
                    Label2 { text: qsTr("Seed") }
                    NumberField { value: AppSettings.seed; minimum: -1; maximum: 2147483647; Accessible.name: qsTr("Seed"); onEdited: (v) => AppSettings.seed = v }
                    Note { text: qsTr("-1 = a new seed for every answer; any other value repeats answers exactly") }
                }
                RowLayout {
                    Label2 { text: qsTr("Answer length (tokens)") }
                    NumberField { value: AppSettings.maxTokens; minimum: 0; maximum: 1000000; Accessible.name: qsTr("Answer length (tokens)"); onEdited: (v) => AppSettings.maxTokens = v }
                    Note {
                        text: AppSettings.maxTokens > 0 ? qsTr("0 = up to the context")
                              : dialog.model.contextTokens > 0 ? qsTr("up to the context: %1 tokens with the prompt").arg(dialog.model.contextTokens)
                              : qsTr("up to the context")
                    }
                }

                SectionTitle { text: qsTr("Appearance") }
                RowLayout {
                    Label2 { text: qsTr("Theme") }
                    ComboBox {
                        id: themeBox
                        objectName: "themeBox"
                        Accessible.name: qsTr("Theme")
                        textRole: "label"
                        valueRole: "value"
                        model: [{label: qsTr("Dark"), value: "dark"}, {label: qsTr("Light"), value: "light"},
                                {label: qsTr("Follow the system"), value: "system"}]
                        Component.onCompleted: currentIndex = indexOfValue(AppSettings.theme)
                        onActivated: AppSettings.theme = currentValue
                        Connections {
                            target: AppSettings
                            function onChanged() { themeBox.currentIndex = themeBox.indexOfValue(AppSettings.theme) }
                        }
                        Layout.preferredWidth: 160
                    }
                }

                RowLayout {
                    Label2 { text: qsTr("Language") }
                    ComboBox {
                        id: languageBox
                        Accessible.name: qsTr("Language")
                        textRole: "label"
                        valueRole: "value"
                        // Each language by its own name, so anyone can find theirs.
                        model: [{label: qsTr("Follow the system"), value: ""}, {label: "English", value: "en"},
                                {label: "Italiano", value: "it"}, {label: "简体中文", value: "zh_CN"},
                                {label: "Español", value: "es"}]
                        Component.onCompleted: currentIndex = indexOfValue(AppSettings.language)
                        onActivated: AppSettings.language = currentValue
                        Connections {
                            target: AppSettings
                            function onChanged() { languageBox.currentIndex = languageBox.indexOfValue(AppSettings.language) }
                        }
                        Layout.preferredWidth: 160
                    }
                }

                SectionTitle { text: qsTr("Hardware") }
                HardwarePanel { id: hardwarePanel; Layout.fillWidth: true }
                SupportPanel { Layout.fillWidth: true }

                SectionTitle { text: qsTr("Machine") }
                RowLayout {
                    Label2 { text: qsTr("Threads") }
                    NumberField { value: AppSettings.threads; maximum: 1024; Accessible.name: qsTr("Threads"); onEdited: (v) => AppSettings.threads = v }
                    Note { text: qsTr("0 = one per core. Thread count never changes output.") }
                }
                RowLayout {
                    Label2 { text: qsTr("Prefetch experts") }
                    Switch { checked: AppSettings.prefetch; Accessible.name: qsTr("Prefetch experts"); onToggled: AppSettings.prefetch = checked }
                    Note { text: qsTr("Starts reading the experts a layer will probably need before its router has chosen them. Exact; faster only where experts stream from disk. Applies from the next answer.") }
                }
                RowLayout {
                    Label2 { text: qsTr("GPU effects in the brain") }
                    Switch { checked: AppSettings.shaderEffects; Accessible.name: qsTr("GPU effects in the brain"); onToggled: AppSettings.shaderEffects = checked }
                    Note { text: qsTr("Glow and cell gaps where the graphics driver runs shaders.") }
                }
                SectionTitle { visible: LocalServer.available; text: qsTr("Local server") }
                RowLayout {
                    visible: LocalServer.available
                    Label2 { text: qsTr("Serve this model on localhost") }
                    Switch {
                        objectName: "serverSwitch"
                        checked: LocalServer.running
                        Accessible.name: qsTr("Serve this model on localhost")
                        // Follows the server, not the click: a start that fails leaves it off.
                        onToggled: {
                            if (checked) LocalServer.start(); else LocalServer.stop()
                            checked = Qt.binding(() => LocalServer.running)
                        }
                    }
                    Note { text: qsTr("Editors, agents and scripts on this computer use the open model through the OpenAI API, on 127.0.0.1 only. They take turns with this window's chat on the one copy of the model in memory.") }
                }
                RowLayout {
                    visible: LocalServer.available
                    Label2 { text: qsTr("Port") }
                    NumberField {
                        objectName: "serverPortField"
                        value: LocalServer.port; maximum: 65535
                        Accessible.name: qsTr("Server port")
                        onEdited: (v) => LocalServer.port = v
                    }
                    Note { text: qsTr("0 = any free port.") }
                }
                RowLayout {
                    visible: LocalServer.available
                    Label2 { text: qsTr("API key") }
                    TextField {
                        id: serverKeyField
                        objectName: "serverKeyField"
                        property bool shown: false
                        text: LocalServer.apiKey
                        echoMode: shown ? TextInput.Normal : TextInput.Password
                        placeholderText: qsTr("none")
                        color: Theme.text
                        Layout.preferredWidth: 260
                        Accessible.name: qsTr("API key")
                        background: Rectangle { color: Theme.field; radius: 6; border.color: parent.activeFocus ? Theme.accent : Theme.border }
                        onEditingFinished: LocalServer.apiKey = text
                    }
                    IconButton {
                        text: serverKeyField.shown ? qsTr("Hide") : qsTr("Show")
                        Accessible.name: serverKeyField.shown ? qsTr("Hide the API key") : qsTr("Show the API key")
                        onClicked: serverKeyField.shown = !serverKeyField.shown
                    }
                    IconButton {
                        text: qsTr("Generate")
                        Accessible.name: qsTr("Generate a new API key")
                        onClicked: LocalServer.generateKey()
                    }
                    IconButton {
                        text: qsTr("Copy")
                        enabled: LocalServer.apiKey.length > 0
                        Accessible.name: qsTr("Copy the API key")
                        onClicked: Clipboard.copy(LocalServer.apiKey)
                    }
                    IconButton {
                        text: qsTr("Clear")
                        enabled: LocalServer.apiKey.length > 0
                        Accessible.name: qsTr("Remove the API key")
                        onClicked: LocalServer.clearKey()
                    }
                }
                Note {
                    visible: LocalServer.available
                    text: qsTr("Without a key, any program on this computer may use the model. With one, clients send it as 'Authorization: Bearer KEY'. It is kept in a file only you can read, which peng-cli serve --api-key-file also reads.")
                }
                RowLayout {
                    visible: LocalServer.available
                    Label2 { text: qsTr("Address for OpenAI clients") }
                    TextEdit {
                        objectName: "serverUrl"
                        text: LocalServer.url
                        readOnly: true
                        selectByMouse: true
                        color: LocalServer.running ? Theme.text : Theme.textFaint
                        font.pixelSize: 12
                        Accessible.name: qsTr("Server address")
                    }
                    IconButton {
                        text: qsTr("Copy")
                        Accessible.name: qsTr("Copy the server address")
                        onClicked: Clipboard.copy(LocalServer.url)
                    }
                    Note {
                        objectName: "serverRequests"
                        visible: LocalServer.running || LocalServer.requestCount > 0
                        text: qsTr("Requests served: %1").arg(LocalServer.requestCount)
                    }
                }
                Note {
                    objectName: "serverError"
                    visible: LocalServer.available && LocalServer.errorText.length > 0
                    text: LocalServer.errorText
                    color: Theme.bad
                }
                SectionTitle { text: qsTr("Model files") }
                RowLayout {
                    Label2 { text: qsTr("Checksums") }
                    IconButton {
                        text: FileCheck.running ? qsTr("Stop") : qsTr("Verify files")
                        Accessible.name: FileCheck.running ? qsTr("Stop verifying the model files") : qsTr("Verify the model files")
                        enabled: FileCheck.running || (EngineController.model.dir || "").length > 0
                        onClicked: FileCheck.running ? FileCheck.cancel() : FileCheck.verify(EngineController.model.dir)
                        ToolTip.text: qsTr("Re-reads every file of the open model and compares it with the SHA-256 recorded when Peng generated, packed or downloaded it.")
                    }
                    IconButton {
                        visible: FileCheck.noRecord && !FileCheck.running
                        text: qsTr("Record checksums")
                        onClicked: FileCheck.record(EngineController.model.dir)
                        ToolTip.text: qsTr("Records the files as they are now, so later changes can be found.")
                    }
                    ProgressBar { visible: FileCheck.running; value: FileCheck.progress; Layout.fillWidth: true; Accessible.name: qsTr("Verifying the model files") }
                    Note {
                        visible: !FileCheck.running
                        text: FileCheck.resultText
                        color: FileCheck.passed || FileCheck.resultText.length === 0 ? Theme.good : Theme.bad
                    }
                }
                Note {
                    visible: FileCheck.running || FileCheck.changedFiles.length > 0
                    text: FileCheck.running ? FileCheck.currentFile : FileCheck.changedFiles.join("\n")
                    color: FileCheck.running ? Theme.textFaint : Theme.bad
                }
                Item { Layout.preferredHeight: 8 }
            }
        }
        Rectangle { Layout.fillWidth: true; height: 1; color: Theme.border }
        RowLayout {
            Layout.fillWidth: true
            Layout.margins: 12
            IconButton { text: qsTr("Restore defaults"); onClicked: AppSettings.restoreDefaults() }
            IconButton {
                text: qsTr("Forget cached conversations")
                enabled: !EngineController.busy
                onClicked: EngineController.forgetKvCaches()
                ToolTip.text: qsTr("Deletes the saved attention caches that let conversations resume without recomputing their history. The conversations themselves stay.")
            }
            Item { Layout.fillWidth: true }
            IconButton {
                visible: dialog.capChanged
                text: qsTr("Reopen the model to apply")
                enabled: !EngineController.busy
                onClicked: EngineController.reopen()
                ToolTip.text: qsTr("Memory settings take effect when the model opens; the expert trim and prefetch apply from the next answer")
            }
            IconButton { primary: true; text: qsTr("Done"); onClicked: dialog.close() }
        }
    }
}
