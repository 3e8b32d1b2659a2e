#include "io/state_io.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "core/utf8.hpp"
#include "core/value_check.hpp"
#include "io/atomic_file.hpp"
#include "io/toml_doc.hpp"
#include "io/value_toml.hpp"

namespace hl {

namespace {

std::string q(std::string_view s) {
    return toml_quote(s);
}

const FieldSpec& spec_of(const Schema& s, int kind, std::size_t field) {
    return s.kinds[static_cast<std::size_t>(kind)].fields[field];
}

// True if a field is left out of the file: absent optional values always, and values equal to
// the initial one in place records (which hold only what differs from an untouched place) or
// when both are empty.
bool omitted(const FieldSpec& f, const Value& v, RecordScope scope) {
    if (const auto* i = std::get_if<std::int64_t>(&v); i && *i == kNone) return true;
    if (scope == RecordScope::place) return v == f.initial;
    if (v != f.initial) return false;
    return std::visit(
        [](const auto& x) {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, std::int64_t>)
                return false;
            else
                return x.empty();
        },
        v);
}

void write_fields(std::string& o, const Schema& s, int kind, const Row& row) {
    const RecordKind& k = s.kinds[static_cast<std::size_t>(kind)];
    for (std::size_t i = 0; i < k.fields.size(); ++i) {
        if (omitted(k.fields[i], row[i], k.scope)) continue;
        o += fmt::format("{} = {}\n", k.fields[i].name,
                         value_to_toml(row[i], k.fields[i], s.map.codes));
    }
}

std::string code_list(const Galaxy& g, const std::vector<PlaceCode>& codes) {
    std::string out = "[";
    for (std::size_t i = 0; i < codes.size(); ++i) {
        if (i) out += ", ";
        out += q(g.code_str(codes[i]));
    }
    return out + "]";
}

}  // namespace

std::string state_to_toml(const GameState& st) {
    const Schema& s = st.schema();
    std::string o;
    o += fmt::format("# Hyperlane game state after turn {} ({} {}).\n", st.turn, st.pack,
                     st.pack_version);
    o += "# Written by the engine. A GM may edit it; `hyperlane show` checks every field.\n";
    o += fmt::format("format = {}\n", kStateFormat);
    o += fmt::format("turn = {}\n", st.turn);
    o += fmt::format("seed = {}\n", st.seed);
    o += fmt::format("pack = {}\n", q(st.pack));
    o += fmt::format("pack_version = {}\n", q(st.pack_version));
    o += "order_of_play = [";
    for (std::size_t i = 0; i < st.order_of_play.size(); ++i)
        o += fmt::format("{}{}", i ? ", " : "", q(st.order_of_play[i]));
    o += "]\n";
    if (const HexGrid* hex = st.galaxy.hex())
        o += fmt::format("map_size = {{ width = {}, height = {} }}\n", hex->width(), hex->height());
    // Ids are never given twice: where the last ids were deleted, the next one is kept.
    std::string next;
    for (std::size_t k = 0; k < s.kinds.size(); ++k) {
        if (s.kinds[k].scope != RecordScope::collection) continue;
        const auto& rows = st.records.rows(static_cast<int>(k));
        std::int64_t implied = rows.empty() ? 1 : rows.rbegin()->first + 1;
        std::int64_t id = st.records.next_id(static_cast<int>(k));
        if (id != implied)
            next += fmt::format("{}{} = {}", next.empty() ? "" : ", ", s.kinds[k].name, id);
    }
    if (!next.empty()) o += fmt::format("next_ids = {{ {} }}\n", next);

    o += "\n# The map: each place's code, kind, position and links; inner places name their "
         "parent.\n";
    o += "places = [\n";
    for (const auto& [code, p] : st.galaxy.places()) {
        if (p.inner())
            o += fmt::format("  {{ code = {}, kind = {}, parent = {} }},\n",
                             q(st.galaxy.code_str(code)), q(p.kind),
                             q(st.galaxy.code_str(*p.parent)));
        else
            o += fmt::format("  {{ code = {}, kind = {}, x = {}, y = {}, links = {} }},\n",
                             q(st.galaxy.code_str(code)), q(p.kind), p.pos.x, p.pos.y,
                             code_list(st.galaxy, p.links));
    }
    o += "]\n";

    // The game record, then empires with the kind named "empire", then every other kind.
    for (std::size_t k = 0; k < s.kinds.size(); ++k) {
        if (s.kinds[k].scope != RecordScope::game) continue;
        o += fmt::format("\n[{}]\n", s.kinds[k].name);
        write_fields(o, s, static_cast<int>(k), st.records.row_or_initial(static_cast<int>(k), 0));
    }
    int empire_kind = s.kind_index("empire");
    for (std::size_t i = 0; i < st.empires.size(); ++i) {
        const Empire& e = st.empires[i];
        o += "\n[[empire]]\n";
        o += fmt::format("code = {}\n", q(e.code));
        o += fmt::format("name = {}\n", q(e.name));
        o += fmt::format("player = {}\n", q(e.player));
        o += fmt::format("computer = {}\n", e.computer);
        if (empire_kind >= 0 &&
            s.kinds[static_cast<std::size_t>(empire_kind)].scope == RecordScope::empire)
            write_fields(o, s, empire_kind,
                         st.records.row_or_initial(empire_kind, static_cast<std::int64_t>(i)));
    }
    for (std::size_t k = 0; k < s.kinds.size(); ++k) {
        const RecordKind& kind = s.kinds[k];
        if (kind.scope == RecordScope::game || static_cast<int>(k) == empire_kind) continue;
        for (const auto& [key, row] : st.records.rows(static_cast<int>(k))) {
            std::string body;
            write_fields(body, s, static_cast<int>(k), row);
            if (kind.scope == RecordScope::place && body.empty()) continue;
            o += fmt::format("\n[[{}]]\n", kind.name);
            switch (kind.scope) {
                case RecordScope::place:
                    o += fmt::format("{} = {}\n", kind.key,
                                     q(st.galaxy.code_str(static_cast<PlaceCode>(key))));
                    break;
                case RecordScope::empire:
                    o += fmt::format("{} = {}\n", kind.key,
                                     q(st.empires[static_cast<std::size_t>(key)].code));
                    break;
                default:
                    o += fmt::format("{} = {}\n", kind.key, key);
                    break;
            }
            o += body;
        }
    }
    return o;
}

std::optional<std::string> read_empire_code(TomlView& e, const char* key, const Schema& schema,
                                            std::set<std::string>* codes) {
    std::string code = e.string(key, true).value_or("");
    if (auto bad = schema.empire_codes.problem(code)) {
        e.error(key, *bad);
        e.skip();
        return std::nullopt;
    }
    if (codes && !codes->insert(code).second) {
        e.error(key, fmt::format("empire {} is listed twice", code));
        e.skip();
        return std::nullopt;
    }
    return code;
}

void read_places(TomlView& root, const std::vector<std::string>* kinds,
                 const std::set<std::string>* inner_kinds, Galaxy& galaxy) {
    // Outer places first, then inner ones, then links.
    struct Pending {
        TomlView view;
        PlaceCode code;
        std::vector<std::string> links;
    };
    std::vector<Pending> outer;
    std::vector<TomlView> inner;
    const CodeFormat& fmt_codes = galaxy.spec().codes;
    auto read_code = [&](TomlView& v, const char* key, bool required) -> std::optional<PlaceCode> {
        auto t = v.string(key, required);
        if (!t) return std::nullopt;
        auto c = fmt_codes.parse(*t);
        if (!c)
            v.error(key, fmt::format("\"{}\" is not a place code ({})", *t, fmt_codes.describe()));
        return c;
    };
    for (TomlView s : root.tables("places", true)) {
        auto code = read_code(s, "code", true);
        auto kind = s.string("kind", true);
        if (!code || !kind) {
            s.skip();
            continue;
        }
        if (kinds && std::find(kinds->begin(), kinds->end(), *kind) == kinds->end()) {
            s.error("kind", fmt::format("unknown place kind '{}'", *kind));
            s.skip();
            continue;
        }
        bool is_inner = s.has("parent");
        if (inner_kinds && inner_kinds->count(*kind) != static_cast<std::size_t>(is_inner)) {
            s.error(is_inner ? "parent" : "kind",
                    is_inner
                        ? fmt::format("a {} is an outer place and has no parent", *kind)
                        : fmt::format("a {} lies inside another place: it needs a parent", *kind));
            s.skip();
            continue;
        }
        if (is_inner) {
            inner.push_back(s);
            continue;
        }
        auto x = s.integer("x", true, -100000, 100000);
        auto y = s.integer("y", true, -100000, 100000);
        auto links = s.string_list("links", true);
        if (!x || !y || !links) continue;
        try {
            galaxy.add_place(*code, *kind, GridPos{static_cast<int>(*x), static_cast<int>(*y)});
            outer.push_back({s, *code, *links});
        } catch (const GalaxyError& e) {
            s.error("code", e.what());
        }
    }
    for (TomlView s : inner) {
        auto code = read_code(s, "code", false);
        auto kind = s.string("kind");
        auto parent = read_code(s, "parent", true);
        if (!code || !kind || !parent) continue;
        try {
            galaxy.add_inner(*code, *kind, *parent);
        } catch (const GalaxyError& e) {
            s.error("parent", e.what());
        }
    }
    for (Pending& p : outer) {
        for (const std::string& l : p.links) {
            auto other = fmt_codes.parse(l);
            if (!other) {
                p.view.error("links", fmt::format("\"{}\" is not a place code ({})", l,
                                                  fmt_codes.describe()));
                continue;
            }
            try {
                galaxy.add_link(p.code, *other);
            } catch (const GalaxyError& e) {
                p.view.error("links", e.what());
            }
        }
    }
}

void read_record_fields(TomlView& t, int kind, std::int64_t key, GameState& st,
                        const std::set<std::string>& skip) {
    const Schema& s = st.schema();
    const RecordKind& k = s.kinds[static_cast<std::size_t>(kind)];
    std::vector<std::string> codes = st.empire_codes();
    RefScope refs{&st.galaxy, &codes, nullptr};
    for (const std::string& name : t.keys()) {
        if (skip.count(name)) continue;
        int fi = k.field_index(name);
        if (fi < 0) continue;  // reported as an unknown key
        const FieldSpec& f = k.fields[static_cast<std::size_t>(fi)];
        const toml::node* n = t.raw(name);
        std::string why;
        auto v = value_from_toml(*n, f, s.map.codes, why);
        if (!v) {
            t.error(name, why);
            continue;
        }
        if (f.scalar.type == ScalarType::empire || f.scalar.type == ScalarType::text) {
            if (auto* str = std::get_if<std::string>(&*v); str && str->empty() && f.optional)
                continue;
        }
        if (auto bad = check_value(f, *v, s, refs)) {
            t.error(name, *bad);
            continue;
        }
        st.records.row(kind, key)[static_cast<std::size_t>(fi)] = std::move(*v);
    }
}

void read_records(TomlView& root, GameState& st) {
    const Schema& s = st.schema();
    int empire_kind = s.kind_index("empire");
    for (std::size_t ki = 0; ki < s.kinds.size(); ++ki) {
        const RecordKind& k = s.kinds[ki];
        int kind = static_cast<int>(ki);
        if (static_cast<int>(ki) == empire_kind && k.scope == RecordScope::empire) continue;
        if (k.scope == RecordScope::game) {
            if (auto t = root.table(k.name)) read_record_fields(*t, kind, 0, st, {});
            continue;
        }
        std::set<std::int64_t> seen;
        for (TomlView t : root.tables(k.name)) {
            std::int64_t key = 0;
            switch (k.scope) {
                case RecordScope::place: {
                    auto text = t.string(k.key, true);
                    auto code = text ? st.galaxy.parse_code(*text) : std::nullopt;
                    if (text && !code)
                        t.error(k.key, fmt::format("\"{}\" is not a place code ({})", *text,
                                                   st.galaxy.spec().codes.describe()));
                    else if (code && !st.galaxy.contains(*code))
                        t.error(k.key, fmt::format("no place {} on the map", *text));
                    if (!code || !st.galaxy.contains(*code)) {
                        t.skip();
                        continue;
                    }
                    key = *code;
                    break;
                }
                case RecordScope::empire: {
                    auto code = read_empire_code(t, k.key.c_str(), s, nullptr);
                    int idx = code ? st.empire_index(*code) : -1;
                    if (code && idx < 0) {
                        t.error(k.key, fmt::format("no empire '{}' in this game", *code));
                        t.skip();
                    }
                    if (idx < 0) continue;
                    key = idx;
                    break;
                }
                default: {
                    auto id = t.integer(k.key, true, 1, kIntLimit);
                    if (!id) {
                        t.skip();
                        continue;
                    }
                    key = *id;
                    break;
                }
            }
            if (!seen.insert(key).second) {
                t.error(k.key, fmt::format("this {} is listed twice", k.name));
                t.skip();
                continue;
            }
            st.records.row(kind, key);
            read_record_fields(t, kind, key, st, {k.key});
        }
    }
}

namespace {

// Reads a parsed state document against a schema; problems go to the document's findings.
GameState state_from_doc(TomlDoc& doc, const std::string& shown_name,
                         const std::shared_ptr<const Schema>& schema) {
    Diagnostics& diags = doc.diags();
    GameState st = GameState::with_schema(schema);
    if (!doc.ok()) return st;
    TomlView root = doc.root();
    if (auto f = root.integer("format", true)) {
        if (*f != kStateFormat) {
            root.error("format", fmt::format("state format {} is not supported (this program "
                                             "reads format {})",
                                             *f, kStateFormat));
            return st;
        }
    }
    st.turn = static_cast<int>(root.integer("turn", true, 0, 100000).value_or(0));
    st.seed = static_cast<std::uint64_t>(root.integer("seed", true, 0).value_or(0));
    st.pack = root.string("pack", true).value_or("");
    st.pack_version = root.string("pack_version", true).value_or("");
    if (auto size = root.table("map_size")) {
        auto w = size->integer("width", true, 2, 9998);
        auto h = size->integer("height", true, 2, 9998);
        if (w && h) {
            try {
                st.galaxy.set_hex_size(static_cast<int>(*w), static_cast<int>(*h));
            } catch (const GalaxyError& e) {
                size->error("width", e.what());
            }
        }
    }
    // Place kinds must be the pack's (its kind table, which the schema knows as "kinds").
    auto kinds = schema->domains.find("kinds");
    read_places(root, kinds == schema->domains.end() ? nullptr : &kinds->second.codes, nullptr,
                st.galaxy);

    std::set<std::string> codes;
    std::vector<TomlView> empire_views;
    for (TomlView e : root.tables("empire", true)) {
        auto code = read_empire_code(e, "code", *schema, &codes);
        if (!code) continue;
        Empire emp;
        emp.code = *code;
        emp.name = e.string("name", true).value_or("");
        emp.player = e.string("player").value_or("");
        emp.computer = e.boolean("computer").value_or(false);
        st.add_empire(std::move(emp));
        empire_views.push_back(e);
    }
    int empire_kind = schema->kind_index("empire");
    if (empire_kind >= 0 &&
        schema->kinds[static_cast<std::size_t>(empire_kind)].scope == RecordScope::empire) {
        for (TomlView& e : empire_views) {
            std::string code = e.string("code").value_or("");
            read_record_fields(e, empire_kind, st.empire_index(code), st,
                               {"code", "name", "player", "computer"});
        }
    }

    if (auto order = root.string_list("order_of_play", true)) {
        std::vector<std::string> sorted = *order, all(codes.begin(), codes.end());
        std::sort(sorted.begin(), sorted.end());
        if (sorted != all)
            root.error("order_of_play", "must list every empire exactly once");
        else
            st.order_of_play = *order;
    }
    read_records(root, st);
    if (auto next = root.table("next_ids")) {
        for (const std::string& name : next->keys()) {
            int k = st.schema().kind_index(name);
            if (k < 0 ||
                st.schema().kinds[static_cast<std::size_t>(k)].scope != RecordScope::collection) {
                next->error(name, fmt::format("'{}' is not a collection kind of the pack", name));
                continue;
            }
            // Never below what the records imply: ids are not given twice.
            if (auto id = next->integer(name, true, 1, kIntLimit)) st.records.set_next_id(k, *id);
        }
    }
    doc.report_unknown_keys();
    // References to collection records can be checked only once all are read.
    if (!diags.has_errors()) diags.merge(check_state(st, shown_name));
    st.normalise();
    return st;
}

}  // namespace

GameState state_from_toml(std::string_view text, const std::string& shown_name,
                          const std::shared_ptr<const Schema>& schema, Diagnostics& diags) {
    TomlDoc doc = TomlDoc::from_text(text, shown_name, diags);
    return state_from_doc(doc, shown_name, schema);
}

Diagnostics check_state(const GameState& st, const std::string& shown_name) {
    Diagnostics d;
    const Schema& s = st.schema();
    std::vector<std::string> codes = st.empire_codes();
    RefScope refs{&st.galaxy, &codes, &st.records};
    for (const Empire& e : st.empires)
        if (auto bad = s.empire_codes.problem(e.code)) d.error({shown_name, 0, 0}, *bad);
    for (std::size_t ki = 0; ki < s.kinds.size(); ++ki) {
        const RecordKind& k = s.kinds[ki];
        for (const auto& [key, row] : st.records.rows(static_cast<int>(ki))) {
            for (std::size_t fi = 0; fi < k.fields.size(); ++fi) {
                auto bad = check_value(spec_of(s, static_cast<int>(ki), fi), row[fi], s, refs);
                if (!bad) continue;
                std::string who;
                switch (k.scope) {
                    case RecordScope::place:
                        who = st.galaxy.code_str(static_cast<PlaceCode>(key));
                        break;
                    case RecordScope::empire:
                        who = key >= 0 && static_cast<std::size_t>(key) < st.empires.size()
                                  ? st.empires[static_cast<std::size_t>(key)].code
                                  : std::to_string(key);
                        break;
                    case RecordScope::game:
                        break;
                    case RecordScope::collection:
                        who = std::to_string(key);
                        break;
                }
                d.error({shown_name, 0, 0},
                        fmt::format("{}{}{}.{}: {}", k.name, who.empty() ? "" : " ", who,
                                    k.fields[fi].name, *bad));
            }
        }
    }
    return d;
}

ParsedStateFile parse_state_file(const std::filesystem::path& path) {
    ParsedStateFile out;
    out.path = path;
    out.diags = std::make_unique<Diagnostics>();
    std::string text;
    try {
        text = read_file(path);
    } catch (const std::exception&) {
        return out;
    }
    out.readable = true;
    out.doc = TomlDoc::from_text(text, path.generic_string(), *out.diags);
    return out;
}

GameState load_state(ParsedStateFile& parsed, const std::shared_ptr<const Schema>& schema) {
    if (!parsed.readable)
        throw InputError({parsed.path.generic_string(), 0, 0}, "cannot read the state file");
    GameState st = state_from_doc(*parsed.doc, parsed.path.generic_string(), schema);
    if (parsed.diags->has_errors()) throw InputError(std::move(*parsed.diags));
    return st;
}

GameState load_state(const std::filesystem::path& path,
                     const std::shared_ptr<const Schema>& schema) {
    ParsedStateFile parsed = parse_state_file(path);
    return load_state(parsed, schema);
}

void save_state(const std::filesystem::path& path, const GameState& state) {
    Diagnostics d = check_state(state, path.generic_string());
    if (d.has_errors()) throw InputError(std::move(d));
    write_file_atomic(path, state_to_toml(state));
}

void save_state_below(const std::filesystem::path& root, const std::filesystem::path& path,
                      const GameState& state) {
    Diagnostics d = check_state(state, path.generic_string());
    if (d.has_errors()) throw InputError(std::move(d));
    write_file_atomic_below(root, path, state_to_toml(state));
}

}  // namespace hl
