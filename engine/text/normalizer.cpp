#include "text/normalizer.h"

#include <vector>

#include <nlohmann/json.hpp>
#include <unicode/bytestream.h>
#include <unicode/normalizer2.h>

#include "util/error.h"

namespace peng::detail {

namespace {

class UnicodeForm final : public Normalizer {
public:
    UnicodeForm(const icu::Normalizer2* form, std::string name)
        : form_(form), name_(std::move(name)) {}

    std::string apply(std::string_view text) const override {
        // ASCII is unchanged by every normalization form; most text is mostly ASCII.
        bool ascii = true;
        for (char c : text)
            if (static_cast<unsigned char>(c) >= 0x80) {
                ascii = false;
                break;
            }
        if (ascii) return std::string(text);

        UErrorCode status = U_ZERO_ERROR;
        icu::StringPiece piece(text.data(), static_cast<int32_t>(text.size()));
        if (form_->isNormalizedUTF8(piece, status) && U_SUCCESS(status)) return std::string(text);
        status = U_ZERO_ERROR;
        std::string out;
        out.reserve(text.size());
        icu::StringByteSink<std::string> sink(&out);
        form_->normalizeUTF8(0, piece, sink, nullptr, status);
        if (U_FAILURE(status))
            throw Error(name_ + " normalization failed: " + u_errorName(status));
        return out;
    }

private:
    const icu::Normalizer2* form_;
    std::string name_;
};

class Sequence final : public Normalizer {
public:
    explicit Sequence(std::vector<std::unique_ptr<Normalizer>> steps) : steps_(std::move(steps)) {}
    std::string apply(std::string_view text) const override {
        std::string current(text);
        for (const auto& step : steps_) current = step->apply(current);
        return current;
    }

private:
    std::vector<std::unique_ptr<Normalizer>> steps_;
};

std::unique_ptr<Normalizer> make_form(const std::string& type, const std::string& origin) {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* form = nullptr;
    if (type == "NFC") form = icu::Normalizer2::getNFCInstance(status);
    else if (type == "NFD") form = icu::Normalizer2::getNFDInstance(status);
    else if (type == "NFKC") form = icu::Normalizer2::getNFKCInstance(status);
    else if (type == "NFKD") form = icu::Normalizer2::getNFKDInstance(status);
    if (!form || U_FAILURE(status))
        throw Error(origin + ": ICU could not provide the " + type + " normalizer (" +
                    u_errorName(status) + ")");
    return std::make_unique<UnicodeForm>(form, type);
}

}  // namespace

std::unique_ptr<Normalizer> make_normalizer(const nlohmann::json& spec, const std::string& origin) {
    if (spec.is_null()) return nullptr;
    if (!spec.is_object() || !spec.contains("type") || !spec["type"].is_string())
        throw Error(origin + ": \"normalizer\" must be null or an object with a string \"type\"");
    const std::string type = spec["type"].get<std::string>();
    if (type == "NFC" || type == "NFD" || type == "NFKC" || type == "NFKD") return make_form(type, origin);
    if (type == "Sequence") {
        const auto& list = spec.contains("normalizers") ? spec["normalizers"] : nlohmann::json();
        if (!list.is_array())
            throw Error(origin + ": Sequence normalizer needs a \"normalizers\" array");
        std::vector<std::unique_ptr<Normalizer>> steps;
        for (const auto& item : list)
            if (auto step = make_normalizer(item, origin)) steps.push_back(std::move(step));
        return std::make_unique<Sequence>(std::move(steps));
    }
    throw Error(origin + ": normalizer type \"" + type +
                "\" is not supported (Peng implements NFC, NFD, NFKC, NFKD and Sequence); "
                "refusing the file rather than producing different token ids");
}

}  // namespace peng::detail
