#pragma once
// The random numbers a decode's draws consume, as an object of its own: the caller
// owns it, so a speculative-decoding verifier can hold the stream at a position and
// draw exactly what a plain decode would draw there. Its unit is one draw: a greedy
// choice takes none, a sampled token takes exactly one.
#include <cstdint>
#include <random>

namespace peng {

class RandomStream {
public:
    explicit RandomStream(uint64_t seed) : engine_(seed) {}

    // One draw, uniform in [0, upper).
    double uniform(double upper);

    // Moves past `count` draws without using them, as `count` calls of uniform() would.
    void skip(uint64_t count);

    uint64_t draws_taken() const { return draws_taken_; }

private:
    std::mt19937_64 engine_;
    uint64_t draws_taken_ = 0;
};

}  // namespace peng
