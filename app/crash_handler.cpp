#include "crash_handler.h"

#include <QDir>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <string>
#include <unistd.h>

// Symbols, files and lines from libdw (elfutils): names of the app's own functions,
// which the executable exports (ENABLE_EXPORTS in app/CMakeLists.txt).
#define BACKWARD_HAS_DW 1
#include <backward.hpp>

namespace {

constexpr int kSignals[] = {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS};
constexpr size_t kAltStackBytes = 1 << 20;   // room for the trace after a stack overflow

// Prepared at install: in the handler nothing may depend on the heap being sound.
std::string g_folder;
std::string g_about;

const char* signal_name(int sig) {
    switch (sig) {
        case SIGSEGV: return "SIGSEGV (invalid memory access)";
        case SIGABRT: return "SIGABRT (abort)";
        case SIGBUS: return "SIGBUS (bus error)";
        case SIGFPE: return "SIGFPE (arithmetic error)";
        case SIGILL: return "SIGILL (illegal instruction)";
        case SIGTRAP: return "SIGTRAP (trap)";
        case SIGSYS: return "SIGSYS (bad system call)";
    }
    return "a fatal signal";
}

void write_text(int fd, const char* text) {
    size_t left = std::strlen(text);
    while (left > 0) {
        const ssize_t n = ::write(fd, text, left);
        if (n <= 0) return;
        text += n;
        left -= size_t(n);
    }
}

void on_fatal_signal(int sig, siginfo_t* info, void* context) {
    char path[4096];
    std::snprintf(path, sizeof path, "%s/crash-%lld-%d.txt", g_folder.c_str(), static_cast<long long>(std::time(nullptr)),
                  static_cast<int>(::getpid()));
    const int fd = ::open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd >= 0) {
        char head[512];
        std::snprintf(head, sizeof head, "Peng crash report\nsignal: %s\ntime: %lld (Unix seconds)\n", signal_name(sig),
                      static_cast<long long>(std::time(nullptr)));
        write_text(fd, head);
        write_text(fd, g_about.c_str());
        write_text(fd, "\n");
        // backward-cpp prints the resolved trace to stderr: point stderr at the report meanwhile.
        std::fflush(stderr);
        const int saved = ::dup(STDERR_FILENO);
        ::dup2(fd, STDERR_FILENO);
        backward::SignalHandling::handleSignal(sig, info, context);
        std::fflush(stderr);
        if (saved >= 0) {
            ::dup2(saved, STDERR_FILENO);
            ::close(saved);
        }
        ::close(fd);
        std::fprintf(stderr, "peng: crashed with %s; the report is %s\n", signal_name(sig), path);
    }
    // SA_RESETHAND put the default action back: raised again, the process ends as it would have.
    std::raise(sig);
    ::_exit(128 + sig);
}

}  // namespace

bool CrashHandler::install(const QString& folder, const QString& about, QString* error) {
    if (!QDir().mkpath(folder)) {
        if (error) *error = folder + QStringLiteral(": cannot create the crash report folder");
        return false;
    }
    g_folder = QFile::encodeName(QDir(folder).absolutePath()).toStdString();
    g_about = about.toStdString();

    static char* alt_stack = new char[kAltStackBytes];   // lives as long as the process
    stack_t stack{};
    stack.ss_sp = alt_stack;
    stack.ss_size = kAltStackBytes;
    if (::sigaltstack(&stack, nullptr) != 0) {
        if (error) *error = QStringLiteral("sigaltstack: %1").arg(QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    for (int sig : kSignals) {
        struct sigaction action {};
        action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER | SA_RESETHAND;
        sigfillset(&action.sa_mask);
        sigdelset(&action.sa_mask, sig);
        action.sa_sigaction = on_fatal_signal;
        if (::sigaction(sig, &action, nullptr) != 0) {
            if (error) *error = QStringLiteral("sigaction(%1): %2").arg(sig).arg(QString::fromLocal8Bit(std::strerror(errno)));
            return false;
        }
    }
    return true;
}

void CrashHandler::crashForTest() {
    std::raise(SIGSEGV);
    std::abort();   // not reached: SIGSEGV's handler ends the process
}
