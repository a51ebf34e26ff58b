#pragma once
// Device and model presets, each with the document its numbers come from.
#include <string>
#include <vector>

namespace formulas {

/// One accelerator from its vendor datasheet. Tensor peaks are *dense*; NVIDIA's datasheets
/// print the 2:4 structured-sparsity figure (twice the dense one) with an asterisk, kept apart
/// here in the `...Sparse` fields (0 where the part has no sparsity support).
struct DevicePreset {
    std::string id;
    std::string name;
    double bf16DenseTflops;   ///< TFLOP/s (10^12); FP16 tensor figure on V100, which has no BF16
    double bf16SparseTflops;  ///< TFLOP/s with 2:4 sparsity; 0 = not supported
    double fp8DenseTflops;    ///< TFLOP/s; 0 = no FP8 tensor cores
    double fp32Tflops;        ///< TFLOP/s, non-tensor FP32
    double memoryGB;          ///< GB (10^9 bytes), as the datasheet prints it
    double bandwidthGBs;      ///< GB/s (10^9 B/s), HBM peak
    std::string source;       ///< URL of the datasheet
};

/// A transformer from its paper or released configuration.
struct ModelPreset {
    std::string id;
    std::string name;
    double paramsB;        ///< total parameters, billions (10^9)
    double activeParamsB;  ///< parameters used per token, billions (differs for MoE)
    int layers;
    int hidden;   ///< model width h
    int heads;    ///< query heads
    int kvHeads;  ///< key/value heads (= heads for MHA); for MLA the query heads
    int headDim;
    int seqLen;        ///< pre-training context length, tokens
    int attention;     ///< 0 MHA, 1 MQA, 2 GQA, 3 MLA (the kv-cache choice values)
    int mlaLatentDim;  ///< MLA compressed KV width d_c; 0 when not MLA
    int mlaRopeDim;    ///< MLA decoupled RoPE key width d_h^R; 0 when not MLA
    std::string source;
};

const std::vector<DevicePreset>& devicePresets();
const std::vector<ModelPreset>& modelPresets();
const DevicePreset* findDevice(const std::string& id);
const ModelPreset* findModel(const std::string& id);

}  // namespace formulas
