// peng-cli pack DIR --out DIR2 [--level N] [--dense]
// peng-cli unpack DIR2 --out DIR3
// pack writes the lossless zstd container (engine/checkpoint/pack.h): every routed
// expert one independently decompressible frame, dense tensors raw unless --dense.
// It resumes where an interrupted run stopped. unpack rebuilds the release layout,
// byte for byte. Progress on stderr, a one-line summary on stdout.
#include <cstdio>

#include "args.h"
#include "checkpoint/pack.h"
#include "commands.h"
#include "util/error.h"

namespace peng::cli {
namespace {

constexpr const char* kPackUsage =
    "pack DIR --out DIR2 [--level N] [--dense]   (lossless zstd container; resumable; level 1 is enough)";
constexpr const char* kUnpackUsage = "unpack DIR2 --out DIR3   (back to the release layout, byte-identical)";

void progress(const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); }

int pack(int argc, char** argv) {
    Args args(argc, argv, {"out", "level"}, {"dense"});
    if (args.positional().size() != 1 || !args.has("out")) throw Error(std::string("usage: peng-cli ") + kPackUsage);
    PackOptions options;
    options.level = args.get_int("level", options.level, {1, 19});
    options.compress_dense = args.has("dense");
    options.progress = progress;
    const PackResult r = pack_checkpoint(args.positional()[0], *args.get("out"), options);
    std::printf("%s: %d shards (%d from an earlier run), %.2f GB -> %.2f GB (%.1f%%), experts %.1f%%, %.1f s\n",
                args.get("out")->c_str(), r.shards, r.shards_resumed, r.raw_bytes / 1e9, r.packed_bytes / 1e9,
                100.0 * double(r.packed_bytes) / double(r.raw_bytes ? r.raw_bytes : 1),
                100.0 * double(r.expert_packed_bytes) / double(r.expert_raw_bytes ? r.expert_raw_bytes : 1), r.seconds);
    return 0;
}

int unpack(int argc, char** argv) {
    Args args(argc, argv, {"out"}, {});
    if (args.positional().size() != 1 || !args.has("out")) throw Error(std::string("usage: peng-cli ") + kUnpackUsage);
    unpack_checkpoint(args.positional()[0], *args.get("out"), progress);
    std::printf("%s: unpacked\n", args.get("out")->c_str());
    return 0;
}

const Command registered_pack{"pack", kPackUsage, pack};
const Command registered_unpack{"unpack", kUnpackUsage, unpack};

}  // namespace
}  // namespace peng::cli
