#pragma once
// Measures UI fluidity: the time between consecutive frameSwapped signals of a
// window while recording is on. A steady 60 Hz display gives ~16.7 ms; stalls of
// the GUI thread show up as long intervals in the high percentiles.
#include <QElapsedTimer>
#include <QMetaObject>
#include <QMutex>
#include <QObject>
#include <QPointer>
#include <QQuickWindow>
#include <vector>

struct FrameIntervals {
    int frames = 0;       // intervals measured
    double p50_ms = 0;
    double p99_ms = 0;
    double max_ms = 0;
    QByteArray toJson() const;  // {"frames":N,"p50_ms":x,"p99_ms":y,"max_ms":z}
};

class FrameRecorder : public QObject {
    Q_OBJECT
public:
    explicit FrameRecorder(QObject* parent = nullptr) : QObject(parent) {}

    void start(QQuickWindow* window);
    void stop();
    bool recording() const { return static_cast<bool>(connection_); }
    FrameIntervals summary() const;
    // Percentiles of a list of intervals (nearest rank); exposed for tests.
    static FrameIntervals summarize(std::vector<double> intervals_ms);

private:
    void onFrameSwapped();

    QPointer<QQuickWindow> window_;
    QMetaObject::Connection connection_;
    mutable QMutex mutex_;  // the render thread appends, the GUI thread reads
    QElapsedTimer clock_;
    qint64 last_ns_ = -1;
    std::vector<double> intervals_ms_;
};
