#include "mail/mail_ids.hpp"

#include <sys/random.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include "io/atomic_file.hpp"
#include "io/folder_below.hpp"

namespace fs = std::filesystem;

namespace hl::mail {

namespace {

bool is_token(const std::string& s) {
    return s.size() == 16 && s.find_first_not_of("0123456789abcdef") == std::string::npos;
}

}  // namespace

fs::path mail_id_file(const GameDir& dir) {
    return dir.dir() / "mail" / "mail-id";
}

std::string game_mail_token(const GameDir& dir) {
    fs::path file = mail_id_file(dir);
    std::error_code ec;
    if (fs::exists(file, ec)) {
        std::string t = read_file(file);
        while (!t.empty() && (t.back() == '\n' || t.back() == '\r'))
            t.pop_back();
        if (!is_token(t))
            throw std::runtime_error(fmt::format(
                "{}: not a mail token (16 hex digits); remove the file to make a new one",
                file.generic_string()));
        return t;
    }
    unsigned char bytes[8];
    if (::getrandom(bytes, sizeof bytes, 0) != static_cast<ssize_t>(sizeof bytes))
        throw std::runtime_error(fmt::format("cannot draw random bytes: {}", std::strerror(errno)));
    std::string token;
    for (unsigned char b : bytes)
        token += fmt::format("{:02x}", b);
    make_folders_from_existing(file.parent_path());
    // Written beside, then linked into place: of two commands making it at once, one wins and
    // both use its token.
    fs::path mine = file;
    mine += fmt::format(".new-{}", ::getpid());
    write_file_atomic(mine, token + "\n");
    int linked = ::link(mine.c_str(), file.c_str());
    int err = errno;
    fs::remove(mine, ec);
    if (linked != 0 && err != EEXIST)
        throw std::runtime_error(
            fmt::format("{}: cannot write: {}", file.generic_string(), std::strerror(err)));
    return linked == 0 ? token : game_mail_token(dir);
}

std::string queued_message_id(const std::string& name, const std::string& token,
                              const std::string& from_addr) {
    auto at = from_addr.rfind('@');
    std::string domain = at == std::string::npos ? "hyperlane.invalid" : from_addr.substr(at + 1);
    return fmt::format("hyperlane.{}.{}@{}", name, token, domain);
}

std::vector<std::string> referenced_tokens(const std::string& header) {
    std::vector<std::string> tokens;
    std::size_t pos = 0;
    while ((pos = header.find('<', pos)) != std::string::npos) {
        std::size_t end = header.find('>', pos);
        if (end == std::string::npos) break;
        std::string id = header.substr(pos + 1, end - pos - 1);
        pos = end + 1;
        std::size_t at = id.rfind('@');
        if (id.rfind("hyperlane.", 0) != 0 || at == std::string::npos) continue;
        std::string local = id.substr(0, at);
        std::string token = local.substr(local.rfind('.') + 1);
        if (is_token(token)) tokens.push_back(token);
    }
    return tokens;
}

}  // namespace hl::mail
