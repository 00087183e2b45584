#pragma once
// The global functions a chat template can call: Jinja's range(), namespace()
// and dict(), plus raise_exception() and strftime_now() that Hugging Face adds.
// range() is capped at 100000 items, as in the sandbox Hugging Face renders in.
#include "text/jinja_value.h"

namespace peng::jinja {

// Creates the functions in `arena` (namespace() also allocates there) and
// returns them by name.
Dict builtin_globals(Arena& arena);

}  // namespace peng::jinja
