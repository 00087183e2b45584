// peng-cli serve MODEL [--host 127.0.0.1] [--port 8080] [--api-key KEY | --api-key-file FILE] [--max-queue N]
//   [--model-name NAME] [--max-body-mb N] [--head-timeout S] [--max-connections N]
//   [--max-connections-per-address N] [--threads N] [--no-log] (and the placement options of model_setup.h)
// Serves the model over OpenAI's API (server/http_server.h) until Ctrl-C or SIGTERM:
// editors, agents, Open WebUI and scripts point their OpenAI client at the printed URL.
// Each request is logged on stderr in one line (server/request_log.h) unless --no-log.
#include <pthread.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <thread>

#include "api/secret_file.h"
#include "args.h"
#include "commands.h"
#include "model_setup.h"
#include "server/engine_host.h"
#include "server/http_server.h"
#include "util/error.h"

namespace peng::cli {
namespace {

constexpr const char* kSummary = "serves the model over OpenAI's API on localhost (until Ctrl-C)";
constexpr NumberRange<int> kPortRange{0, 65535};
constexpr NumberRange<int> kQueueRange{0, 4096};
constexpr NumberRange<int> kBodyMegabytesRange{1, 1024};
constexpr NumberRange<int> kHeadSecondsRange{1, 600};
constexpr NumberRange<int> kConnectionsRange{1, 4096};

std::string api_key(const Args& args) {
    if (args.has("api-key") && args.has("api-key-file")) throw Error("give --api-key or --api-key-file, not both");
    if (args.has("api-key-file")) return read_secret_file(*args.get("api-key-file"), "API key");
    const std::string key = args.get_or("api-key", "");
    if (args.has("api-key") && key.empty()) throw Error("--api-key is empty");
    return key;
}

int run(int argc, char** argv) {
    server::ServerOptions options;
    Args args("serve", kSummary);
    declare_model_word(args);
    args.option("host", "ADDRESS", "the address to listen on (anything but loopback needs an API key)", options.host)
        .option("port", "N", "the port (0 = any free one)", std::to_string(options.port))
        .option("api-key", "KEY", "the key clients must send (visible to other users in the process list)")
        .option("api-key-file", "FILE", "read the key from FILE instead")
        .option("model-name", "NAME", "the model's id in /v1/models (default: the folder's name)")
        .option("max-queue", "N", "requests waiting for the engine before more are refused", "8")
        .option("max-body-mb", "N", "the largest request body, in MB", std::to_string(options.max_body_bytes >> 20))
        .option("head-timeout", "S", "seconds for a request's head to arrive", std::to_string(options.head_timeout_s))
        .option("max-connections", "N", "connections open at once", std::to_string(options.max_connections))
        .option("max-connections-per-address", "N", "connections open at once from one address",
                std::to_string(options.max_connections_per_address))
        .flag("no-log", "no log line per request on stderr");
    declare_threads_option(args);
    declare_model_options(args);
    args.parse(argc, argv);
    const std::string dir = model_dir(args);

    options.host = args.get_or("host", options.host);
    options.port = args.get_int("port", options.port, kPortRange);
    options.api_key = api_key(args);
    options.model_id = args.get_or("model-name", "");
    options.max_body_bytes = size_t(args.get_int("max-body-mb", 8, kBodyMegabytesRange)) << 20;
    options.head_timeout_s = args.get_int("head-timeout", options.head_timeout_s, kHeadSecondsRange);
    options.max_connections = args.get_int("max-connections", options.max_connections, kConnectionsRange);
    options.max_connections_per_address =
        args.get_int("max-connections-per-address", options.max_connections_per_address, kConnectionsRange);
    if (!args.has("no-log"))
        options.request_log = [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); };
    // Refused before minutes of loading, not after.
    server::check_exposure(options.host, options.api_key);

    // SIGINT and SIGTERM are taken by one thread of their own (sigwait), so no other
    // thread is interrupted and the server stops cleanly.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);

    StderrNotes notes;
    std::unique_ptr<Engine> engine = Engine::open(load_options(dir, args), &notes);
    options.run = run_settings(args, engine->model().checkpoint().generation(), 512, 1.0);
    server::EngineHost host(args.get_int("max-queue", 8, kQueueRange));
    {
        server::EngineHost::Ticket turn = host.join();
        host.wait(turn);
        host.set_engine(engine.get(), options.model_id);
    }
    server::HttpServer http(host, options);
    std::atomic<bool> signalled{false};
    std::thread stopper([&] {
        int signal = 0;
        sigwait(&signals, &signal);
        signalled = true;
        std::fprintf(stderr, "stopping: finishing the answers in progress\n");
        http.stop();
    });
    std::printf("Peng serves %s at %s (OpenAI API%s)\n", host.model()->id.c_str(), http.url().c_str(),
                options.api_key.empty() ? "" : ", API key required");
    std::fflush(stdout);
    http.run();
    // Served until a signal: let the stopper thread finish (a stop from elsewhere sends it one).
    if (!signalled) pthread_kill(stopper.native_handle(), SIGTERM);
    stopper.join();
    engine->save_history();
    return 0;
}

const Command registered{"serve", kSummary, run};

}  // namespace
}  // namespace peng::cli
