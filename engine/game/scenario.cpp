#include "game/scenario.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "core/value_check.hpp"
#include "io/state_io.hpp"
#include "io/toml_doc.hpp"
#include "io/value_toml.hpp"
#include "pack/pack.hpp"

namespace hl {

namespace {

// The highest id a scenario may give a collection record.
constexpr std::int64_t kMaxGivenId = 1'000'000'000;

// A secret a player can write on a turnsheet's SECRET line: printable ASCII, no white space,
// no '#' (which starts a comment there). Empty means "generate one".
bool valid_secret(const std::string& s) {
    return s.size() <= 32 && std::all_of(s.begin(), s.end(), [](char ch) {
               return ch > ' ' && ch < 0x7F && ch != '#';
           });
}

// Reads the fields of kind k named in table t (skipping `skip`), converted but not yet checked
// against the map and empires.
std::vector<GivenValue> read_given(TomlView& t, const Schema& schema, int k,
                                   const std::set<std::string>& skip) {
    std::vector<GivenValue> out;
    const RecordKind& kind = schema.kinds[static_cast<std::size_t>(k)];
    for (const std::string& name : t.keys()) {
        if (skip.count(name)) continue;
        int fi = kind.field_index(name);
        if (fi < 0) continue;  // reported as an unknown key
        const toml::node* n = t.raw(name);
        std::string why;
        auto v =
            value_from_toml(*n, kind.fields[static_cast<std::size_t>(fi)], schema.map.codes, why);
        if (!v) {
            t.error(name, why);
            continue;
        }
        out.push_back({fi, std::move(*v), t.pos(name)});
    }
    return out;
}

}  // namespace

std::string scenario_rules(const std::string& text, const std::string& shown, Diagnostics& diags) {
    TomlDoc doc = TomlDoc::from_text(text, shown, diags);
    if (!doc.ok()) return {};
    TomlView root = doc.root();
    auto meta = root.table("scenario");
    if (!meta) return {};
    return meta->string("rules").value_or("");
}

Scenario parse_scenario(const std::string& text, const std::string& shown, const Pack& pack,
                        Diagnostics& diags) {
    const Schema& schema = *pack.schema();
    Scenario sc;
    std::optional<std::int64_t> generated;  // [scenario] empires = N: made up, not listed
    sc.file = shown;
    sc.text = text;
    sc.map = Galaxy(schema.map);
    TomlDoc doc = TomlDoc::from_text(text, shown, diags);
    if (!doc.ok()) return sc;
    TomlView root = doc.root();
    const RecordKind* game_kind = schema.kind_of_scope(RecordScope::game);
    int game_k = game_kind ? schema.kind_index(game_kind->name) : -1;
    if (auto meta = root.table("scenario", true)) {
        sc.name = meta->string("name", true).value_or("");
        sc.description = meta->string("description").value_or("");
        sc.rules = meta->string("rules", true).value_or("");
        sc.gm = meta->string("gm").value_or("");
        if (auto s = meta->integer("seed", false, 0)) sc.seed = static_cast<std::uint64_t>(*s);
        if (auto o = meta->string_list("order")) sc.order = *o;
        generated = meta->integer("empires", false, 1, 100000);
        // Other keys are fields of the game record.
        if (game_k >= 0)
            sc.game =
                read_given(*meta, schema, game_k,
                           {"name", "description", "rules", "gm", "seed", "order", "empires"});
    }
    if (game_k >= 0)
        if (auto g = root.table(game_kind->name)) {
            auto more = read_given(*g, schema, game_k, {});
            sc.game.insert(sc.game.end(), more.begin(), more.end());
        }

    std::set<std::string> codes;
    int empire_k = schema.kind_index("empire");
    if (empire_k >= 0 &&
        schema.kinds[static_cast<std::size_t>(empire_k)].scope != RecordScope::empire)
        empire_k = -1;
    if (generated && root.has("empire")) {
        root.tables("empire");
        root.error("empire", "give either [scenario] empires = N or [[empire]] tables, not both");
    }
    const std::int64_t max_empires = pack.const_int("game.max_empires", 26);
    // More than the pack allows is refused below; make up one more at most (not 100,000).
    const std::vector<std::string> made_up =
        generated && !root.has("empire")
            ? schema.empire_codes.first(static_cast<std::size_t>(
                  std::min(*generated, std::max<std::int64_t>(max_empires, 0) + 1)))
            : std::vector<std::string>{};
    if (generated && !root.has("empire") && *generated > max_empires)
        root.error("scenario", fmt::format("{} empires given; the pack allows at most {}",
                                           *generated, max_empires));
    else if (generated && !root.has("empire") &&
             static_cast<std::int64_t>(made_up.size()) < *generated)
        root.error("scenario", fmt::format("the pack's empire codes ({}) run out before {} empires",
                                           schema.empire_codes.describe(), *generated));
    for (std::size_t i = 0; i < made_up.size() && std::ssize(sc.empires) < max_empires; ++i) {
        ScenarioEmpire emp;
        emp.where = root.pos("scenario");
        emp.code = made_up[i];
        emp.name = fmt::format("Empire {}", i + 1);
        emp.player = fmt::format("Player {}", i + 1);
        codes.insert(emp.code);
        sc.empires.push_back(std::move(emp));
    }
    for (TomlView e : root.tables("empire", !generated)) {
        ScenarioEmpire emp;
        emp.where = e.pos();
        auto code = read_empire_code(e, "code", schema, &codes);
        if (!code) continue;
        emp.code = *code;
        emp.name = e.string("name", true).value_or("");
        emp.player = e.string("player").value_or("");
        emp.secret = e.string("secret").value_or("");
        if (!valid_secret(emp.secret))
            e.error("secret",
                    "a secret is 1 to 32 letters, digits or punctuation, without spaces or '#' "
                    "(players write it on a turnsheet line)");
        emp.computer = e.boolean("computer").value_or(false);
        if (empire_k >= 0)
            emp.fields =
                read_given(e, schema, empire_k, {"code", "name", "player", "secret", "computer"});
        sc.empires.push_back(std::move(emp));
    }
    if (!generated && static_cast<std::int64_t>(sc.empires.size()) > max_empires)
        root.error("empire", fmt::format("{} empires given; the pack allows at most {}",
                                         sc.empires.size(), max_empires));

    if (auto g = root.table("galaxy")) {
        sc.galaxy_params = g->tbl();
        doc.mark_all(g->tbl());
    }

    // Record kinds a fixed map may give, by the table name they use.
    std::vector<int> record_kinds;
    for (std::size_t k = 0; k < schema.kinds.size(); ++k) {
        const RecordKind& kind = schema.kinds[k];
        if (kind.scope == RecordScope::game || static_cast<int>(k) == empire_k) continue;
        record_kinds.push_back(static_cast<int>(k));
    }

    if (auto m = root.table("map")) {
        sc.fixed_map = true;
        std::vector<std::string> kinds;
        std::set<std::string> inner;
        for (const KindDef& k : pack.kinds()) {
            kinds.push_back(k.code);
            if (k.inner) inner.insert(k.code);
        }
        if (schema.map.geometry == Geometry::hex) {
            auto w = m->integer("width", true, 2, 9998);
            auto h = m->integer("height", true, 2, 9998);
            if (w && h) {
                try {
                    sc.map.set_hex_size(static_cast<int>(*w), static_cast<int>(*h));
                } catch (const GalaxyError& e) {
                    m->error("width", e.what());
                }
            }
        }
        read_places(*m, &kinds, &inner, sc.map);
        if (root.has("galaxy"))
            root.error("galaxy",
                       "give either [galaxy] (generated map) or [map] (fixed map), "
                       "not both");
        for (int k : record_kinds) {
            const RecordKind& kind = schema.kinds[static_cast<std::size_t>(k)];
            std::set<std::string> keys_seen;
            std::int64_t last_id = 0;  // the highest id given so far to this collection
            for (TomlView t : root.tables(kind.name)) {
                GivenRecord r;
                r.kind = k;
                r.where = t.pos();
                if (kind.scope == RecordScope::collection) {
                    // An id given or the next one, as state.create would give it.
                    std::int64_t id = last_id + 1;
                    if (t.has(kind.key)) {
                        auto given = t.integer(kind.key, false, 1, kMaxGivenId);
                        if (!given) {
                            t.skip();
                            continue;
                        }
                        id = *given;
                    }
                    if (!keys_seen.insert(std::to_string(id)).second) {
                        t.error(t.has(kind.key) ? kind.key : std::string_view{},
                                fmt::format("{} {} {} is given twice (a table without {} takes "
                                            "the next one after the highest so far)",
                                            kind.name, kind.key, id, kind.key));
                        t.skip();
                        continue;
                    }
                    last_id = std::max(last_id, id);
                    r.key = id;
                    r.fields = read_given(t, schema, k, {kind.key});
                    sc.records.push_back(std::move(r));
                    continue;
                }
                auto key_text = t.string(kind.key, true);
                if (!key_text) {
                    t.skip();
                    continue;
                }
                if (!keys_seen.insert(*key_text).second) {
                    t.error(kind.key, fmt::format("{} {} has two [[{}]] entries", kind.key,
                                                  *key_text, kind.name));
                    t.skip();
                    continue;
                }
                if (kind.scope == RecordScope::place) {
                    auto c = sc.map.parse_code(*key_text);
                    if (!c || !sc.map.contains(*c)) {
                        t.error(kind.key, fmt::format("no place {} on the map", *key_text));
                        t.skip();
                        continue;
                    }
                    r.key = *c;
                } else {
                    r.empire = *key_text;
                    if (!codes.count(r.empire)) {
                        t.error(kind.key, fmt::format("no empire '{}' in this scenario", r.empire));
                        t.skip();
                        continue;
                    }
                }
                r.fields = read_given(t, schema, k, {kind.key});
                sc.records.push_back(std::move(r));
            }
        }
        for (TomlView s : root.tables("start")) {
            StartSlot slot;
            for (const std::string& key : s.keys()) {
                const toml::node* n = s.raw(key);
                if (auto t = n->value_exact<std::string>()) {
                    auto c = sc.map.parse_code(*t);
                    if (c && !sc.map.contains(*c)) {
                        s.error(key, fmt::format("no place {} on the map", *t));
                        continue;
                    }
                    if (c)
                        slot.emplace_back(key, std::int64_t{*c});
                    else
                        slot.emplace_back(key, *t);
                } else if (auto i = n->value_exact<std::int64_t>()) {
                    slot.emplace_back(key, *i);
                } else if (auto b = n->value_exact<bool>()) {
                    slot.emplace_back(key, *b);
                } else {
                    s.error(key, "expected a place code, a text, a number or true/false");
                }
            }
            for (const auto& [key, v] : slot)
                if (key == "empire")
                    if (const auto* t = std::get_if<std::string>(&v); t && !codes.count(*t))
                        s.error("empire", fmt::format("no empire '{}' in this scenario", *t));
            sc.starts.push_back(std::move(slot));
        }
        bool any_records = !sc.records.empty();
        if (!sc.starts.empty() && any_records)
            root.error("start",
                       "give either [[start]] positions (standard set-up) or records "
                       "(fixed holdings), not both");
        if (sc.starts.empty() && !any_records)
            root.error("map", "a fixed map needs [[start]] positions or records");
        if (!sc.starts.empty() && sc.starts.size() != sc.empires.size())
            root.error("start", fmt::format("{} start positions for {} empires", sc.starts.size(),
                                            sc.empires.size()));
    } else {
        for (int k : record_kinds) {
            const std::string& key = schema.kinds[static_cast<std::size_t>(k)].name;
            if (root.has(key)) {
                root.tables(key);
                root.error(key, "only a scenario with a fixed [map] may give this");
            }
        }
        if (root.has("start")) {
            root.tables("start");
            root.error("start", "only a scenario with a fixed [map] may give this");
        }
    }

    if (!sc.order.empty()) {
        std::vector<std::string> a = sc.order;
        std::sort(a.begin(), a.end());
        std::vector<std::string> b(codes.begin(), codes.end());
        if (a != b)
            diags.error(root.pos("scenario"),
                        "scenario.order: must list every empire exactly once");
    }
    doc.report_unknown_keys();
    return sc;
}

void apply_given(GameState& st, int kind, std::int64_t key, const std::vector<GivenValue>& values,
                 Diagnostics& diags) {
    const Schema& s = st.schema();
    const RecordKind& k = s.kinds[static_cast<std::size_t>(kind)];
    std::vector<std::string> codes = st.empire_codes();
    RefScope refs{&st.galaxy, &codes, &st.records};
    for (const GivenValue& g : values) {
        const FieldSpec& f = k.fields[static_cast<std::size_t>(g.field)];
        Value v = g.value;
        // A map given in a scenario changes only the keys it names.
        const Value& cur = st.records.row_or_initial(kind, key)[static_cast<std::size_t>(g.field)];
        if (auto* m = std::get_if<IntMap>(&v); m && std::holds_alternative<IntMap>(cur)) {
            IntMap merged = std::get<IntMap>(cur);
            for (const auto& [mk, mv] : *m)
                merged[mk] = mv;
            v = merged;
        } else if (auto* t = std::get_if<TextMap>(&v); t && std::holds_alternative<TextMap>(cur)) {
            TextMap merged = std::get<TextMap>(cur);
            for (const auto& [mk, mv] : *t)
                merged[mk] = mv;
            v = merged;
        }
        if (auto bad = check_value(f, v, s, refs)) {
            diags.error(g.where, fmt::format("{}: {}", f.name, *bad));
            continue;
        }
        st.records.row(kind, key)[static_cast<std::size_t>(g.field)] = std::move(v);
    }
}

}  // namespace hl
