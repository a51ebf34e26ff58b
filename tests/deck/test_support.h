#pragma once
// Support for deck tests: temporary folders and small collections with known cards.

#include <filesystem>
#include <random>
#include <string>

#include "deck/collection.h"

namespace testing {

/// A fresh folder under the system temp dir, removed when the object goes out of scope.
class TempDir {
public:
    TempDir()
    {
        std::random_device rd;
        path_ = std::filesystem::temp_directory_path()
                / ("infracards-test-" + std::to_string(rd()) + std::to_string(rd()));
        std::filesystem::create_directories(path_);
    }
    ~TempDir()
    {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    std::string file(const std::string& name) const { return (path_ / name).string(); }

private:
    std::filesystem::path path_;
};

inline deck::CardContent makeCard(const std::string& uid, const std::string& topic,
                                  const std::string& question, int level = 1)
{
    deck::CardContent c;
    c.uid = uid;
    c.topic = topic;
    c.level = level;
    c.question = question;
    c.questionEn = "English: " + question;
    c.answer = "Answer to " + question;
    c.keyPoints = {"one", "two", "three"};
    c.tags = {"t1", "t2"};
    return c;
}

/// 2026-11-29 10:00 UTC (day 20786 since the epoch), offset 0.
inline deck::Now dayNow(int plusDays = 0, int plusHours = 0)
{
    return {(20786LL * 86400 + 10 * 3600 + plusDays * 86400LL + plusHours * 3600LL) * 1000, 0};
}

}  // namespace testing
