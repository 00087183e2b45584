// AppSettings checks every numeric setting with the engine's number parser (issue 19,
// case 8): a stored value out of range, NaN or not a number is refused once with a
// message naming the setting and its range, and the default is used instead.
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

#include "app_settings.h"

class TestAppSettingsValues : public QObject {
    Q_OBJECT
    QTemporaryDir config_;

private slots:
    void initTestCase() {
        // Before the first QSettings: the user's own settings stay untouched.
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(config_.path()));
        QCoreApplication::setOrganizationName(QStringLiteral("PengTest"));
        QCoreApplication::setApplicationName(QStringLiteral("settings-values"));
    }

    void storedValuesOutOfRangeFallBackToDefaults() {
        QSettings raw;
        raw.setValue(QStringLiteral("maxTokens"), QStringLiteral("4294967297"));
        raw.setValue(QStringLiteral("temperature"), QStringLiteral("nan"));
        raw.setValue(QStringLiteral("threads"), -5);
        raw.setValue(QStringLiteral("topP"), 2.5);
        raw.setValue(QStringLiteral("ramBudgetGb"), 1e9);
        raw.setValue(QStringLiteral("expertCap"), QStringLiteral("12 slots"));
        raw.setValue(QStringLiteral("seed"), 7);  // in range: kept
        AppSettings settings(nullptr);

        QTest::ignoreMessage(QtWarningMsg,
                             "setting maxTokens must be an integer from 0 to 1000000, got '4294967297'; using the default 0");
        QCOMPARE(settings.maxTokens(), 0);
        QTest::ignoreMessage(QtWarningMsg, "setting temperature must be a number from 0 to 100, got 'nan'; using the default 0.8");
        QCOMPARE(settings.temperature(), 0.8);
        QTest::ignoreMessage(QtWarningMsg, "setting threads must be an integer from 0 to 1024, got '-5'; using the default 0");
        QCOMPARE(settings.threads(), 0);
        QTest::ignoreMessage(QtWarningMsg, "setting topP must be a number from 1e-06 to 1, got '2.5'; using the default 0.95");
        QCOMPARE(settings.topP(), 0.95);
        QTest::ignoreMessage(QtWarningMsg,
                             QRegularExpression("^setting ramBudgetGb must be a number from 0 to [0-9.]+ \\(this machine's "
                                                "memory, in GB\\), got '1e\\+09'; using the default 0$"));
        QCOMPARE(settings.ramBudgetGb(), 0.0);
        QTest::ignoreMessage(QtWarningMsg, "setting expertCap must be an integer from 0 to 65536, got '12 slots'; using the default 0");
        QCOMPARE(settings.expertCap(), 0);
        QCOMPARE(settings.seed(), 7);

        // Said once: reading again is quiet, and a value the user sets replaces the refused one.
        QTest::failOnWarning(QRegularExpression(QStringLiteral(".*")));
        QCOMPARE(settings.maxTokens(), 0);
        settings.setMaxTokens(100);
        QCOMPARE(settings.maxTokens(), 100);
        settings.setMaxTokens(0);  // the default: still stored over the refused text
        QCOMPARE(raw.value(QStringLiteral("maxTokens")).toInt(), 0);
    }

    // Who answers the chats (issue 22): kept across instances and through Restore
    // defaults (state, not a preference); an unknown backend reads as local.
    void backendChoicePersists() {
        {
            AppSettings settings(nullptr);
            QCOMPARE(settings.backend(), QStringLiteral("local"));
            QCOMPARE(settings.serverUrl(), QString());
            settings.setBackend(QStringLiteral("server"));
            settings.setServerUrl(QStringLiteral("http://gpu-box:8000/v1"));
            settings.setServerModel(QStringLiteral("XiaomiMiMo/MiMo-V2-Flash"));
            settings.setTemperature(0.3);
        }
        AppSettings reopened(nullptr);
        QCOMPARE(reopened.backend(), QStringLiteral("server"));
        QCOMPARE(reopened.serverUrl(), QStringLiteral("http://gpu-box:8000/v1"));
        QCOMPARE(reopened.serverModel(), QStringLiteral("XiaomiMiMo/MiMo-V2-Flash"));
        reopened.restoreDefaults();
        QCOMPARE(reopened.temperature(), 0.8);
        QCOMPARE(reopened.backend(), QStringLiteral("server"));
        QCOMPARE(reopened.serverUrl(), QStringLiteral("http://gpu-box:8000/v1"));
        QCOMPARE(reopened.serverModel(), QStringLiteral("XiaomiMiMo/MiMo-V2-Flash"));

        QSettings().setValue(QStringLiteral("backend"), QStringLiteral("cloud"));
        QTest::ignoreMessage(QtWarningMsg, "setting backend must be local or server, got 'cloud'; using the default local");
        QCOMPARE(reopened.backend(), QStringLiteral("local"));
    }
};

QTEST_GUILESS_MAIN(TestAppSettingsValues)
#include "test_app_settings_values.moc"
