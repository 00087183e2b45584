#pragma once
// The app shows and takes memory sizes in gigabytes of 1e9 bytes (as the engine's
// planner and the settings do); this is the one conversion between the two.
#include <algorithm>
#include <cstdint>

inline uint64_t bytesOfGb(double gb) { return static_cast<uint64_t>(std::max(0.0, gb) * 1e9); }
inline double gbOfBytes(uint64_t bytes) { return double(bytes) / 1e9; }
