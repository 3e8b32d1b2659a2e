#include "report/phase_notes.hpp"

#include <algorithm>
#include <iterator>

namespace hl {

std::vector<std::pair<std::string, std::vector<const PhaseNote*>>> notes_by_phase(
    const std::vector<PhaseNote>& notes, const std::string& empire) {
    std::vector<std::pair<std::string, std::vector<const PhaseNote*>>> out;
    // The phases in the order of the whole turn, so that every empire's view lists them alike.
    for (const PhaseNote& n : notes) {
        auto it = std::find_if(out.begin(), out.end(),
                               [&](const auto& group) { return group.first == n.phase; });
        if (it == out.end()) {
            out.emplace_back(n.phase, std::vector<const PhaseNote*>{});
            it = std::prev(out.end());
        }
        if (empire.empty() || n.empire.empty() || n.empire == empire) it->second.push_back(&n);
    }
    std::erase_if(out, [](const auto& group) { return group.second.empty(); });
    return out;
}

}  // namespace hl
