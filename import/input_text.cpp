#include "input_text.h"

#include "utf8.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iconv.h>
#include <sys/stat.h>
#include <unistd.h>

namespace importer {

namespace {

/// Offset of the first byte that is not valid UTF-8.
std::size_t firstBadUtf8(std::string_view s)
{
    for (std::size_t i = 0; i < s.size();) {
        std::size_t n = 1;
        const auto b = static_cast<unsigned char>(s[i]);
        if (b >= 0x80) {
            n = (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : (b & 0xF8) == 0xF0 ? 4 : 0;
            if (n == 0 || i + n > s.size() || !isValidUtf8(s.substr(i, n)))
                return i;
        }
        i += n;
    }
    return s.size();
}

/// GB18030 -> UTF-8 through glibc iconv; false when the bytes are not valid GB18030.
bool convertGb18030(std::string_view in, std::string& out)
{
    iconv_t cd = iconv_open("UTF-8", "GB18030");
    if (cd == reinterpret_cast<iconv_t>(-1))
        return false;
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
    if (ok)
        out.resize(out.size() - dstLeft);
    return ok;
}

/// Well-formed multi-byte UTF-8 sequences and malformed bytes: the evidence for the encoding.
struct Utf8Evidence {
    std::size_t sequences = 0;  ///< well-formed 3-byte sequences (CJK text in UTF-8); GBK forms few by chance
    std::size_t badBytes = 0;   ///< bytes that start no well-formed sequence
};

Utf8Evidence utf8Evidence(std::string_view s)
{
    Utf8Evidence e;
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        if (b < 0x80) {
            ++i;
            continue;
        }
        const std::size_t n = (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : (b & 0xF8) == 0xF0 ? 4 : 0;
        if (n != 0 && i + n <= s.size() && isValidUtf8(s.substr(i, n))) {
            if (n == 3)
                ++e.sequences;
            i += n;
        } else {
            ++e.badBytes;
            ++i;
        }
    }
    return e;
}

/// UTF-16 (after its BOM) -> UTF-8; false on an unpaired surrogate or an odd length.
bool convertUtf16(std::string_view in, bool bigEndian, std::string& out, std::size_t& badAt)
{
    if (in.size() % 2 != 0) {
        badAt = in.size() - 1;
        return false;
    }
    std::u32string cps;
    const auto unit = [&](std::size_t i) {
        const auto a = static_cast<unsigned char>(in[i]), b = static_cast<unsigned char>(in[i + 1]);
        return static_cast<char32_t>(bigEndian ? (a << 8) | b : (b << 8) | a);
    };
    for (std::size_t i = 0; i < in.size(); i += 2) {
        const char32_t u = unit(i);
        if (u >= 0xD800 && u <= 0xDBFF) {
            if (i + 3 >= in.size() || unit(i + 2) < 0xDC00 || unit(i + 2) > 0xDFFF) {
                badAt = i;
                return false;
            }
            cps.push_back(0x10000 + ((u - 0xD800) << 10) + (unit(i + 2) - 0xDC00));
            i += 2;
        } else if (u >= 0xDC00 && u <= 0xDFFF) {
            badAt = i;
            return false;
        } else {
            cps.push_back(u);
        }
    }
    out = encodeUtf8(cps);
    return true;
}

bool hasBinaryBytes(std::string_view s, std::size_t& at)
{
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto b = static_cast<unsigned char>(s[i]);
        // Tab, LF, CR and form feed are text; other C0 controls (NUL above all) mean binary.
        if (b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f') {
            at = i;
            return true;
        }
        if (b == 0x7F) {
            at = i;
            return true;
        }
    }
    return false;
}

}  // namespace

std::size_t lineOfOffset(std::string_view text, std::size_t offset)
{
    std::size_t line = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n')
            ++line;
        else if (text[i] == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n'))
            ++line;
    }
    return line;
}

const char* encodingName(SourceEncoding e)
{
    switch (e) {
    case SourceEncoding::Utf8: return "UTF-8";
    case SourceEncoding::Gb18030: return "GB18030";
    case SourceEncoding::Utf16: return "UTF-16";
    }
    return "UTF-8";
}

Result<std::string> readStreamBytes(std::istream& in, const std::string& name, std::size_t maxBytes)
{
    std::string bytes;
    char chunk[1 << 16];
    while (in) {
        in.read(chunk, sizeof chunk);
        const auto got = static_cast<std::size_t>(in.gcount());
        if (bytes.size() + got > maxBytes)
            return makeError(ErrorKind::TooLarge, name, 0,
                             "the input is larger than " + std::to_string(maxBytes / (1024 * 1024)) + " MiB");
        bytes.append(chunk, got);
    }
    if (in.bad())
        return makeError(ErrorKind::Io, name, 0, "reading failed");
    return bytes;
}

Result<bool> writeFileAtomically(const std::string& path, std::string_view bytes)
{
    std::string temp = path + ".partial-XXXXXX";
    const int fd = mkstemp(temp.data());
    if (fd < 0)
        return makeError(ErrorKind::Io, path, 0,
                         std::string("cannot create the file: ") + std::strerror(errno));
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            const std::string why = std::strerror(errno);
            ::close(fd);
            ::unlink(temp.c_str());
            return makeError(ErrorKind::Io, path, 0, "writing failed: " + why);
        }
        done += static_cast<std::size_t>(n);
    }
    // mkstemp makes the file private (0600); an export is an ordinary file (0644 less the umask).
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(fd, 0666 & ~mask);
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        ::unlink(temp.c_str());
        return makeError(ErrorKind::Io, path, 0, std::string("writing failed: ") + std::strerror(errno));
    }
    if (std::rename(temp.c_str(), path.c_str()) != 0) {
        const std::string why = std::strerror(errno);
        ::unlink(temp.c_str());
        return makeError(ErrorKind::Io, path, 0, "cannot replace the file: " + why);
    }
    return true;
}

Result<std::string> readFileBytes(const std::string& path, std::size_t maxBytes)
{
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        return makeError(ErrorKind::Io, path, 0,
                         std::string("cannot open the file: ") + std::strerror(errno));
    if (S_ISDIR(st.st_mode))
        return makeError(ErrorKind::Io, path, 0, "this is a folder, not a file");
    if (!S_ISREG(st.st_mode)) {
        // A pipe or a device has no size to check first: read it in pieces, up to the limit.
        std::ifstream s(path, std::ios::binary);
        if (!s)
            return makeError(ErrorKind::Io, path, 0,
                             std::string("cannot open the file: ") + std::strerror(errno));
        return readStreamBytes(s, path, maxBytes);
    }
    std::ifstream f(path, std::ios::binary | std::ios::ate);
    if (!f)
        return makeError(ErrorKind::Io, path, 0,
                         std::string("cannot open the file: ") + std::strerror(errno));
    const std::streamoff size = f.tellg();
    if (size < 0)
        return makeError(ErrorKind::Io, path, 0, "cannot read the file's size");
    if (static_cast<std::size_t>(size) > maxBytes)
        return makeError(ErrorKind::TooLarge, path, 0,
                         "the file is " + std::to_string(size / (1024 * 1024)) + " MiB; the limit is "
                             + std::to_string(maxBytes / (1024 * 1024)) + " MiB");
    std::string bytes(static_cast<std::size_t>(size), '\0');
    f.seekg(0);
    if (!f.read(bytes.data(), size))
        return makeError(ErrorKind::Io, path, 0,
                         "reading the file failed (did it shrink while it was read?)");
    return bytes;
}

Result<InputText> decodeText(std::string_view bytes, const std::string& fileName, std::size_t maxBytes)
{
    if (bytes.size() > maxBytes)
        return makeError(ErrorKind::TooLarge, fileName, 0,
                         "the input is larger than " + std::to_string(maxBytes / (1024 * 1024)) + " MiB");
    if (startsWith(bytes, "\xEF\xBB\xBF"))
        bytes.remove_prefix(3);
    InputText out;
    std::string fromUtf16;
    if (startsWith(bytes, "\xFF\xFE") || startsWith(bytes, "\xFE\xFF")) {
        std::size_t badAt = 0;
        if (!convertUtf16(bytes.substr(2), bytes[0] == '\xFE', fromUtf16, badAt))
            return makeError(ErrorKind::BadEncoding, fileName, 0,
                             "byte " + std::to_string(badAt + 2)
                                 + " breaks the UTF-16 text its byte-order mark announces");
        bytes = fromUtf16;
        out.encoding = SourceEncoding::Utf16;
    }
    std::size_t at = 0;
    if (hasBinaryBytes(bytes, at))
        return makeError(
            ErrorKind::BinaryInput, fileName, lineOfOffset(bytes, at), "control byte 0x" + [&] {
                char b[3];
                std::snprintf(b, sizeof b, "%02X",
                              static_cast<unsigned>(static_cast<unsigned char>(bytes[at])));
                return std::string(b);
            }() + " at byte " + std::to_string(at) + ": this is a binary file, not text");
    const std::size_t bad = firstBadUtf8(bytes);
    if (bad == bytes.size())
        out.utf8.assign(bytes);
    else if (const Utf8Evidence e = utf8Evidence(bytes); e.sequences >= 2 * e.badBytes)
        // Mostly well-formed UTF-8 with a few stray bytes: reading it all as GB18030 would turn
        // every Chinese character of the file into mojibake.
        return makeError(
            ErrorKind::BadEncoding, fileName, lineOfOffset(bytes, bad),
            "byte " + std::to_string(bad) + " is not UTF-8, though the rest of the file is ("
                + std::to_string(e.badBytes) + " bad byte(s) among " + std::to_string(e.sequences)
                + " UTF-8 characters): text pasted from another encoding? Save the file as UTF-8");
    else if (convertGb18030(bytes, out.utf8))
        out.encoding = SourceEncoding::Gb18030;
    else
        return makeError(ErrorKind::BadEncoding, fileName, lineOfOffset(bytes, bad),
                         "byte " + std::to_string(bad)
                             + " is neither UTF-8 nor GB18030 text; save the file as UTF-8");
    if (trimView(out.utf8).empty())
        return makeError(ErrorKind::EmptyInput, fileName, 0, "the input is empty");
    return out;
}

}  // namespace importer
