#include "io/zstd_frame.h"

#include <zstd.h>

#include <cstdio>
#include <memory>

#include "util/error.h"

namespace peng {

namespace {

struct FreeDCtx {
    void operator()(ZSTD_DCtx* c) const { ZSTD_freeDCtx(c); }
};
struct FreeCCtx {
    void operator()(ZSTD_CCtx* c) const { ZSTD_freeCCtx(c); }
};

std::string hex32(uint32_t v) {
    char text[9];
    std::snprintf(text, sizeof text, "%08x", v);
    return text;
}

}  // namespace

std::vector<uint8_t> compress_frame(const uint8_t* data, uint64_t bytes, int level) {
    thread_local std::unique_ptr<ZSTD_CCtx, FreeCCtx> ctx(ZSTD_createCCtx());
    if (!ctx) throw Error("out of memory creating a zstd compression context");
    ZSTD_CCtx_reset(ctx.get(), ZSTD_reset_session_and_parameters);
    ZSTD_CCtx_setParameter(ctx.get(), ZSTD_c_compressionLevel, level);
    ZSTD_CCtx_setParameter(ctx.get(), ZSTD_c_checksumFlag, 1);
    ZSTD_CCtx_setParameter(ctx.get(), ZSTD_c_contentSizeFlag, 1);
    std::vector<uint8_t> frame(ZSTD_compressBound(bytes));
    const size_t n = ZSTD_compress2(ctx.get(), frame.data(), frame.size(), data, bytes);
    if (ZSTD_isError(n)) throw Error(std::string("zstd compression failed: ") + ZSTD_getErrorName(n));
    frame.resize(n);
    return frame;
}

uint32_t frame_checksum(const uint8_t* frame, uint64_t frame_bytes) {
    if (frame_bytes < 4) return 0;
    const uint8_t* p = frame + frame_bytes - 4;
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

void decompress_frame(const uint8_t* frame, uint64_t frame_bytes, uint8_t* dst, uint64_t raw_bytes,
                      uint32_t checksum, const std::string& what) {
    if (frame_checksum(frame, frame_bytes) != checksum)
        throw Error(what + ": frame checksum " + hex32(frame_checksum(frame, frame_bytes)) +
                    " does not match the index (" + hex32(checksum) + "): the packed file is corrupt or stale");
    const unsigned long long declared = ZSTD_getFrameContentSize(frame, frame_bytes);
    if (declared != raw_bytes)
        throw Error(what + ": frame header is corrupt (declares " +
                    (declared >= ZSTD_CONTENTSIZE_ERROR ? std::string("no valid size") : std::to_string(declared)) +
                    ", the index says " + std::to_string(raw_bytes) + " bytes)");
    thread_local std::unique_ptr<ZSTD_DCtx, FreeDCtx> ctx(ZSTD_createDCtx());
    if (!ctx) throw Error("out of memory creating a zstd decompression context");
    // The content checksum is on: the decoder fails with checksum_wrong if the bytes differ.
    const size_t n = ZSTD_decompressDCtx(ctx.get(), dst, raw_bytes, frame, frame_bytes);
    if (ZSTD_isError(n)) throw Error(what + ": frame is corrupt: " + ZSTD_getErrorName(n));
    if (n != raw_bytes)
        throw Error(what + ": frame decodes to " + std::to_string(n) + " bytes, expected " + std::to_string(raw_bytes));
}

}  // namespace peng
