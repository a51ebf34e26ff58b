#include "formula.h"

#include <cmath>

#include "activation_memory.h"
#include "busbw.h"
#include "checkpoint_interval.h"
#include "collective_cost.h"
#include "gemm_intensity.h"
#include "kv_cache.h"
#include "memory_ledger.h"
#include "mfu.h"
#include "moe_alltoall.h"
#include "param_count.h"
#include "pipeline_bubble.h"
#include "pipeline_layout.h"
#include "reliability.h"
#include "roofline.h"
#include "tp_traffic.h"
#include "training_time.h"
#include "zero_sizing.h"
#include "training_flops.h"
#include "zero_memory.h"

namespace formulas {

Result<Results> Formula::compute(const Values& given) const
{
    Result<Values> values = resolve(parameters, given);
    if (!values)
        return values.error();
    Result<Results> results = evaluate(values.value());
    if (!results)
        return results;
    for (const ResultValue& r : results.value()) {
        if (!std::isfinite(r.value)) {
            return FormulaError{FormulaError::Kind::NotFinite, r.name,
                                r.name + ": the inputs overflow this result; use smaller values"};
        }
    }
    return results;
}

const ParameterSpec* Formula::parameter(const std::string& name) const
{
    for (const ParameterSpec& p : parameters) {
        if (p.name == name)
            return &p;
    }
    return nullptr;
}

const std::vector<Formula>& all()
{
    static const std::vector<Formula> formulas = {
        memoryLedgerFormula(),   zeroMemoryFormula(),     activationMemoryFormula(),
        kvCacheFormula(),        trainingFlopsFormula(),  mfuFormula(),
        rooflineFormula(),       collectiveCostFormula(), busbwFormula(),
        pipelineBubbleFormula(), tpTrafficFormula(),      checkpointIntervalFormula(),
        zeroSizingFormula(),     dpTrafficFormula(),      trainingTimeFormula(),
        mfuFromTflopsFormula(),  moeAllToAllFormula(),    paramCountFormula(),
        gemmIntensityFormula(),  kvCacheCompareFormula(), reliabilityFormula(),
        pipelineLayoutFormula(),
    };
    return formulas;
}

const Formula* find(const std::string& id)
{
    for (const Formula& f : all()) {
        if (f.id == id)
            return &f;
    }
    return nullptr;
}

}  // namespace formulas
