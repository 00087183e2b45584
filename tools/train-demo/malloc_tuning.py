"""Keeps freed memory in the process (glibc mallopt). By default glibc maps every
allocation above 128 KiB afresh and unmaps it when freed, so each training step
page-faults its activations in again; on this machine that cost more than the
arithmetic (measured: allocating and filling 66 MB took 0.7 s, the matmul 0.06 s)."""
import ctypes
import ctypes.util

M_TRIM_THRESHOLD, M_TOP_PAD, M_MMAP_THRESHOLD = -1, -2, -3
MMAP_THRESHOLD_MAX = 32 << 20          # glibc's ceiling for M_MMAP_THRESHOLD on 64-bit


def keep_freed_memory():
    """True when glibc accepted the settings (False elsewhere: nothing changes)."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c"))
        return all(libc.mallopt(option, value) == 1 for option, value in (
            (M_MMAP_THRESHOLD, MMAP_THRESHOLD_MAX), (M_TRIM_THRESHOLD, 1 << 30), (M_TOP_PAD, 64 << 20)))
    except (OSError, AttributeError):
        return False
