#pragma once
// Router lookahead and next-token guessing (decode_scheduler.h): on, off, or Auto, on
// where experts can miss RAM. Only the timing of reads changes, never the output.

namespace peng {

enum class PrefetchMode { Auto, On, Off };

}  // namespace peng
