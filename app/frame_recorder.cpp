#include "frame_recorder.h"

#include <algorithm>
#include <cmath>

QByteArray FrameIntervals::toJson() const {
    return QStringLiteral("{\"frames\":%1,\"p50_ms\":%2,\"p99_ms\":%3,\"max_ms\":%4}")
        .arg(frames)
        .arg(p50_ms, 0, 'f', 2)
        .arg(p99_ms, 0, 'f', 2)
        .arg(max_ms, 0, 'f', 2)
        .toUtf8();
}

void FrameRecorder::start(QQuickWindow* window) {
    stop();
    window_ = window;
    {
        QMutexLocker lock(&mutex_);
        intervals_ms_.clear();
        last_ns_ = -1;
    }
    if (!window_) return;
    clock_.start();
    // frameSwapped comes from the render thread with the threaded render loop; a
    // direct connection stamps the swap itself rather than when the GUI gets to it.
    connection_ = connect(window_, &QQuickWindow::frameSwapped, this, &FrameRecorder::onFrameSwapped,
                          Qt::DirectConnection);
}

void FrameRecorder::stop() {
    if (connection_) disconnect(connection_);
    connection_ = {};
}

void FrameRecorder::onFrameSwapped() {
    const qint64 now = clock_.nsecsElapsed();
    QMutexLocker lock(&mutex_);
    if (last_ns_ >= 0) intervals_ms_.push_back(double(now - last_ns_) / 1e6);
    last_ns_ = now;
}

FrameIntervals FrameRecorder::summary() const {
    QMutexLocker lock(&mutex_);
    return summarize(intervals_ms_);
}

FrameIntervals FrameRecorder::summarize(std::vector<double> intervals_ms) {
    FrameIntervals out;
    out.frames = static_cast<int>(intervals_ms.size());
    if (intervals_ms.empty()) return out;
    std::sort(intervals_ms.begin(), intervals_ms.end());
    auto rank = [&](double q) {
        const size_t i = static_cast<size_t>(std::ceil(q * double(intervals_ms.size()))) - 1;
        return intervals_ms[std::min(i, intervals_ms.size() - 1)];
    };
    out.p50_ms = rank(0.50);
    out.p99_ms = rank(0.99);
    out.max_ms = intervals_ms.back();
    return out;
}
