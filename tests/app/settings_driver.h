#pragma once
// Drives the real SettingsDialog in a test as a user would: finds its controls by
// objectName, scrolls each into view and clicks it.
#include <QQuickItem>
#include <QQuickWindow>
#include <QtTest>
#include <algorithm>

inline QObject* child(QObject* root, const char* name) { return root->findChild<QObject*>(QString::fromLatin1(name)); }

inline QString text_of(QObject* root, const char* name) {
    QObject* item = child(root, name);
    return item ? item->property("text").toString() : QStringLiteral("<no %1>").arg(QLatin1String(name));
}

// Scrolls the settings so `item` shows, then clicks its centre.
inline void click(QQuickWindow* window, QObject* dialog, QQuickItem* item) {
    QTest::qWait(50);   // a layout that just changed (a row shown or hidden) settles first
    auto* flickable = qvariant_cast<QQuickItem*>(child(dialog, "settingsScroll")->property("contentItem"));
    QVERIFY(flickable);
    const QPointF in_content = item->mapToItem(flickable->property("contentItem").value<QQuickItem*>(), QPointF(0, 0));
    flickable->setProperty("contentY", std::max(0.0, in_content.y() - 40));
    QTest::qWait(50);
    const QPointF centre = item->mapToScene(QPointF(item->width() / 2, item->height() / 2));
    QTest::mouseClick(window, Qt::LeftButton, Qt::NoModifier, centre.toPoint());
}
