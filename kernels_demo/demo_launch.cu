// What one kernel launch costs. A tiny kernel (one thread bumps a counter) is launched many
// times: back to back on a stream, with a synchronisation after each, and as the nodes of one
// CUDA graph. The GPU work is negligible, so the time per kernel is launch overhead.

#include <string>

#include "checks.h"
#include "cuda_util.h"
#include "demos.h"

namespace kdemo {

namespace {

__global__ void bump(unsigned int* counter)
{
    *counter += 1;
}

}  // namespace

void runLaunchOverhead(RunContext& ctx, DemoResult& r)
{
    const int launches = static_cast<int>(r.size);
    cudaStream_t s = ctx.stream();
    DeviceBuffer<unsigned int> counter(1);
    r.limit = Limit{"none", kNone, "us", "no hardware limit: compare the variants with each other"};

    cudaGraph_t graph{};
    cudaGraphExec_t exec{};
    KD_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
    for (int i = 0; i < launches; ++i)
        bump<<<1, 1, 0, s>>>(counter.get());
    KD_CUDA(cudaStreamEndCapture(s, &graph));
    KD_CUDA(cudaGraphInstantiate(&exec, graph, 0));

    auto runVariant = [&](const std::string& id, const std::string& label,
                          const std::function<void()>& batch) {
        Variant v;
        v.id = id;
        v.label = label;
        v.precision = "-";
        v.metricKind = MetricKind::Time;
        v.problem = std::to_string(launches) + " launches of a 1-thread kernel per batch";
        v.note = "time per kernel = batch time / launches";
        KD_CUDA(cudaMemsetAsync(counter.get(), 0, sizeof(unsigned int), s));
        batch();
        KD_LAUNCHED();
        unsigned int got = 0;
        ctx.download(&got, counter.get(), sizeof got);
        v.correctness = checkExactInt(got, launches, "the counter equals the number of launches");
        Timed t = ctx.time(batch);
        for (double& ms : t.samplesMs)
            ms /= launches;
        applyTiming(v, t);
        v.launchesPerSample = t.launchesPerSample * launches;
        r.variants.push_back(std::move(v));
    };

    runVariant("stream", "back-to-back launches on one stream", [&] {
        for (int i = 0; i < launches; ++i)
            bump<<<1, 1, 0, s>>>(counter.get());
    });
    runVariant("stream-sync", "each launch followed by cudaStreamSynchronize", [&] {
        for (int i = 0; i < launches; ++i) {
            bump<<<1, 1, 0, s>>>(counter.get());
            KD_CUDA(cudaStreamSynchronize(s));
        }
    });
    runVariant("graph", "one CUDA graph holding all the launches",
               [&] { KD_CUDA(cudaGraphLaunch(exec, s)); });

    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
    const Variant* st = findVariant(r, "stream");
    const Variant* g = findVariant(r, "graph");
    if (st && g) {
        for (Variant& v : r.variants)
            v.extra.push_back({"relative_to_stream", v.medianMs() / st->medianMs()});
        setTarget(r, "graph", "stream launch time / graph time per kernel (catalogue: at least 2x)", 2.0,
                  st->medianMs() / g->medianMs());
    }
}

}  // namespace kdemo
