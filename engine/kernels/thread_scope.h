#pragma once
// The threads the kernels' OpenMP regions use, set for one call and put back after it.
// OpenMP keeps its thread count per calling thread and keeps it until changed, so a
// count written at the start of a call would otherwise stay for every later call on
// that thread, a later "0 = the default" included.
namespace peng {

class KernelThreadScope {
public:
    // `threads` > 0: that many for this thread's kernels until the scope ends;
    // 0: the count this thread already had (OpenMP's default unless the front end set
    // one for the process). Negative counts are refused.
    explicit KernelThreadScope(int threads);
    ~KernelThreadScope();
    KernelThreadScope(const KernelThreadScope&) = delete;
    KernelThreadScope& operator=(const KernelThreadScope&) = delete;

    int threads() const { return threads_; }  // the count the kernels now use

private:
    int previous_;
    int threads_;
};

}  // namespace peng
