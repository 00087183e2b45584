#include "load_progress.h"

#include <QCoreApplication>

QString load_progress_line(const peng::LoadProgressInfo& p) {
    switch (p.step) {
        case peng::LoadStep::DenseWeights:
            return QCoreApplication::translate("LoadProgress", "Reading the dense weights (step %1 of %2)")
                .arg(p.done)
                .arg(p.total);
        case peng::LoadStep::ExpertCache:
            return QCoreApplication::translate("LoadProgress", "Reserving memory for the expert cache (%1 of %2 slots)")
                .arg(p.done)
                .arg(p.total);
        case peng::LoadStep::PinnedExperts:
            return QCoreApplication::translate("LoadProgress", "Reading the pinned experts (%1 of %2)")
                .arg(p.done)
                .arg(p.total);
        case peng::LoadStep::Planning: break;
    }
    return QCoreApplication::translate("EngineWorker", "Reading the checkpoint index");
}
