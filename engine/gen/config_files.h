#pragma once
// config.json and generation_config.json as the MiMo-V2.5 / V2.6 releases write
// them (spec 2), including their duplicated keys and their nulls.
#include <string>

#include "gen/preset.h"
#include "gen/tokenizer_synthesis.h"

namespace peng::gen {

std::string make_config_json(const ModelDims& dims, CheckpointFormat format, const TokenizerFiles& tokenizer);
std::string make_generation_config_json(CheckpointFormat format, const TokenizerFiles& tokenizer);

}  // namespace peng::gen
