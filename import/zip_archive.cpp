#include "zip_archive.h"

#include <zip.h>

#include <memory>

namespace importer {

namespace {

struct ZipCloser {
    void operator()(zip_t* z) const { zip_discard(z); }
};
using ZipPtr = std::unique_ptr<zip_t, ZipCloser>;

Result<ZipPtr> openZip(std::string_view bytes, const std::string& fileName)
{
    zip_error_t err;
    zip_error_init(&err);
    zip_source_t* src = zip_source_buffer_create(bytes.data(), bytes.size(), 0, &err);
    if (!src) {
        std::string m = zip_error_strerror(&err);
        zip_error_fini(&err);
        return makeError(ErrorKind::ZipCorrupt, fileName, 0, "cannot read the archive: " + m);
    }
    // ZIP_CHECKCONS compares the central directory with the local headers, so a truncated or
    // spliced archive is refused here rather than half-read.
    zip_t* z = zip_open_from_source(src, ZIP_RDONLY | ZIP_CHECKCONS, &err);
    if (!z) {
        std::string m = zip_error_strerror(&err);
        zip_source_free(src);
        zip_error_fini(&err);
        return makeError(ErrorKind::ZipCorrupt, fileName, 0,
                         "not a valid zip archive (truncated or damaged?): " + m);
    }
    zip_error_fini(&err);
    return ZipPtr(z);
}

}  // namespace

Result<ZipContents> listZip(std::string_view bytes, const std::string& fileName)
{
    auto z = openZip(bytes, fileName);
    if (!z)
        return z.error();
    ZipContents out;
    const zip_int64_t n = zip_get_num_entries(z->get(), 0);
    for (zip_int64_t i = 0; i < n; ++i)
        if (const char* name = zip_get_name(z->get(), static_cast<zip_uint64_t>(i), 0))
            out.names.emplace_back(name);
    return out;
}

Result<std::string> readZipEntry(std::string_view bytes, const std::string& entry,
                                 const std::string& fileName, std::size_t maxBytes)
{
    auto z = openZip(bytes, fileName);
    if (!z)
        return z.error();
    zip_stat_t st;
    zip_stat_init(&st);
    if (zip_stat(z->get(), entry.c_str(), 0, &st) != 0)
        return makeError(ErrorKind::ZipCorrupt, fileName, 0, "the archive has no entry '" + entry + "'");
    if ((st.valid & ZIP_STAT_ENCRYPTION_METHOD) && st.encryption_method != ZIP_EM_NONE)
        return makeError(ErrorKind::ZipEncrypted, fileName, 0,
                         "'" + entry + "' is password-protected; export the deck again without a password");
    if ((st.valid & ZIP_STAT_SIZE) && st.size > maxBytes)
        return makeError(ErrorKind::TooLarge, fileName, 0,
                         "'" + entry + "' inflates to " + std::to_string(st.size / (1024 * 1024)) + " MiB");
    zip_file_t* f = zip_fopen(z->get(), entry.c_str(), 0);
    if (!f) {
        const int code = zip_error_code_zip(zip_get_error(z->get()));
        if (code == ZIP_ER_NOPASSWD || code == ZIP_ER_WRONGPASSWD)
            return makeError(ErrorKind::ZipEncrypted, fileName, 0, "'" + entry + "' is password-protected");
        return makeError(ErrorKind::ZipCorrupt, fileName, 0,
                         std::string("cannot open '") + entry + "': " + zip_strerror(z->get()));
    }
    std::string data(static_cast<std::size_t>(st.size), '\0');
    const zip_int64_t got = zip_fread(f, data.data(), data.size());
    // Reading past the end checks the CRC: libzip reports a mismatch only once the entry is done.
    char extra = 0;
    const zip_int64_t tail = zip_fread(f, &extra, 1);
    std::string err = got < 0 || tail < 0 ? zip_file_strerror(f) : "";
    zip_fclose(f);
    if (got < 0 || tail < 0 || static_cast<std::size_t>(got) != data.size())
        return makeError(ErrorKind::ZipCorrupt, fileName, 0,
                         "'" + entry + "' is damaged: " + (err.empty() ? "short read" : err));
    // More data than the size the archive records: the size field lies, and reading only that
    // much would truncate the entry without a word.
    if (tail > 0)
        return makeError(ErrorKind::ZipCorrupt, fileName, 0,
                         "'" + entry + "' is damaged: it holds more than the " + std::to_string(st.size)
                             + " bytes its header records");
    return data;
}

Result<std::string> writeZip(const std::vector<std::pair<std::string, std::string>>& entries,
                             const std::string& fileName)
{
    zip_error_t err;
    zip_error_init(&err);
    zip_source_t* out = zip_source_buffer_create(nullptr, 0, 0, &err);
    if (!out)
        return makeError(ErrorKind::Io, fileName, 0, "cannot create the archive");
    zip_t* z = zip_open_from_source(out, ZIP_TRUNCATE, &err);
    if (!z) {
        zip_source_free(out);
        return makeError(ErrorKind::Io, fileName, 0,
                         std::string("cannot create the archive: ") + zip_error_strerror(&err));
    }
    zip_source_keep(out);  // survive zip_close so the bytes can be read back
    for (const auto& [name, data] : entries) {
        zip_source_t* s = zip_source_buffer(z, data.data(), data.size(), 0);
        if (!s || zip_file_add(z, name.c_str(), s, ZIP_FL_ENC_UTF_8 | ZIP_FL_OVERWRITE) < 0) {
            if (s)
                zip_source_free(s);
            zip_discard(z);
            zip_source_free(out);
            return makeError(ErrorKind::Io, fileName, 0, "cannot add '" + name + "' to the archive");
        }
    }
    if (zip_close(z) != 0) {
        std::string m = zip_strerror(z);
        zip_discard(z);
        zip_source_free(out);
        return makeError(ErrorKind::Io, fileName, 0, "cannot write the archive: " + m);
    }
    std::string bytes;
    if (zip_source_open(out) == 0) {
        zip_source_seek(out, 0, SEEK_END);
        const zip_int64_t size = zip_source_tell(out);
        zip_source_seek(out, 0, SEEK_SET);
        bytes.resize(static_cast<std::size_t>(size));
        const zip_int64_t got = zip_source_read(out, bytes.data(), bytes.size());
        zip_source_close(out);
        if (got != size)
            bytes.clear();
    }
    zip_source_free(out);
    if (bytes.empty())
        return makeError(ErrorKind::Io, fileName, 0, "cannot read the archive back from memory");
    return bytes;
}

}  // namespace importer
