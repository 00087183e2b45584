#include "text/jinja_template.h"

#include "text/jinja_ast.h"
#include "text/jinja_eval.h"
#include "text/jinja_json.h"
#include "text/jinja_lexer.h"
#include "text/jinja_parser.h"
#include "util/error.h"

namespace peng::jinja {

Template::Template(std::string source, std::string origin)
    : source_(std::move(source)), origin_(std::move(origin)) {
    program_ = std::make_shared<const Program>(parse(tokenize(source_, origin_), origin_));
}

std::string Template::render(const nlohmann::ordered_json& context) const {
    if (!context.is_object()) throw Error("template " + origin_ + ": the render context must be a JSON object");
    Dict vars;
    for (const auto& [key, value] : context.items()) vars.emplace_back(key, from_json(value));
    return render(vars);
}

std::string Template::render(const Dict& context) const { return render_program(*program_, context, origin_); }

}  // namespace peng::jinja
