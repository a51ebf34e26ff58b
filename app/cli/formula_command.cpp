#include "formula_command.h"
#include "cli/cli_output.h"

#include <nlohmann/json.hpp>

#include "formula.h"
#include "presets.h"
#include "validation.h"

namespace {

using formulas::formatNumber;
using formulas::Formula;
using formulas::ParameterSpec;
using nlohmann::json;

constexpr int kBadInput = 2;

json parameterJson(const ParameterSpec& p)
{
    json j{{"name", p.name},
           {"label", {{"en", p.labelEn}, {"zh", p.labelZh}}},
           {"unit", p.unit},
           {"default", p.defaultValue},
           {"valid", formulas::describeRange(p)}};
    if (p.isChoice()) {
        j["choices"] = json::array();
        for (const formulas::Choice& c : p.choices) {
            j["choices"].push_back(
                {{"name", c.name}, {"value", c.value}, {"label", {{"en", c.labelEn}, {"zh", c.labelZh}}}});
        }
    } else {
        j["min"] = p.minValue;
        j["max"] = p.maxValue;
        j["integer"] = p.integer;
    }
    return j;
}

std::string defaultText(const ParameterSpec& p)
{
    for (const formulas::Choice& c : p.choices) {
        if (c.value == p.defaultValue)
            return c.name;
    }
    return formatNumber(p.defaultValue, 10);
}

int list(bool asJson, std::ostream& out)
{
    if (asJson) {
        json j{{"formulas", json::array()}, {"devices", json::array()}, {"models", json::array()}};
        for (const Formula& f : formulas::all()) {
            json entry{
                {"id", f.id},
                {"title", {{"en", f.titleEn}, {"zh", f.titleZh}}},
                {"parameters", json::array()},
                {"presets",
                 {{"device", static_cast<bool>(f.fromDevice)}, {"model", static_cast<bool>(f.fromModel)}}}};
            for (const ParameterSpec& p : f.parameters)
                entry["parameters"].push_back(parameterJson(p));
            j["formulas"].push_back(entry);
        }
        for (const formulas::DevicePreset& d : formulas::devicePresets()) {
            j["devices"].push_back({{"id", d.id},
                                    {"name", d.name},
                                    {"bf16_dense_tflops", d.bf16DenseTflops},
                                    {"bf16_sparse_tflops", d.bf16SparseTflops},
                                    {"fp8_dense_tflops", d.fp8DenseTflops},
                                    {"fp32_tflops", d.fp32Tflops},
                                    {"memory_gb", d.memoryGB},
                                    {"bandwidth_gbs", d.bandwidthGBs},
                                    {"source", d.source}});
        }
        for (const formulas::ModelPreset& m : formulas::modelPresets()) {
            j["models"].push_back({{"id", m.id},
                                   {"name", m.name},
                                   {"params_b", m.paramsB},
                                   {"active_params_b", m.activeParamsB},
                                   {"layers", m.layers},
                                   {"hidden", m.hidden},
                                   {"heads", m.heads},
                                   {"kv_heads", m.kvHeads},
                                   {"head_dim", m.headDim},
                                   {"seq_len", m.seqLen},
                                   {"source", m.source}});
        }
        out << cli::jsonText(j) << '\n';
        return 0;
    }
    for (const Formula& f : formulas::all()) {
        out << f.id << "  " << f.titleEn << " / " << f.titleZh << '\n';
        if (f.fromDevice)
            out << "    device=ID  (preset; see below)\n";
        if (f.fromModel)
            out << "    model=ID   (preset; see below)\n";
        for (const ParameterSpec& p : f.parameters) {
            out << "    " << p.name << '=' << defaultText(p);
            if (!p.unit.empty())
                out << " [" << p.unit << ']';
            out << "  " << p.labelEn << "; valid: " << formulas::describeRange(p) << '\n';
        }
    }
    out << "devices:";
    for (const formulas::DevicePreset& d : formulas::devicePresets())
        out << ' ' << d.id;
    out << "\nmodels:";
    for (const formulas::ModelPreset& m : formulas::modelPresets())
        out << ' ' << m.id;
    out << '\n';
    return 0;
}

int fail(const std::string& message, const std::string& parameter, bool asJson, std::ostream& out,
         std::ostream& err)
{
    err << "infracards-cli formula: " << cli::terminalText(message) << '\n';
    if (asJson)
        out << cli::jsonText(json{{"error", {{"parameter", parameter}, {"message", message}}}}) << '\n';
    return kBadInput;
}

int evaluate(const Formula& f, const std::vector<std::string>& assignments, bool asJson, std::ostream& out,
             std::ostream& err)
{
    formulas::Values values;
    // Presets first, so that explicit name=value arguments override what a preset set.
    for (const std::string& a : assignments) {
        const auto eq = a.find('=');
        const std::string name = a.substr(0, eq);
        const std::string text = eq == std::string::npos ? std::string() : a.substr(eq + 1);
        if (name == "device") {
            const formulas::DevicePreset* d = formulas::findDevice(text);
            if (!f.fromDevice || d == nullptr) {
                return fail("device: no device preset '" + text + "' for " + f.id, "device", asJson, out,
                            err);
            }
            for (const auto& [k, v] : f.fromDevice(*d))
                values[k] = v;
        } else if (name == "model") {
            const formulas::ModelPreset* m = formulas::findModel(text);
            if (!f.fromModel || m == nullptr) {
                return fail("model: no model preset '" + text + "' for " + f.id, "model", asJson, out, err);
            }
            for (const auto& [k, v] : f.fromModel(*m))
                values[k] = v;
        }
    }
    for (const std::string& a : assignments) {
        const auto eq = a.find('=');
        if (eq == std::string::npos) {
            return fail("expected name=value, got '" + a + "'", a, asJson, out, err);
        }
        const std::string name = a.substr(0, eq);
        if (name == "device" || name == "model")
            continue;
        const ParameterSpec* p = f.parameter(name);
        if (p == nullptr) {
            return fail(name + ": not a parameter of " + f.id + " (see formula --list)", name, asJson, out,
                        err);
        }
        formulas::Result<double> v = formulas::parseValue(*p, a.substr(eq + 1));
        if (!v)
            return fail(v.error().message, name, asJson, out, err);
        values[name] = v.value();
    }
    formulas::Result<formulas::Results> results = f.compute(values);
    if (!results)
        return fail(results.error().message, results.error().parameter, asJson, out, err);
    formulas::Values used = formulas::resolve(f.parameters, values).value();

    if (asJson) {
        json j{{"id", f.id},
               {"title", {{"en", f.titleEn}, {"zh", f.titleZh}}},
               {"inputs", json::object()},
               {"results", json::array()}};
        for (const ParameterSpec& p : f.parameters) {
            j["inputs"][p.name] = {{"value", used.at(p.name)}, {"unit", p.unit}};
        }
        for (const formulas::ResultValue& r : results.value()) {
            json item{{"name", r.name},
                      {"label", {{"en", r.labelEn}, {"zh", r.labelZh}}},
                      {"unit", r.unit},
                      {"value", r.value},
                      {"intermediate", r.intermediate}};
            if (!r.note.empty())
                item["note"] = r.note;
            j["results"].push_back(item);
        }
        out << cli::jsonText(j) << '\n';
        return 0;
    }
    out << f.id << ": " << f.titleEn << '\n';
    for (const ParameterSpec& p : f.parameters) {
        const double v = used.at(p.name);
        std::string shown = formatNumber(v, 10);
        for (const formulas::Choice& c : p.choices) {
            if (c.value == v)
                shown = c.name;
        }
        out << "  " << p.name << " = " << shown << (p.unit.empty() || p.isChoice() ? "" : " " + p.unit)
            << '\n';
    }
    for (const formulas::ResultValue& r : results.value()) {
        out << (r.intermediate ? "    " : "  ") << r.labelEn << ": " << formatNumber(r.value);
        if (!r.unit.empty())
            out << ' ' << r.unit;
        if (!r.note.empty())
            out << " (" << r.note << ')';
        out << '\n';
    }
    return 0;
}

}  // namespace

int runFormulaCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    bool asJson = false;
    bool wantList = false;
    std::vector<std::string> rest;
    for (const std::string& a : args) {
        if (a == "--json")
            asJson = true;
        else if (a == "--list")
            wantList = true;
        else
            rest.push_back(a);
    }
    if (wantList) {
        if (!rest.empty())
            return fail("--list takes no other arguments", "", asJson, out, err);
        return list(asJson, out);
    }
    if (rest.empty()) {
        return fail("usage: formula --list [--json] | formula ID name=value ... [--json]", "", asJson, out,
                    err);
    }
    const Formula* f = formulas::find(rest[0]);
    if (f == nullptr) {
        return fail("no formula '" + rest[0] + "' (see formula --list)", "", asJson, out, err);
    }
    return evaluate(*f, std::vector<std::string>(rest.begin() + 1, rest.end()), asJson, out, err);
}
