#pragma once
// One parser for every number a user types or a settings file stores: the whole text
// must be the number, in the range of the type the caller keeps, and inside the range
// the option allows, or a peng::Error says so with the range, e.g.
//   --ngen must be an integer from 1 to 1000000, got '4294967297'
// NaN and infinities are never a value. The ranges shared by the CLI and the app live
// here, so both refuse the same values with the same words.
#include <cstdint>
#include <string>
#include <string_view>

namespace peng {

template <typename T>
struct NumberRange {
    T min, max;
};

// `option` names the value as the user knows it ("--ngen", "setting maxTokens").
int parse_int(const std::string& option, std::string_view text, NumberRange<int> range);
int64_t parse_int64(const std::string& option, std::string_view text, NumberRange<int64_t> range);
uint64_t parse_uint64(const std::string& option, std::string_view text, NumberRange<uint64_t> range);
double parse_real(const std::string& option, std::string_view text, NumberRange<double> range);

// Gigabytes (1e9 bytes) of RAM, at most this machine's physical memory, as bytes;
// 0 stays 0 (the engine's default budget).
uint64_t parse_ram_gigabytes(const std::string& option, std::string_view text);
// Gigabytes of VRAM, at most kMaxVramGigabytes, as bytes.
uint64_t parse_vram_gigabytes(const std::string& option, std::string_view text);
// The physical memory the RAM budget may not exceed, in gigabytes.
double physical_memory_gigabytes();

// Ranges of the options the CLI and the app share.
inline constexpr NumberRange<int> kAnswerTokensRange{1, 1'000'000};     // tokens per answer
inline constexpr NumberRange<int> kSamplingTopKRange{0, 1'000'000};     // 0 = no limit
inline constexpr NumberRange<double> kTemperatureRange{0, 100};         // 0 = greedy
inline constexpr NumberRange<double> kSamplingTopPRange{1e-6, 1};      // the sampler's (0, 1]
inline constexpr NumberRange<double> kTrimTopPRange{0, 1};              // 0 = off
inline constexpr NumberRange<int> kThreadsRange{1, 1024};
inline constexpr NumberRange<int> kIoThreadsRange{1, 256};
inline constexpr NumberRange<int> kContextRange{1, 1 << 24};            // tokens the KV cache plans for
inline constexpr NumberRange<int> kPrefillBlockRange{1, 8192};          // tokens per prefill step
inline constexpr NumberRange<int> kExpertSlotsRange{0, 65536};          // per MoE layer; 0 = every expert
inline constexpr NumberRange<int> kTrimTopKRange{0, 65536};             // 0 = off
inline constexpr double kMaxVramGigabytes = 4096;

}  // namespace peng
