#pragma once
// What front ends need besides a conversation: a demo model written in the release
// layout, the machine's memory and bandwidths, and the measured cost of a lossy trim.
// The memory probe and bandwidth yardsticks are the planner's own (plan/), and the
// model files' SHA-256 record and check (io/checksum_manifest.h), re-exported.
#include <atomic>
#include <functional>
#include <string>

#include "io/checksum_manifest.h"
#include "model/expert_trim.h"
#include "model/quality.h"
#include "plan/bandwidth.h"
#include "plan/memory_probe.h"

namespace peng {

// Writes the built-in demo model (Flash's 48 x 256 expert structure) into `dir`;
// `progress` gets the fraction done and what is being written. Throws peng::Error,
// leaving no partial folder behind.
void make_demo_model(const std::string& dir, const std::function<void(double, const std::string&)>& progress);

// Raw read speed of the model's shards in expert-sized requests, as experts stream.
DiskReadResult measure_model_disk_read(const std::string& model_dir);

// The quality cost of `trim` on the model at `dir` with `expert_slots` slots per MoE
// layer (0 = every expert), against the exact model (model/quality.h).
QualityResult measure_trim_cost(const std::string& dir, int expert_slots, const ExpertTrim& trim, int tokens,
                                const std::atomic<bool>* stop);

// Where conversation KV files live: `root` ("" = the default, in Peng's data folder),
// one folder per model, named by its fingerprint (experts/usage_history.h).
std::string kv_store_folder(const std::string& root, uint64_t model_fingerprint);
// Removes every model's KV files of one conversation, or (an empty key) all of them,
// wherever a model's store under `root` keeps them. Returns the files removed.
int remove_kv_files(const std::string& root, const std::string& conversation);

}  // namespace peng
