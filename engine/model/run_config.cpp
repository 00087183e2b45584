#include "model/run_config.h"

#include <string>

#include "util/error.h"

namespace peng {

void check_trim(const ExpertTrim& trim, const ModelConfig& config) {
    if (trim.top_k < 0 || trim.top_k > config.num_experts_per_tok)
        throw Error("TOPK must be between 1 and " + std::to_string(config.num_experts_per_tok) + " (0 = off)");
    if (!(trim.top_p >= 0 && trim.top_p <= 1)) throw Error("TOPP must be in (0, 1] (0 = off)");
}

}  // namespace peng
