#pragma once
// Server-sent events (the WHATWG event-stream format) read incrementally: bytes come
// in chunks split anywhere, lines end in LF, CRLF or CR, a blank line ends an event,
// `data:` lines join with "\n", comments (`:`) and other fields (event, id, retry)
// are skipped. An OpenAI-style stream only needs each event's data.
#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QString>

class SseReader {
public:
    // A server that never ends a line or an event must not take all memory: past
    // `max_event_bytes` pending bytes the stream is malformed.
    explicit SseReader(qsizetype max_event_bytes = 256 * 1024 * 1024);

    // The data of each event these bytes complete, in order. Nothing more once malformed.
    QList<QByteArray> feed(QByteArrayView bytes);

    bool malformed() const { return !error_.isEmpty(); }
    QString error() const { return error_; }
    // True when bytes of an unfinished event are waiting (a stream cut mid-event).
    bool pending() const { return !line_.isEmpty() || has_data_; }

private:
    void take_line(QList<QByteArray>& events);

    qsizetype max_event_bytes_;
    QByteArray line_;          // the current line, without its end
    QByteArray data_;          // the current event's data lines, joined
    bool has_data_ = false;    // a data field was seen (its value may be empty)
    bool after_cr_ = false;    // the last byte was a CR: an LF right after it is the same line end
    QString error_;
};
