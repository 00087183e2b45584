#include "code_highlighter.h"

#include <QRegularExpression>
#include <QTextDocument>

namespace {

struct Rule {
    QRegularExpression pattern;
    QTextCharFormat format;
};

QTextCharFormat fmt(const char* color, bool bold = false, bool italic = false) {
    QTextCharFormat f;
    f.setForeground(QColor(QLatin1String(color)));
    if (bold) f.setFontWeight(QFont::DemiBold);
    f.setFontItalic(italic);
    return f;
}

QString keywords_for(const QString& lang) {
    const QString l = lang.toLower();
    if (l == "c" || l == "cpp" || l == "c++" || l == "h" || l == "hpp" || l == "cc" || l == "cuda")
        return "auto|bool|break|case|catch|char|class|const|constexpr|continue|default|delete|do|double|else|enum|"
               "explicit|extern|false|float|for|if|include|inline|int|long|namespace|new|nullptr|operator|private|"
               "protected|public|return|short|signed|sizeof|static|struct|switch|template|this|throw|true|try|"
               "typedef|typename|union|unsigned|using|virtual|void|volatile|while|std|size_t|define";
    if (l == "python" || l == "py")
        return "and|as|assert|async|await|break|class|continue|def|del|elif|else|except|False|finally|for|from|"
               "global|if|import|in|is|lambda|None|nonlocal|not|or|pass|raise|return|self|True|try|while|with|yield";
    if (l == "js" || l == "javascript" || l == "ts" || l == "typescript" || l == "qml" || l == "json")
        return "async|await|break|case|catch|class|const|continue|default|delete|else|export|extends|false|"
               "finally|for|function|if|import|in|instanceof|interface|let|new|null|of|property|return|super|"
               "switch|this|throw|true|try|type|typeof|undefined|var|void|while|yield";
    if (l == "rust" || l == "rs")
        return "as|async|await|break|const|continue|crate|else|enum|extern|false|fn|for|if|impl|in|let|loop|match|"
               "mod|move|mut|pub|ref|return|self|Self|static|struct|super|trait|true|type|unsafe|use|where|while";
    if (l == "go" || l == "golang")
        return "break|case|chan|const|continue|default|defer|else|fallthrough|for|func|go|goto|if|import|"
               "interface|map|package|range|return|select|struct|switch|type|var|nil|true|false";
    if (l == "sh" || l == "bash" || l == "shell" || l == "zsh" || l == "console")
        return "if|then|else|elif|fi|for|while|do|done|case|esac|function|in|return|export|local|set|echo|cd|sudo";
    return "if|else|for|while|return|function|class|def|true|false|null|None|const|let|var|import|from";
}

bool hash_comments(const QString& lang) {
    const QString l = lang.toLower();
    return l == "python" || l == "py" || l == "sh" || l == "bash" || l == "shell" || l == "zsh" || l == "yaml" ||
           l == "toml" || l == "ruby" || l == "cmake" || l == "console" || l.isEmpty();
}

}  // namespace

class CodeRules : public QSyntaxHighlighter {
public:
    CodeRules(QTextDocument* doc, const QString& lang) : QSyntaxHighlighter(doc) {
        rules_.append({QRegularExpression("\\b(" + keywords_for(lang) + ")\\b"), fmt("#c792ea", true)});
        rules_.append({QRegularExpression("\\b[0-9][0-9a-fA-FxX._]*\\b"), fmt("#f78c6c")});
        rules_.append({QRegularExpression("\\b[A-Za-z_][A-Za-z0-9_]*(?=\\()"), fmt("#82aaff")});
        rules_.append({QRegularExpression("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'|`[^`]*`"), fmt("#c3e88d")});
        rules_.append({QRegularExpression("//[^\n]*"), fmt("#697098", false, true)});
        if (hash_comments(lang)) rules_.append({QRegularExpression("#[^\n]*"), fmt("#697098", false, true)});
        block_comment_ = fmt("#697098", false, true);
    }

protected:
    void highlightBlock(const QString& text) override {
        for (const Rule& r : rules_) {
            for (auto it = r.pattern.globalMatch(text); it.hasNext();) {
                const auto m = it.next();
                setFormat(int(m.capturedStart()), int(m.capturedLength()), r.format);
            }
        }
        // /* ... */ spanning lines: block state 1 = inside a comment.
        static const QRegularExpression open("/\\*"), close("\\*/");
        int start = previousBlockState() == 1 ? 0 : int(text.indexOf(open));
        setCurrentBlockState(0);
        while (start >= 0) {
            const auto m = close.match(text, start);
            const int end = m.hasMatch() ? int(m.capturedEnd()) : int(text.size());
            setFormat(start, end - start, block_comment_);
            if (!m.hasMatch()) {
                setCurrentBlockState(1);
                break;
            }
            start = int(text.indexOf(open, end));
        }
    }

private:
    QList<Rule> rules_;
    QTextCharFormat block_comment_;
};

CodeHighlighter::CodeHighlighter(QObject* parent) : QObject(parent) {}
CodeHighlighter::~CodeHighlighter() = default;

void CodeHighlighter::setDocument(QQuickTextDocument* document) {
    if (document_ == document) return;
    document_ = document;
    emit documentChanged();
    rebuild();
}

void CodeHighlighter::setLanguage(const QString& language) {
    if (language_ == language) return;
    language_ = language;
    emit languageChanged();
    rebuild();
}

void CodeHighlighter::rebuild() {
    delete highlighter_;
    highlighter_ = nullptr;
    if (document_ && document_->textDocument()) highlighter_ = new CodeRules(document_->textDocument(), language_);
}
