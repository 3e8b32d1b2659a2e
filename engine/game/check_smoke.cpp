#include "game/check_smoke.hpp"

#include <fmt/format.h>

#include "game/turnsheet_check.hpp"
#include "lua/runtime.hpp"
#include "orders/action_registry.hpp"
#include "orders/order_text.hpp"
#include "orders/turnsheet_limits.hpp"

namespace hl {

namespace {

// What to write in the boxes of the test orders.
struct Sample {
    PlaceCode from = 0;
    PlaceCode to = 0;
    std::string empire;
    std::string tech;
    const CodeFormat* codes = nullptr;
};

BoxValue sample_box(const BoxSpec& spec, Box b, const Sample& s) {
    BoxValue v;
    v.type = spec.type;
    switch (spec.type) {
        case BoxType::none:
            return v;
        case BoxType::system:
            v.system = b == Box::from ? s.from : s.to;
            v.text = s.codes->format(*v.system);
            return v;
        case BoxType::empire:
            v.code = v.text = s.empire;
            return v;
        case BoxType::tech:
            v.code = v.text = s.tech;
            return v;
        case BoxType::count:
        case BoxType::amount:
        case BoxType::level:
            v.amount = {Amount::Kind::n, 1};
            v.text = "1";
            return v;
    }
    return v;
}

}  // namespace

SmokeOrders smoke_test_checks(const Pack& pack, const GameState& state, Diagnostics& diags) {
    if (state.order_of_play.empty() || pack.techs().empty()) return {};
    const Empire* e = state.find_empire(state.order_of_play.front());
    if (!e) return {};
    // The test orders name an owned system: only for packs that keep holdings.
    if (!state.has_field("holding", "owner")) return {};
    std::vector<std::int64_t> owned = state.find(state.field("holding", "owner"), e->code);
    if (owned.empty()) return {};
    Sample s;
    s.codes = &state.galaxy.spec().codes;
    std::int64_t base = state.empire_int(e->code, "base", kNone);
    s.from = static_cast<PlaceCode>(base != kNone ? base : owned.front());
    const Place& sys = state.galaxy.at(s.from);
    s.to = sys.links.empty() ? s.from : sys.links.front();
    s.empire = state.order_of_play.size() > 1 ? state.order_of_play[1] : e->code;
    s.tech = pack.techs().front().code;

    GameState scratch = state;
    Runtime rt(pack, scratch);
    Diagnostics load;
    ActionRegistry registry = ActionRegistry::load(rt, load);
    if (load.has_errors()) return {};  // reported by the pack check already
    int slots = turnsheet_limits(pack).actions_per_turn;
    if (slots < 1) return {};

    std::vector<Order> orders;
    for (const auto& [name, def] : registry.all())
        for (std::size_t i = 0; i < def.formats.size(); ++i) {
            const ActionFormat& f = def.formats[i];
            Order o;
            o.action = name;
            o.format = static_cast<int>(i) + 1;
            o.text = format_usage(name, f);
            o.from = sample_box(f.from, Box::from, s);
            o.to = sample_box(f.to, Box::to, s);
            o.number = sample_box(f.number, Box::number, s);
            orders.push_back(std::move(o));
        }
    for (std::size_t first = 0; first < orders.size(); first += static_cast<std::size_t>(slots)) {
        Turnsheet sheet;
        sheet.file = "<rules check: test orders>";
        sheet.empire = e->code;
        sheet.secret = e->secret;
        sheet.turn = state.turn + 1;
        for (std::size_t i = first; i < orders.size() && i < first + slots; ++i) {
            Order o = orders[i];
            o.slot = static_cast<int>(i - first) + 1;
            o.line = o.slot;
            sheet.orders.push_back(std::move(o));
        }
        Diagnostics found;
        check_turnsheet(sheet, rt, registry, state.turn + 1, found);
        for (const Diagnostic& d : found.all())
            if (d.severity == Severity::error &&
                d.message.find("the rules pack") != std::string::npos)
                diags.error(
                    {"<rules check>", 0, 0},
                    fmt::format("checking the test order '{}': {}",
                                sheet.orders.at(static_cast<std::size_t>(d.where.line - 1)).text,
                                d.message));
    }
    return {e->code, std::move(orders)};
}

}  // namespace hl
