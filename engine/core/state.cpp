#include "core/state.hpp"

#include <algorithm>
#include <cctype>

namespace hl {

const char* defence_mode_name(DefenceMode m) {
    switch (m) {
        case DefenceMode::retreat:
            return "retreat";
        case DefenceMode::defend:
            return "defend";
        case DefenceMode::ambush:
            return "ambush";
    }
    return "retreat";
}

std::optional<DefenceMode> parse_defence_mode(std::string_view text) {
    std::string lower;
    for (char c : text)
        lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower == "retreat") return DefenceMode::retreat;
    if (lower == "defend") return DefenceMode::defend;
    if (lower == "ambush") return DefenceMode::ambush;
    return std::nullopt;
}

bool Holding::is_default() const {
    return *this == Holding{};
}

int Empire::tech(const std::string& tech_code) const {
    auto it = techs.find(tech_code);
    return it == techs.end() ? 0 : it->second;
}

Empire* GameState::find_empire(const std::string& code) {
    for (auto& e : empires)
        if (e.code == code) return &e;
    return nullptr;
}

const Empire* GameState::find_empire(const std::string& code) const {
    for (const auto& e : empires)
        if (e.code == code) return &e;
    return nullptr;
}

Holding& GameState::holding(SystemCode code) {
    return holdings[code];
}

const Holding& GameState::holding_or_empty(SystemCode code) const {
    static const Holding empty;
    auto it = holdings.find(code);
    return it == holdings.end() ? empty : it->second;
}

std::vector<SystemCode> GameState::owned_by(const std::string& empire) const {
    std::vector<SystemCode> out;
    for (const auto& [code, h] : holdings)
        if (h.owner == empire) out.push_back(code);
    return out;
}

void GameState::normalise() {
    std::erase_if(holdings, [](const auto& kv) { return kv.second.is_default(); });
    std::sort(empires.begin(), empires.end(),
              [](const Empire& a, const Empire& b) { return a.code < b.code; });
    std::sort(probes.begin(), probes.end(), [](const Probe& a, const Probe& b) {
        if (a.empire != b.empire) return a.empire < b.empire;
        if (a.active != b.active) return a.active;
        return a.system < b.system;
    });
}

}  // namespace hl
