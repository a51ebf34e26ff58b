#pragma once
// One entry point per demo. Each fills `r.variants`, `r.limit`, `r.targets` and warnings; the
// runner fills the header (id, device, time) and catches CudaFailure into `r.error`.

#include <string_view>

#include "demo_result.h"
#include "run_context.h"

namespace kdemo {

using DemoFn = void (*)(RunContext& ctx, DemoResult& r);

void runCoalescing(RunContext& ctx, DemoResult& r);
void runH2dPinned(RunContext& ctx, DemoResult& r);
void runReduction(RunContext& ctx, DemoResult& r);
void runTranspose(RunContext& ctx, DemoResult& r);
void runSoftmax(RunContext& ctx, DemoResult& r);
void runRmsnormFusion(RunContext& ctx, DemoResult& r);
void runGemm(RunContext& ctx, DemoResult& r);
void runOccupancy(RunContext& ctx, DemoResult& r);
void runRooflineSweep(RunContext& ctx, DemoResult& r);
void runLaunchOverhead(RunContext& ctx, DemoResult& r);
void runL2VsHbm(RunContext& ctx, DemoResult& r);
void runNcclAllreduce(RunContext& ctx, DemoResult& r);
void runFlashAttention(RunContext& ctx, DemoResult& r);
void runTensorCoreGemm(RunContext& ctx, DemoResult& r);
void runBankConflicts(RunContext& ctx, DemoResult& r);
void runHistogram(RunContext& ctx, DemoResult& r);
void runPrefixScan(RunContext& ctx, DemoResult& r);
void runStreamOverlap(RunContext& ctx, DemoResult& r);
void runPagedKvDecode(RunContext& ctx, DemoResult& r);
void runFp8Gemm(RunContext& ctx, DemoResult& r);

DemoFn demoFunction(std::string_view id);

/// Adds a pass/fail target on the named variant's ratio (or another value).
void setTarget(DemoResult& r, const std::string& variant, const std::string& description, double threshold,
               double value);
/// Records how variant `ours` compares with the library variant `peer` of the same run; when
/// `peer` was skipped (library missing) the comparison says so with the variant's note.
void comparePeer(DemoResult& r, const std::string& ours, const std::string& peer);
const Variant* findVariant(const DemoResult& r, std::string_view id);

/// Blocks that fill the device once at `threads` per block (occupancy API x SM count).
unsigned int fillingGrid(const void* kernel, int threads, int smCount);

}  // namespace kdemo
