#include "input_text.h"

#include "utf8.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iconv.h>

namespace importer {

namespace {

/// Offset of the first byte that is not valid UTF-8.
std::size_t firstBadUtf8(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        std::size_t n = 1;
        const auto b = static_cast<unsigned char>(s[i]);
        if (b >= 0x80) {
            n = (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : (b & 0xF8) == 0xF0 ? 4 : 0;
            if (n == 0 || i + n > s.size() || !isValidUtf8(s.substr(i, n))) return i;
        }
        i += n;
    }
    return s.size();
}

/// GB18030 -> UTF-8 through glibc iconv; false when the bytes are not valid GB18030.
bool convertGb18030(std::string_view in, std::string& out) {
    iconv_t cd = iconv_open("UTF-8", "GB18030");
    if (cd == reinterpret_cast<iconv_t>(-1)) return false;
    out.assign(in.size() * 2 + 16, '\0');
    char* src = const_cast<char*>(in.data());
    std::size_t srcLeft = in.size();
    char* dst = out.data();
    std::size_t dstLeft = out.size();
    bool ok = true;
    while (srcLeft > 0) {
        if (iconv(cd, &src, &srcLeft, &dst, &dstLeft) == static_cast<std::size_t>(-1)) {
            if (errno == E2BIG) {
                const std::size_t used = out.size() - dstLeft;
                out.resize(out.size() * 2);
                dst = out.data() + used;
                dstLeft = out.size() - used;
                continue;
            }
            ok = false;
            break;
        }
    }
    iconv_close(cd);
    if (ok) out.resize(out.size() - dstLeft);
    return ok;
}

bool hasBinaryBytes(std::string_view s, std::size_t& at) {
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto b = static_cast<unsigned char>(s[i]);
        // Tab, LF, CR and form feed are text; other C0 controls (NUL above all) mean binary.
        if (b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f') { at = i; return true; }
        if (b == 0x7F) { at = i; return true; }
    }
    return false;
}

} // namespace

std::size_t lineOfOffset(std::string_view text, std::size_t offset) {
    std::size_t line = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') ++line;
        else if (text[i] == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n')) ++line;
    }
    return line;
}

Result<std::string> readFileBytes(const std::string& path, std::size_t maxBytes) {
    std::ifstream f(path, std::ios::binary | std::ios::ate);
    if (!f) return makeError(ErrorKind::Io, path, 0, std::string("cannot open the file: ") + std::strerror(errno));
    const std::streamoff size = f.tellg();
    if (size < 0) return makeError(ErrorKind::Io, path, 0, "cannot read the file's size");
    if (static_cast<std::size_t>(size) > maxBytes)
        return makeError(ErrorKind::TooLarge, path, 0,
                         "the file is " + std::to_string(size / (1024 * 1024)) + " MiB; the limit is " +
                             std::to_string(maxBytes / (1024 * 1024)) + " MiB");
    std::string bytes(static_cast<std::size_t>(size), '\0');
    f.seekg(0);
    if (!f.read(bytes.data(), size)) return makeError(ErrorKind::Io, path, 0, "reading the file failed");
    return bytes;
}

Result<InputText> decodeText(std::string_view bytes, const std::string& fileName, std::size_t maxBytes) {
    if (bytes.size() > maxBytes)
        return makeError(ErrorKind::TooLarge, fileName, 0,
                         "the input is larger than " + std::to_string(maxBytes / (1024 * 1024)) + " MiB");
    if (startsWith(bytes, "\xEF\xBB\xBF")) bytes.remove_prefix(3);
    std::size_t at = 0;
    if (hasBinaryBytes(bytes, at))
        return makeError(ErrorKind::BinaryInput, fileName, lineOfOffset(bytes, at),
                         "control byte 0x" + [&] {
                             char b[3];
                             std::snprintf(b, sizeof b, "%02X", static_cast<unsigned>(static_cast<unsigned char>(bytes[at])));
                             return std::string(b);
                         }() + " at byte " + std::to_string(at) + ": this is a binary file, not text");
    InputText out;
    const std::size_t bad = firstBadUtf8(bytes);
    if (bad == bytes.size()) out.utf8.assign(bytes);
    else if (convertGb18030(bytes, out.utf8)) out.encoding = SourceEncoding::Gb18030;
    else
        return makeError(ErrorKind::BadEncoding, fileName, lineOfOffset(bytes, bad),
                         "byte " + std::to_string(bad) + " is neither UTF-8 nor GB18030 text; save the file as UTF-8");
    if (trimView(out.utf8).empty()) return makeError(ErrorKind::EmptyInput, fileName, 0, "the input is empty");
    return out;
}

} // namespace importer
