#pragma once
// The chat templates Peng ships (engine/text/templates/*.jinja), compiled in so
// that the model generator and the app need no source tree at run time.
// builtin_templates.cpp is generated from the .jinja files by
// tools/embed_templates.sh; a unit test checks the two never drift apart.
#include <string_view>
#include <vector>

namespace peng {

// "mimo-v2.6" (Xiaomi's official template) or "mimo-v2.5" (reconstructed from
// the spec). Throws peng::Error for any other name.
std::string_view builtin_template(std::string_view name);

// The names builtin_template() accepts.
std::vector<std::string_view> builtin_template_names();

}  // namespace peng
