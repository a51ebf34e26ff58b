#include "import_corrections.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sys/stat.h>

namespace importer {

namespace {

std::string field(const std::string& text)
{
    std::string out = text;
    for (char& c : out)
        if (c == '\t' || c == '\n' || c == '\r')
            c = ' ';
    return out;
}

}  // namespace

const char* actionName(ImportCorrection::Action action)
{
    switch (action) {
    case ImportCorrection::Action::OtherCard: return "other-card";
    case ImportCorrection::Action::NewCard: return "new-card";
    case ImportCorrection::Action::NotAQuestion: return "not-a-question";
    case ImportCorrection::Action::AnswerLine: return "answer-line";
    case ImportCorrection::Action::QuestionLine: return "question-line";
    }
    return "other-card";
}

Result<bool> appendCorrections(const std::string& path, const std::vector<ImportCorrection>& corrections,
                               std::int64_t nowMs)
{
    if (corrections.empty())
        return true;
    struct stat st {};
    const bool exists = ::stat(path.c_str(), &st) == 0 && st.st_size > 0;
    std::ofstream out(path, std::ios::app | std::ios::binary);
    if (!out)
        return makeError(ErrorKind::Io, path, 0,
                         std::string("cannot open the file: ") + std::strerror(errno));
    if (!exists)
        out << "# Corrections made in InfraCards' import window (import/import_corrections.h).\n"
               "time_ms\taction\tsource\tproposed\tchosen\tquestion\n";
    for (const auto& c : corrections)
        out << nowMs << '\t' << actionName(c.action) << '\t' << field(c.source) << '\t'
            << field(c.proposedUid) << '\t' << field(c.chosenUid) << '\t' << field(c.question) << '\n';
    out.flush();
    if (!out)
        return makeError(ErrorKind::Io, path, 0, "writing failed");
    return true;
}

}  // namespace importer
