#include "mail/gmime_support.hpp"

#include <mutex>

namespace hl::mail {

void ensure_gmime() {
    static std::once_flag once;
    std::call_once(once, [] { g_mime_init(); });
}

std::string stream_bytes(GMimeStream* mem) {
    GByteArray* bytes = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(mem));
    if (!bytes || bytes->len == 0) return {};
    return std::string(reinterpret_cast<const char*>(bytes->data), bytes->len);
}

std::string object_to_bytes(GMimeObject* object) {
    ensure_gmime();
    GPtr<GMimeStream> mem(g_mime_stream_mem_new());
    g_mime_object_write_to_stream(object, nullptr, mem.get());
    return stream_bytes(mem.get());
}

std::string sha256_hex(std::string_view bytes) {
    GString_ hex(g_compute_checksum_for_data(
        G_CHECKSUM_SHA256, reinterpret_cast<const guchar*>(bytes.data()), bytes.size()));
    return hex ? std::string(hex.get()) : std::string();
}

}  // namespace hl::mail
