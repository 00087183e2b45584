#include "sse_reader.h"

#include <QCoreApplication>

SseReader::SseReader(qsizetype max_event_bytes) : max_event_bytes_(max_event_bytes) {}

QList<QByteArray> SseReader::feed(QByteArrayView bytes) {
    QList<QByteArray> events;
    qsizetype i = 0;
    while (!malformed() && i < bytes.size()) {
        if (after_cr_ && bytes[i] == '\n') ++i;   // the LF of a CRLF split across chunks
        after_cr_ = false;
        qsizetype end = i;
        while (end < bytes.size() && bytes[end] != '\n' && bytes[end] != '\r') ++end;
        line_.append(bytes.sliced(i, end - i));
        if (line_.size() + data_.size() > max_event_bytes_) {
            error_ = QCoreApplication::translate("SseReader", "the server sent an event longer than %1 MiB without ending it")
                         .arg(max_event_bytes_ / (1024.0 * 1024.0), 0, 'g', 3);
            line_.clear();
            data_.clear();
            break;
        }
        if (end == bytes.size()) break;            // the line continues in the next chunk
        after_cr_ = bytes[end] == '\r';
        i = end + 1;
        take_line(events);
    }
    return events;
}

void SseReader::take_line(QList<QByteArray>& events) {
    const QByteArray line = std::exchange(line_, {});
    if (line.isEmpty()) {                           // a blank line ends the event
        if (has_data_) events.append(std::exchange(data_, {}));
        has_data_ = false;
        return;
    }
    if (line.startsWith(':')) return;               // a comment (servers send them as keep-alives)
    const qsizetype colon = line.indexOf(':');
    const QByteArrayView field = colon < 0 ? QByteArrayView(line) : QByteArrayView(line).first(colon);
    if (field != "data") return;                    // event, id, retry: nothing an OpenAI client needs
    QByteArrayView value = colon < 0 ? QByteArrayView() : QByteArrayView(line).sliced(colon + 1);
    if (value.startsWith(' ')) value = value.sliced(1);
    if (has_data_) data_.append('\n');
    data_.append(value);
    has_data_ = true;
}
