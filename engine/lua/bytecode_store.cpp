#include "lua/bytecode_store.hpp"

#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <string_view>
#include <system_error>

#include <fmt/format.h>
#include <lua.hpp>

#include "io/atomic_file.hpp"
#include "lua/precompile.hpp"

namespace fs = std::filesystem;

namespace hl {

namespace {

constexpr std::string_view kMagic = "hyperlane compiled scripts 1\n";
constexpr std::size_t kMaxStoreBytes = 64u << 20;
constexpr std::size_t kStoresKept = 8;

// FNV-1a, 64 bits: a key and a checksum against torn or damaged files, not against tampering
// (the folder is the user's own).
struct Fnv {
    std::uint64_t h = 14695981039346656037ull;
    void add(std::string_view s) {
        for (unsigned char c : s) {
            h ^= c;
            h *= 1099511628211ull;
        }
    }
    void add_number(std::uint64_t n) { add(std::string_view(reinterpret_cast<char*>(&n), 8)); }
};

// Size and modification time of a file, or zeros if it cannot be read.
void add_file_identity(Fnv& f, const char* path) {
    struct stat st {};
    if (!path || ::stat(path, &st) != 0) {
        f.add_number(0);
        return;
    }
    f.add(path);
    f.add_number(static_cast<std::uint64_t>(st.st_size));
    f.add_number(static_cast<std::uint64_t>(st.st_mtim.tv_sec));
    f.add_number(static_cast<std::uint64_t>(st.st_mtim.tv_nsec));
}

void put_u64(std::string& out, std::uint64_t n) {
    for (int i = 0; i < 8; ++i)
        out.push_back(static_cast<char>((n >> (8 * i)) & 0xff));
}

// Reads the fields of a store file in order; any read past the end makes ok false.
struct Cursor {
    std::string_view rest;
    bool ok = true;
    std::uint64_t u64() {
        if (rest.size() < 8) {
            ok = false;
            return 0;
        }
        std::uint64_t n = 0;
        for (int i = 0; i < 8; ++i)
            n |= static_cast<std::uint64_t>(static_cast<unsigned char>(rest[i])) << (8 * i);
        rest.remove_prefix(8);
        return n;
    }
    std::string_view bytes() {
        std::uint64_t n = u64();
        if (!ok || n > rest.size()) {
            ok = false;
            return {};
        }
        std::string_view out = rest.substr(0, n);
        rest.remove_prefix(n);
        return out;
    }
};

fs::path store_file(const fs::path& dir, std::uint64_t key) {
    return dir / fmt::format("{:016x}.luabc", key);
}

// The chunk name a Lua state loads a script under (LuaHost::load).
std::string chunk_name(const ScriptSource& src) {
    return "@" + src.chunk;
}

// Keeps the newest kStoresKept store files of the folder.
void prune(const fs::path& dir) {
    std::error_code ec;
    std::vector<std::pair<fs::file_time_type, fs::path>> files;
    for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator();
         it.increment(ec))
        if (it->path().extension() == ".luabc")
            files.emplace_back(fs::last_write_time(it->path(), ec), it->path());
    if (files.size() <= kStoresKept) return;
    std::sort(files.begin(), files.end());
    for (std::size_t i = 0; i + kStoresKept < files.size(); ++i)
        fs::remove(files[i].second, ec);
}

}  // namespace

std::optional<fs::path> bytecode_store_dir() {
    if (const char* d = std::getenv("HYPERLANE_CACHE_DIR"))
        return *d ? std::optional<fs::path>(fs::path(d)) : std::nullopt;
    if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x == '/')
        return fs::path(x) / "hyperlane";
    if (const char* h = std::getenv("HOME"); h && *h == '/')
        return fs::path(h) / ".cache" / "hyperlane";
    return std::nullopt;
}

std::uint64_t bytecode_store_key(const std::vector<ScriptSource>& sources) {
    Fnv f;
    f.add(kMagic);
    char exe[4096];
    ssize_t n = ::readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[n > 0 ? n : 0] = '\0';
    add_file_identity(f, n > 0 ? exe : nullptr);
    Dl_info lib{};
    add_file_identity(
        f, dladdr(reinterpret_cast<void*>(&luaL_newstate), &lib) ? lib.dli_fname : nullptr);
    for (const ScriptSource& src : sources) {
        f.add_number(src.chunk.size());
        f.add(src.chunk);
        f.add_number(src.text.size());
        f.add(src.text);
    }
    return f.h;
}

bool read_bytecode_store(const fs::path& dir, std::uint64_t key,
                         const std::vector<ScriptSource>& sources) {
    std::string data;
    try {
        data = read_file(store_file(dir, key));
    } catch (const std::exception&) {
        return false;  // none yet, or unreadable
    }
    if (data.size() > kMaxStoreBytes || data.size() < kMagic.size() + 8 ||
        std::string_view(data).substr(0, kMagic.size()) != kMagic)
        return false;
    std::string_view body = std::string_view(data).substr(kMagic.size());
    Cursor sum{body.substr(body.size() - 8)};
    body.remove_suffix(8);
    Fnv f;
    f.add(body);
    if (sum.u64() != f.h) return false;
    Cursor c{body};
    if (c.u64() != key) return false;
    std::map<std::string_view, const ScriptSource*> by_chunk;
    for (const ScriptSource& src : sources)
        by_chunk[src.chunk] = &src;
    std::uint64_t count = c.u64();
    std::vector<std::pair<const ScriptSource*, std::string_view>> entries;
    for (std::uint64_t i = 0; c.ok && i < count; ++i) {
        std::string_view chunk = c.bytes();
        std::string_view bytes = c.bytes();
        auto it = by_chunk.find(chunk);
        if (!c.ok || it == by_chunk.end()) return false;
        entries.emplace_back(it->second, bytes);
    }
    if (!c.ok || !c.rest.empty()) return false;
    for (const auto& [src, bytes] : entries)
        keep_bytecode(src->text, chunk_name(*src), std::string(bytes));
    return true;
}

void write_bytecode_store(const fs::path& dir, std::uint64_t key,
                          const std::vector<ScriptSource>& sources) {
    std::string body;
    put_u64(body, key);
    std::string entries;
    std::uint64_t count = 0;
    for (const ScriptSource& src : sources) {
        std::optional<std::string> bytes = compiled_bytecode(src.text, chunk_name(src));
        if (!bytes) continue;
        put_u64(entries, src.chunk.size());
        entries += src.chunk;
        put_u64(entries, bytes->size());
        entries += *bytes;
        ++count;
    }
    put_u64(body, count);
    body += entries;
    Fnv f;
    f.add(body);
    std::string data(kMagic);
    data += body;
    put_u64(data, f.h);
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return;
    fs::permissions(dir, fs::perms::owner_all, fs::perm_options::replace, ec);
    const fs::path file = store_file(dir, key);
    const fs::path tmp = fs::path(file.string() + fmt::format(".tmp-{}", ::getpid()));
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) return;
        fs::permissions(tmp, fs::perms::owner_read | fs::perms::owner_write,
                        fs::perm_options::replace, ec);
        out.write(data.data(), static_cast<std::streamsize>(data.size()));
        if (!out) {
            out.close();
            fs::remove(tmp, ec);
            return;
        }
    }
    fs::rename(tmp, file, ec);
    if (ec) {
        fs::remove(tmp, ec);
        return;
    }
    prune(dir);
}

}  // namespace hl
