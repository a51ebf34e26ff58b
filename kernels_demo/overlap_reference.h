#pragma once
// The time model of the stream-overlap demo: how long a batch of chunks could take at best when
// each chunk is copied in, computed on and copied out, with the chunks spread over streams.
// Plain C++, no CUDA, unit-tested.

namespace kdemo {

/// One chunk's stage times, each measured alone (milliseconds or any one unit).
struct ChunkStageTimes {
    double h2d = 0.0;
    double kernel = 0.0;
    double d2h = 0.0;
};

/// Lower bound on a batch of `chunks` identical chunks, dealt round-robin over `streams`
/// streams, with `copyEngines` DMA engines (cudaDeviceProp::asyncEngineCount). The largest of:
///   pipeline  h + k + d + (chunks - 1) * max(h, k, d)  (a three-stage flow shop: the slowest
///             stage runs back to back, plus filling and draining the pipeline);
///   streams   ceil(chunks / streams) * (h + k + d)     (work in one stream runs in order, so
///             each stream's chunks are serial; with one stream this is the serial time);
///   engines   chunks * (h + d) when copyEngines < 2     (one engine cannot copy both ways at once).
/// Kernels are taken to run one at a time (each fills the GPU).
double overlapIdealTime(const ChunkStageTimes& t, int chunks, int streams, int copyEngines);

}  // namespace kdemo
