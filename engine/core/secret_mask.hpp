#pragma once

#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "core/sheet_text.hpp"

namespace hl {

// Secrets shorter than this are not hidden from scripts: hiding them would change ordinary
// words and numbers of a sheet. The secrets the engine makes are longer.
inline constexpr std::size_t kMaskedSecretMinLength = 8;

// A sheet's text as a pack's scripts may see it: every secret of the game written on it (as a
// word of its own, letters in any case) replaced by as many X, and where each one was.
struct MaskedSheet {
    // One secret hidden from the text: its 1-based line and column, and what was written.
    struct Hidden {
        int line = 0;
        int col = 0;
        std::string written;
    };
    std::string text;
    std::vector<Hidden> hidden;
};

// The secrets of a game, ready to hide them from sheets in time linear in the sheet's length.
class SecretMask {
  public:
    // Takes the secrets to hide (those shorter than kMaskedSecretMinLength are left out).
    explicit SecretMask(const std::vector<std::string>& secrets);
    // The text with every secret written in it hidden.
    MaskedSheet apply(std::string_view text) const;

  private:
    std::unordered_set<std::string> lowered_;  // the secrets in lower case
    std::vector<std::size_t> lengths_;         // their different lengths
};

// Puts back into a header item what the mask hid at the place the grammar read it from; an item
// read from anywhere else is left as it is.
void unmask_header_item(HeaderItem& item, const MaskedSheet& masked);

}  // namespace hl
