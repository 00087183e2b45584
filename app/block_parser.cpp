#include "block_parser.h"

namespace {

const QString kThinkOpen = QStringLiteral("<think>");
const QString kThinkClose = QStringLiteral("</think>");

// A fence line: up to three spaces, then ``` (or ~~~). Returns the info string.
bool fence_line(QStringView line, QString* info) {
    int i = 0;
    while (i < line.size() && i < 3 && line[i] == u' ') ++i;
    const QStringView rest = line.mid(i);
    if (!rest.startsWith(u"```") && !rest.startsWith(u"~~~")) return false;
    if (info) *info = rest.mid(3).trimmed().toString().section(u' ', 0, 0);
    return true;
}

// The line of `raw` starting at `at`, without its newline; `next` is the start of the following line.
QStringView line_at(QStringView raw, int at, int* next) {
    const int nl = int(raw.indexOf(u'\n', at));
    *next = nl < 0 ? int(raw.size()) : nl + 1;
    return raw.mid(at, (nl < 0 ? int(raw.size()) : nl) - at);
}

QString trim_newlines(QStringView s) {
    int a = 0, b = int(s.size());
    while (a < b && (s[a] == u'\n' || s[a] == u'\r')) ++a;
    while (b > a && s[b - 1].isSpace()) --b;
    return s.mid(a, b - a).toString();
}

}  // namespace

QList<MessageBlock> parse_blocks(QStringView raw, int from) {
    QList<MessageBlock> out;
    int at = from;
    const int n = int(raw.size());
    while (at < n || out.isEmpty()) {
        if (raw.mid(at).startsWith(kThinkOpen)) {
            MessageBlock b{MessageBlock::Think, {}, {}, false, at};
            const int body = at + int(kThinkOpen.size());
            const int end = int(raw.indexOf(kThinkClose, body));
            b.closed = end >= 0;
            b.text = trim_newlines(raw.mid(body, (b.closed ? end : n) - body));
            // Thinking that closed with nothing in it is no block: no "Thought for" header over
            // an empty box. While it is still open it stays, so "Thinking…" shows meanwhile.
            if (!b.closed || !b.text.isEmpty()) out.append(b);
            at = b.closed ? end + int(kThinkClose.size()) : n;
            continue;
        }
        int next = 0;
        QString info;
        const bool at_line_start = at == 0 || raw[at - 1] == u'\n';
        if (at_line_start && fence_line(line_at(raw, at, &next), &info) && next <= n &&
            (next < n || raw.endsWith(u'\n'))) {
            // An opening fence (only once its line is complete, so the language is known).
            MessageBlock b{MessageBlock::Code, {}, info, false, at};
            int line_start = next, body_end = n;
            at = n;
            while (line_start < n) {
                int after = 0;
                const QStringView line = line_at(raw, line_start, &after);
                if (fence_line(line, nullptr) && line.trimmed().size() <= 3 + 3) {
                    b.closed = true;
                    body_end = line_start;
                    at = after;
                    break;
                }
                line_start = after;
            }
            QStringView body = raw.mid(next, body_end - next);
            if (body.endsWith(u'\n')) body.chop(1);
            b.text = body.toString();
            out.append(b);
            continue;
        }
        // Markdown text up to the next think tag or fence line.
        MessageBlock b{MessageBlock::Text, {}, {}, false, at};
        int end = n, line_start = at;
        const int think = int(raw.indexOf(kThinkOpen, at));
        while (line_start < n) {
            int after = 0;
            const QStringView line = line_at(raw, line_start, &after);
            if (line_start > at && fence_line(line, nullptr)) {
                end = line_start;
                break;
            }
            line_start = after;
        }
        if (think >= 0 && think < end) end = think;
        // A think tag only partly streamed stays out of the text until it completes or proves not to be one.
        bool partial_tag = false;
        if (end == n) {
            for (int k = int(kThinkOpen.size()) - 1; k > 0; --k)
                if (raw.endsWith(QStringView(kThinkOpen).left(k))) {
                    end = n - k;
                    partial_tag = true;
                    break;
                }
        }
        QString text = raw.mid(at, end - at).toString();
        text.remove(kThinkClose);  // a stray close tag is not content
        b.text = trim_newlines(text);
        b.closed = end < n && !partial_tag;
        out.append(b);
        if (end == at || partial_tag) break;  // the rest is a tag still arriving
        at = end;
    }
    return out;
}
