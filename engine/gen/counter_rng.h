#pragma once
// Counter-based random numbers for checkpoint synthesis. Element i of a tensor is
// a pure function of (seed, tensor key, i), so tensors can be generated in any
// order, in parallel, in pieces, and still give the same bytes.
#include <cmath>
#include <cstdint>
#include <string_view>

namespace peng::gen {

// splitmix64's output function: a strong 64-bit bijective mixer.
inline uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// FNV-1a over the name, then mixed with the seed: one key per (seed, name).
inline uint64_t stream_key(uint64_t seed, std::string_view name) {
    uint64_t h = 0xCBF29CE484222325ULL;
    for (unsigned char c : name) h = (h ^ c) * 0x100000001B3ULL;
    return mix64(h ^ mix64(seed + 0x9E3779B97F4A7C15ULL));
}

// The i-th 64-bit draw of a stream (splitmix64 seen as a counter mode).
inline uint64_t stream_bits(uint64_t key, uint64_t i) {
    return mix64(key + (i + 1) * 0x9E3779B97F4A7C15ULL);
}

// Uniform in the open interval (0, 1) from the top 53 bits.
inline double open_unit(uint64_t bits) {
    return (static_cast<double>(bits >> 11) + 0.5) * 0x1.0p-53;
}

// Inverse normal CDF (Acklam's rational approximation, relative error ~1e-9).
// Only the 5% of draws in the tails need a logarithm, which keeps synthesis of
// billions of weights cheap.
inline double inverse_normal_cdf(double p) {
    static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                                   -2.759285104469687e+02, 1.383577518672690e+02,
                                   -3.066479806614716e+01, 2.506628277459239e+00};
    static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                                   -1.556989798598866e+02, 6.680131188771972e+01,
                                   -1.328068155288572e+01};
    static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                                   -2.400758277161838e+00, -2.549732539343734e+00,
                                   4.374664141464968e+00,  2.938163982698783e+00};
    static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01,
                                   2.445134137142996e+00, 3.754408661907416e+00};
    constexpr double p_low = 0.02425;
    if (p < p_low || p > 1.0 - p_low) {
        const bool upper = p > 0.5;
        const double q = std::sqrt(-2.0 * std::log(upper ? 1.0 - p : p));
        const double x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
                         ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
        return upper ? -x : x;
    }
    const double q = p - 0.5;
    const double r = q * q;
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
           (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1.0);
}

// Standard normal value number i of stream `key`.
inline float stream_normal(uint64_t key, uint64_t i) {
    return static_cast<float>(inverse_normal_cdf(open_unit(stream_bits(key, i))));
}

}  // namespace peng::gen
