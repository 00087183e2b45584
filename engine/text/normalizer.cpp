#include "text/normalizer.h"

#include <vector>

#include <nlohmann/json.hpp>

#include "text/unicode_services.h"
#include "util/error.h"

namespace peng::detail {

namespace {

class UnicodeForm final : public Normalizer {
public:
    explicit UnicodeForm(NormalForm form) : form_(form) {}

    std::string apply(std::string_view text) const override {
        // ASCII is unchanged by every normalization form; most text is mostly ASCII.
        for (char c : text)
            if (static_cast<unsigned char>(c) >= 0x80) return normalize_utf8(text, form_);
        return std::string(text);
    }

private:
    NormalForm form_;
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
    const NormalForm form = type == "NFC" ? NormalForm::NFC
                          : type == "NFD" ? NormalForm::NFD
                          : type == "NFKC" ? NormalForm::NFKC : NormalForm::NFKD;
    check_normal_form_available(form, origin);
    return std::make_unique<UnicodeForm>(form);
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
