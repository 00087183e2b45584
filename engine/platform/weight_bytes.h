#pragma once
// Bytes of a resident weight matrix, in memory the kernels stream fastest: 2 MiB
// aligned and huge-page backed where the OS allows (allocate_large).
#include <cstddef>
#include <cstdint>
#include <new>
#include <vector>

#include "platform/native_file.h"

namespace peng {

template <class T>
struct LargePageAllocator {
    using value_type = T;
    LargePageAllocator() = default;
    template <class U>
    LargePageAllocator(const LargePageAllocator<U>&) {}
    T* allocate(size_t n) {
        void* p = allocate_large(uint64_t(n) * sizeof(T));
        if (!p) throw std::bad_alloc();
        return static_cast<T*>(p);
    }
    void deallocate(T* p, size_t) { free_aligned(p); }
    template <class U>
    bool operator==(const LargePageAllocator<U>&) const { return true; }
};

using WeightBytes = std::vector<uint8_t, LargePageAllocator<uint8_t>>;

}  // namespace peng
