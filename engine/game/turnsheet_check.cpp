#include "game/turnsheet_check.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "orders/check_lua.hpp"
#include "orders/order_lua.hpp"
#include "orders/order_text.hpp"
#include "orders/turnsheet_limits.hpp"
#include "orders/turnsheet_parser.hpp"

namespace hl {

namespace {

class Checker {
  public:
    Checker(const Turnsheet& sheet, Runtime& rt, const ActionRegistry& reg, int next_turn,
            Diagnostics& diags)
        : sheet_(sheet), rt_(rt), reg_(reg), next_turn_(next_turn), diags_(diags) {}

    void run() {
        const Empire* e = header();
        if (e) {
            probes(*e);
            names(*e);
        }
        messages();
        once_and_exclusive();
        std::map<int, bool> codes_ok;  // slot -> every code in its boxes exists
        for (const Order& o : sheet_.orders)
            codes_ok[o.slot] = codes_exist(o);
        if (e) pack_checks(*e, codes_ok);
    }

  private:
    const GameState& st() const { return rt_.state(); }

    void error(int line, const std::string& message) {
        diags_.error({sheet_.file, line, 0}, message);
    }

    void warning(int line, const std::string& message) {
        diags_.warning({sheet_.file, line, 0}, message);
    }

    // The format an order was parsed with.
    const ActionFormat& format_of(const Order& o) const {
        const ActionDef* def = reg_.find(o.action);
        return def->formats.at(static_cast<std::size_t>(o.format - 1));
    }

    // "MOVE WHERE TO 456": the action, the box's name and what was written in it.
    std::string where(const Order& o, Box b) const {
        std::string out = o.action + " " + box_label(format_of(o), b);
        const BoxValue& v = box_value(o, b);
        if (!v.blank()) out += " " + v.text;
        return out;
    }

    const Empire* header() {
        const Empire* e = nullptr;
        if (!sheet_.empire.empty()) {
            e = st().find_empire(sheet_.empire);
            if (!e) {
                error(sheet_.empire_line,
                      fmt::format("EMPIRE {}: no such empire in this game", sheet_.empire));
            } else if (st().empire_int(e->code, "eliminated")) {
                error(sheet_.empire_line,
                      fmt::format("EMPIRE {}: this empire has been eliminated", e->code));
            } else if (e->computer) {
                error(sheet_.empire_line,
                      fmt::format("EMPIRE {}: this empire is run by the computer and takes no "
                                  "turnsheets",
                                  e->code));
            }
        }
        if (e && sheet_.secret_line && sheet_.secret != e->secret)
            error(sheet_.secret_line, fmt::format("SECRET: wrong secret for empire {}", e->code));
        if (sheet_.turn_line) {
            if (sheet_.turn > next_turn_)
                error(sheet_.turn_line,
                      fmt::format("TURN {}: the game's next turn is {}; orders for later turns "
                                  "are not taken yet",
                                  sheet_.turn, next_turn_));
            else if (sheet_.turn < next_turn_)
                warning(sheet_.turn_line,
                        fmt::format("TURN {}: the game's next turn is {}: this sheet is late and "
                                    "is kept as late orders, used for turn {} only if no sheet "
                                    "for turn {} arrives",
                                    sheet_.turn, next_turn_, next_turn_, next_turn_));
        }
        return e;
    }

    void probes(const Empire& e) {
        if (!sheet_.probe_line) return;
        std::string pt = probe_tech_code(rt_.pack());
        if (!pt.empty()) {
            int level = static_cast<int>(st().empire_entry(e.code, "techs", pt));
            if (static_cast<int>(sheet_.probes.size()) > level)
                error(sheet_.probe_line,
                      fmt::format("PROBE: {} system codes, but your probe tech ({} {}) gives {} "
                                  "probe box{}",
                                  sheet_.probes.size(), pt, level, level, level == 1 ? "" : "es"));
        }
        for (PlaceCode c : sheet_.probes)
            if (!st().galaxy.contains(c))
                error(sheet_.probe_line,
                      fmt::format("PROBE {}: no such system in this game", st().galaxy.code_str(c)));
    }

    void names(const Empire& e) {
        for (const Naming& n : sheet_.names) {
            if (!st().galaxy.contains(n.system))
                error(n.line,
                      fmt::format("NAME {}: no such system in this game",
                                  st().galaxy.code_str(n.system)));
            else if (st().text(st().field("holding", "owner"), n.system) != e.code)
                error(n.line, fmt::format("NAME {}: you do not own this system",
                                          st().galaxy.code_str(n.system)));
        }
    }

    void messages() {
        for (const Message& m : sheet_.messages)
            if (m.to != "ALL" && m.to != "PHONE" && m.to != "EMAIL" && !st().find_empire(m.to))
                error(m.line, fmt::format("MESSAGE {}: no such empire in this game", m.to));
    }

    void once_and_exclusive() {
        std::map<std::string, const Order*> first;  // action -> its first order
        for (const Order& o : sheet_.orders) {
            const ActionDef* def = reg_.find(o.action);
            auto [it, fresh] = first.emplace(o.action, &o);
            if (!fresh && def->once_per_turn)
                error(o.line, fmt::format("{0}: only one {0} per turn (another is in slot {1})",
                                          o.action, it->second->slot));
            for (const std::string& other : def->exclusive_with) {
                auto x = first.find(other);
                if (x != first.end())
                    error(o.line, fmt::format("{}: {} and {} may not both be used in one turn "
                                              "({} is in slot {})",
                                              o.action, o.action, other, other, x->second->slot));
            }
        }
    }

    std::string tech_list() const {
        std::string out;
        for (const TechDef& t : rt_.pack().techs())
            out += (out.empty() ? "" : " ") + t.code;
        return out;
    }

    bool codes_exist(const Order& o) {
        bool ok = true;
        for (Box b : {Box::from, Box::to, Box::number}) {
            const BoxValue& v = box_value(o, b);
            if (v.blank()) continue;
            if (v.type == BoxType::system && v.system && !st().galaxy.contains(*v.system)) {
                error(o.line, where(o, b) + ": no such system in this game");
                ok = false;
            } else if (v.type == BoxType::empire && !st().find_empire(v.code)) {
                error(o.line, where(o, b) + ": no such empire in this game");
                ok = false;
            } else if (v.type == BoxType::tech && !rt_.pack().tech(v.code)) {
                error(o.line,
                      fmt::format("{}: no such tech (the techs are {})", where(o, b), tech_list()));
                ok = false;
            }
        }
        return ok;
    }

    // Reports a pack script failure at the order's line.
    void script_failed(const Order& o, const char* fn, const ScriptError& e) {
        const LuaError& err = e.error();
        error(o.line, fmt::format("{}: the rules pack failed in {}() while checking this order: "
                                  "{}:{}: {}",
                                  o.action, fn, err.chunk, err.line, err.message));
    }

    // Turns ctx.error / ctx.warning findings into diagnostics; returns the number of errors.
    int report(const Order& o, CheckContext& ctx) {
        int errors = 0;
        for (const CheckFinding& f : ctx.take_findings()) {
            std::string text = (f.box ? where(o, *f.box) : o.action) + ": " + f.message;
            if (f.severity == Severity::error) {
                error(o.line, text);
                ++errors;
            } else {
                warning(o.line, text);
            }
        }
        return errors;
    }

    // Reads one estimate result (nil = 0); false if it is not a whole number.
    static bool estimate_value(lua_State* L, int idx, std::int64_t& out) {
        if (lua_isnil(L, idx)) {
            out = 0;
            return true;
        }
        if (lua_type(L, idx) != LUA_TNUMBER) return false;
        lua_Number v = lua_tonumber(L, idx);
        if (!std::isfinite(v) || std::fabs(v) > 1e15) return false;
        out = static_cast<std::int64_t>(std::floor(v));
        return true;
    }

    static std::string bps(std::int64_t n) { return fmt::format("{} BP{}", n, n == 1 ? "" : "s"); }

    void spend(const Order& o, std::int64_t cost, std::int64_t& left, bool treasury) {
        if (cost <= 0) {
            left -= cost;
            return;
        }
        if (cost > left)
            warning(o.line,
                    treasury ? fmt::format("{}: needs about {} from the treasury, but only about "
                                           "{} will be in it by slot {}: it may fail",
                                           o.action, bps(cost), left, o.slot)
                             : fmt::format("{}: needs about {}, but only about {} will be left by "
                                           "slot {}: it may fail or be cut down",
                                           o.action, bps(cost), left, o.slot));
        left = cost > left ? 0 : left - cost;
    }

    void pack_checks(const Empire& e, const std::map<int, bool>& codes_ok) {
        lua_State* L = rt_.host().L();
        int slots = static_cast<int>(rt_.pack().const_int("game.actions_per_turn", 16));
        CheckContext ctx(L, sheet_, next_turn_, slots);
        std::int64_t balance = st().empire_int(e.code, "balance");
        std::int64_t treasury = st().empire_int(e.code, "treasury");
        for (const Order& o : sheet_.orders) {
            if (!codes_ok.at(o.slot)) continue;
            const ActionDef* def = reg_.find(o.action);
            StreamKey key = rt_.key("check", e.code, o.slot);
            auto push_args = [&](lua_State* S) {
                push_order(S, o, e.code);
                ctx.push();
                return 2;
            };
            ctx.set_order(o.slot, balance, treasury);
            int errors = 0;
            try {
                if (rt_.has_function(def->module, "check")) {
                    rt_.call(def->module, "check", key, push_args, 0);
                    errors = report(o, ctx);
                }
            } catch (const ScriptError& err) {
                ctx.take_findings();
                script_failed(o, "check", err);
                continue;
            }
            if (errors > 0) continue;
            std::int64_t cost = 0, from_treasury = 0;
            bool bad_result = false;
            try {
                if (!rt_.has_function(def->module, "estimate")) continue;
                rt_.call(def->module, "estimate", key, push_args, 2, [&](lua_State* S) {
                    int top = lua_gettop(S);  // the two results are top - 1 and top
                    bad_result =
                        !estimate_value(S, top - 1, cost) || !estimate_value(S, top, from_treasury);
                });
                report(o, ctx);
            } catch (const ScriptError& err) {
                ctx.take_findings();
                script_failed(o, "estimate", err);
                continue;
            }
            if (bad_result) {
                auto src = rt_.pack().script(def->module);
                error(o.line, fmt::format("{}: the rules pack's {}.estimate() must return whole "
                                          "numbers of BPs (balance, treasury)",
                                          o.action, src ? src->chunk : def->module));
                continue;
            }
            spend(o, cost, balance, false);
            spend(o, from_treasury, treasury, true);
        }
    }

    const Turnsheet& sheet_;
    Runtime& rt_;
    const ActionRegistry& reg_;
    int next_turn_;
    Diagnostics& diags_;
};

}  // namespace

void check_turnsheet(const Turnsheet& sheet, Runtime& rt, const ActionRegistry& registry,
                     int next_turn, Diagnostics& diags) {
    Checker(sheet, rt, registry, next_turn, diags).run();
}

namespace {

// The one finding for a sheet that names an empire of the game without its secret, or nullopt
// when the secret is right or no such empire is named. Nothing else is said about such a sheet:
// its other findings would tell a stranger what the empire owns and can afford.
std::optional<Diagnostic> secret_refusal(const Turnsheet& sheet, const Diagnostics& parsed,
                                         const GameState& st) {
    if (!sheet.empire_line) return std::nullopt;
    const Empire* e = st.find_empire(sheet.empire);
    if (!e) return std::nullopt;
    if (sheet.secret_line) {
        if (sheet.secret == e->secret) return std::nullopt;
        return Diagnostic{{sheet.file, sheet.secret_line, 0},
                          Severity::error,
                          fmt::format("SECRET: wrong secret for empire {}", e->code)};
    }
    // No usable SECRET line: the parser's own words about it (a malformed or missing line).
    for (const Diagnostic& d : parsed.all())
        if (d.severity == Severity::error && d.message.find("SECRET") != std::string::npos)
            return d;
    return Diagnostic{{sheet.file, 1, 0},
                      Severity::error,
                      "the sheet has no SECRET line: write your empire's secret"};
}

}  // namespace

SheetCheck check_sheet(std::string_view text, const std::string& file, const LoadedGame& game) {
    SheetCheck out;
    out.next_turn = game.state.turn + 1;
    GameState scratch = game.state;
    Runtime rt(game.pack, scratch);
    Diagnostics pack_diags;
    ActionRegistry registry = ActionRegistry::load(rt, pack_diags);
    if (pack_diags.has_errors()) throw InputError(pack_diags);
    Diagnostics found;
    out.sheet = parse_turnsheet(text, file, registry, turnsheet_limits(game.pack), found);
    if (auto refusal = secret_refusal(out.sheet, found, game.state)) {
        out.findings.add(std::move(*refusal));
        out.sheet.orders.clear();
        return out;
    }
    check_turnsheet(out.sheet, rt, registry, out.next_turn, found);
    // In line order, as a player reads the sheet; the parser's findings first on each line.
    std::vector<Diagnostic> sorted = found.all();
    std::stable_sort(sorted.begin(), sorted.end(), [](const Diagnostic& a, const Diagnostic& b) {
        return a.where.line < b.where.line;
    });
    for (Diagnostic& d : sorted)
        out.findings.add(std::move(d));
    out.late = out.sheet.turn_line && out.sheet.turn < out.next_turn;
    return out;
}

}  // namespace hl
