#include "libraries.h"

#include <dlfcn.h>

#include "cuda_util.h"

#define KD_STR2(x) #x
#define KD_STR(x) KD_STR2(x)

namespace kdemo {

namespace {

/// Opens `file` and resolves each (member, symbol) pair; on the first failure the library is
/// marked not loaded with one line that names the file, the reason and the package.
class Loader {
public:
    Loader(LoadedLibrary& lib, const char* file, const char* package) : lib_(lib)
    {
        lib_.file = file;
        lib_.package = package;
        handle_ = dlopen(file, RTLD_NOW | RTLD_LOCAL);
        if (!handle_)
            fail(dlerror());
    }
    template <typename F>
    void bind(F& member, const char* symbol)
    {
        if (!handle_ || !lib_.why.empty())
            return;
        member = reinterpret_cast<F>(dlsym(handle_, symbol));
        if (!member)
            fail((std::string("symbol ") + symbol + " is missing").c_str());
    }
    bool ok() const { return handle_ && lib_.why.empty(); }
    // The handle is kept open for the life of the process: the tables point into it.

private:
    void fail(const char* reason)
    {
        lib_.loaded = false;
        lib_.why = lib_.file + " could not be loaded (" + (reason ? reason : "unknown reason")
                   + "); it comes with " + lib_.package;
    }
    LoadedLibrary& lib_;
    void* handle_ = nullptr;
};

constexpr const char* kCublasPackage = "the package libcublas-" KD_STR(
    CUBLAS_VER_MAJOR) "-0 from NVIDIA's CUDA repository for Debian, or the CUDA Toolkit";

CublasApi loadCublas()
{
    CublasApi a;
    Loader l(a, "libcublas.so." KD_STR(CUBLAS_VER_MAJOR), kCublasPackage);
    l.bind(a.create, "cublasCreate_v2");
    l.bind(a.destroy, "cublasDestroy_v2");
    l.bind(a.setStream, "cublasSetStream_v2");
    l.bind(a.setMathMode, "cublasSetMathMode");
    l.bind(a.setWorkspace, "cublasSetWorkspace_v2");
    l.bind(a.sgemm, "cublasSgemm_v2");
    l.bind(a.gemmEx, "cublasGemmEx");
    l.bind(a.statusString, "cublasGetStatusString");
    decltype(&::cublasGetProperty) property = nullptr;
    l.bind(property, "cublasGetProperty");
    a.loaded = l.ok();
    if (a.loaded) {
        int major = 0, minor = 0, patch = 0;
        property(MAJOR_VERSION, &major);
        property(MINOR_VERSION, &minor);
        property(PATCH_LEVEL, &patch);
        a.version = major * 10000 + minor * 100 + patch;
    }
    return a;
}

CublasLtApi loadCublasLt()
{
    CublasLtApi a;
    Loader l(a, "libcublasLt.so." KD_STR(CUBLAS_VER_MAJOR), kCublasPackage);
    l.bind(a.create, "cublasLtCreate");
    l.bind(a.destroy, "cublasLtDestroy");
    l.bind(a.matmulDescCreate, "cublasLtMatmulDescCreate");
    l.bind(a.matmulDescDestroy, "cublasLtMatmulDescDestroy");
    l.bind(a.matmulDescSetAttribute, "cublasLtMatmulDescSetAttribute");
    l.bind(a.matrixLayoutCreate, "cublasLtMatrixLayoutCreate");
    l.bind(a.matrixLayoutDestroy, "cublasLtMatrixLayoutDestroy");
    l.bind(a.matrixLayoutSetAttribute, "cublasLtMatrixLayoutSetAttribute");
    l.bind(a.preferenceCreate, "cublasLtMatmulPreferenceCreate");
    l.bind(a.preferenceDestroy, "cublasLtMatmulPreferenceDestroy");
    l.bind(a.preferenceSetAttribute, "cublasLtMatmulPreferenceSetAttribute");
    l.bind(a.algoGetHeuristic, "cublasLtMatmulAlgoGetHeuristic");
    l.bind(a.matmul, "cublasLtMatmul");
    l.bind(a.statusString, "cublasLtGetStatusString");
    decltype(&::cublasLtGetVersion) version = nullptr;
    l.bind(version, "cublasLtGetVersion");
    a.loaded = l.ok();
    if (a.loaded)
        a.version = static_cast<int>(version());
    return a;
}

}  // namespace

const CublasApi& cublas()
{
    static const CublasApi api = loadCublas();
    return api;
}

const CublasLtApi& cublasLt()
{
    static const CublasLtApi api = loadCublasLt();
    return api;
}

void cublasCheck(cublasStatus_t st, const char* what)
{
    if (st == CUBLAS_STATUS_SUCCESS)
        return;
    const CublasApi& a = cublas();
    const std::string text = a.loaded ? a.statusString(st) : "status " + std::to_string(static_cast<int>(st));
    throw CudaFailure(std::string(what) + " failed: " + text);
}

#if defined(KD_HAVE_NCCL)
namespace {
NcclApi loadNccl()
{
    NcclApi a;
    Loader l(a, "libnccl.so." KD_STR(NCCL_MAJOR),
             "the package libnccl" KD_STR(NCCL_MAJOR) " from NVIDIA's CUDA repository for Debian");
    l.bind(a.errorString, "ncclGetErrorString");
    l.bind(a.commInitAll, "ncclCommInitAll");
    l.bind(a.commDestroy, "ncclCommDestroy");
    l.bind(a.groupStart, "ncclGroupStart");
    l.bind(a.groupEnd, "ncclGroupEnd");
    l.bind(a.allReduce, "ncclAllReduce");
    l.bind(a.allGather, "ncclAllGather");
    l.bind(a.reduceScatter, "ncclReduceScatter");
    decltype(&::ncclGetVersion) version = nullptr;
    l.bind(version, "ncclGetVersion");
    a.loaded = l.ok();
    if (a.loaded)
        version(&a.version);
    return a;
}
}  // namespace

const NcclApi& nccl()
{
    static const NcclApi api = loadNccl();
    return api;
}
#endif

}  // namespace kdemo
