#include "json_writer.h"

#include <cmath>
#include <cstdio>

namespace kdemo {

void JsonWriter::separate()
{
    if (afterKey_) {
        afterKey_ = false;
        return;
    }
    if (!first_.empty()) {
        if (!first_.back())
            out_ += ',';
        first_.back() = false;
    }
}

JsonWriter& JsonWriter::beginObject()
{
    separate();
    out_ += '{';
    first_.push_back(true);
    return *this;
}
JsonWriter& JsonWriter::endObject()
{
    out_ += '}';
    first_.pop_back();
    return *this;
}
JsonWriter& JsonWriter::beginArray()
{
    separate();
    out_ += '[';
    first_.push_back(true);
    return *this;
}
JsonWriter& JsonWriter::endArray()
{
    out_ += ']';
    first_.pop_back();
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view k)
{
    separate();
    out_ += escape(k);
    out_ += ':';
    afterKey_ = true;
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view s)
{
    separate();
    out_ += escape(s);
    return *this;
}

JsonWriter& JsonWriter::value(double d)
{
    separate();
    if (!std::isfinite(d)) {
        out_ += "null";
        return *this;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", d);
    out_ += buf;
    return *this;
}

JsonWriter& JsonWriter::value(long long i)
{
    separate();
    out_ += std::to_string(i);
    return *this;
}
JsonWriter& JsonWriter::value(unsigned long long i)
{
    separate();
    out_ += std::to_string(i);
    return *this;
}
JsonWriter& JsonWriter::value(bool b)
{
    separate();
    out_ += b ? "true" : "false";
    return *this;
}
JsonWriter& JsonWriter::null()
{
    separate();
    out_ += "null";
    return *this;
}

std::string JsonWriter::escape(std::string_view s)
{
    std::string r;
    r.reserve(s.size() + 2);
    r += '"';
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"': r += "\\\""; break;
        case '\\': r += "\\\\"; break;
        case '\n': r += "\\n"; break;
        case '\r': r += "\\r"; break;
        case '\t': r += "\\t"; break;
        default:
            if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                r += buf;
            } else {
                r += ch;  // UTF-8 bytes pass through unchanged
            }
        }
    }
    r += '"';
    return r;
}

}  // namespace kdemo
