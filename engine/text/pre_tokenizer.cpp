#include "text/pre_tokenizer.h"

#include <nlohmann/json.hpp>

#include "text/regex.h"
#include "util/error.h"

namespace peng::detail {

namespace {

// The pattern Hugging Face's ByteLevel pre-tokenizer uses when use_regex is on.
constexpr const char* kGpt2Pattern =
    R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)";

enum class Behavior { Removed, Isolated, MergedWithPrevious, MergedWithNext, Contiguous };

struct Region {
    size_t start, end;
    bool is_match;
};

// Folds the alternating match / non-match regions of one piece into pieces
// exactly as Hugging Face's SplitDelimiterBehavior does.
std::vector<Region> apply_behavior(const std::vector<Region>& regions, Behavior behavior) {
    std::vector<Region> out;
    switch (behavior) {
        case Behavior::Removed:
            for (const auto& r : regions)
                if (!r.is_match) out.push_back(r);
            return out;
        case Behavior::Isolated:
            return regions;
        case Behavior::MergedWithPrevious: {
            bool previous_match = false;
            for (const auto& r : regions) {
                if (r.is_match && !previous_match && !out.empty())
                    out.back().end = r.end;
                else
                    out.push_back(r);
                previous_match = r.is_match;
            }
            return out;
        }
        case Behavior::MergedWithNext: {
            bool next_match = false;
            for (auto it = regions.rbegin(); it != regions.rend(); ++it) {
                if (it->is_match && !next_match && !out.empty())
                    out.back().start = it->start;
                else
                    out.push_back(*it);
                next_match = it->is_match;
            }
            return {out.rbegin(), out.rend()};
        }
        case Behavior::Contiguous: {
            bool previous_match = false;
            for (const auto& r : regions) {
                if (r.is_match == previous_match && !out.empty())
                    out.back().end = r.end;
                else
                    out.push_back(r);
                previous_match = r.is_match;
            }
            return out;
        }
    }
    return out;
}

class SplitStep final : public PreTokenizerStep {
public:
    SplitStep(const std::string& pattern, bool literal, Behavior behavior, bool invert,
              const std::string& origin)
        : regex_(pattern, literal, origin), behavior_(behavior), invert_(invert) {}

    void split(std::string_view piece,
               const std::function<void(std::string_view)>& emit) const override {
        if (behavior_ == Behavior::Isolated && !invert_) {
            // The common case streams: no region list needed.
            size_t previous = 0;
            regex_.for_each_match(piece, [&](size_t start, size_t end) {
                if (start > previous) emit(piece.substr(previous, start - previous));
                emit(piece.substr(start, end - start));
                previous = end;
            });
            if (previous < piece.size()) emit(piece.substr(previous));
            return;
        }
        std::vector<Region> regions;
        size_t previous = 0;
        regex_.for_each_match(piece, [&](size_t start, size_t end) {
            if (start > previous) regions.push_back({previous, start, invert_});
            regions.push_back({start, end, !invert_});
            previous = end;
        });
        if (previous < piece.size()) regions.push_back({previous, piece.size(), invert_});
        for (const auto& r : apply_behavior(regions, behavior_))
            if (r.end > r.start) emit(piece.substr(r.start, r.end - r.start));
    }

private:
    Regex regex_;
    Behavior behavior_;
    bool invert_;
};

// ByteLevel with add_prefix_space: a piece that does not start with a space
// gets one, as Hugging Face does for every piece it sees.
class PrefixSpaceStep final : public PreTokenizerStep {
public:
    void split(std::string_view piece,
               const std::function<void(std::string_view)>& emit) const override {
        if (!piece.empty() && piece.front() == ' ') {
            emit(piece);
            return;
        }
        std::string prefixed;
        prefixed.reserve(piece.size() + 1);
        prefixed.push_back(' ');
        prefixed.append(piece);
        emit(prefixed);
    }
};

bool flag(const nlohmann::json& spec, const char* name, bool fallback, const std::string& where) {
    if (!spec.contains(name) || spec[name].is_null()) return fallback;
    if (!spec[name].is_boolean()) throw Error(where + "." + name + " must be true or false");
    return spec[name].get<bool>();
}

Behavior parse_behavior(const nlohmann::json& spec, const std::string& where) {
    if (!spec.contains("behavior") || !spec["behavior"].is_string())
        throw Error(where + ".behavior must be a string");
    const std::string name = spec["behavior"].get<std::string>();
    if (name == "Removed") return Behavior::Removed;
    if (name == "Isolated") return Behavior::Isolated;
    if (name == "MergedWithPrevious") return Behavior::MergedWithPrevious;
    if (name == "MergedWithNext") return Behavior::MergedWithNext;
    if (name == "Contiguous") return Behavior::Contiguous;
    throw Error(where + ".behavior \"" + name + "\" is not a known split behaviour");
}

void add_steps(const nlohmann::json& spec, const std::string& origin, const std::string& where,
               std::vector<std::unique_ptr<PreTokenizerStep>>& steps, bool& byte_level) {
    if (spec.is_null()) return;
    if (!spec.is_object() || !spec.contains("type") || !spec["type"].is_string())
        throw Error(origin + ": " + where + " must be an object with a string \"type\"");
    const std::string type = spec["type"].get<std::string>();
    const std::string at = origin + ": " + where;
    if (type == "Sequence") {
        if (!spec.contains("pretokenizers") || !spec["pretokenizers"].is_array())
            throw Error(at + " (Sequence) needs a \"pretokenizers\" array");
        size_t i = 0;
        for (const auto& item : spec["pretokenizers"])
            add_steps(item, origin, where + ".pretokenizers[" + std::to_string(i++) + "]", steps,
                      byte_level);
    } else if (type == "Split") {
        const auto* pattern = spec.contains("pattern") ? &spec["pattern"] : nullptr;
        bool literal = false;
        std::string text;
        if (pattern && pattern->is_object() && pattern->contains("Regex") && (*pattern)["Regex"].is_string()) {
            text = (*pattern)["Regex"].get<std::string>();
        } else if (pattern && pattern->is_object() && pattern->contains("String") &&
                   (*pattern)["String"].is_string()) {
            text = (*pattern)["String"].get<std::string>();
            literal = true;
        } else {
            throw Error(at + ".pattern must be {\"Regex\": ...} or {\"String\": ...}");
        }
        steps.push_back(std::make_unique<SplitStep>(text, literal, parse_behavior(spec, at),
                                                    flag(spec, "invert", false, at), origin));
    } else if (type == "ByteLevel") {
        byte_level = true;
        if (flag(spec, "add_prefix_space", true, at)) steps.push_back(std::make_unique<PrefixSpaceStep>());
        if (flag(spec, "use_regex", true, at))
            steps.push_back(std::make_unique<SplitStep>(kGpt2Pattern, false, Behavior::Isolated,
                                                        false, origin));
    } else {
        throw Error(at + ": pre-tokenizer type \"" + type +
                    "\" is not supported (Peng implements Split, ByteLevel and Sequence)");
    }
}

}  // namespace

PreTokenizer::PreTokenizer(const nlohmann::json& spec, const std::string& origin) {
    bool byte_level = false;
    add_steps(spec, origin, "pre_tokenizer", steps_, byte_level);
    if (!byte_level)
        throw Error(origin + ": pre_tokenizer has no ByteLevel step; only byte-level BPE "
                             "tokenizers (GPT-2 / Qwen style) are supported");
}

void PreTokenizer::split(std::string_view text,
                         const std::function<void(std::string_view)>& emit) const {
    if (!text.empty()) run(0, text, emit);
}

void PreTokenizer::run(size_t step, std::string_view piece,
                       const std::function<void(std::string_view)>& emit) const {
    if (step == steps_.size()) {
        emit(piece);
        return;
    }
    steps_[step]->split(piece, [&](std::string_view sub) {
        if (!sub.empty()) run(step + 1, sub, emit);
    });
}

}  // namespace peng::detail

