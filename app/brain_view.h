#pragma once
// Draws a BrainModel image as one texture, one pixel per expert scaled up with
// nearest filtering. A texture renders under every scene-graph backend,
// including the software one used offscreen (custom geometry does not).
#include <QPointer>
#include <QQuickItem>
#include <QtQml/qqmlregistration.h>

#include "brain_model.h"

class BrainView : public QQuickItem {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(BrainModel* model READ model WRITE setModel NOTIFY modelChanged)
    Q_PROPERTY(Source source READ source WRITE setSource NOTIFY sourceChanged)

public:
    enum Source { Colors, ShaderData };
    Q_ENUM(Source)

    explicit BrainView(QQuickItem* parent = nullptr);
    BrainModel* model() const { return model_; }
    void setModel(BrainModel* model);
    Source source() const { return source_; }
    void setSource(Source source);

signals:
    void modelChanged();
    void sourceChanged();

protected:
    QSGNode* updatePaintNode(QSGNode* old, UpdatePaintNodeData*) override;

private:
    QPointer<BrainModel> model_;
    Source source_ = Colors;
};
