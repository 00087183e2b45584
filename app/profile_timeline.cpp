#include "profile_timeline.h"

#include <QPointF>
#include <QXYSeries>
#include <cmath>

ProfileTimeline::ProfileTimeline(QObject* parent) : QObject(parent) {}

void ProfileTimeline::attach(const QList<QObject*>& phaseUpper, const QList<QObject*>& phaseLower,
                             QObject* tokensPerSecond, QObject* hitRate) {
    upper_.clear();
    lower_.clear();
    for (QObject* o : phaseUpper) upper_.append(qobject_cast<QXYSeries*>(o));
    for (QObject* o : phaseLower) lower_.append(qobject_cast<QXYSeries*>(o));
    tps_ = qobject_cast<QXYSeries*>(tokensPerSecond);
    hit_ = qobject_cast<QXYSeries*>(hitRate);
    push();
}

void ProfileTimeline::clear() {
    tokens_.clear();
    total_ = 0;
    sum_wall_s_ = 0;
    hits_ = misses_ = 0;
    max_ms_ = 10;
    max_tps_ = 10;
    ttft_s_ = -1;
    push();
    emit updated();
}

double ProfileTimeline::hitRate() const {
    const quint64 n = hits_ + misses_;
    return n ? double(hits_) / double(n) : 1.0;
}

void ProfileTimeline::append(const QList<TokenProfile>& tokens) {
    for (const TokenProfile& t : tokens) {
        tokens_.append(t);
        ++total_;
        sum_wall_s_ += t.wall_s;
        hits_ += t.expert_hits;
        misses_ += t.expert_misses;
    }
    while (tokens_.size() > kWindow) tokens_.removeFirst();
    double max_ms = 0, max_tps = 0;
    for (const TokenProfile& t : tokens_) {
        max_ms = std::max(max_ms, t.wall_s * 1000.0);
        if (t.wall_s > 0) max_tps = std::max(max_tps, 1.0 / t.wall_s);
    }
    // Axis ranges move in steps so the chart does not jitter on every batch.
    auto nice = [](double v) { return v <= 0 ? 1.0 : std::pow(2.0, std::ceil(std::log2(v * 1.1))); };
    max_ms_ = nice(max_ms);
    max_tps_ = nice(max_tps);
    push();
    emit updated();
}

void ProfileTimeline::setMeasuredAtClient(bool on) {
    if (client_ == on) return;
    client_ = on;
    clear();
}

void ProfileTimeline::setClientTimings(double ttft_s, const QList<double>& gaps_s) {
    clear();
    ttft_s_ = ttft_s;
    QList<TokenProfile> bars;
    for (int i = 0; i < int(gaps_s.size()); ++i) {
        TokenProfile t;
        t.index = i;
        t.wall_s = gaps_s[i];
        t.other_s = gaps_s[i];
        bars.append(t);
    }
    append(bars);
}

void ProfileTimeline::push() {
    // Each token is a flat step from index to index + 1: stacked areas drawn this
    // way read as one stacked bar per token.
    QList<QList<QPointF>> upper(PhaseCount), lower(PhaseCount);
    QList<QPointF> tps, hit;
    for (const TokenProfile& t : tokens_) {
        const double phase_ms[PhaseCount] = {t.disk_wait_s * 1e3, t.experts_s * 1e3, t.attention_s * 1e3, t.dense_s * 1e3,
                                             t.other_s * 1e3};
        double base = 0;
        for (int p = 0; p < PhaseCount; ++p) {
            const double top = base + phase_ms[p];
            lower[p] << QPointF(t.index, base) << QPointF(t.index + 1, base);
            upper[p] << QPointF(t.index, top) << QPointF(t.index + 1, top);
            base = top;
        }
        const double x = t.index + 0.5;
        tps << QPointF(x, t.wall_s > 0 ? 1.0 / t.wall_s : 0.0);
        const quint64 n = t.expert_hits + t.expert_misses;
        hit << QPointF(x, n ? 100.0 * double(t.expert_hits) / double(n) : 100.0);
    }
    for (int p = 0; p < PhaseCount; ++p) {
        if (p < upper_.size() && upper_[p]) upper_[p]->replace(upper[p]);
        if (p < lower_.size() && lower_[p]) lower_[p]->replace(lower[p]);
    }
    if (tps_) tps_->replace(tps);
    if (hit_) hit_->replace(hit);
}
