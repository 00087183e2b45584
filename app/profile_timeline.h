#pragma once
// The per-token profile of the current answer for the QtCharts timeline. Tokens
// arrive in coalesced batches; the series the chart shows are rebuilt from the
// last kWindow tokens and pushed with QXYSeries::replace (one call per series),
// never point by point from QML.
#include <QList>
#include <QObject>
#include <QPointer>
#include <QtQml/qqmlregistration.h>

#include "engine_types.h"

class QXYSeries;

class ProfileTimeline : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("ProfileTimeline belongs to the EngineController")
    Q_PROPERTY(int first READ first NOTIFY updated)
    Q_PROPERTY(int last READ last NOTIFY updated)
    Q_PROPERTY(double maxMs READ maxMs NOTIFY updated)
    Q_PROPERTY(double maxTokensPerSecond READ maxTokensPerSecond NOTIFY updated)
    Q_PROPERTY(int count READ count NOTIFY updated)
    Q_PROPERTY(double averageMs READ averageMs NOTIFY updated)
    Q_PROPERTY(double hitRate READ hitRate NOTIFY updated)
    // True while a server answers: the bars are the gaps between streamed text as the
    // client saw them (network included), not the engine's phases.
    Q_PROPERTY(bool measuredAtClient READ measuredAtClient NOTIFY updated)
    Q_PROPERTY(double ttftSeconds READ ttftSeconds NOTIFY updated)

public:
    // The stacked phases, bottom to top.
    enum Phase { DiskWait, Experts, Attention, Dense, Other, PhaseCount };
    Q_ENUM(Phase)
    static constexpr int kWindow = 96;   // tokens kept on screen
    static constexpr int kMinSpan = 32;

    explicit ProfileTimeline(QObject* parent = nullptr);

    // The chart hands over its series once: the upper line of each phase's
    // AreaSeries (their lower lines are the previous phase's upper), the tok/s
    // line and the hit-rate line.
    Q_INVOKABLE void attach(const QList<QObject*>& phaseUpper, const QList<QObject*>& phaseLower,
                            QObject* tokensPerSecond, QObject* hitRate);

    void clear();
    void append(const QList<TokenProfile>& tokens);
    void setMeasuredAtClient(bool on);
    // A server's answer as the client measured it: time to first text, then the gap
    // before each later text event (one bar each, drawn as "other": no phases are known).
    void setClientTimings(double ttft_s, const QList<double>& gaps_s);
    bool measuredAtClient() const { return client_; }
    double ttftSeconds() const { return ttft_s_; }
    const QList<TokenProfile>& tokens() const { return tokens_; }

    int first() const { return tokens_.isEmpty() ? 0 : tokens_.first().index; }
    // At least kMinSpan tokens wide, so a short answer's bars are not slivers.
    int last() const { return tokens_.isEmpty() ? kMinSpan : std::max(tokens_.last().index + 1, first() + kMinSpan); }
    double maxMs() const { return max_ms_; }
    double maxTokensPerSecond() const { return max_tps_; }
    int count() const { return total_; }
    double averageMs() const { return total_ ? sum_wall_s_ * 1000.0 / total_ : 0.0; }
    double hitRate() const;

signals:
    void updated();

private:
    void push();

    QList<TokenProfile> tokens_;   // the visible window
    int total_ = 0;
    bool client_ = false;
    double ttft_s_ = -1;
    double sum_wall_s_ = 0;
    quint64 hits_ = 0, misses_ = 0;
    double max_ms_ = 10, max_tps_ = 10;
    QList<QPointer<QXYSeries>> upper_, lower_;
    QPointer<QXYSeries> tps_, hit_;
};
