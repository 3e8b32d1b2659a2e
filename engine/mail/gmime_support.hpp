#pragma once

#include <memory>
#include <string>
#include <string_view>

#include <gmime/gmime.h>

namespace hl::mail {

// Starts GMime once per process (thread-safe); every function of this folder calls it first.
void ensure_gmime();

// Drops a GObject reference.
struct GObjectUnref {
    // g_object_unref on a non-null pointer.
    void operator()(void* p) const {
        if (p) g_object_unref(p);
    }
};

// Owns one reference to a GMime object (GMimeMessage, GMimeStream, ...).
template <class T>
using GPtr = std::unique_ptr<T, GObjectUnref>;

// Frees a string GLib allocated.
struct GFree {
    // g_free.
    void operator()(void* p) const { g_free(p); }
};

// Owns a string GLib allocated.
using GString_ = std::unique_ptr<char, GFree>;

// The whole content of a GMime memory stream as a string.
std::string stream_bytes(GMimeStream* mem);

// A GMime object written out as a message file (LF line ends).
std::string object_to_bytes(GMimeObject* object);

// The SHA-256 of bytes as 64 lowercase hex digits (GLib's checksum).
std::string sha256_hex(std::string_view bytes);

}  // namespace hl::mail
