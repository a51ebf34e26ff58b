#include "import/company_aliases.h"
#include "import/role_names.h"

#include <catch2/catch.hpp>

using namespace importer;

TEST_CASE("every alias of a company gives the same canonical name", "[company]")
{
    for (const char* a : {"字节跳动", "字节", "ByteDance", "bytedance"})
        CHECK(canonicalCompany(a) == "ByteDance");
    for (const char* a : {"阿里", "阿里巴巴", "Alibaba"})
        CHECK(canonicalCompany(a) == "Alibaba");
    for (const char* a : {"腾讯", "Tencent"})
        CHECK(canonicalCompany(a) == "Tencent");
    for (const char* a : {"英伟达", "NVIDIA", "nvidia"})
        CHECK(canonicalCompany(a) == "NVIDIA");
    for (const char* a : {"月之暗面", "Moonshot"})
        CHECK(canonicalCompany(a) == "Moonshot AI");
    for (const char* a : {"DeepSeek", "深度求索"})
        CHECK(canonicalCompany(a) == "DeepSeek");
    CHECK(canonicalCompany("美团") == "Meituan");
    CHECK(canonicalCompany("快手") == "Kuaishou");
    CHECK(canonicalCompany("百度") == "Baidu");
    CHECK(canonicalCompany("华为") == "Huawei");
    CHECK(canonicalCompany("商汤") == "SenseTime");
    CHECK(canonicalCompany("小红书") == "Xiaohongshu");
    CHECK(canonicalCompany("京东") == "JD.com");
    CHECK(canonicalCompany("蚂蚁") == "Ant Group");
    CHECK(canonicalCompany("拼多多") == "PDD");
    CHECK(canonicalCompany("米哈游") == "miHoYo");
    CHECK(canonicalCompany("壁仞") == "Biren");
    CHECK(canonicalCompany("摩尔线程") == "Moore Threads");
    CHECK(canonicalCompany("寒武纪") == "Cambricon");
    CHECK(canonicalCompany("地平线") == "Horizon Robotics");
    CHECK(canonicalCompany("AMD") == "AMD");
    CHECK(canonicalCompany("Microsoft") == "Microsoft");
    CHECK(canonicalCompany("Google") == "Google");
    CHECK(canonicalCompany("Meta") == "Meta");
}

TEST_CASE("an unknown company is not guessed", "[company]")
{
    CHECK_FALSE(canonicalCompany("某大模型创业公司").has_value());
    CHECK_FALSE(findCompany("某独角兽 推理 一面").has_value());
    // Latin aliases only as whole words: "Meta" is not in "metadata", "AMD" not in "AMDAHL".
    CHECK_FALSE(findCompany("metadata 一面").has_value());
    CHECK_FALSE(findCompany("AMDAHL law").has_value());
    // "JD" usually means a job description in Chinese posts: not an alias.
    CHECK_FALSE(findCompany("JD 写的是推理框架").has_value());
}

TEST_CASE("the leftmost, longest alias is found with its spelling and offset", "[company]")
{
    const auto m = findCompany("【字节跳动】推理框架 二面");
    REQUIRE(m);
    CHECK(m->canonical == "ByteDance");
    CHECK(m->raw == "字节跳动");  // not the shorter 字节 at the same offset
    CHECK(m->offset == 3);        // after the 3-byte 【
    const auto n = findCompany("nvidia first round");
    REQUIRE(n);
    CHECK(n->raw == "nvidia");
    CHECK(n->canonical == "NVIDIA");
}

TEST_CASE("roles are normalised, narrow before generic", "[role]")
{
    CHECK(findRole("字节 AI Infra 训练框架 一面")->id == "训练框架");
    CHECK(findRole("推理框架开发")->id == "推理框架");
    CHECK(findRole("高性能算子 实习")->id == "高性能算子");
    CHECK(findRole("云原生方向")->id == "云原生");
    CHECK(findRole("AI 编译器")->id == "AI编译器");
    CHECK(findRole("AI Infra 面经")->id == "AI Infra");
    CHECK_FALSE(findRole("后端开发").has_value());
}

TEST_CASE("companies met in the importer field test", "[company]")
{
    CHECK(findCompany("太初 AI Infra 实习 一面")->canonical == "Tecorigin");
    CHECK(findCompany("元戎启行 模型部署 二面")->canonical == "DeepRoute.ai");
    CHECK(findCompany("【秋招面经】CVTE — C++面经")->canonical == "CVTE");
    // The longer alias at the same place wins: Tencent Music is a company of its own.
    CHECK(findCompany("腾讯音乐 一面")->canonical == "Tencent Music");
    CHECK(findCompany("腾讯 一面")->canonical == "Tencent");
    // No English name of its own: kept in Chinese, as the deck's sightings are.
    CHECK(findCompany("北极雄芯 AI Infra 一面")->canonical == "北极雄芯");
}

TEST_CASE("an alias mixing Chinese and Latin letters is found in any case", "[company]")
{
    auto c = findCompany("上海AI实验室 AI Infra 实习二面");
    REQUIRE(c);
    CHECK(c->canonical == "Shanghai AI Lab");
    CHECK(c->raw == "上海AI实验室");
    c = findCompany("面经：上海ai lab 一面");
    REQUIRE(c);
    CHECK(c->canonical == "Shanghai AI Lab");
    CHECK(c->raw == "上海ai lab");
}
