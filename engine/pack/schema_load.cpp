#include "pack/schema_load.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "core/value_check.hpp"
#include "io/toml_doc.hpp"
#include "io/value_toml.hpp"

namespace fs = std::filesystem;

namespace hl {

namespace {

// Names scripts see as generic functions of the state module, which a kind may not take.
const std::set<std::string> kReservedKinds = {
    "get",       "set",    "value", "ids",     "find",  "create",    "delete",     "entry",
    "set_entry", "turn",   "seed",  "empires", "order", "set_order", "turn_order", "set_turn_order",
    "kinds",     "fields", "code",  "place"};

// Tables of every scenario file and rule test (docs/scenarios.md, docs/rule-tests.md), where a
// kind's records are given and checked under the kind's name.
const std::set<std::string> kScenarioTables = {"scenario", "galaxy", "map",  "start",
                                               "run",      "result", "note", "report"};

// Fields every empire record has from the engine.
const std::set<std::string> kEmpireIdentity = {"code", "name", "player", "computer", "secret"};

bool valid_name(const std::string& n) {
    return !n.empty() && n.size() <= 32 && n[0] >= 'a' && n[0] <= 'z' &&
           std::all_of(n.begin(), n.end(), [](char c) {
               return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
           });
}

// Parses "int", "set of place", "map of int", ... into shape and scalar type.
bool parse_type(const std::string& text, FieldShape& shape, ScalarType& type) {
    std::string scalar = text;
    shape = FieldShape::one;
    for (auto [word, sh] :
         {std::pair{"list of ", FieldShape::list}, std::pair{"set of ", FieldShape::set},
          std::pair{"map of ", FieldShape::map}}) {
        if (text.rfind(word, 0) == 0) {
            shape = sh;
            scalar = text.substr(std::string(word).size());
        }
    }
    auto t = parse_scalar_type(scalar);
    if (!t) return false;
    type = *t;
    return true;
}

std::optional<FieldSpec> read_field(TomlView& fields, const std::string& name, const Schema& schema,
                                    RecordScope scope) {
    FieldSpec f;
    f.name = name;
    f.where = fields.pos(name);
    if (!valid_name(name)) {
        fields.error(name,
                     "a field name is lower-case letters, digits and _ (at most 32), "
                     "starting with a letter");
        fields.raw(name);
        return std::nullopt;
    }
    if (scope == RecordScope::empire && kEmpireIdentity.count(name)) {
        fields.error(name, fmt::format("'{}' is part of every empire's identity; choose "
                                       "another name",
                                       name));
        fields.raw(name);
        return std::nullopt;
    }
    if (scope == RecordScope::collection && name == "id") {
        fields.error(name, "'id' is the engine's number of each record of a collection");
        fields.raw(name);
        return std::nullopt;
    }
    std::string type_text;
    std::optional<TomlView> spec;
    if (fields.tbl().get(name)->is_string()) {
        type_text = fields.string(name).value_or("");
    } else {
        spec = fields.table(name, true);
        if (!spec) return std::nullopt;
        type_text = spec->string("type", true).value_or("");
    }
    if (!parse_type(type_text, f.shape, f.scalar.type)) {
        fields.error(name, fmt::format("\"{}\" is not a field type (int, flag, text, choice, "
                                       "place, empire, record; or list of / set of / map of "
                                       "one of them)",
                                       type_text));
        if (spec) spec->skip();
        return std::nullopt;
    }
    bool ok = true;
    if (spec) {
        TomlView& s = *spec;
        if (f.scalar.type == ScalarType::integer) {
            if (auto v = s.integer("min", false, -kIntLimit, kIntLimit)) f.scalar.min = *v;
            if (auto v = s.integer("max", false, -kIntLimit, kIntLimit)) f.scalar.max = *v;
            if (f.scalar.min > f.scalar.max) {
                s.error("max", fmt::format("max {} is below min {}", f.scalar.max, f.scalar.min));
                ok = false;
            }
        }
        if (f.scalar.type == ScalarType::text && f.shape == FieldShape::one)
            f.keys = s.string("table").value_or("");
        if (f.scalar.type == ScalarType::text) {
            if (auto v = s.integer("max_length", false, 1, 100000))
                f.scalar.max_length = static_cast<std::size_t>(*v);
            if (auto v = s.boolean("multiline")) f.scalar.multiline = *v;
        }
        if (f.scalar.type == ScalarType::choice) {
            if (auto v = s.string_list("choices", true)) f.scalar.choices = *v;
            if (f.scalar.choices.empty()) {
                s.error("choices", "a choice needs at least one word to choose from");
                ok = false;
            }
        }
        if (f.scalar.type == ScalarType::record) {
            f.scalar.record_kind = s.string("kind", true).value_or("");
        }
        if (f.shape == FieldShape::one) {
            if (auto v = s.boolean("optional")) f.optional = *v;
            if (f.optional &&
                (f.scalar.type == ScalarType::integer || f.scalar.type == ScalarType::flag ||
                 f.scalar.type == ScalarType::text)) {
                s.error("optional", fmt::format("only a place, empire, record or choice may "
                                                "be optional (an {} has a default instead)",
                                                scalar_type_name(f.scalar.type)));
                ok = false;
            }
        }
        if (f.shape == FieldShape::map) {
            f.keys = s.string("keys").value_or("");
            f.cap_column = s.string("cap").value_or("");
            f.fill_column = s.string("fill").value_or("");
            if (!f.fill_column.empty() && f.keys.empty()) {
                s.error("fill", "fill names a column of the table given by keys");
                ok = false;
            }
            if (!f.cap_column.empty() && f.keys.empty()) {
                s.error("cap", "cap names a column of the table given by keys");
                ok = false;
            }
        }
        f.doc = s.string("doc").value_or("");
        f.initial = zero_value(f);
        if (const toml::node* d = s.raw("default")) {
            std::string why;
            auto v = value_from_toml(*d, f, schema.map.codes, why);
            RefScope none;
            if (!v) {
                s.error("default", why);
                ok = false;
            } else if (auto bad = check_value(f, *v, schema, none)) {
                s.error("default", *bad);
                ok = false;
            } else {
                f.initial = *v;
            }
        }
    } else {
        if (f.scalar.type == ScalarType::choice || f.scalar.type == ScalarType::record) {
            fields.error(
                name,
                fmt::format("a {} needs a table: {{ type = \"{}\", {} = ... }}", type_text,
                            type_text, f.scalar.type == ScalarType::choice ? "choices" : "kind"));
            return std::nullopt;
        }
        f.initial = zero_value(f);
    }
    if (!ok) return std::nullopt;
    return f;
}

void read_kind(TomlView& kinds, const std::string& name, bool base, Schema& schema,
               Diagnostics& diags) {
    auto view = kinds.table(name, true);
    if (!view) return;
    if (!valid_name(name) || kReservedKinds.count(name) || kScenarioTables.count(name)) {
        kinds.error(name, kReservedKinds.count(name)
                              ? fmt::format("'{}' is a function of the state module; choose "
                                            "another kind name",
                                            name)
                          : kScenarioTables.count(name)
                              ? fmt::format("'{}' is a table of every scenario and rule test; "
                                            "choose another kind name",
                                            name)
                              : "a kind name is lower-case letters, digits and _ (at most 32), "
                                "starting with a letter");
        view->skip();
        return;
    }
    int existing = schema.kind_index(name);
    RecordKind fresh;
    RecordKind& k = existing >= 0 ? schema.kinds[static_cast<std::size_t>(existing)] : fresh;
    if (existing < 0) {
        k.name = name;
        k.where = view->pos();
        auto scope_text = view->string("scope", true);
        if (!scope_text) return;
        auto scope = parse_scope(*scope_text);
        if (!scope) {
            view->error("scope", fmt::format("\"{}\" is not a scope (empire, place, game, "
                                             "collection)",
                                             *scope_text));
            view->skip();
            return;
        }
        k.scope = *scope;
        switch (k.scope) {
            case RecordScope::place:
                k.key = "place";
                break;
            case RecordScope::empire:
                k.key = name == "empire" ? "code" : "empire";
                break;
            case RecordScope::collection:
                k.key = "id";
                break;
            case RecordScope::game:
                break;
        }
        if (k.scope == RecordScope::place) {
            if (auto key = view->string("key")) {
                if (valid_name(*key))
                    k.key = *key;
                else
                    view->error("key", "a key name is lower-case letters, digits and _");
            }
        }
    } else if (auto s = view->string("scope")) {
        if (parse_scope(*s) != k.scope)
            view->error("scope", fmt::format("kind {} is a {} kind (declared at {}); a variant "
                                             "cannot change its scope",
                                             name, scope_name(k.scope), format_pos(k.where)));
    }
    if (auto d = view->string("doc")) k.doc = *d;
    (void)base;
    if (auto fields = view->table("fields", existing < 0)) {
        for (const std::string& fname : fields->keys()) {
            auto f = read_field(*fields, fname, schema, k.scope);
            if (!f) continue;
            if (fname == k.key) {
                fields->error(fname, fmt::format("'{}' names each {} record in files; choose "
                                                 "another field name",
                                                 fname, name));
                continue;
            }
            int fi = k.field_index(fname);
            if (fi < 0) {
                k.fields.push_back(*f);
                continue;
            }
            FieldSpec& old = k.fields[static_cast<std::size_t>(fi)];
            if (old.storage() != f->storage() || old.shape != f->shape) {
                diags.error(f->where,
                            fmt::format("records.{}.fields.{}: a variant may change a field's "
                                        "limits, not its type ({} declared at {})",
                                        name, fname, describe_field(old), format_pos(old.where)));
                continue;
            }
            old = *f;
        }
    }
    if (existing < 0) schema.kinds.push_back(std::move(fresh));
}

}  // namespace

void load_schema_file(const fs::path& file, const std::string& shown, bool base, Schema& schema,
                      Diagnostics& diags) {
    if (!fs::exists(file)) {
        if (base)
            diags.error({shown, 0, 0},
                        "missing schema.toml (the records a game keeps: docs/packs.md)");
        return;
    }
    TomlDoc doc = TomlDoc::from_file(file, shown, diags);
    if (!doc.ok()) return;
    TomlView root = doc.root();
    if (auto map = root.table("map", false)) {
        if (auto g = map->string("geometry")) {
            if (auto geo = parse_geometry(*g))
                schema.map.geometry = *geo;
            else
                map->error("geometry", fmt::format("\"{}\" is not grid or hex", *g));
        }
        if (auto p = map->string("code_prefix")) {
            bool letters = p->size() <= 3 && std::all_of(p->begin(), p->end(), [](char c) {
                               return c >= 'A' && c <= 'Z';
                           });
            if (letters)
                schema.map.codes.prefix = *p;
            else
                map->error("code_prefix", "a code prefix is at most three capital letters");
        }
        if (auto d = map->integer("code_digits", false, 1, 9))
            schema.map.codes.digits = static_cast<int>(*d);
    }
    if (auto emp = root.table("empires", false)) {
        if (auto c = emp->string("code")) {
            if (*c == "letters" || *c == "digits")
                schema.empire_codes.digits = *c == "digits";
            else
                emp->error("code", fmt::format("\"{}\" is not letters or digits", *c));
        }
        auto lo = emp->integer("code_min_length", false, 1, 8);
        auto hi = emp->integer("code_max_length", false, 1, 8);
        if (lo) schema.empire_codes.min_length = static_cast<std::size_t>(*lo);
        if (hi) schema.empire_codes.max_length = static_cast<std::size_t>(*hi);
        if (schema.empire_codes.min_length > schema.empire_codes.max_length)
            emp->error("code_max_length", "the longest code is shorter than the shortest");
        if (auto r = emp->string_list("reserved")) schema.empire_codes.reserved = *r;
    }
    if (auto kf = root.table("kind_fields", false)) {
        for (const std::string& name : kf->keys()) {
            if (name == "code" || name == "name" || name == "inner") {
                kf->error(name, fmt::format("'{}' is part of every kind row already", name));
                kf->raw(name);
                continue;
            }
            auto f = read_field(*kf, name, schema, RecordScope::game);
            if (!f) continue;
            if (f->shape != FieldShape::one ||
                (f->scalar.type != ScalarType::integer && f->scalar.type != ScalarType::flag &&
                 f->scalar.type != ScalarType::text && f->scalar.type != ScalarType::choice)) {
                kf->error(name, "a kind field is one int, flag, text or choice");
                continue;
            }
            auto it = std::find_if(schema.kind_fields.begin(), schema.kind_fields.end(),
                                   [&](const FieldSpec& x) { return x.name == name; });
            if (it == schema.kind_fields.end())
                schema.kind_fields.push_back(*f);
            else
                *it = *f;
        }
    }
    if (auto kinds = root.table("records", base)) {
        for (const std::string& name : kinds->keys())
            read_kind(*kinds, name, base, schema, diags);
    }
    doc.report_unknown_keys();
}

void finish_schema(Schema& schema, const SourcePos& where, Diagnostics& diags) {
    int games = 0;
    for (RecordKind& k : schema.kinds) {
        games += k.scope == RecordScope::game;
        for (FieldSpec& f : k.fields) {
            auto at = [&](const std::string& m) {
                diags.error(f.where, fmt::format("records.{}.fields.{}: {}", k.name, f.name, m));
            };
            if (f.scalar.type == ScalarType::record) {
                const RecordKind* target = schema.kind(f.scalar.record_kind);
                if (!target)
                    at(fmt::format("no record kind '{}'", f.scalar.record_kind));
                else if (target->scope != RecordScope::collection)
                    at(
                        fmt::format("kind '{}' is not a collection: only collection records "
                                    "have ids",
                                    f.scalar.record_kind));
            }
            if (!f.keys.empty()) {
                auto d = schema.domains.find(f.keys);
                if (d == schema.domains.end())
                    at(fmt::format("keys: no table '{}' in the pack", f.keys));
                else if (!f.cap_column.empty() && !d->second.columns.count(f.cap_column))
                    at(fmt::format("cap: table '{}' has no integer column '{}'", f.keys,
                                   f.cap_column));
                else if (!f.fill_column.empty() && !d->second.columns.count(f.fill_column))
                    at(fmt::format("fill: table '{}' has no integer column '{}'", f.keys,
                                   f.fill_column));
                else if (!f.fill_column.empty() && f.storage() == Storage::int_map) {
                    IntMap m;
                    for (const std::string& code : d->second.codes)
                        m[code] = d->second.column(f.fill_column, code).value_or(0);
                    f.initial = m;
                }
            }
        }
    }
    if (games > 1) diags.error(where, "schema.toml: more than one kind has scope \"game\"");
}

}  // namespace hl
