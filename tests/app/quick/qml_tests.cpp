// Runs the QML TestCase files in this folder (tst_*.qml) against the app's QML
// module Peng, linked in statically like the app itself.
#include <QQmlEngine>
#include <QtQml/qqmlextensionplugin.h>
#include <QtQuickTest>

Q_IMPORT_QML_PLUGIN(PengPlugin)

class Setup : public QObject {
    Q_OBJECT
public slots:
    void qmlEngineAvailable(QQmlEngine* engine) {
        // The module's qmldir is at qrc:/Peng/qmldir (qt_add_qml_module, Qt 6.4).
        engine->addImportPath(QStringLiteral("qrc:/"));
    }
};

QUICK_TEST_MAIN_WITH_SETUP(peng_qml, Setup)

#include "qml_tests.moc"
