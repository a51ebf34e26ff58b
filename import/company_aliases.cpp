#include "company_aliases.h"

#include "ascii_text.h"

#include <array>

namespace importer {

namespace {

struct Alias {
    const char* alias;
    const char* canonical;
};

// "JD" and "理想" alone are left out on purpose: in Chinese posts they mostly mean "job
// description" and "ideal".
// Spellings seen in Chinese and English interview reports. Canonical names are the companies'
// own English names. Subsidiaries and products are mapped to the parent only where the parent
// runs the hiring (字节 Seed, 火山引擎 -> ByteDance; 阿里云 -> Alibaba; 腾讯云 -> Tencent).
constexpr std::array kAliases = {
    Alias{"字节跳动", "ByteDance"},
    Alias{"字节", "ByteDance"},
    Alias{"ByteDance", "ByteDance"},
    Alias{"火山引擎", "ByteDance"},
    Alias{"阿里巴巴", "Alibaba"},
    Alias{"阿里云", "Alibaba"},
    Alias{"阿里", "Alibaba"},
    Alias{"Alibaba", "Alibaba"},
    Alias{"淘天", "Alibaba"},
    Alias{"腾讯", "Tencent"},
    Alias{"腾讯云", "Tencent"},
    Alias{"Tencent", "Tencent"},
    Alias{"英伟达", "NVIDIA"},
    Alias{"NVIDIA", "NVIDIA"},
    Alias{"NV", "NVIDIA"},
    Alias{"美团", "Meituan"},
    Alias{"Meituan", "Meituan"},
    Alias{"快手", "Kuaishou"},
    Alias{"Kuaishou", "Kuaishou"},
    Alias{"百度", "Baidu"},
    Alias{"Baidu", "Baidu"},
    Alias{"华为", "Huawei"},
    Alias{"Huawei", "Huawei"},
    Alias{"华为云", "Huawei"},
    Alias{"商汤", "SenseTime"},
    Alias{"SenseTime", "SenseTime"},
    Alias{"月之暗面", "Moonshot AI"},
    Alias{"Moonshot", "Moonshot AI"},
    Alias{"Kimi", "Moonshot AI"},
    Alias{"DeepSeek", "DeepSeek"},
    Alias{"深度求索", "DeepSeek"},
    Alias{"小红书", "Xiaohongshu"},
    Alias{"RedNote", "Xiaohongshu"},
    Alias{"京东", "JD.com"},
    Alias{"蚂蚁", "Ant Group"},
    Alias{"蚂蚁集团", "Ant Group"},
    Alias{"Ant Group", "Ant Group"},
    Alias{"拼多多", "PDD"},
    Alias{"PDD", "PDD"},
    Alias{"米哈游", "miHoYo"},
    Alias{"miHoYo", "miHoYo"},
    Alias{"壁仞", "Biren"},
    Alias{"Biren", "Biren"},
    Alias{"摩尔线程", "Moore Threads"},
    Alias{"Moore Threads", "Moore Threads"},
    Alias{"寒武纪", "Cambricon"},
    Alias{"Cambricon", "Cambricon"},
    Alias{"地平线", "Horizon Robotics"},
    Alias{"Horizon Robotics", "Horizon Robotics"},
    Alias{"AMD", "AMD"},
    Alias{"超威", "AMD"},
    Alias{"Microsoft", "Microsoft"},
    Alias{"微软", "Microsoft"},
    Alias{"MSRA", "Microsoft"},
    Alias{"Google", "Google"},
    Alias{"谷歌", "Google"},
    Alias{"Meta", "Meta"},
    Alias{"Facebook", "Meta"},
    Alias{"智谱", "Zhipu AI"},
    Alias{"Zhipu", "Zhipu AI"},
    Alias{"MiniMax", "MiniMax"},
    Alias{"阶跃星辰", "StepFun"},
    Alias{"StepFun", "StepFun"},
    Alias{"网易", "NetEase"},
    Alias{"NetEase", "NetEase"},
    Alias{"小米", "Xiaomi"},
    Alias{"Xiaomi", "Xiaomi"},
    Alias{"百川", "Baichuan"},
    Alias{"零一万物", "01.AI"},
    Alias{"OPPO", "OPPO"},
    Alias{"vivo", "vivo"},
    Alias{"荣耀", "Honor"},
    Alias{"联想", "Lenovo"},
    Alias{"Lenovo", "Lenovo"},
    Alias{"滴滴", "DiDi"},
    Alias{"携程", "Trip.com"},
    Alias{"得物", "Dewu"},
    Alias{"Shopee", "Shopee"},
    Alias{"虾皮", "Shopee"},
    Alias{"理想汽车", "Li Auto"},
    Alias{"蔚来", "NIO"},
    Alias{"小鹏", "XPeng"},
    Alias{"海光", "Hygon"},
    Alias{"昆仑芯", "Kunlunxin"},
    Alias{"燧原", "Enflame"},
    Alias{"天数智芯", "Iluvatar CoreX"},
    Alias{"沐曦", "MetaX"},
    Alias{"Intel", "Intel"},
    Alias{"英特尔", "Intel"},
    Alias{"高通", "Qualcomm"},
    Alias{"Qualcomm", "Qualcomm"},
    Alias{"Apple", "Apple"},
    Alias{"苹果", "Apple"},
    Alias{"Amazon", "Amazon"},
    Alias{"AWS", "Amazon"},
    Alias{"亚马逊", "Amazon"},
    Alias{"Oracle", "Oracle"},
    Alias{"OpenAI", "OpenAI"},
    Alias{"Anthropic", "Anthropic"},
    Alias{"xAI", "xAI"},
    Alias{"Databricks", "Databricks"},
    // Seen in the field test on public reports (issue #10).
    Alias{"旷视", "Megvii"},
    Alias{"Megvii", "Megvii"},
    Alias{"科大讯飞", "iFlytek"},
    Alias{"讯飞", "iFlytek"},
    Alias{"iFlytek", "iFlytek"},
    Alias{"大疆", "DJI"},
    Alias{"DJI", "DJI"},
    Alias{"Momenta", "Momenta"},
    Alias{"哔哩哔哩", "Bilibili"},
    Alias{"B站", "Bilibili"},
    Alias{"Bilibili", "Bilibili"},
    Alias{"蔚來", "NIO"},
    Alias{"NIO", "NIO"},
    Alias{"小马智行", "Pony.ai"},
    Alias{"Pony.ai", "Pony.ai"},
    Alias{"浪潮", "Inspur"},
    Alias{"Inspur", "Inspur"},
    Alias{"中科曙光", "Sugon"},
    Alias{"曙光", "Sugon"},
    Alias{"智源", "BAAI"},
    Alias{"BAAI", "BAAI"},
    Alias{"上海人工智能实验室", "Shanghai AI Lab"},
    Alias{"上海AI Lab", "Shanghai AI Lab"},
    Alias{"抖音", "ByteDance"},
    Alias{"通义", "Alibaba"},
    Alias{"紫光展锐", "Unisoc"},
    Alias{"Unisoc", "Unisoc"},
    Alias{"因特尔", "Intel"},
    Alias{"智加", "PlusAI"},
    Alias{"Temu", "PDD"},
    Alias{"滴滴出行", "DiDi"},
    Alias{"DiDi", "DiDi"},
    // From the field test. Companies without an English name of their own keep the
    // Chinese one, as the deck's sightings do.
    Alias{"太初", "Tecorigin"},
    Alias{"Tecorigin", "Tecorigin"},
    Alias{"元戎启行", "DeepRoute.ai"},
    Alias{"DeepRoute", "DeepRoute.ai"},
    Alias{"CVTE", "CVTE"},
    Alias{"视源", "CVTE"},
    Alias{"追一科技", "Zhuiyi Technology"},
    Alias{"大华", "Dahua Technology"},
    Alias{"格灵深瞳", "DeepGlint"},
    Alias{"海康威视", "Hikvision"},
    Alias{"海康", "Hikvision"},
    Alias{"PingCAP", "PingCAP"},
    Alias{"后摩智能", "Houmo AI"},
    Alias{"好未来", "TAL Education"},
    Alias{"传音", "Transsion"},
    Alias{"三星", "Samsung"},
    Alias{"Samsung", "Samsung"},
    Alias{"文远知行", "WeRide"},
    Alias{"WeRide", "WeRide"},
    Alias{"中兴", "ZTE"},
    Alias{"ZTE", "ZTE"},
    Alias{"腾讯音乐", "Tencent Music"},
    Alias{"北极雄芯", "北极雄芯"},
    Alias{"卓驭", "卓驭"},
    Alias{"未岚大陆", "未岚大陆"},
    Alias{"中科类脑", "中科类脑"},
    Alias{"辉羲智能", "辉羲智能"},
    Alias{"原粒半导体", "原粒半导体"},
    Alias{"TeleAI", "TeleAI"},
    Alias{"Teleai", "TeleAI"},
    Alias{"中国电信人工智能研究院", "TeleAI"},
    Alias{"上海AI实验室", "Shanghai AI Lab"},
    Alias{"经纬恒润", "HiRain Technologies"},
    Alias{"飞腾", "Phytium"},
    Alias{"燧原", "Enflame"},
    Alias{"Enflame", "Enflame"},
    Alias{"阶跃星辰", "StepFun"},
    Alias{"StepFun", "StepFun"},
    Alias{"贝壳", "Ke Holdings"},
    Alias{"度小满", "Du Xiaoman"},
    Alias{"Akuna Capital", "Akuna"},
    Alias{"Akuna", "Akuna"},
    Alias{"Morgan Stanley", "Morgan Stanley"},
    Alias{"摩根士丹利", "Morgan Stanley"},
    Alias{"中望软件", "ZWSOFT"},
    Alias{"中望", "ZWSOFT"},
    Alias{"ZWSOFT", "ZWSOFT"},
};

bool isLatin(std::string_view s)
{
    for (char c : s)
        if (static_cast<unsigned char>(c) >= 0x80)
            return false;
    return true;
}

}  // namespace

namespace {

/// Every alias lower-cased (ASCII only), with whether it is all Latin, made once.
struct Needle {
    std::string text;
    bool latin;
};
const std::vector<Needle>& needles()
{
    static const std::vector<Needle> all = [] {
        std::vector<Needle> out;
        for (const Alias& a : kAliases)
            out.push_back({asciiLower(a.alias), isLatin(a.alias)});
        return out;
    }();
    return all;
}

}  // namespace

std::optional<CompanyMatch> findCompany(std::string_view text)
{
    const std::string lower = asciiLower(text);
    std::optional<CompanyMatch> best;
    const std::vector<Needle>& lowered = needles();
    for (std::size_t k = 0; k < std::size(kAliases); ++k) {
        const Alias& a = kAliases[k];
        const bool latin = lowered[k].latin;
        // Lower-casing touches ASCII only, so every alias is found in `lower` at the offset it has
        // in the text; a mixed alias ("上海AI实验室") is lower-cased like the text it is sought in.
        const std::string& needle = lowered[k].text;
        const std::string& hay = lower;
        for (std::size_t pos = hay.find(needle); pos != std::string::npos; pos = hay.find(needle, pos + 1)) {
            if (latin && !isWordBoundary(hay, pos, needle.size()))
                continue;
            if (!best || pos < best->offset || (pos == best->offset && needle.size() > best->raw.size()))
                best = CompanyMatch{a.canonical, std::string(text.substr(pos, needle.size())), pos};
            break;
        }
    }
    return best;
}

std::optional<std::string> canonicalCompany(std::string_view alias)
{
    const std::string lower = asciiLower(trimAscii(alias));
    for (const Alias& a : kAliases)
        if (asciiLower(a.alias) == lower)
            return std::string(a.canonical);
    return std::nullopt;
}

}  // namespace importer
