import QtQuick
import QtQuick.Controls.Basic
import Peng

// The conversations that hold the search text, with the text around the match;
// Enter or a click opens one. Searched again as the text or the conversations change.
ListView {
    id: results
    property string query: ""
    clip: true
    spacing: 2
    boundsBehavior: Flickable.StopAtBounds
    keyNavigationEnabled: true
    activeFocusOnTab: true
    ScrollBar.vertical: ScrollBar {}
    Accessible.role: Accessible.List
    Accessible.name: qsTr("Search results: %n conversation(s)", "", count)

    function refresh() { model = query.trim() ? ConversationStore.search(query) : [] }
    onQueryChanged: searchDelay.restart()
    Timer { id: searchDelay; interval: 150; onTriggered: results.refresh() }
    Connections {
        target: ConversationStore
        function onRowsInserted() { results.refresh() }
        function onRowsRemoved() { results.refresh() }
        function onDataChanged() { results.refresh() }
    }

    delegate: Rectangle {
        id: hit
        required property var modelData
        required property int index
        width: ListView.view.width
        height: hitColumn.implicitHeight + 12
        radius: 6
        color: ListView.isCurrentItem && results.activeFocus ? Theme.hover
               : (hitHover.hovered ? Theme.hover : "transparent")
        border.color: modelData.conversationId === ConversationStore.currentId ? Theme.border : "transparent"
        Accessible.role: Accessible.ListItem
        Accessible.name: modelData.title + ": " + modelData.snippet
        HoverHandler { id: hitHover }
        TapHandler {
            enabled: !EngineController.busy
            onTapped: { results.currentIndex = hit.index; ConversationStore.select(hit.modelData.conversationId) }
        }
        Column {
            id: hitColumn
            anchors.left: parent.left
            anchors.right: parent.right
            anchors.verticalCenter: parent.verticalCenter
            anchors.leftMargin: 10
            anchors.rightMargin: 6
            spacing: 2
            Text { width: parent.width; text: hit.modelData.title; color: Theme.text; elide: Text.ElideRight; font.pixelSize: 13 }
            Text {
                width: parent.width
                text: hit.modelData.snippet
                color: Theme.textDim
                wrapMode: Text.Wrap
                maximumLineCount: 2
                elide: Text.ElideRight
                font.pixelSize: 11
            }
        }
    }
    Keys.onReturnPressed: if (currentItem && !EngineController.busy) ConversationStore.select(currentItem.modelData.conversationId)
    Keys.onEnterPressed: if (currentItem && !EngineController.busy) ConversationStore.select(currentItem.modelData.conversationId)

    Text {
        anchors.centerIn: parent
        visible: results.count === 0 && results.query.trim() !== ""
        text: qsTr("No conversation holds “%1”.").arg(results.query.trim())
        color: Theme.textFaint
        font.pixelSize: 12
        width: parent.width - 20
        horizontalAlignment: Text.AlignHCenter
        wrapMode: Text.Wrap
    }
}
