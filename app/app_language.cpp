#include "app_language.h"

#include <QCoreApplication>
#include <QLocale>

#include "app_settings.h"

AppLanguage::AppLanguage(AppSettings* settings, QObject* parent) : QObject(parent), settings_(settings) {
    apply();
    connect(settings_, &AppSettings::changed, this, &AppLanguage::apply);
}

AppLanguage::~AppLanguage() {
    if (translator_) QCoreApplication::removeTranslator(translator_.get());
}

void AppLanguage::apply() {
    const QString language = settings_->language();
    if (translator_ && language == applied_) return;  // AppSettings::changed fires for every setting
    applied_ = language;
    if (translator_) QCoreApplication::removeTranslator(translator_.get());
    translator_ = std::make_unique<QTranslator>();
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    // Built by qt_add_translations into :/i18n/peng_<lang>.qm.
    if (translator_->load(locale, QStringLiteral("peng"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(translator_.get());
    if (engine_) engine_->retranslate();
}
