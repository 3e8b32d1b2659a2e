#include "web/secret_binding.hpp"

#include <openssl/evp.h>

#include <stdexcept>

#include "web/random_token.hpp"

namespace hl::web {

std::string secret_binding(std::string_view secret, std::string_view holder) {
    static const std::string salt = random_token();
    // Lengths first, so that no two (secret, holder) pairs give the same bytes.
    std::string bytes = salt + std::to_string(secret.size()) + ':' + std::string(secret) +
                        std::to_string(holder.size()) + ':' + std::string(holder);
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    if (EVP_Digest(bytes.data(), bytes.size(), md, &len, EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("SHA-256 failed: cannot bind a session to its secret");
    static const char kHex[] = "0123456789abcdef";
    std::string out;
    for (unsigned int i = 0; i < len; ++i) {
        out += kHex[md[i] >> 4];
        out += kHex[md[i] & 15];
    }
    return out;
}

}  // namespace hl::web
