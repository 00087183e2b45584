#pragma once
// A parsed Jinja template: the subset of Jinja2 that chat templates use, rendered
// byte for byte as Jinja2 renders it under Hugging Face's settings (trim_blocks,
// lstrip_blocks, the sandbox's limits, its tojson). Parsing happens once; render
// is const and may run on several threads at once.
//
// Where @huggingface/jinja (the JavaScript port) and Jinja2 disagree, this
// follows Jinja2, which produced the models' training data: `{{ none }}` prints
// "None", a set inside a loop lasts one iteration, `'a' ~ undefined` is "a",
// floats print as Python repr (1.0 stays "1.0"), bool counts as a number, and a
// dict is iterable.
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "text/jinja_value.h"

namespace peng::jinja {

struct Program;

class Template {
public:
    // Throws peng::Error naming `origin` and the line if the source does not parse
    // or uses a construct outside the supported subset.
    Template(std::string source, std::string origin);

    // `context` must be a JSON object; its members become template variables.
    std::string render(const nlohmann::ordered_json& context) const;
    std::string render(const Dict& context) const;

    const std::string& source() const { return source_; }
    const std::string& origin() const { return origin_; }

private:
    std::string source_;
    std::string origin_;
    std::shared_ptr<const Program> program_;
};

}  // namespace peng::jinja
