#pragma once
// A small streaming JSON writer: the GPU machine has no JSON library, and the runner only
// writes. Commas are placed by the writer; non-finite numbers become null.

#include <string>
#include <string_view>
#include <vector>

namespace kdemo {

class JsonWriter {
public:
    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();
    /// The key of the next value (inside an object).
    JsonWriter& key(std::string_view k);
    JsonWriter& value(std::string_view s);
    JsonWriter& value(const char* s) { return value(std::string_view(s)); }
    JsonWriter& value(double d);
    JsonWriter& value(long long i);
    JsonWriter& value(int i) { return value(static_cast<long long>(i)); }
    JsonWriter& value(unsigned long long i);
    JsonWriter& value(bool b);
    JsonWriter& null();

    template <typename T>
    JsonWriter& field(std::string_view k, const T& v)
    {
        key(k);
        return value(v);
    }

    const std::string& str() const { return out_; }

    static std::string escape(std::string_view s);

private:
    void separate();
    std::string out_;
    std::vector<bool> first_;  ///< one flag per open container: no element written yet
    bool afterKey_ = false;
};

}  // namespace kdemo
