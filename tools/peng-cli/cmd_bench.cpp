// peng-cli bench NAME ...: speed measurements, one function per NAME (see benches.h).
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "args.h"
#include "benches.h"
#include "commands.h"
#include "nearest_name.h"

namespace peng::cli {
namespace {

constexpr const char* kSummary = "speed measurements: bench NAME --help says what each measures";

struct Bench {
    const char* name;
    const char* summary;
    int (*run)(int, char**);
};

constexpr Bench kBenches[] = {
    {"tokenizer", kBenchTokenizerSummary, bench_tokenizer},
    {"io", kBenchIoSummary, bench_io},
    {"kernels", kBenchKernelsSummary, bench_kernels},
    {"pack", kBenchPackSummary, bench_pack},
    {"slots", kBenchSlotsSummary, bench_slots},
    {"caps", kBenchCapsSummary, bench_caps},
    {"prefill", kBenchPrefillSummary, bench_prefill},
};

void print_benches(FILE* out) {
    std::fprintf(out, "%s\n\nusage: peng-cli bench NAME [ARGUMENTS]; peng-cli bench NAME --help for its flags\n\n",
                 kSummary);
    for (const Bench& b : kBenches) std::fprintf(out, "  %-10s %s\n", b.name, b.summary);
}

int bench(int argc, char** argv) {
    if (argc >= 1 && (!std::strcmp(argv[0], "--help") || !std::strcmp(argv[0], "-h"))) {
        print_benches(stdout);
        throw HelpShown{};
    }
    if (argc >= 1)
        for (const Bench& b : kBenches)
            if (!std::strcmp(argv[0], b.name)) return b.run(argc - 1, argv + 1);
    std::vector<std::string> names;
    for (const Bench& b : kBenches) names.push_back(b.name);
    const std::string nearest = argc >= 1 ? nearest_name(argv[0], names) : "";
    std::fprintf(stderr, "peng-cli bench: unknown bench '%s'%s\n\n", argc >= 1 ? argv[0] : "",
                 nearest.empty() ? "" : ("; did you mean " + nearest + "?").c_str());
    print_benches(stderr);
    return 2;
}

const Command registered{"bench", kSummary, bench};

}  // namespace
}  // namespace peng::cli
