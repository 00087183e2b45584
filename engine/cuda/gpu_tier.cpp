// The CUDA implementation of the GPU tier. Weights live in one device allocation
// (the arena) sized by the VRAM plan; activations go through small buffers that grow
// on demand. Every CUDA error becomes a peng::Error naming the call: a GPU-held
// matrix must fail loudly, never return zeros.
#include <cuda_runtime.h>

#include <unordered_map>
#include <vector>

#include "cuda/device_layout.h"
#include "cuda/gpu_kernels.h"
#include "cuda/gpu_tier.h"
#include "util/error.h"

namespace peng {

namespace {

void check(cudaError_t status, const char* what) {
    if (status != cudaSuccess) throw Error(std::string("CUDA: ") + what + ": " + cudaGetErrorString(status));
}

// A device array that grows (contents lost) and never shrinks.
class DeviceBuffer {
public:
    ~DeviceBuffer() { cudaFree(data_); }
    template <class T>
    T* get(size_t count) {
        const size_t bytes = count * sizeof(T);
        if (bytes > bytes_) {
            cudaFree(data_);
            data_ = nullptr;
            bytes_ = 0;
            check(cudaMalloc(&data_, bytes), "cudaMalloc (work space)");
            bytes_ = bytes;
        }
        return static_cast<T*>(data_);
    }

private:
    void* data_ = nullptr;
    size_t bytes_ = 0;
};

struct DeviceExpert {
    MatrixView gate, up, down;
};

class CudaTier final : public GpuTier {
public:
    CudaTier(uint64_t budget, int hidden, int intermediate, const std::string& name)
        : hidden_(hidden), intermediate_(intermediate), name_(name) {
        check(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "cudaStreamCreate");
        if (budget > 0) {
            const cudaError_t status = cudaMalloc(reinterpret_cast<void**>(&arena_), budget);
            if (status != cudaSuccess) {
                cudaStreamDestroy(stream_);
                check(status, "cudaMalloc (weights)");
            }
            capacity_ = budget;
        }
    }
    ~CudaTier() override {
        cudaStreamSynchronize(stream_);
        cudaFree(arena_);
        cudaStreamDestroy(stream_);
    }

    bool holds(int layer, int expert) const override { return experts_.count(key(layer, expert)) != 0; }

    void launch(int layer, const float* h, int count, const std::vector<VramWork>& work) override {
        jobs_host_.clear();
        for (const VramWork& item : work) {
            const auto it = experts_.find(key(layer, item.expert));
            if (it == experts_.end())
                throw Error("GPU tier: expert " + std::to_string(item.expert) + " of layer " + std::to_string(layer) +
                            " is not on the device");
            for (int row : item.rows) jobs_host_.push_back({it->second.gate, it->second.up, it->second.down, row});
        }
        const int jobs = static_cast<int>(jobs_host_.size());
        pending_jobs_ = jobs;
        if (jobs == 0) return;
        float* h_dev = h_.get<float>(size_t(count) * hidden_);
        gpu::ExpertJob* jobs_dev = jobs_.get<gpu::ExpertJob>(jobs_host_.size());
        float* act = act_.get<float>(size_t(jobs) * intermediate_);
        float* out = out_.get<float>(size_t(jobs) * hidden_);
        check(cudaMemcpyAsync(h_dev, h, size_t(count) * hidden_ * sizeof(float), cudaMemcpyHostToDevice, stream_),
              "copy of expert inputs");
        check(cudaMemcpyAsync(jobs_dev, jobs_host_.data(), jobs_host_.size() * sizeof(gpu::ExpertJob),
                              cudaMemcpyHostToDevice, stream_),
              "copy of expert jobs");
        gpu::launch_experts(jobs_dev, jobs, h_dev, hidden_, intermediate_, act, out, stream_);
        check(cudaGetLastError(), "expert kernels");
        matmuls_ += 3ULL * jobs;
    }

    void wait(float* out) override {
        if (pending_jobs_ == 0) return;
        const size_t bytes = size_t(pending_jobs_) * hidden_ * sizeof(float);
        pending_jobs_ = 0;
        check(cudaMemcpyAsync(out, out_.get<float>(bytes / sizeof(float)), bytes, cudaMemcpyDeviceToHost, stream_),
              "copy of expert outputs");
        check(cudaStreamSynchronize(stream_), "expert kernels");
    }

    bool add_dense(const MatrixView& host) override {
        if (holds_dense(host)) return true;
        if (device_bytes(host) > capacity_ - used_) return false;
        dense_[host.data] = upload(host);
        return true;
    }

    bool add_expert(int layer, int expert, const ExpertWeights& host) override {
        if (holds(layer, expert)) return true;
        if (device_bytes(host.gate) + device_bytes(host.up) + device_bytes(host.down) > capacity_ - used_) return false;
        experts_[key(layer, expert)] = {upload(host.gate), upload(host.up), upload(host.down)};
        return true;
    }

    bool holds_dense(const MatrixView& host) const override { return dense_.count(host.data) != 0; }

    void matmul(const MatrixView& host, const float* x, int batch, float* y) override {
        const auto it = dense_.find(host.data);
        if (it == dense_.end()) throw Error("GPU tier: matrix is not on the device");
        const MatrixView& w = it->second;
        float* x_dev = x_.get<float>(size_t(batch) * w.cols);
        float* y_dev = y_.get<float>(size_t(batch) * w.rows);
        check(cudaMemcpyAsync(x_dev, x, size_t(batch) * w.cols * sizeof(float), cudaMemcpyHostToDevice, stream_),
              "copy of matmul input");
        gpu::launch_matmul(w, x_dev, batch, y_dev, stream_);
        check(cudaGetLastError(), "matmul kernel");
        check(cudaMemcpyAsync(y, y_dev, size_t(batch) * w.rows * sizeof(float), cudaMemcpyDeviceToHost, stream_),
              "copy of matmul output");
        check(cudaStreamSynchronize(stream_), "matmul kernel");
        ++matmuls_;
    }

    std::string device_name() const override { return name_; }
    uint64_t used_bytes() const override { return used_; }
    int experts_held() const override { return static_cast<int>(experts_.size()); }
    int dense_held() const override { return static_cast<int>(dense_.size()); }
    uint64_t device_matmuls() const override { return matmuls_; }

private:
    static long long key(int layer, int expert) { return (static_cast<long long>(layer) << 32) | unsigned(expert); }

    // Copies `bytes` into the arena (aligned as device_bytes() counts it).
    template <class T>
    const T* place(const T* host, uint64_t bytes) {
        uint8_t* at = arena_ + used_;
        check(cudaMemcpy(at, host, bytes, cudaMemcpyHostToDevice), "copy of weights");
        used_ += device_aligned(bytes);
        return reinterpret_cast<const T*>(at);
    }

    // The matrix's released bytes and scales on the device; the caller checked the room.
    MatrixView upload(const MatrixView& host) {
        MatrixView dev = host;
        const uint64_t n = uint64_t(host.rows) * uint64_t(host.cols);
        switch (host.format) {
            case WeightFormat::F32: dev.data = place(host.data, n * 4); break;
            case WeightFormat::BF16: dev.data = place(host.data, n * 2); break;
            case WeightFormat::MXFP4:
                dev.data = place(host.data, n / 2);
                dev.group_scales = place(host.group_scales, n / 32);
                break;
            case WeightFormat::FP8Block: {
                dev.data = place(host.data, n);
                uint64_t grid_rows = (uint64_t(host.rows) + 127) / 128;
                if (host.scale_row) {
                    grid_rows = 0;
                    for (int r = 0; r < host.rows; ++r) grid_rows = std::max<uint64_t>(grid_rows, uint64_t(host.scale_row[r]) + 1);
                    dev.scale_row = place(host.scale_row, uint64_t(host.rows) * 4);
                }
                dev.block_scales = place(host.block_scales, grid_rows * uint64_t(host.scale_cols) * 4);
                break;
            }
        }
        return dev;
    }

    cudaStream_t stream_ = nullptr;
    uint8_t* arena_ = nullptr;
    uint64_t capacity_ = 0, used_ = 0;
    int hidden_, intermediate_;
    std::string name_;
    std::unordered_map<long long, DeviceExpert> experts_;
    std::unordered_map<const uint8_t*, MatrixView> dense_;
    std::vector<gpu::ExpertJob> jobs_host_;
    int pending_jobs_ = 0;
    DeviceBuffer h_, jobs_, act_, out_, x_, y_;
    uint64_t matmuls_ = 0;
};

}  // namespace

GpuDevice probe_gpu() {
    GpuDevice device;
    device.cuda_built = true;
    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    if (status == cudaErrorNoDevice) {
        device.why_not = "no CUDA device found";
        return device;
    }
    if (status == cudaErrorInsufficientDriver) {
        device.why_not = "no NVIDIA driver, or one older than this build's CUDA runtime needs";
        return device;
    }
    if (status != cudaSuccess) {
        device.why_not = std::string("no usable NVIDIA driver (cudaGetDeviceCount: ") + cudaGetErrorName(status) +
                         ", " + cudaGetErrorString(status) + ")";
        return device;
    }
    if (count == 0) {
        device.why_not = "no CUDA device found";
        return device;
    }
    cudaDeviceProp prop{};
    if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess || cudaSetDevice(0) != cudaSuccess) {
        device.why_not = "CUDA device 0 cannot be opened";
        return device;
    }
    size_t free_bytes = 0, total_bytes = 0;
    const cudaError_t info = cudaMemGetInfo(&free_bytes, &total_bytes);
    if (info != cudaSuccess) {
        device.why_not = std::string("CUDA device 0 does not report its memory (") + cudaGetErrorString(info) + ")";
        return device;
    }
    device.usable = true;
    device.name = prop.name;
    device.free_bytes = free_bytes;
    device.total_bytes = total_bytes;
    int clock_khz = 0, bus_bits = 0;
    if (cudaDeviceGetAttribute(&clock_khz, cudaDevAttrMemoryClockRate, 0) == cudaSuccess &&
        cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, 0) == cudaSuccess)
        device.memory_GBps = 2.0 * clock_khz * 1e3 * (bus_bits / 8.0) / 1e9;  // double data rate
    return device;
}

std::unique_ptr<GpuTier> open_gpu_tier(uint64_t budget_bytes, int hidden, int intermediate, std::string& why_not) {
    const GpuDevice device = probe_gpu();
    if (!device.usable) {
        why_not = device.why_not;
        return nullptr;
    }
    try {
        return std::make_unique<CudaTier>(budget_bytes, hidden, intermediate, device.name);
    } catch (const Error& e) {
        why_not = std::string("GPU tier not started on ") + device.name + ": " + e.what();
        return nullptr;
    }
}

}  // namespace peng
