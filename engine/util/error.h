#pragma once
// The engine reports every bad input as a peng::Error whose message names the
// file and the tensor (or field) at fault. Nothing in the engine aborts on input.
#include <stdexcept>
#include <string>

namespace peng {

struct Error : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace peng
