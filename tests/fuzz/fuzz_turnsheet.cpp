// libFuzzer target: any bytes through the turnsheet parser with the standard pack's actions.
// Besides crashes, hangs and leaks, it traps when the result breaks the parser's promises.

#include <cstddef>
#include <cstdint>
#include <set>
#include <string_view>

#include "lua/runtime.hpp"
#include "orders/action_registry.hpp"
#include "orders/turnsheet_limits.hpp"
#include "orders/turnsheet_parser.hpp"

namespace {

struct Fixture {
    hl::ActionRegistry registry;
    hl::TurnsheetLimits limits;
};

const Fixture& fixture() {
    static const Fixture* f = [] {
        hl::Diagnostics d;
        static const hl::Pack pack = hl::Pack::load(hl::default_rules_root() / "starchase", d);
        if (d.has_errors()) __builtin_trap();
        hl::GameState st = hl::GameState::with_schema(pack.schema());
        hl::Runtime rt(pack, st);
        auto* fx = new Fixture{hl::ActionRegistry::load(rt, d), hl::turnsheet_limits(pack)};
        if (d.has_errors()) __builtin_trap();
        return fx;
    }();
    return *f;
}

void require(bool ok) {
    if (!ok) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const Fixture& f = fixture();
    std::string_view text(reinterpret_cast<const char*>(data), size);
    hl::Diagnostics d;
    hl::Turnsheet s = hl::parse_turnsheet(text, "fuzz.txt", f.registry, f.limits, d);
    // Every finding has a line; parsing stops after max_errors.
    for (const hl::Diagnostic& x : d.all()) {
        require(x.where.line >= 1);
        require(!hl::format_diagnostic(x).empty());
    }
    require(d.error_count() <= f.limits.max_errors + 1);
    // Orders: distinct slots in range, sorted, each with a declared action and format.
    std::set<int> slots;
    int last = 0;
    for (const hl::Order& o : s.orders) {
        require(o.slot >= 1 && o.slot <= f.limits.actions_per_turn);
        require(o.slot > last);
        last = o.slot;
        require(slots.insert(o.slot).second);
        const hl::ActionDef* def = f.registry.find(o.action);
        require(def != nullptr);
        require(o.format >= 1 && o.format <= static_cast<int>(def->formats.size()));
    }
    require(static_cast<int>(s.names.size()) <= f.limits.naming_lines);
    require(static_cast<int>(s.probes.size()) <= f.limits.max_probe_boxes);
    // A sheet without errors has its whole header.
    if (!d.has_errors()) require(!s.empire.empty() && s.turn >= 1 && s.secret_line > 0);
    return 0;
}
