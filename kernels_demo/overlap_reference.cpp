#include "overlap_reference.h"

#include <algorithm>

namespace kdemo {

double overlapIdealTime(const ChunkStageTimes& t, int chunks, int streams, int copyEngines)
{
    if (chunks <= 0)
        return 0.0;
    streams = std::max(1, streams);
    const double perChunk = t.h2d + t.kernel + t.d2h;
    const double slowest = std::max({t.h2d, t.kernel, t.d2h});
    const double pipeline = perChunk + (chunks - 1) * slowest;
    const int chunksPerStream = (chunks + streams - 1) / streams;
    const double perStream = chunksPerStream * perChunk;
    const double engines = copyEngines < 2 ? chunks * (t.h2d + t.d2h) : 0.0;
    return std::max({pipeline, perStream, engines});
}

}  // namespace kdemo
