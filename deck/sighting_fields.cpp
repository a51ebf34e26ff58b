#include "deck/sighting_fields.h"

#include <algorithm>

namespace deck {

const std::vector<std::string>& sightingDirections()
{
    static const std::vector<std::string> d = {"training",  "inference", "kernels", "cloud-native",
                                               "algorithm", "backend",   "client",  "unknown"};
    return d;
}

bool isInfraDirection(std::string_view direction)
{
    return direction != "algorithm" && direction != "backend" && direction != "client";
}

const std::vector<std::string>& sightingDateKinds()
{
    static const std::vector<std::string> k = {"interview", "posted", "published"};
    return k;
}

const std::vector<std::string>& ledgerReasons()
{
    // project: the candidate's own project or paper; experience: internship, background, motive;
    // hr: pay, location, offer; reverse: the candidate's own questions (反问); behavioural:
    // teamwork, conflict; open-discussion: an opinion prompt with no technical answer;
    // not-a-question: a numbered line that asks nothing (a job-description requirement, a
    // placeholder such as "a coding problem" that does not say which).
    static const std::vector<std::string> r = {
        "project", "experience", "hr", "reverse", "behavioural", "open-discussion", "not-a-question"};
    return r;
}

}  // namespace deck
