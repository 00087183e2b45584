#pragma once
// Colours a code block's text: keywords, strings, numbers and comments for the
// languages chat answers use most (KSyntaxHighlighting has no Qt 6 build in
// Debian 12). Attach it to a TextEdit's textDocument from QML.
#include <QPointer>
#include <QQuickTextDocument>
#include <QSyntaxHighlighter>
#include <QtQml/qqmlregistration.h>

class CodeRules;

class CodeHighlighter : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QQuickTextDocument* document READ document WRITE setDocument NOTIFY documentChanged)
    Q_PROPERTY(QString language READ language WRITE setLanguage NOTIFY languageChanged)
public:
    explicit CodeHighlighter(QObject* parent = nullptr);
    ~CodeHighlighter() override;

    QQuickTextDocument* document() const { return document_; }
    void setDocument(QQuickTextDocument* document);
    QString language() const { return language_; }
    void setLanguage(const QString& language);

signals:
    void documentChanged();
    void languageChanged();

private:
    void rebuild();
    QPointer<QQuickTextDocument> document_;
    QString language_;
    QSyntaxHighlighter* highlighter_ = nullptr;
};
