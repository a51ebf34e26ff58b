// Reference solution for card coding-ring-allreduce-threads: ring all-reduce (sum) among P ranks,
// each rank a std::thread, simulating the NCCL ring algorithm's data movement.
//
// Each rank's vector is cut into P chunks. Reduce-scatter: in step s (0..P-2) rank r sends chunk
// (r - s) mod P to rank r+1, which adds it into its own copy; after P-1 steps rank r owns the full
// sum of chunk (r + 1) mod P. All-gather: in step s rank r forwards chunk (r + 1 - s) mod P, and the
// receiver overwrites its copy. Every rank sends 2(P-1) chunks, i.e. 2(P-1)/P of the vector, which is
// why ring all-reduce time is about 2(P-1)/P * bytes / link bandwidth, independent of P for large P.
//
// A std::barrier separates "everyone has posted its outgoing chunk" from "everyone consumes its
// inbox", standing in for the send/recv completion that a real implementation waits on.
#include <barrier>
#include <cstddef>
#include <thread>
#include <vector>

namespace ringar {

struct RingResult {
    std::vector<std::vector<float>> buffers;  // every rank's buffer after the all-reduce
    std::vector<std::size_t> elementsSent;    // per rank, to check the 2(P-1)/P traffic
};

// All buffers must have the same length; chunk c covers [c*len/P, (c+1)*len/P), so uneven lengths
// work.
inline RingResult ringAllReduce(std::vector<std::vector<float>> buffers) {
    const std::size_t p = buffers.size();
    RingResult result{std::move(buffers), std::vector<std::size_t>(p, 0)};
    if (p <= 1) {
        return result;
    }
    const std::size_t len = result.buffers[0].size();
    auto chunkBegin = [&](std::size_t c) { return c * len / p; };
    auto mod = [p](std::size_t x) { return x % p; };

    std::vector<std::vector<float>> inbox(p);  // inbox[r]: the chunk rank r receives this step
    std::barrier sync(static_cast<std::ptrdiff_t>(p));

    auto rankMain = [&](std::size_t r) {
        std::vector<float>& mine = result.buffers[r];
        const std::size_t next = mod(r + 1);
        for (std::size_t phase = 0; phase < 2; ++phase) {  // 0: reduce-scatter, 1: all-gather
            for (std::size_t s = 0; s + 1 < p; ++s) {
                // Adding p*2 keeps the unsigned arithmetic non-negative before the modulo.
                const std::size_t sendChunk = phase == 0 ? mod(r + 2 * p - s) : mod(r + 1 + 2 * p - s);
                inbox[next].assign(mine.begin() + static_cast<std::ptrdiff_t>(chunkBegin(sendChunk)),
                                   mine.begin() + static_cast<std::ptrdiff_t>(chunkBegin(sendChunk + 1)));
                result.elementsSent[r] += inbox[next].size();
                sync.arrive_and_wait();  // all sends posted
                // What rank r receives is what rank r-1 sent: chunk (r-1-s) or (r-s) mod P.
                const std::size_t recvChunk = phase == 0 ? mod(r + 2 * p - 1 - s) : mod(r + 2 * p - s);
                const std::size_t begin = chunkBegin(recvChunk);
                for (std::size_t i = 0; i < inbox[r].size(); ++i) {
                    if (phase == 0) {
                        mine[begin + i] += inbox[r][i];
                    } else {
                        mine[begin + i] = inbox[r][i];
                    }
                }
                sync.arrive_and_wait();  // all inboxes consumed before the next step overwrites them
            }
        }
    };

    std::vector<std::thread> ranks;
    ranks.reserve(p);
    for (std::size_t r = 0; r < p; ++r) {
        ranks.emplace_back(rankMain, r);
    }
    for (auto& t : ranks) {
        t.join();
    }
    return result;
}

}  // namespace ringar
