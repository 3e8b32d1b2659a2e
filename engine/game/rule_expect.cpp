#include "game/rule_expect.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <regex>
#include <set>

#include <fmt/format.h>

#include "io/value_toml.hpp"

namespace hl {

namespace {

// The checks of one expected.toml, collecting every failure.
struct Checks {
    std::vector<std::string> failures;

    void fail(const SourcePos& where, const std::string& msg) {
        failures.push_back(fmt::format("{}: FAIL: {}", format_pos(where), msg));
    }

    std::string show(const toml::node& n) {
        if (auto s = n.value_exact<std::string>()) return "\"" + *s + "\"";
        if (auto i = n.value_exact<std::int64_t>()) return std::to_string(*i);
        if (auto b = n.value_exact<bool>()) return *b ? "true" : "false";
        return "?";
    }

    // Compares a JSON value with an expected TOML value (tables: every key listed must match).
    void match_json(const nlohmann::ordered_json& got, const toml::node& want,
                    const std::string& what, const SourcePos& where) {
        if (const toml::table* t = want.as_table()) {
            if (!got.is_object())
                return fail(where, fmt::format("{}: expected a table, got {}", what, got.dump()));
            for (auto&& [k, v] : *t) {
                std::string key(k.str());
                if (!got.contains(key)) {
                    fail(where, fmt::format("{}.{}: missing (got {})", what, key, got.dump()));
                    continue;
                }
                match_json(got.at(key), v, what + "." + key, where);
            }
            return;
        }
        if (const toml::array* a = want.as_array()) {
            if (!got.is_array() || got.size() != a->size())
                return fail(where, fmt::format("{}: expected {} items, got {}", what, a->size(),
                                               got.dump()));
            for (std::size_t i = 0; i < a->size(); ++i)
                match_json(got.at(i), (*a)[i], fmt::format("{}[{}]", what, i), where);
            return;
        }
        bool ok = false;
        if (auto s = want.value_exact<std::string>())
            ok = got.is_string() && got.get<std::string>() == *s;
        else if (auto i = want.value_exact<std::int64_t>())
            ok = got.is_number_integer() && got.get<std::int64_t>() == *i;
        else if (auto b = want.value_exact<bool>())
            ok = got.is_boolean() && got.get<bool>() == *b;
        if (!ok) fail(where, fmt::format("{}: expected {}, got {}", what, show(want), got.dump()));
    }

    // True if a JSON value holds every key of an expected TOML table with equal values.
    bool json_matches(const nlohmann::ordered_json& got, const toml::node& want) {
        if (const toml::table* t = want.as_table()) {
            if (!got.is_object()) return false;
            for (auto&& [k, v] : *t) {
                std::string key(k.str());
                if (!got.contains(key) || !json_matches(got.at(key), v)) return false;
            }
            return true;
        }
        if (const toml::array* a = want.as_array()) {
            if (!got.is_array() || got.size() != a->size()) return false;
            for (std::size_t i = 0; i < a->size(); ++i)
                if (!json_matches(got.at(i), (*a)[i])) return false;
            return true;
        }
        if (auto s = want.value_exact<std::string>())
            return got.is_string() && got.get<std::string>() == *s;
        if (auto i = want.value_exact<std::int64_t>())
            return got.is_number_integer() && got.get<std::int64_t>() == *i;
        if (auto b = want.value_exact<bool>()) return got.is_boolean() && got.get<bool>() == *b;
        return false;
    }

    // The record of the turn a [[note]] or [[result]] names with `turn` (default: the last turn
    // run); `records` holds every turn's record, turn 1 first. Null (and a failure) if there is
    // no such turn.
    const TurnRecord* record_of(TomlView& v, const std::vector<TurnRecord>& records) {
        int turn = static_cast<int>(v.integer("turn").value_or(static_cast<int>(records.size())));
        if (turn < 1 || turn > static_cast<int>(records.size())) {
            fail(v.pos("turn"),
                 fmt::format("turn {}: the test runs turns 1 to {}", turn, records.size()));
            return nullptr;
        }
        return &records[static_cast<std::size_t>(turn - 1)];
    }

    // A note of an end-of-turn phase: some note of that phase and empire whose data holds the
    // listed values, whose text contains text_includes and has a match of the regular
    // expression text_matches (ECMAScript) (present = false: no such note).
    void check_note(TomlView& v, const std::vector<TurnRecord>& records) {
        const TurnRecord* at = record_of(v, records);
        if (!at) return;
        const TurnRecord& rec = *at;
        std::string phase = v.string("phase", true).value_or("");
        std::string empire = v.string("empire").value_or("");
        std::string text = v.string("text_includes").value_or("");
        std::optional<std::regex> pattern;
        if (auto p = v.string("text_matches")) {
            try {
                pattern.emplace(*p);
            } catch (const std::regex_error& e) {
                return fail(v.pos("text_matches"),
                            fmt::format("text_matches: not a regular expression: {}", e.what()));
            }
        }
        bool present = v.boolean("present").value_or(true);
        const toml::node* data = v.raw("data");
        bool found = false;
        std::string seen;
        for (const PhaseNote& n : rec.notes) {
            if (n.phase != phase || n.empire != empire) continue;
            seen += "\n    " + n.text + " " + n.data.dump();
            if (data && !json_matches(n.data, *data)) continue;
            if (!text.empty() && n.text.find(text) == std::string::npos) continue;
            if (pattern && !std::regex_search(n.text, *pattern)) continue;
            found = true;
        }
        if (found != present)
            fail(v.pos(), fmt::format("note {} {}: expected {}; the notes of that phase were:{}",
                                      phase, empire.empty() ? "(game)" : empire,
                                      present ? "a matching note" : "no matching note",
                                      seen.empty() ? " none" : seen));
    }

    void check_int(TomlView& v, const char* key, std::int64_t got, const std::string& what) {
        if (!v.has(key)) return;
        auto want = v.integer(key);
        if (want && *want != got)
            fail(v.pos(key), fmt::format("{} {}: expected {}, got {}", what, key, *want, got));
    }

    // A value as expected.toml writes it; "" for an absent optional value.
    std::string shown(const Value& v, const FieldSpec& f, const CodeFormat& codes) {
        if (const auto* i = std::get_if<std::int64_t>(&v); i && *i == kNone) return "\"\"";
        return value_to_toml(v, f, codes);
    }

    // The value expected.toml gives a field: as state.toml writes it, "" for an absent optional
    // place, empire, record or choice; nullopt (and why) if it cannot be read.
    std::optional<Value> wanted(const toml::node& n, const FieldSpec& f, const CodeFormat& codes,
                                std::string& why) {
        if (auto t = n.value_exact<std::string>(); t && t->empty() && f.optional)
            return f.storage() == Storage::integer ? Value(kNone) : Value(std::string());
        return value_from_toml(n, f, codes, why);
    }

    // `<field>_includes = [...]` / `<field>_excludes = [...]` for a list or set of places or
    // numbers (e.g. the systems an empire has seen): each listed value must be there / not there.
    // Other keys are left alone (reported as unknown keys).
    void check_members(TomlView& v, const GameState& st, int kind, std::int64_t key,
                       const std::string& what, const std::string& name) {
        const RecordKind& k = st.schema().kinds[static_cast<std::size_t>(kind)];
        for (auto [end, want] : {std::pair{"_includes", true}, std::pair{"_excludes", false}}) {
            if (!name.ends_with(end)) continue;
            std::string field = name.substr(0, name.size() - std::string(end).size());
            int fi = k.field_index(field);
            if (fi < 0) return;
            const auto* got = std::get_if<IntList>(&st.value({kind, fi}, key));
            auto items = v.string_list(name.c_str());
            if (!got || !items)
                return fail(v.pos(name), fmt::format("{} {}: a list of codes of a "
                                                     "list or set field",
                                                     what, name));
            for (const std::string& item : *items) {
                auto code = st.galaxy.parse_code(item);
                std::int64_t n = code ? static_cast<std::int64_t>(*code) : std::atoll(item.c_str());
                bool there = std::find(got->begin(), got->end(), n) != got->end();
                if (there != want)
                    fail(v.pos(name), fmt::format("{} {}: {} is {}there", what, field, item,
                                                  want ? "not " : ""));
            }
        }
    }

    // `<field>_min = N` / `<field>_max = N` for a whole-number field (e.g. a population that
    // grows by a chance): the value must be at least / at most N. Other keys are left alone.
    void check_bound(TomlView& v, const GameState& st, int kind, std::int64_t key,
                     const std::string& what, const std::string& name) {
        const RecordKind& k = st.schema().kinds[static_cast<std::size_t>(kind)];
        for (const char* end : {"_min", "_max"}) {
            if (!name.ends_with(end)) continue;
            int fi = k.field_index(name.substr(0, name.size() - 4));
            if (fi < 0) return;
            const auto* got = std::get_if<std::int64_t>(&st.value({kind, fi}, key));
            auto bound = v.integer(name);
            if (!got || !bound) return;
            bool low = std::string(end) == "_min";
            if (low ? *got < *bound : *got > *bound)
                fail(v.pos(name), fmt::format("{} {}: expected at {} {}, got {}", what,
                                              name.substr(0, name.size() - 4),
                                              low ? "least" : "most", *bound, *got));
        }
    }

    // Compares the fields of one record listed in table v (except the keys in skip) with the
    // state: every field of the record's kind may be listed, as state.toml writes it ("" for an
    // absent place, empire or choice). A map lists only the entries checked.
    void check_fields(TomlView& v, const GameState& st, int kind, std::int64_t key,
                      const std::string& what, const std::set<std::string>& skip) {
        const RecordKind& k = st.schema().kinds[static_cast<std::size_t>(kind)];
        const CodeFormat& codes = st.schema().map.codes;
        for (const std::string& name : v.keys()) {
            if (skip.count(name)) continue;
            int fi = k.field_index(name);
            if (fi < 0) {
                check_members(v, st, kind, key, what, name);
                check_bound(v, st, kind, key, what, name);
                continue;  // anything else is reported as an unknown key
            }
            const FieldSpec& f = k.fields[static_cast<std::size_t>(fi)];
            const toml::node* n = v.raw(name);
            const Value& got = st.value({kind, fi}, key);
            std::string why;
            std::optional<Value> want = wanted(*n, f, codes, why);
            if (!want) {
                fail(v.pos(name), fmt::format("{} {}: {}", what, name, why));
                continue;
            }
            if (const auto* wm = std::get_if<IntMap>(&*want)) {
                const auto& gm = std::get<IntMap>(got);
                for (const auto& [entry, level] : *wm) {
                    auto it = gm.find(entry);
                    std::int64_t have = it == gm.end() ? 0 : it->second;
                    if (have != level)
                        fail(v.pos(name), fmt::format("{} {} {}: expected {}, got {}", what, name,
                                                      entry, level, have));
                }
                continue;
            }
            if (const auto* wm = std::get_if<TextMap>(&*want)) {
                const auto& gm = std::get<TextMap>(got);
                for (const auto& [entry, text] : *wm) {
                    auto it = gm.find(entry);
                    std::string have = it == gm.end() ? std::string() : it->second;
                    if (have != text)
                        fail(v.pos(name), fmt::format("{} {} {}: expected \"{}\", got \"{}\"", what,
                                                      name, entry, text, have));
                }
                continue;
            }
            if (*want != got)
                fail(v.pos(name), fmt::format("{} {}: expected {}, got {}", what, name,
                                              shown(*want, f, codes), shown(got, f, codes)));
        }
    }

    // [[<kind>]] tables of a place-scope kind: the record at a place, plus the place's kind.
    void check_place_record(TomlView& v, const GameState& st, int kind) {
        const RecordKind& k = st.schema().kinds[static_cast<std::size_t>(kind)];
        auto text = v.string(k.key, true);
        if (!text) return;
        auto code = st.galaxy.parse_code(*text);
        if (!code || !st.galaxy.contains(*code))
            return fail(v.pos(k.key), fmt::format("no place {} on the map", *text));
        std::string what = fmt::format("{} {}", k.name, *text);
        check_fields(v, st, kind, *code, what, {k.key, "kind"});
        if (v.has("kind")) {
            std::string want = v.string("kind").value_or("");
            if (want != st.galaxy.at(*code).kind)
                fail(v.pos("kind"), fmt::format("{} kind: expected {}, got {}", what, want,
                                                st.galaxy.at(*code).kind));
        }
    }

    // [[<kind>]] tables of an empire-scope kind: the record of the empire named by the kind's key
    // ("code" for the kind named empire, "empire" for others).
    void check_empire_record(TomlView& v, const GameState& st, int kind) {
        const RecordKind& k = st.schema().kinds[static_cast<std::size_t>(kind)];
        std::string code = v.string(k.key, true).value_or("");
        int i = st.empire_index(code);
        if (i < 0) return fail(v.pos(k.key), "no empire " + code);
        check_fields(v, st, kind, i, fmt::format("{} {}", k.name, code), {k.key});
    }

    // [[<kind>]] tables of a collection: the record with the `id` given holds every listed value
    // (present = false: there is no such record); without an id, some record holds every listed
    // value (present = false: none does).
    void check_collection(TomlView& v, const GameState& st, int kind) {
        const RecordKind& k = st.schema().kinds[static_cast<std::size_t>(kind)];
        const CodeFormat& codes = st.schema().map.codes;
        bool present = v.boolean("present").value_or(true);
        if (v.has(k.key)) {
            auto id = v.integer(k.key, true, 1);
            if (!id) return;
            bool there = st.records.find(kind, *id) != nullptr;
            std::string what = fmt::format("{} {}", k.name, *id);
            if (there != present) {
                v.skip();  // the other keys are not unknown, only unchecked
                return fail(v.pos(k.key),
                            fmt::format("{}: expected {}", what, present ? "present" : "absent"));
            }
            if (there) check_fields(v, st, kind, *id, what, {k.key, "present"});
            return;
        }
        std::vector<std::pair<int, Value>> want;
        std::string listed;
        for (const std::string& name : v.keys()) {
            if (name == "present") continue;
            int fi = k.field_index(name);
            if (fi < 0) continue;  // reported as an unknown key
            const FieldSpec& f = k.fields[static_cast<std::size_t>(fi)];
            std::string why;
            auto w = wanted(*v.raw(name), f, codes, why);
            if (!w) return fail(v.pos(name), fmt::format("{} {}: {}", k.name, name, why));
            listed +=
                fmt::format("{}{} = {}", listed.empty() ? "" : ", ", name, shown(*w, f, codes));
            want.emplace_back(fi, std::move(*w));
        }
        bool found = false;
        for (const auto& [id, row] : st.records.rows(kind)) {
            bool all = true;
            for (const auto& [fi, w] : want)
                all = all && row[static_cast<std::size_t>(fi)] == w;
            found = found || all;
        }
        if (found != present)
            fail(v.pos(), fmt::format("{} with {}: expected {}", k.name, listed,
                                      present ? "present" : "absent"));
    }

    void check_result(TomlView& v, const std::vector<TurnRecord>& records) {
        const TurnRecord* at = record_of(v, records);
        if (!at) return;
        const TurnRecord& rec = *at;
        std::string empire = v.string("empire", true).value_or("");
        int slot = static_cast<int>(v.integer("slot", true).value_or(0));
        std::string round = v.string("round").value_or("action");
        const ActionResult* r = nullptr;
        for (const ActionResult& a : rec.actions)
            if (a.empire == empire && a.slot == slot && a.round == round) r = &a;
        std::string what = fmt::format("result {} {} {}", empire, round, slot);
        if (!r) return fail(v.pos(), what + ": no such result (was the order parsed?)");
        if (v.has("ok")) {
            bool want = v.boolean("ok").value_or(true);
            if (want != r->ok)
                fail(v.pos("ok"),
                     fmt::format("{} ok: expected {}, got {} ({})", what, want, r->ok, r->reason));
        }
        check_int(v, "spent", r->spent, what);
        if (v.has("reason")) {
            std::string want = v.string("reason").value_or("");
            if (want != r->reason)
                fail(v.pos("reason"),
                     fmt::format("{} reason: expected \"{}\", got \"{}\"", what, want, r->reason));
        }
        if (const toml::node* d = v.raw("details"))
            match_json(r->details, *d, what + " details", v.pos("details"));
        if (auto notes = v.string_list("notes_include")) {
            for (const std::string& n : *notes) {
                bool found = false;
                for (const std::string& have : r->notes)
                    found = found || have.find(n) != std::string::npos;
                if (!found)
                    fail(v.pos("notes_include"),
                         fmt::format("{}: no note contains \"{}\"", what, n));
            }
        }
    }

    // A report of the last turn: its text holds every `includes` text and no `excludes` text,
    // each compared with runs of spaces and line breaks read as one space (a wrapped line still
    // matches). `empire` names the empire's report; without it, the game report.
    void check_report(TomlView& v, const GameState& st,
                      const std::function<std::string(const std::string&)>& text) {
        std::string empire = v.string("empire").value_or("");
        auto includes = v.string_list("includes");
        auto excludes = v.string_list("excludes");
        if (!empire.empty() && st.empire_index(empire) < 0)
            return fail(v.pos("empire"), "no empire " + empire);
        if (!text) return fail(v.pos(), "reports cannot be checked here");
        std::string what = empire.empty() ? "the game report" : "the report of " + empire;
        std::string have = one_spaced(text(empire));
        for (auto [list, want] : {std::pair{&includes, true}, std::pair{&excludes, false}}) {
            if (!*list) continue;
            for (const std::string& item : **list) {
                bool there = have.find(one_spaced(item)) != std::string::npos;
                if (there != want)
                    fail(v.pos(want ? "includes" : "excludes"),
                         fmt::format("{}: expected {}\"{}\"", what,
                                     want ? "a text containing " : "no text containing ", item));
            }
        }
    }

    // Text with every run of spaces and line breaks turned into one space, none at either end.
    static std::string one_spaced(const std::string& text) {
        std::string out;
        bool space = false;
        for (char c : text) {
            if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
                space = true;
                continue;
            }
            if (space && !out.empty()) out += ' ';
            space = false;
            out += c;
        }
        return out;
    }

    // Every check of expected.toml (see check_expected).
    void all(TomlView& root, const GameState& st, const std::vector<TurnRecord>& records,
             const std::function<std::string(const std::string&)>& report_text) {
        for (TomlView v : root.tables("result"))
            check_result(v, records);
        // Records of every kind of the pack's schema, by the kind's name.
        const Schema& schema = st.schema();
        const RecordKind* game_kind = schema.kind_of_scope(RecordScope::game);
        for (std::size_t ki = 0; ki < schema.kinds.size(); ++ki) {
            const RecordKind& k = schema.kinds[ki];
            int kind = static_cast<int>(ki);
            if (k.scope == RecordScope::game) continue;
            for (TomlView v : root.tables(k.name)) {
                switch (k.scope) {
                    case RecordScope::place:
                        check_place_record(v, st, kind);
                        break;
                    case RecordScope::empire:
                        check_empire_record(v, st, kind);
                        break;
                    default:
                        check_collection(v, st, kind);
                        break;
                }
            }
        }
        for (TomlView v : root.tables("note"))
            check_note(v, records);
        for (TomlView v : root.tables("report"))
            check_report(v, st, report_text);
        if (auto g = root.table("game")) {
            int gk = game_kind ? schema.kind_index(game_kind->name) : -1;
            if (gk >= 0) {
                // Fields of the game record, also when grouped as victory = { ... }.
                check_fields(*g, st, gk, 0, "game", {});
                if (auto v = g->table("victory")) check_fields(*v, st, gk, 0, "victory", {});
                // A drawn value (e.g. a census turn): only its bounds can be worked out by hand.
                for (const std::string& key : g->keys()) {
                    for (const char* end : {"_min", "_max"}) {
                        if (!key.ends_with(end)) continue;
                        std::string field = key.substr(0, key.size() - 4);
                        int fi = game_kind->field_index(field);
                        if (fi < 0) continue;
                        auto bound = g->integer(key);
                        const auto* got = std::get_if<std::int64_t>(&st.value({gk, fi}, 0));
                        if (!bound || !got) continue;
                        bool low = std::string(end) == "_min";
                        if (low ? *got < *bound : *got > *bound)
                            fail(g->pos(key),
                                 fmt::format("game {}: expected at {} {}, got {}", field,
                                             low ? "least" : "most", *bound, *got));
                    }
                }
            }
            if (auto o = g->string_list("order_of_play"))
                if (*o != st.order_of_play)
                    fail(g->pos("order_of_play"),
                         "game order_of_play differs: got " +
                             fmt::format("{}", fmt::join(st.order_of_play, " ")));
            if (auto links = g->tables("link"); !links.empty()) {
                for (TomlView l : links) {
                    auto code = [&](const char* key) -> std::optional<PlaceCode> {
                        auto t = l.string(key, true);
                        auto c = t ? st.galaxy.parse_code(*t) : std::nullopt;
                        if (t && !c)
                            fail(l.pos(key), fmt::format("\"{}\" is not a place code", *t));
                        return c;
                    };
                    auto a = code("a"), b = code("b");
                    bool want = l.boolean("linked").value_or(true);
                    if (a && b && st.galaxy.linked(*a, *b) != want)
                        fail(l.pos(),
                             fmt::format("link {}-{}: expected {}", st.galaxy.code_str(*a),
                                         st.galaxy.code_str(*b), want ? "linked" : "not linked"));
                }
            }
        }
    }
};

}  // namespace

std::vector<std::string> check_expected(
    TomlView& root, const GameState& state, const std::vector<TurnRecord>& records,
    const std::function<std::string(const std::string&)>& report_text) {
    Checks c;
    c.all(root, state, records, report_text);
    return std::move(c.failures);
}

}  // namespace hl
