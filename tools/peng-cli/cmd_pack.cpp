// peng-cli pack MODEL --out DIR2 [--level N] [--dense]
// peng-cli unpack DIR2 --out DIR3
// pack writes the lossless zstd container (engine/checkpoint/pack.h): every routed
// expert one independently decompressible frame, dense tensors raw unless --dense.
// It resumes where an interrupted run stopped. unpack rebuilds the release layout,
// byte for byte. Progress on stderr, a one-line summary on stdout.
#include <cstdio>

#include "args.h"
#include "model_setup.h"
#include "checkpoint/pack.h"
#include "commands.h"
#include "util/error.h"

namespace peng::cli {
namespace {

constexpr const char* kPackSummary = "packs a model into the lossless zstd container (resumable)";
constexpr const char* kUnpackSummary = "unpacks a packed model back to the release layout, byte-identical";

void progress(const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); }

int pack(int argc, char** argv) {
    PackOptions options;
    Args args("pack", kPackSummary);
    declare_model_word(args);
    args.option("out", "DIR2", "the packed model's folder")
        .option("level", "N", "zstd level, 1 to 19 (1 is enough: expert weights barely compress further)",
                std::to_string(options.level))
        .flag("dense", "compress the dense tensors too (they stay raw otherwise)")
        .requires_text("--out DIR2")
        .parse(argc, argv);
    if (!args.has("out")) args.usage_error();
    const std::string dir = model_dir(args);
    options.level = args.get_int("level", options.level, {1, 19});
    options.compress_dense = args.has("dense");
    options.progress = progress;
    const PackResult r = pack_checkpoint(dir, *args.get("out"), options);
    std::printf("%s: %d shards (%d from an earlier run), %.2f GB -> %.2f GB (%.1f%%), experts %.1f%%, %.1f s\n",
                args.get("out")->c_str(), r.shards, r.shards_resumed, r.raw_bytes / 1e9, r.packed_bytes / 1e9,
                100.0 * double(r.packed_bytes) / double(r.raw_bytes ? r.raw_bytes : 1),
                100.0 * double(r.expert_packed_bytes) / double(r.expert_raw_bytes ? r.expert_raw_bytes : 1), r.seconds);
    return 0;
}

int unpack(int argc, char** argv) {
    Args args("unpack", kUnpackSummary);
    args.words("DIR2", "DIR2 is a folder that peng-cli pack wrote.")
        .option("out", "DIR3", "the unpacked model's folder")
        .requires_text("--out DIR3")
        .parse(argc, argv);
    if (args.positional().size() != 1 || !args.has("out")) args.usage_error();
    unpack_checkpoint(args.positional()[0], *args.get("out"), progress);
    std::printf("%s: unpacked\n", args.get("out")->c_str());
    return 0;
}

const Command registered_pack{"pack", kPackSummary, pack};
const Command registered_unpack{"unpack", kUnpackSummary, unpack};

}  // namespace
}  // namespace peng::cli
