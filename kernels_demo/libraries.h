#pragma once
// cuBLAS, cuBLASLt and NCCL are loaded at run time (dlopen), so the runner starts on a machine
// that has only the NVIDIA driver: the CUDA runtime is linked statically, the hand-written demos
// need nothing else, and a library variant that cannot run says which file is missing and which
// package provides it. The headers give the types; every call goes through these tables.

#include <cublasLt.h>
#include <cublas_v2.h>

#include <string>

#if defined(KD_HAVE_NCCL)
#include <nccl.h>
#endif

namespace kdemo {

/// One loaded library: `loaded` is false when the file could not be opened or lacks a symbol,
/// and `why` is then one line naming the file, the loader's reason and the package.
struct LoadedLibrary {
    bool loaded = false;
    std::string file;     ///< e.g. "libcublas.so.13"
    std::string package;  ///< the package that provides it
    std::string why;      ///< empty when loaded
    int version =
        0;  ///< the library's own version number when loaded (cublasGetProperty, ncclGetVersion ...)
};

struct CublasApi : LoadedLibrary {
    decltype(&::cublasCreate_v2) create = nullptr;
    decltype(&::cublasDestroy_v2) destroy = nullptr;
    decltype(&::cublasSetStream_v2) setStream = nullptr;
    decltype(&::cublasSetMathMode) setMathMode = nullptr;
    decltype(&::cublasSetWorkspace_v2) setWorkspace = nullptr;
    decltype(&::cublasSgemm_v2) sgemm = nullptr;
    // cublasGemmEx has a C++ overload (the legacy cudaDataType compute type): name the C one.
    cublasStatus_t (*gemmEx)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const void*,
                             const void*, cudaDataType, int, const void*, cudaDataType, int, const void*,
                             void*, cudaDataType, int, cublasComputeType_t, cublasGemmAlgo_t) = nullptr;
    decltype(&::cublasGetStatusString) statusString = nullptr;
};

struct CublasLtApi : LoadedLibrary {
    decltype(&::cublasLtCreate) create = nullptr;
    decltype(&::cublasLtDestroy) destroy = nullptr;
    decltype(&::cublasLtMatmulDescCreate) matmulDescCreate = nullptr;
    decltype(&::cublasLtMatmulDescDestroy) matmulDescDestroy = nullptr;
    decltype(&::cublasLtMatmulDescSetAttribute) matmulDescSetAttribute = nullptr;
    decltype(&::cublasLtMatrixLayoutCreate) matrixLayoutCreate = nullptr;
    decltype(&::cublasLtMatrixLayoutDestroy) matrixLayoutDestroy = nullptr;
    decltype(&::cublasLtMatrixLayoutSetAttribute) matrixLayoutSetAttribute = nullptr;
    decltype(&::cublasLtMatmulPreferenceCreate) preferenceCreate = nullptr;
    decltype(&::cublasLtMatmulPreferenceDestroy) preferenceDestroy = nullptr;
    decltype(&::cublasLtMatmulPreferenceSetAttribute) preferenceSetAttribute = nullptr;
    decltype(&::cublasLtMatmulAlgoGetHeuristic) algoGetHeuristic = nullptr;
    decltype(&::cublasLtMatmul) matmul = nullptr;
    decltype(&::cublasLtGetStatusString) statusString = nullptr;
};

#if defined(KD_HAVE_NCCL)
struct NcclApi : LoadedLibrary {
    decltype(&::ncclGetErrorString) errorString = nullptr;
    decltype(&::ncclCommInitAll) commInitAll = nullptr;
    decltype(&::ncclCommDestroy) commDestroy = nullptr;
    decltype(&::ncclGroupStart) groupStart = nullptr;
    decltype(&::ncclGroupEnd) groupEnd = nullptr;
    decltype(&::ncclAllReduce) allReduce = nullptr;
    decltype(&::ncclAllGather) allGather = nullptr;
    decltype(&::ncclReduceScatter) reduceScatter = nullptr;
};
const NcclApi& nccl();
#endif

/// Loaded once per process, on first use; never throws.
const CublasApi& cublas();
const CublasLtApi& cublasLt();

/// Throws CudaFailure with the call and cuBLAS's status text when `st` is not success.
void cublasCheck(cublasStatus_t st, const char* what);

}  // namespace kdemo
