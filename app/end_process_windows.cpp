#include "end_process.h"

#include <windows.h>

#include <cstdio>

#include "app_log.h"

// The C runtime's exit-time destructors and the DLLs' detach code both call
// pthread_key_delete (libgomp's and libstdc++'s cleanup). With mingw-w64's winpthreads
// that waits for its key lock's readers, and after the app has run OpenMP on its
// worker threads the lock still counts a reader that no live thread is (measured under
// wine 8: main returned, every other thread had ended, and the process hung there for
// good). Nothing is left to save by then, so the process ends without that cleanup.
void end_process_after_teardown(int status) {
    AppLog::uninstall();   // closes the log file
    std::fflush(nullptr);
    TerminateProcess(GetCurrentProcess(), static_cast<UINT>(status));
    ExitProcess(static_cast<UINT>(status));   // not reached: TerminateProcess does not fail on ourselves
}
