#include "support/turn_support.hpp"

#include <catch2/catch.hpp>

#include "game/scenario.hpp"
#include "support/test_support.hpp"

namespace hl::test {

TurnRecord TestGame::run(const TurnInput& input) {
    return run_turn(*rt, actions, input);
}

std::unique_ptr<TestGame> game_from_text(const std::string& scenario, std::uint64_t seed) {
    auto g = std::make_unique<TestGame>();
    g->pack = starchase();
    Diagnostics d;
    Scenario sc = parse_scenario(scenario, "scenario.toml", g->pack, d);
    INFO(d.to_string());
    REQUIRE_FALSE(d.has_errors());
    g->state = create_game(sc, g->pack, seed);
    g->rt = std::make_unique<Runtime>(g->pack, g->state);
    g->actions = ActionRegistry::load(*g->rt, d);
    REQUIRE_FALSE(d.has_errors());
    return g;
}

namespace {

BoxValue box(BoxType type, const std::string& text) {
    BoxValue b;
    b.type = type;
    b.text = text;
    if (text.empty()) return b;
    switch (type) {
        case BoxType::system:
            b.system = std::stoi(text);
            break;
        case BoxType::empire:
        case BoxType::tech:
            b.code = text;
            break;
        case BoxType::count:
        case BoxType::amount:
        case BoxType::level:
            if (text.rfind("AB-", 0) == 0)
                b.amount = {Amount::Kind::all_but, std::stoi(text.substr(3))};
            else if (text == "0" && type == BoxType::count)
                b.amount = {Amount::Kind::all, 0};
            else
                b.amount = {Amount::Kind::n, std::stoi(text)};
            break;
        case BoxType::none:
            break;
    }
    return b;
}

bool fits(const BoxSpec& spec, const std::string& text) {
    if (text.empty()) return spec.type == BoxType::none || spec.optional;
    return spec.type != BoxType::none;
}

}  // namespace

Order make_order(const ActionRegistry& actions, int slot, const std::string& action,
                 const std::string& from, const std::string& to, const std::string& number) {
    const ActionDef* def = actions.find(action);
    REQUIRE(def);
    Order o;
    o.slot = slot;
    o.line = slot;
    o.action = def->name;
    o.text = action + " " + from + " " + to + " " + number;
    for (std::size_t i = 0; i < def->formats.size(); ++i) {
        const ActionFormat& f = def->formats[i];
        bool last_blank = number.empty() && f.blank_number_in_last_slot;
        if (fits(f.from, from) && fits(f.to, to) && (fits(f.number, number) || last_blank)) {
            o.format = static_cast<int>(i + 1);
            o.from = box(f.from.type, from);
            o.to = box(f.to.type, to);
            o.number = box(f.number.type, number);
            if (last_blank) o.number.amount = {Amount::Kind::rest, 0};
            return o;
        }
    }
    FAIL("no format of " << action << " fits the boxes");
    return o;
}

}  // namespace hl::test
