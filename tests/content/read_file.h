#pragma once
// Reads a whole file of the source tree, bytes as they are.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

inline std::string readSourceFile(const std::filesystem::path& p)
{
    std::ifstream in(p, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}
