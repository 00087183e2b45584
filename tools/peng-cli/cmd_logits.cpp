// peng-cli logits MODEL --tokens IDS --out FILE [--prefill-block N] [--cap N] [--threads N]
//   [--ram GB] [--vram GB] (and the other placement options of model_setup.h)
// Teacher forcing: writes f32 little-endian logits [positions x vocab_size].
#include <omp.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "args.h"
#include "commands.h"
#include "model/decode_scheduler.h"
#include "model/model.h"
#include "model_setup.h"
#include "util/error.h"

namespace peng::cli {
namespace {

constexpr const char* kSummary = "teacher forcing: writes the logits of every position of --tokens to a file";

// Every byte reaches the file or the error says which file lost the logits (and why).
void write_logits(const std::string& path, const std::vector<float>& logits) {
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (!file) throw Error(path + ": cannot open for writing: " + std::strerror(errno));
    const size_t bytes = logits.size() * sizeof(float);
    const bool written = std::fwrite(logits.data(), 1, bytes, file) == bytes && std::fflush(file) == 0;
    const int write_errno = errno;
    const bool closed = std::fclose(file) == 0;
    if (!written || !closed)
        throw Error(path + ": writing the " + std::to_string(bytes) + " bytes of logits failed (" +
                    std::strerror(written ? errno : write_errno) + "): the file is incomplete");
}

int run(int argc, char** argv) {
    Args args("logits", kSummary);
    declare_model_word(args);
    declare_model_options(args);
    args.option("tokens", "IDS", "the token ids, e.g. 1,2,3")
        .option("out", "FILE", "where the f32 little-endian logits [positions x vocab] go")
        .option("prefill-block", "N", "tokens per forward step", "64")
        .flag("debug-contiguous-qkv-grid", "debugging: the attention's contiguous QKV path");
    declare_threads_option(args);
    args.requires_text("--tokens IDS --out FILE")
        .parse(argc, argv);
    if (!args.has("tokens") || !args.has("out")) args.usage_error();
    const std::string dir = model_dir(args);
    const std::vector<int> tokens = parse_id_list(*args.get("tokens"));
    const int block = args.get_int("prefill-block", 64, kPrefillBlockRange);
    if (args.has("threads")) omp_set_num_threads(args.get_int("threads", 1, kThreadsRange));
    Placement placement = place(dir, args, block);
    placement.model.dense.force_contiguous_qkv_grid = args.has("debug-contiguous-qkv-grid");
    Model model(dir, placement.model);
    report_gpu(model);
    model.set_history(placement.history.get());
    const DecodeScheduler lookahead(model);
    const RunConfig run = run_config(args);  // --topk --topp --prefetch

    const int vocab = model.config().vocab_size;
    std::vector<float> logits(tokens.size() * size_t(vocab));
    Session session(model.config());
    for (size_t start = 0; start < tokens.size(); start += block) {
        const int count = static_cast<int>(std::min<size_t>(block, tokens.size() - start));
        model.forward(session, &tokens[start], count, &logits[start * vocab], true, run);
    }
    const std::string out = *args.get("out");
    write_logits(out, logits);
    save_history(placement);
    std::fprintf(stderr, "wrote %zu x %d logits to %s (expert hit rate %.3f)\n", tokens.size(), vocab, out.c_str(),
                 model.experts().stats().hit_rate());
    return 0;
}

const Command registered{"logits", kSummary, run};

}  // namespace
}  // namespace peng::cli
