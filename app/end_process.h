#pragma once
// How peng.exe ends on Windows once the window's teardown has saved everything
// (settings, conversations, the log): see end_process_windows.cpp for why.

[[noreturn]] void end_process_after_teardown(int status);
