// Host entry points of the CUDA reference solutions in resources/deck/coding/*.cu, declared for the
// checker test (which is plain C++ compiled by the host compiler, not nvcc).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <vector>

namespace cudavec {
cudaError_t vectorAddOnGpu(const std::vector<float>& a, const std::vector<float>& b, std::vector<float>& c);
}
namespace cudareduce {
cudaError_t sumOnGpu(const std::vector<float>& values, float& result);
}
namespace cudasoftmax {
cudaError_t softmaxRowsOnGpu(const std::vector<float>& in, std::vector<float>& out, int rows, int cols);
}
namespace cudagemm {
cudaError_t gemmOnGpu(const std::vector<float>& a, const std::vector<float>& b, std::vector<float>& c, int m,
                      int n, int k);
}
namespace cudatranspose {
cudaError_t transposeOnGpu(const std::vector<float>& in, std::vector<float>& out, int rows, int cols);
}
namespace cudascan {
cudaError_t inclusiveScanOnGpu(const std::vector<int>& in, std::vector<int>& out);
}
namespace cudahist {
cudaError_t histogramOnGpu(const std::vector<std::uint8_t>& data, std::vector<unsigned int>& bins);
}
