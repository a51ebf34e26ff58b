#include "demo_result.h"

#include <cmath>

#include "stats.h"

namespace kdemo {

double Variant::medianMs() const
{
    return median(samplesMs);
}
double Variant::minMs() const
{
    return minimum(samplesMs);
}

double Variant::metric() const
{
    const double ms = medianMs();
    if (samplesMs.empty() || ms <= 0.0)
        return kNone;
    switch (metricKind) {
    case MetricKind::Bandwidth: return bytes / (ms * 1e-3) / 1e9;
    case MetricKind::Flops: return flops / (ms * 1e-3) / 1e12;
    case MetricKind::Time: return ms * 1e3;
    }
    return kNone;
}

std::string Variant::metricUnit() const
{
    switch (metricKind) {
    case MetricKind::Bandwidth: return "GB/s";
    case MetricKind::Flops: return "TFLOP/s";
    case MetricKind::Time: return "us";
    }
    return "";
}

double Variant::ratio() const
{
    if (metricKind == MetricKind::Time)
        return kNone;
    const double m = metric();
    if (!std::isfinite(limit.value) || limit.value <= 0.0 || !std::isfinite(m))
        return kNone;
    return m / limit.value;
}

bool DemoResult::allCorrect() const
{
    bool any = false;
    for (const Variant& v : variants) {
        if (v.skipped || !v.correctness.checked)
            continue;
        any = true;
        if (!v.correctness.passed)
            return false;
    }
    return any;
}

PeerComparison compareWithPeer(const Variant& ours, const Variant& peer)
{
    PeerComparison c;
    c.ours = ours.id;
    c.peer = peer.id;
    c.library = peer.library.empty() ? peer.label : peer.library;
    c.source = "same run";
    c.unit = peer.metricUnit();
    if (peer.skipped || peer.samplesMs.empty()) {
        c.present = false;
        c.absentWhy = peer.note;
        return c;
    }
    c.peerValue = peer.metric();
    const double mine = ours.metric();
    c.times = peer.metricKind == MetricKind::Time ? c.peerValue / mine : mine / c.peerValue;
    return c;
}

}  // namespace kdemo
