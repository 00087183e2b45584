// peng-cli make-model: generates a checkpoint in the exact MiMo-V2 release
// layout (the project's test fixtures and benchmark models). Progress on stderr,
// a one-line summary on stdout.
#include <cstdio>
#include <string>

#include "api/trained_demo.h"
#include "args.h"
#include "commands.h"
#include "gen/model_writer.h"
#include "util/error.h"

namespace peng::cli {
namespace {

constexpr const char* kSummary = "generates a test or demo checkpoint in the MiMo-V2 release layout";

// --preset trained is not generated: it is the trained demo Peng ships, copied out.
int copy_trained(const Args& args) {
    for (const char* option : {"format", "seed", "layers", "tokenizer"})
        if (args.has(option))
            throw Error(std::string("--") + option + " does not apply to --preset trained: it copies the trained "
                        "demo model as shipped (MXFP4 experts)");
    const std::string out = *args.get("out");
    int files = 0;
    const std::string source = copy_trained_demo(out, args.has("force"), [&](const std::string& name) {
        ++files;
        std::fprintf(stderr, "make-model: copied %s\n", name.c_str());
    });
    std::printf("%s: the trained demo from %s, %d files, checked against SHA256SUMS\n", out.c_str(),
                source.c_str(), files + 1);
    return 0;
}

int run(int argc, char** argv) {
    Args args("make-model", kSummary);
    args.option("preset", "tiny|pro-tiny|demo|flash-shape|trained",
                "the model's shape; trained copies the trained demo Peng ships")
        .option("out", "DIR", "the new model folder")
        .option("format", "mxfp4|fp8", "the experts' weight format", "mxfp4")
        .option("seed", "N", "seed of the random weights", "0")
        .option("layers", "N", "layers (default: the preset's)")
        .option("tokenizer", "FILE", "a tokenizer.json to ship (default: a generated one)")
        .flag("force", "replace an existing folder")
        .requires_text("--preset NAME --out DIR")
        .parse(argc, argv);
    if (!args.positional().empty() || !args.has("preset") || !args.has("out")) args.usage_error();
    if (*args.get("preset") == "trained") return copy_trained(args);

    gen::MakeModelOptions options;
    options.preset = *args.get("preset");
    options.format = gen::parse_checkpoint_format(args.get_or("format", "mxfp4"));
    options.out_dir = *args.get("out");
    options.seed = args.get_uint64("seed", 0, {0, UINT64_MAX});
    if (args.has("layers")) options.layers = args.get_int("layers", 0, {1, 1024});
    options.tokenizer_path = args.get_or("tokenizer", "");
    options.force = args.has("force");
    // V2.6 ships its own template; the V2.5 layout goes with V2.5's.

    const gen::MakeModelResult result = gen::make_model(options, [](double, const std::string& line) {
        std::fprintf(stderr, "make-model: %s\n", line.c_str());
    });
    std::printf("%s: %d files, %.1f MB, %.1f s\n", result.dir.c_str(), result.files, result.total_bytes / 1e6,
                result.seconds);
    return 0;
}

const Command registered{"make-model", kSummary, run};

}  // namespace
}  // namespace peng::cli
