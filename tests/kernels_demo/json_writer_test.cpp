#include "json_writer.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace kdemo;

TEST_CASE("JsonWriter places commas and nests containers", "[kernels_demo][json]")
{
    JsonWriter w;
    w.beginObject()
        .field("a", 1)
        .key("b")
        .beginArray()
        .value(true)
        .null()
        .endArray()
        .field("c", "x")
        .endObject();
    CHECK(w.str() == R"({"a":1,"b":[true,null],"c":"x"})");
}

TEST_CASE("JsonWriter escapes strings and writes non-finite numbers as null", "[kernels_demo][json]")
{
    CHECK(JsonWriter::escape("a\"b\\c\nd\x01") == R"("a\"b\\c\nd\u0001")");
    JsonWriter w;
    w.beginArray().value(std::nan("")).value(0.5).endArray();
    CHECK(w.str() == "[null,0.5]");
}
