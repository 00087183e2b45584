#pragma once
// The trained demo model (issue 25): a small MiMo-V2 that tools/train-demo trained on
// WordNet glosses and fortunes, in the release layout. It ships with Peng, read-only:
// resources/trained-demo in the source tree, share/peng/trained-demo when installed.
#include <functional>
#include <string>
#include <vector>

namespace peng {

struct TrainedDemoSearch {
    std::string dir;                    // the first place holding it; empty when none does
    std::vector<std::string> searched;  // every place looked at, in order
};

// Looks in $PENG_TRAINED_DEMO_DIR, then beside the executable (../share/peng/trained-demo
// for an installed Linux or Windows layout, share/peng/trained-demo), then in the
// source tree this build came from.
TrainedDemoSearch find_trained_demo();

// find_trained_demo().dir; throws peng::Error naming every place searched when absent.
std::string trained_demo_dir();

// Copies the shipped checkpoint into `out_dir` (peng-cli make-model --preset trained):
// every file its SHA256SUMS lists, staged beside `out_dir` and re-hashed before it is
// renamed into place, so a damaged copy is an error and never a model. An existing
// non-empty `out_dir` is replaced only with `force`. `progress` gets each file copied.
// Returns the folder it copied from.
std::string copy_trained_demo(const std::string& out_dir, bool force, const std::function<void(const std::string&)>& progress);

}  // namespace peng
