#pragma once
// The chain's last act: the one id it returns.
#include "sampling/candidates.h"
#include "sampling/random_stream.h"

namespace peng {

// The first id of the largest of logits[0, count): greedy decoding's choice.
int argmax(const float* logits, int count);

// One draw from `stream` over the weighed candidates, in their ranked order.
int draw(const Candidates& candidates, RandomStream& stream);

}  // namespace peng
