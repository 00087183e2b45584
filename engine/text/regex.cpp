#include "text/regex.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "text/utf8.h"
#include "util/error.h"

namespace peng::detail {

namespace {

std::string pcre2_message(int code) {
    PCRE2_UCHAR buffer[256];
    pcre2_get_error_message(code, buffer, sizeof buffer);
    return reinterpret_cast<const char*>(buffer);
}

// Per-thread match state shared by every pattern: a one-pair ovector is enough
// because only the whole match is used, and the JIT stack may grow to 8 MiB
// for long pre-tokens.
struct MatchState {
    pcre2_match_data* data = pcre2_match_data_create(1, nullptr);
    pcre2_match_context* context = pcre2_match_context_create(nullptr);
    pcre2_jit_stack* stack = pcre2_jit_stack_create(32 * 1024, 8 * 1024 * 1024, nullptr);

    MatchState() {
        if (!data || !context || !stack) throw Error("PCRE2: out of memory creating match state");
        pcre2_jit_stack_assign(context, nullptr, stack);
    }
    ~MatchState() {
        pcre2_jit_stack_free(stack);
        pcre2_match_context_free(context);
        pcre2_match_data_free(data);
    }
};

MatchState& match_state() {
    thread_local MatchState state;
    return state;
}

// Unicode's White_Space property, which \s means in the Oniguruma patterns
// tokenizer.json files are written for; PCRE2's own \s also takes U+180E.
// Ending on a class escape keeps a following '-' literal, as after \s.
constexpr const char* kWhiteSpace = "\\t\\n\\x0B\\f\\r\\x{85}\\x{2028}\\x{2029}\\p{Zs}";

// Rewrites \s (anywhere) and \S (outside character classes) to kWhiteSpace.
// Walks the pattern's escapes, \Q...\E quotes and class brackets so nothing
// else changes meaning.
std::string with_unicode_white_space(const std::string& pattern) {
    std::string out;
    bool in_class = false;
    for (size_t i = 0; i < pattern.size(); ++i) {
        char c = pattern[i];
        if (c == '\\' && i + 1 < pattern.size()) {
            char e = pattern[++i];
            if (e == 's') {
                out += in_class ? std::string(kWhiteSpace) : "[" + std::string(kWhiteSpace) + "]";
            } else if (e == 'S' && !in_class) {
                out += "[^" + std::string(kWhiteSpace) + "]";
            } else if (e == 'Q') {
                size_t end = pattern.find("\\E", i + 1);
                size_t stop = end == std::string::npos ? pattern.size() : end + 2;
                out.append(pattern, i - 1, stop - (i - 1));
                i = stop - 1;
            } else {
                out += c;
                out += e;
            }
            continue;
        }
        if (!in_class && c == '[') {
            in_class = true;
            out += c;
            // A ']' right after '[' or '[^' is a literal member, not the end.
            if (i + 1 < pattern.size() && pattern[i + 1] == '^') out += pattern[++i];
            if (i + 1 < pattern.size() && pattern[i + 1] == ']') out += pattern[++i];
            continue;
        }
        if (in_class && c == '[' && i + 1 < pattern.size() && pattern[i + 1] == ':') {
            size_t end = pattern.find(":]", i + 2);  // a POSIX class such as [:alpha:]
            if (end != std::string::npos) {
                out.append(pattern, i, end + 2 - i);
                i = end + 1;
                continue;
            }
        }
        if (in_class && c == ']') in_class = false;
        out += c;
    }
    return out;
}

}  // namespace

Regex::Regex(const std::string& pattern, bool literal, const std::string& origin) : origin_(origin) {
    int error = 0;
    PCRE2_SIZE error_offset = 0;
    // PCRE2 refuses UCP together with LITERAL, and a literal has no classes anyway.
    uint32_t options = PCRE2_UTF | (literal ? PCRE2_LITERAL : PCRE2_UCP);
    const std::string source = literal ? pattern : with_unicode_white_space(pattern);
    pcre2_code* code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(source.data()), source.size(),
                                     options, &error, &error_offset, nullptr);
    if (!code && !literal) {
        // Report the error against the pattern as written in the file.
        pcre2_code* original = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(),
                                             options, &error, &error_offset, nullptr);
        pcre2_code_free(original);
    }
    if (!code)
        throw Error(origin + ": pre-tokenizer pattern does not compile at offset " +
                    std::to_string(error_offset) + ": " + pcre2_message(error) + " (pattern: " +
                    pattern + ")");
    code_ = code;
    jit_ = pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) == 0;
}

Regex::~Regex() { pcre2_code_free(static_cast<pcre2_code*>(code_)); }

void Regex::for_each_match(std::string_view subject,
                           const std::function<void(size_t, size_t)>& on_match) const {
    auto* code = static_cast<pcre2_code*>(code_);
    MatchState& state = match_state();
    auto* text = reinterpret_cast<PCRE2_SPTR>(subject.data());
    size_t offset = 0;
    while (offset < subject.size()) {
        int rc = jit_ ? pcre2_jit_match(code, text, subject.size(), offset, 0, state.data, state.context)
                      : pcre2_match(code, text, subject.size(), offset, PCRE2_NO_UTF_CHECK, state.data,
                                    state.context);
        if (rc == PCRE2_ERROR_NOMATCH) return;
        if (rc < 0)
            throw Error(origin_ + ": pre-tokenizer pattern failed on the input: " + pcre2_message(rc));
        const PCRE2_SIZE* ovector = pcre2_get_ovector_pointer(state.data);
        size_t start = ovector[0], end = ovector[1];
        if (start < offset || end > subject.size())
            throw Error(origin_ + ": pre-tokenizer pattern reported a match outside the searched text");
        if (start >= subject.size()) return;  // an empty match at the very end
        if (end <= start) {
            // An empty match: step over one character and search again.
            size_t step = utf8::valid_sequence_length(subject, start);
            offset = start + (step ? step : 1);
            continue;
        }
        on_match(start, end);
        offset = end;
    }
}

}  // namespace peng::detail
