#pragma once
// One round of cold expert reads the way decode issues them: a layer's top-k experts
// requested together through the expert store's I/O pool, the next layer queued
// ahead. Shared by `bench io` and `bench pack`.
#include <cstdint>
#include <vector>

#include "checkpoint/checkpoint.h"
#include "checkpoint/inventory.h"

namespace peng::cli {

struct ExpertReadRound {
    double GBps = 0;          // expert bytes delivered (as the kernels see them) per second
    double fresh_GBps = 0;    // the first fill of every slot, into never-used buffers
    uint64_t bytes = 0;
    bool direct = false;
};

// `blocks` decode steps cycling over `moe_layers`, experts drawn from `seed`.
ExpertReadRound expert_read_round(const Checkpoint& ckpt, ExpertFormat format, const std::vector<int>& moe_layers,
                                  int blocks, int threads, bool direct, uint32_t seed);

std::vector<int> moe_layers_of(const ModelConfig& c);
double median(std::vector<double> v);

}  // namespace peng::cli
