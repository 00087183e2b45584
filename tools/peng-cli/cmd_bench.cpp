// peng-cli bench NAME ...: speed measurements, one function per NAME (see benches.h).
#include <cstdio>
#include <cstring>

#include "benches.h"
#include "commands.h"

namespace peng::cli {
namespace {

struct Bench {
    const char* name;
    int (*run)(int, char**);
};

constexpr Bench kBenches[] = {
    {"tokenizer", bench_tokenizer},
    {"io", bench_io},
    {"kernels", bench_kernels},
    {"pack", bench_pack},
    {"slots", bench_slots},
    {"caps", bench_caps},
    {"prefill", bench_prefill},
};

int bench(int argc, char** argv) {
    if (argc >= 1)
        for (const Bench& b : kBenches)
            if (!std::strcmp(argv[0], b.name)) return b.run(argc - 1, argv + 1);
    std::fprintf(stderr, "peng-cli bench: unknown bench '%s'; known:", argc >= 1 ? argv[0] : "");
    for (const Bench& b : kBenches) std::fprintf(stderr, " %s", b.name);
    std::fprintf(stderr, "\n");
    return 2;
}

const Command registered{"bench", "bench NAME ... (tokenizer [--tokenizer FILE] [--json]; io DIR; kernels; pack PLAIN PACKED [--small-cap N] [--json]; slots DIR [--experts N] [--json]; caps DIR [--caps 8,16,...] [--json]; prefill DIR [--prompt-tokens N] [--ram GB] [--threads N] [--prefill-block N] [--json])", bench};

}  // namespace
}  // namespace peng::cli
