#include "brain_model.h"

#include <QDateTime>
#include <algorithm>
#include <cmath>

#include "tier_palette.h"

BrainModel::BrainModel(QObject* parent) : QObject(parent) {
    fade_.setInterval(33);
    connect(&fade_, &QTimer::timeout, this, &BrainModel::tick);
    summary_timer_.setSingleShot(true);
    summary_timer_.setInterval(kSummaryIntervalMs);
    connect(&summary_timer_, &QTimer::timeout, this, [this] {
        if (!summary_pending_) return;
        refreshSummary();
        summary_timer_.start();
    });
}

QVariantList BrainModel::hottestExperts() const {
    QVariantList out;
    for (const HotExpert& h : summary_.hottest)
        out.append(QVariantMap{{QStringLiteral("layer"), h.layer},
                               {QStringLiteral("expert"), h.expert},
                               {QStringLiteral("tier"), int(h.tier)},
                               {QStringLiteral("tierName"), BrainSummary::tierName(h.tier)},
                               {QStringLiteral("heat"), double(h.heat)}});
    return out;
}

void BrainModel::requestSummary() {
    if (summary_timer_.isActive()) {
        summary_pending_ = true;
        return;
    }
    refreshSummary();
    summary_timer_.start();
}

void BrainModel::refreshSummary() {
    summary_pending_ = false;
    BrainSummary next = BrainSummary::of(frame_, active_);
    QString text = next.text();
    const bool same_list = next.hottest.size() == summary_.hottest.size() &&
                           std::equal(next.hottest.begin(), next.hottest.end(), summary_.hottest.begin(),
                                      [](const HotExpert& a, const HotExpert& b) {
                                          return a.layer == b.layer && a.expert == b.expert && a.tier == b.tier &&
                                                 a.heat == b.heat;
                                      });
    summary_ = std::move(next);
    if (same_list && text == summary_text_) return;
    summary_text_ = std::move(text);
    emit summaryChanged();
}

QVariantList BrainModel::denseLayers() const {
    QVariantList out;
    for (int l = 0; l < frame_.layers; ++l)
        if (frame_.experts > 0 && frame_.tier[frame_.index(l, 0)] == uint8_t(BrainTier::Dense)) out.append(l);
    return out;
}

QVariantList BrainModel::tierCounts() const {
    QVariantList out;
    for (int c : frame_.tier_counts) out.append(c);
    return out;
}

float BrainModel::flash(int layer, int expert) const { return flash_.empty() ? 0.f : flash_[frame_.index(layer, expert)]; }
float BrainModel::heat(int layer, int expert) const { return frame_.heat.empty() ? 0.f : frame_.heat[frame_.index(layer, expert)]; }
BrainTier BrainModel::tier(int layer, int expert) const {
    return frame_.tier.empty() ? BrainTier::Disk : BrainTier(frame_.tier[frame_.index(layer, expert)]);
}

QColor BrainModel::tierColor(int tier) const { return TierPalette::color(BrainTier(std::clamp(tier, 0, int(BrainTier::Remote)))); }

QVariantMap BrainModel::cellAt(double fx, double fy) const {
    if (frame_.empty() || fx < 0 || fy < 0 || fx >= 1 || fy >= 1) return {};
    const int layer = std::min(frame_.layers - 1, int(fy * frame_.layers));
    const int expert = std::min(frame_.experts - 1, int(fx * frame_.experts));
    const int i = frame_.index(layer, expert);
    return {{QStringLiteral("layer"), layer},
            {QStringLiteral("expert"), expert},
            {QStringLiteral("tier"), int(frame_.tier[i])},
            {QStringLiteral("heat"), double(frame_.heat[i])},
            {QStringLiteral("routed"), qint64(frame_.routed[i])},
            {QStringLiteral("dense"), frame_.tier[i] == uint8_t(BrainTier::Dense)}};
}

void BrainModel::apply(const BrainFrame& frame) {
    const bool reshaped = frame.layers != frame_.layers || frame.experts != frame_.experts ||
                          frame.tier.size() != frame_.tier.size();
    frame_ = frame;
    if (reshaped || flash_.size() != frame_.heat.size()) flash_.assign(frame_.heat.size(), 0.f);
    for (size_t i = 0; i < frame_.fresh.size(); ++i)
        if (frame_.fresh[i]) flash_[i] = 1.f;
    if (reshaped) emit shapeChanged();
    render();
    emit framePublished();
    requestSummary();
    if (!fade_.isActive()) {
        last_tick_ms_ = QDateTime::currentMSecsSinceEpoch();
        fade_.start();
    }
}

void BrainModel::clear() {
    frame_ = BrainFrame{};
    flash_.clear();
    active_ = 0;
    color_ = QImage();
    data_ = QImage();
    fade_.stop();
    summary_timer_.stop();
    refreshSummary();
    emit shapeChanged();
    emit framePublished();
    emit imageChanged();
}

void BrainModel::tick() {
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    advance((now - last_tick_ms_) / 1000.0);
    last_tick_ms_ = now;
    if (active_ == 0) {
        fade_.stop();  // idle: no timer, no repaint
        requestSummary();  // "nothing lit" once the last flash is gone
    }
}

void BrainModel::advance(double seconds) {
    const float factor = float(std::exp2(-seconds / kFlashHalfLife));
    for (float& f : flash_) f = f * factor < 0.02f ? 0.f : f * factor;
    render();
}

void BrainModel::render() {
    if (frame_.empty()) return;
    if (color_.width() != frame_.experts || color_.height() != frame_.layers) {
        color_ = QImage(frame_.experts, frame_.layers, QImage::Format_RGB32);
        data_ = QImage(frame_.experts, frame_.layers, QImage::Format_RGB32);
    }
    active_ = 0;
    for (int l = 0; l < frame_.layers; ++l) {
        auto* color_row = reinterpret_cast<QRgb*>(color_.scanLine(l));
        auto* data_row = reinterpret_cast<QRgb*>(data_.scanLine(l));
        for (int e = 0; e < frame_.experts; ++e) {
            const int i = frame_.index(l, e);
            const BrainTier t = BrainTier(frame_.tier[i]);
            const float fl = flash_[i];
            active_ += fl > 0.f;
            color_row[e] = TierPalette::cell(t, frame_.heat[i], fl);
            // Shader input: red = tier (x 50), green = brightness, blue = flash.
            const int b = int(std::lround(TierPalette::brightness(frame_.heat[i]) * 255));
            data_row[e] = qRgb(int(t) * 50, b, int(std::lround(fl * 255)));
        }
    }
    emit imageChanged();
}
