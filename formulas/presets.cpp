#include "presets.h"

namespace formulas {

const std::vector<DevicePreset>& devicePresets()
{
    // Dense = half the "with sparsity" figure printed on the Ampere/Hopper datasheets.
    static const std::vector<DevicePreset> presets = {
        {"v100-sxm2", "NVIDIA V100 SXM2 32 GB", 125.0, 0.0, 0.0, 15.7, 32.0, 900.0,
         "https://images.nvidia.com/content/technologies/volta/pdf/"
         "volta-v100-datasheet-update-us-1165301-r5.pdf"},
        {"v100-pcie", "NVIDIA V100 PCIe 32 GB", 112.0, 0.0, 0.0, 14.0, 32.0, 900.0,
         "https://images.nvidia.com/content/technologies/volta/pdf/"
         "volta-v100-datasheet-update-us-1165301-r5.pdf"},
        {"a100-40gb-sxm", "NVIDIA A100 40 GB SXM", 312.0, 624.0, 0.0, 19.5, 40.0, 1555.0,
         "https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/"
         "nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf"},
        {"a100-80gb-sxm", "NVIDIA A100 80 GB SXM", 312.0, 624.0, 0.0, 19.5, 80.0, 2039.0,
         "https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/"
         "nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf"},
        {"h100-sxm", "NVIDIA H100 SXM 80 GB", 989.0, 1979.0, 1979.0, 67.0, 80.0, 3350.0,
         "https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet"},
        {"h200-sxm", "NVIDIA H200 SXM 141 GB", 989.0, 1979.0, 1979.0, 67.0, 141.0, 4800.0,
         "https://www.nvidia.com/en-us/data-center/h200/"},
    };
    return presets;
}

const std::vector<ModelPreset>& modelPresets()
{
    static const std::vector<ModelPreset> presets = {
        // Llama 2 paper Table 1 (context 4096, GQA only for 34B/70B) with the widths of the
        // released configurations (Llama 1 paper Table 2 gives the same 7B shape).
        {"llama-2-7b", "Llama-2-7B", 6.74, 6.74, 32, 4096, 32, 32, 128, 4096, 0, 0, 0,
         "https://arxiv.org/abs/2307.09288 (Table 1); "
         "https://huggingface.co/meta-llama/Llama-2-7b-hf/blob/main/config.json"},
        {"llama-2-70b", "Llama-2-70B", 68.98, 68.98, 80, 8192, 64, 8, 128, 4096, 2, 0, 0,
         "https://arxiv.org/abs/2307.09288 (Table 1, GQA with 8 KV heads); "
         "https://huggingface.co/meta-llama/Llama-2-70b-hf/blob/main/config.json"},
        // GPT-3 paper Table 2.1: 175.0B, 96 layers, d_model 12288, 96 heads of 128, n_ctx 2048.
        {"gpt-3-175b", "GPT-3 175B", 175.0, 175.0, 96, 12288, 96, 96, 128, 2048, 0, 0, 0,
         "https://arxiv.org/abs/2005.14165 (Table 2.1)"},
        // DeepSeek-V3 report section 4.2: 61 layers, h 7168, 128 heads of 128, d_c 512,
        // d_h^R 64, 671B total, 37B activated, 4K pre-training context.
        {"deepseek-v3", "DeepSeek-V3", 671.0, 37.0, 61, 7168, 128, 128, 128, 4096, 3, 512, 64,
         "https://arxiv.org/abs/2412.19437 (section 4.2)"},
    };
    return presets;
}

const DevicePreset* findDevice(const std::string& id)
{
    for (const DevicePreset& d : devicePresets()) {
        if (d.id == id)
            return &d;
    }
    return nullptr;
}

const ModelPreset* findModel(const std::string& id)
{
    for (const ModelPreset& m : modelPresets()) {
        if (m.id == id)
            return &m;
    }
    return nullptr;
}

}  // namespace formulas
