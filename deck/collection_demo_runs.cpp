#include "deck/collection_impl.h"
#include "deck/storage/database.h"
#include "deck/demo_run.h"

namespace deck {

Result<std::int64_t> Collection::recordDemoRun(const std::string& json, bool recorded, const Now& now)
{
    auto run = parseDemoRun(json);
    if (!run)
        return run.error();
    if (run->noGpu)
        return Error{ErrorKind::InvalidInput, "a run without a GPU has no results to keep", {}, 0};
    Transaction tx(impl_->db);
    if (!tx.begun().ok())
        return tx.begun().error();
    auto st = impl_->db.prepare("INSERT INTO demo_runs (demo_id, device, run_at_ms, recorded, result_json)"
                                " VALUES (?1, ?2, ?3, ?4, ?5)");
    if (!st)
        return st.error();
    st->bind(1, run->demoId)
        .bind(2, run->device.name)
        .bind(3, now.unixMs)
        .bind(4, recorded ? 1 : 0)
        .bind(5, json);
    if (auto s = st->run(); !s.ok())
        return s.error();
    const std::int64_t id = impl_->db.lastInsertId();
    if (auto s = tx.commit(); !s.ok())
        return s.error();
    return id;
}

Result<std::vector<Collection::DemoRunRecord>> Collection::demoRuns(const std::string& demoId) const
{
    auto st = impl_->db.prepare("SELECT id, demo_id, device, run_at_ms, recorded, result_json FROM demo_runs"
                                " WHERE ?1 = '' OR demo_id = ?1 ORDER BY run_at_ms DESC, id DESC");
    if (!st)
        return st.error();
    st->bind(1, demoId);
    std::vector<DemoRunRecord> out;
    while (st->step())
        out.push_back({st->int64(0), st->text(1), st->text(2), st->int64(3), st->int64(4) != 0, st->text(5)});
    if (st->error())
        return *st->error();
    return out;
}

}  // namespace deck
