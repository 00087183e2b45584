#pragma once
// The GUI side of the brain: takes the coalesced BrainFrames from the worker,
// keeps each expert's flash fading in wall-clock time (also after generation
// stops), and renders two one-pixel-per-expert images: the finished colours
// (drawn directly, works under the software scene graph) and the raw data
// (tier, brightness, flash) for the ShaderEffect where the RHI runs shaders.
#include <QImage>
#include <QObject>
#include <QTimer>
#include <QVariantList>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

#include "brain_frame.h"
#include "brain_summary.h"

class BrainModel : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("BrainModel belongs to the EngineController")
    Q_PROPERTY(int layers READ layers NOTIFY shapeChanged)
    Q_PROPERTY(int experts READ experts NOTIFY shapeChanged)
    Q_PROPERTY(QVariantList denseLayers READ denseLayers NOTIFY shapeChanged)
    Q_PROPERTY(QVariantList tierCounts READ tierCounts NOTIFY framePublished)
    Q_PROPERTY(int activeExperts READ activeExperts NOTIFY framePublished)
    Q_PROPERTY(qint64 rows READ rows NOTIFY framePublished)
    // The brain in words and its hottest experts (layer, expert, tier, tierName, heat),
    // for screen readers; refreshed at most once per kSummaryIntervalMs.
    Q_PROPERTY(QString summary READ summary NOTIFY summaryChanged)
    Q_PROPERTY(QVariantList hottestExperts READ hottestExperts NOTIFY summaryChanged)

public:
    explicit BrainModel(QObject* parent = nullptr);

    int layers() const { return frame_.layers; }
    int experts() const { return frame_.experts; }
    QVariantList denseLayers() const;
    QVariantList tierCounts() const;
    int activeExperts() const { return active_; }
    qint64 rows() const { return qint64(frame_.tokens); }
    QString summary() const { return summary_text_; }
    QVariantList hottestExperts() const;

    const QImage& colorImage() const { return color_; }
    const QImage& dataImage() const { return data_; }
    float flash(int layer, int expert) const;
    float heat(int layer, int expert) const;
    BrainTier tier(int layer, int expert) const;

    Q_INVOKABLE QColor tierColor(int tier) const;
    // Layer, expert, tier, heat and times routed of the cell under a point given as
    // fractions (0..1) of the grid's width and height; empty outside.
    Q_INVOKABLE QVariantMap cellAt(double fx, double fy) const;

    // Takes a frame from the worker: fresh experts flash at full strength.
    void apply(const BrainFrame& frame);
    // Fades flashes by `seconds` of wall time and re-renders. The timer calls this
    // while anything is still fading; tests call it directly.
    void advance(double seconds);
    void clear();

    static constexpr double kFlashHalfLife = 0.18;  // seconds
    static constexpr int kSummaryIntervalMs = 1000;  // a screen reader cannot follow 30 changes a second

signals:
    void shapeChanged();
    void framePublished();
    void imageChanged();
    void summaryChanged();

private:
    void render();
    void tick();
    // Refreshes the summary now if none went out in the last interval, else once the interval ends.
    void requestSummary();
    void refreshSummary();

    BrainFrame frame_;
    std::vector<float> flash_;
    QImage color_, data_;
    int active_ = 0;  // cells with any flash left
    QTimer fade_;
    qint64 last_tick_ms_ = 0;
    BrainSummary summary_;
    QString summary_text_ = BrainSummary().text();
    QTimer summary_timer_;
    bool summary_pending_ = false;
};
