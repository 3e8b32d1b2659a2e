// libFuzzer target: any bytes through the scenario loader (scenario_rules and parse_scenario)
// against the standard pack. Problems must come back as findings, never as a crash or an
// exception.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/diagnostics.hpp"
#include "game/scenario.hpp"
#include "pack/pack.hpp"

namespace {

const hl::Pack& pack() {
    static const hl::Pack* p = [] {
        hl::Diagnostics d;
        auto* loaded = new hl::Pack(hl::Pack::load(hl::default_rules_root() / "starchase", d));
        if (d.has_errors()) __builtin_trap();
        return loaded;
    }();
    return *p;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const hl::Pack& p = pack();
    std::string text(reinterpret_cast<const char*>(data), size);
    hl::Diagnostics d;
    hl::scenario_rules(text, "fuzz.toml", d);
    hl::Diagnostics d2;
    hl::Scenario sc = hl::parse_scenario(text, "fuzz.toml", p, d2);
    for (const hl::Diagnostic& x : d2.all())
        if (hl::format_diagnostic(x).empty()) __builtin_trap();
    // A fixed map that loaded without errors holds only places it declared, linked both ways,
    // and places inside another are linked to their parent only.
    if (!d2.has_errors() && sc.fixed_map)
        for (const auto& [code, place] : sc.map.places()) {
            for (hl::PlaceCode l : place.links)
                if (!sc.map.linked(l, code)) __builtin_trap();
            if (place.inner() && place.links != std::vector<hl::PlaceCode>{*place.parent})
                __builtin_trap();
        }
    return 0;
}
