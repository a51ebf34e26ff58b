#pragma once
// One cuBLASLt matrix multiply, D = op(A) op(B) in cuBLAS's column-major convention, with the
// algorithm chosen by timing: the heuristic's top candidates for this shape and workspace are
// each run a few times on the real operands and the fastest is kept. Frameworks do the same
// once per shape; the heuristic's first choice alone is often a few per cent slower.

#include <cublasLt.h>

#include <cstddef>
#include <string>

#include "run_context.h"

namespace kdemo {

class LtMatmul {
public:
    struct Shape {
        int m = 0, n = 0, k = 0;  ///< D is m x n, the inner dimension k
        cudaDataType_t abType = CUDA_R_16BF;
        cudaDataType_t dType = CUDA_R_16BF;
        cublasComputeType_t compute = CUBLAS_COMPUTE_32F;
        cublasOperation_t opA = CUBLAS_OP_N;
        cublasOperation_t opB = CUBLAS_OP_N;
    };

    /// `aScale`/`bScale`: device float scalars that FP8 inputs are multiplied by (may be null).
    /// Throws CudaFailure when cuBLASLt is not loaded or refuses the description.
    LtMatmul(const RunContext& ctx, const Shape& shape, void* workspace, std::size_t workspaceBytes,
             const float* aScale = nullptr, const float* bScale = nullptr);
    ~LtMatmul();
    LtMatmul(const LtMatmul&) = delete;
    LtMatmul& operator=(const LtMatmul&) = delete;

    /// Asks for up to `maxCandidates` algorithms and keeps the fastest on these operands. Throws
    /// when the heuristic offers none (the shape or type is not supported on this device).
    void choose(const void* a, const void* b, void* d, int maxCandidates = 8);
    /// Enqueues one multiply on the context's stream with the chosen algorithm.
    void run(const void* a, const void* b, void* d) const;

    int candidates() const { return candidates_; }
    /// Which candidate won and the spread of the candidates' times, in words.
    std::string choiceNote() const { return note_; }

private:
    const RunContext& ctx_;
    Shape shape_;
    void* workspace_;
    std::size_t workspaceBytes_;
    cublasLtHandle_t handle_{};
    cublasLtMatmulDesc_t desc_{};
    cublasLtMatrixLayout_t aLayout_{}, bLayout_{}, dLayout_{};
    cublasLtMatmulAlgo_t algo_{};
    bool haveAlgo_ = false;
    int candidates_ = 0;
    std::string note_;
};

}  // namespace kdemo
