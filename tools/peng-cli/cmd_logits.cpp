// peng-cli logits DIR --tokens IDS --out FILE [--prefill-block N] [--cap N] [--threads N]
//   [--ram GB] [--vram GB] (and the other placement options of model_setup.h)
// Teacher forcing: writes f32 little-endian logits [positions x vocab_size].
#include <omp.h>

#include <cstdio>
#include <fstream>
#include <vector>

#include "args.h"
#include "commands.h"
#include "model/decode_scheduler.h"
#include "model/model.h"
#include "model_setup.h"
#include "util/error.h"

namespace peng::cli {
namespace {

int run(int argc, char** argv) {
    Args args(argc, argv, with_model_options({"tokens", "out", "prefill-block", "threads"}),
              with_model_flags({"debug-contiguous-qkv-grid"}));
    if (args.positional().size() != 1 || !args.has("tokens") || !args.has("out"))
        throw Error("usage: peng-cli logits DIR --tokens 1,2,3 --out FILE [--prefill-block N] [--cap N] [--threads N]");
    const std::vector<int> tokens = parse_id_list(*args.get("tokens"));
    const int block = static_cast<int>(args.get_int("prefill-block", 64));
    if (block <= 0) throw Error("--prefill-block must be positive");
    if (args.has("threads")) {
        const long long threads = args.get_int("threads", 1);
        if (threads <= 0) throw Error("--threads must be positive");
        omp_set_num_threads(static_cast<int>(threads));
    }
    Placement placement = place(args.positional()[0], args, block);
    placement.model.dense.force_contiguous_qkv_grid = args.has("debug-contiguous-qkv-grid");
    Model model(args.positional()[0], placement.model);
    report_gpu(model);
    model.set_history(placement.history.get());
    const DecodeScheduler lookahead(model, placement.model.prefetch);  // as --prefetch says

    const int vocab = model.config().vocab_size;
    std::vector<float> logits(tokens.size() * size_t(vocab));
    Session session(model.config());
    for (size_t start = 0; start < tokens.size(); start += block) {
        const int count = static_cast<int>(std::min<size_t>(block, tokens.size() - start));
        model.forward(session, &tokens[start], count, &logits[start * vocab], true);
    }
    const std::string out = *args.get("out");
    std::ofstream file(out, std::ios::binary);
    file.write(reinterpret_cast<const char*>(logits.data()), static_cast<std::streamsize>(logits.size() * 4));
    if (!file) throw Error(out + ": cannot write logits");
    save_history(placement);
    std::fprintf(stderr, "wrote %zu x %d logits to %s (expert hit rate %.3f)\n", tokens.size(), vocab, out.c_str(),
                 model.experts().stats().hit_rate());
    return 0;
}

const Command registered{"logits",
                         "logits DIR --tokens 1,2,3 --out FILE [--prefill-block N] [--cap N] [--threads N] [--ram GB]",
                         run};

}  // namespace
}  // namespace peng::cli
