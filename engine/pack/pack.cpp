#include "pack/pack.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "core/value_check.hpp"
#include "io/bounded_read.hpp"
#include "io/toml_doc.hpp"
#include "io/value_toml.hpp"
#include "pack/engine_fields.hpp"
#include "pack/rules_roots.hpp"
#include "pack/schema_load.hpp"

namespace fs = std::filesystem;

namespace hl {

SourcePos node_pos(const toml::node& n) {
    const auto& src = n.source();
    return SourcePos{src.path ? *src.path : std::string(), static_cast<int>(src.begin.line),
                     static_cast<int>(src.begin.column)};
}

namespace {

SourcePos key_pos(const toml::key& k) {
    const auto& src = k.source();
    return SourcePos{src.path ? *src.path : std::string(), static_cast<int>(src.begin.line),
                     static_cast<int>(src.begin.column)};
}

// A path as messages show it (shown_path).
std::string shown(const fs::path& p) {
    return shown_path(p);
}

// Records where every constant (tables and leaves) was defined, by dotted path.
void record_positions(const toml::table& t, const std::string& path,
                      std::map<std::string, SourcePos>& out) {
    for (auto&& [k, v] : t) {
        std::string p = path.empty() ? std::string(k.str()) : path + "." + std::string(k.str());
        out[p] = node_pos(v);
        if (const toml::table* sub = v.as_table()) record_positions(*sub, p, out);
    }
}

bool same_type(const toml::node& a, const toml::node& b) {
    if (a.type() == b.type()) return true;
    // An integer may replace a float and the other way round: both are numbers.
    auto num = [](const toml::node& n) { return n.is_integer() || n.is_floating_point(); };
    return num(a) && num(b);
}

// Applies a variant's [constants] overrides: only keys the base defines may be named.
void override_constants(toml::table& into, const toml::table& from, const std::string& path,
                        const std::string& base_id, const std::map<std::string, SourcePos>& where,
                        Diagnostics& diags) {
    for (auto&& [k, v] : from) {
        std::string p = path.empty() ? std::string(k.str()) : path + "." + std::string(k.str());
        toml::node* cur = into.get(k.str());
        if (!cur && p == "engine.instruction_budget") {
            diags.error(key_pos(k),
                        "constants.engine.instruction_budget: no longer used; set "
                        "engine.step_budget (loop iterations, gotos and function "
                        "calls a script call may take) instead");
            continue;
        }
        if (!cur) {
            diags.error(key_pos(k), fmt::format("constants.{}: no such constant in '{}'; new "
                                                "constants go under [new_constants]",
                                                p, base_id));
            continue;
        }
        if (!same_type(*cur, v)) {
            diags.error(key_pos(k),
                        fmt::format("constants.{}: type differs from the constant it overrides "
                                    "(defined at {})",
                                    p, where.count(p) ? format_pos(where.at(p)) : base_id));
            continue;
        }
        if (cur->is_table()) {
            override_constants(*cur->as_table(), *v.as_table(), p, base_id, where, diags);
        } else {
            into.insert_or_assign(k.str(), v);
        }
    }
}

// Applies a variant's [new_constants]: keys the base does not define, at any depth (a new key
// inside an existing table, e.g. new_constants.ships.destroyer, adds to that table).
void add_constants(toml::table& into, const toml::table& from, const std::string& path,
                   Diagnostics& diags) {
    for (auto&& [k, v] : from) {
        std::string p = path.empty() ? std::string(k.str()) : path + "." + std::string(k.str());
        toml::node* cur = into.get(k.str());
        if (cur && cur->is_table() && v.is_table()) {
            add_constants(*cur->as_table(), *v.as_table(), p, diags);
            continue;
        }
        if (cur) {
            diags.error(key_pos(k), fmt::format("new_constants.{}: already a constant; override "
                                                "it under [constants]",
                                                p));
            continue;
        }
        into.insert(k.str(), v);
    }
}

// What is left of the bytes and Lua files a pack chain may read.
struct ReadBudget {
    std::size_t bytes = kMaxPackBytes;
    std::size_t files = kMaxPackScripts;
};

bool valid_tech_code(const std::string& c) {
    return c.size() == 2 &&
           std::all_of(c.begin(), c.end(), [](char ch) { return ch >= 'A' && ch <= 'Z'; });
}

bool valid_kind_code(const std::string& c) {
    return !c.empty() && c.size() <= 20 && std::all_of(c.begin(), c.end(), [](char ch) {
        return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_';
    });
}

// Reads a layer's techs.toml into techs; a pack without one has no technologies.
void load_techs(const fs::path& file, bool base, std::vector<TechDef>& techs, Diagnostics& diags) {
    if (!fs::exists(file)) return;
    TomlDoc doc = TomlDoc::from_file(file, shown(file), diags);
    if (!doc.ok()) return;
    TomlView root = doc.root();
    std::set<std::string> in_this_file;
    for (TomlView row : root.tables("tech", base)) {
        auto code = row.string("code", true);
        if (!code) continue;
        if (!valid_tech_code(*code)) {
            row.error("code",
                      fmt::format("\"{}\" is not a tech code (two capital letters)", *code));
            continue;
        }
        if (!in_this_file.insert(*code).second) {
            row.error("code", fmt::format("tech {} is listed twice", *code));
            continue;
        }
        auto it = std::find_if(techs.begin(), techs.end(),
                               [&](const TechDef& t) { return t.code == *code; });
        bool adding = it == techs.end();
        TechDef def = adding ? TechDef{} : *it;
        def.code = *code;
        def.where = row.pos();
        if (auto v = row.string("name", adding)) def.name = *v;
        if (auto v = row.string("meaning", adding)) def.meaning = *v;
        if (auto v = row.string("rule")) def.rule = *v;
        if (auto v = row.integer("start", adding, 0, 1000)) def.start = static_cast<int>(*v);
        if (auto v = row.integer("cap", false, 0, 1000000)) def.cap = static_cast<int>(*v);
        if (def.cap && def.start > *def.cap)
            row.error("start",
                      fmt::format("start level {} is above the cap {}", def.start, *def.cap));
        if (adding)
            techs.push_back(def);
        else
            *it = def;
    }
    doc.report_unknown_keys();
}

void load_kinds(const fs::path& file, bool base, const Schema& schema, std::vector<KindDef>& kinds,
                Diagnostics& diags) {
    if (!fs::exists(file)) {
        if (base) diags.error({shown(file), 0, 0}, "missing kinds.toml (the place kinds)");
        return;
    }
    TomlDoc doc = TomlDoc::from_file(file, shown(file), diags);
    if (!doc.ok()) return;
    TomlView root = doc.root();
    std::set<std::string> in_this_file;
    for (TomlView row : root.tables("kind", base)) {
        auto code = row.string("code", true);
        if (!code) continue;
        if (!valid_kind_code(*code)) {
            row.error("code", fmt::format("\"{}\" is not a kind code (lower case letters, "
                                          "digits, _)",
                                          *code));
            continue;
        }
        if (!in_this_file.insert(*code).second) {
            row.error("code", fmt::format("kind {} is listed twice", *code));
            continue;
        }
        auto it = std::find_if(kinds.begin(), kinds.end(),
                               [&](const KindDef& k) { return k.code == *code; });
        bool adding = it == kinds.end();
        KindDef def = adding ? KindDef{} : *it;
        def.code = *code;
        def.where = row.pos();
        if (adding)
            for (const FieldSpec& f : schema.kind_fields)
                def.fields.push_back(f.initial);
        if (auto v = row.string("name", adding)) def.name = *v;
        if (auto v = row.boolean("inner", adding)) def.inner = *v;
        for (std::size_t i = 0; i < schema.kind_fields.size(); ++i) {
            const FieldSpec& f = schema.kind_fields[i];
            const toml::node* n = row.raw(f.name);
            if (!n) continue;
            std::string why;
            auto v = value_from_toml(*n, f, schema.map.codes, why);
            RefScope none;
            if (!v)
                row.error(f.name, why);
            else if (auto bad = check_value(f, *v, schema, none))
                row.error(f.name, *bad);
            else
                def.fields[i] = *v;
        }
        if (adding)
            kinds.push_back(def);
        else
            *it = def;
    }
    doc.report_unknown_keys();
}

// Reads a layer's Lua files, at most kMaxPackFileBytes each; `budget` is what is left of the
// bytes (kMaxPackBytes) and files (kMaxPackScripts) the whole chain may read.
template <typename ScriptMap, typename ReplacedMap>
void collect_scripts(const PackLayer& layer, std::size_t layer_index, ScriptMap& scripts,
                     ReplacedMap& replaced, ReadBudget& budget, Diagnostics& diags) {
    std::vector<fs::path> files;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(layer.dir, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        // The pack's tests (rule-test folders, Lua unit tests) are not modules of its rules.
        if (it.depth() == 0 && it->is_directory() && it->path().filename() == kPackTestsFolder) {
            it.disable_recursion_pending();
            continue;
        }
        if (it->is_regular_file() && it->path().extension() == ".lua") files.push_back(it->path());
        if (files.size() > budget.files) {
            diags.error(
                {shown(layer.dir), 0, 0},
                fmt::format("more than {} Lua files in the pack: refused", kMaxPackScripts));
            budget.files = 0;
            return;
        }
    }
    std::sort(files.begin(), files.end());
    budget.files -= files.size();
    for (const auto& f : files) {
        std::string rel = f.lexically_relative(layer.dir).generic_string();
        std::string name = rel.substr(0, rel.size() - 4);
        ReadOutcome read = read_limited(f, std::min(kMaxPackFileBytes, budget.bytes), "Lua file");
        if (!read.text) {
            if (read.too_large && budget.bytes < kMaxPackFileBytes)
                read.problem = fmt::format("the pack's files are longer than {} in all: refused",
                                           format_bytes(kMaxPackBytes));
            diags.error({shown(f), 0, 0},
                        read.too_large ? read.problem : "cannot read this Lua file");
            budget.bytes = 0;
            return;
        }
        budget.bytes -= read.text->size();
        // A module the pack replaces stays reachable as its base (import "base:NAME").
        if (auto old = scripts.find(name); old != scripts.end())
            replaced[name].push_back(std::move(old->second));
        scripts[name] = {f, shown(f), std::move(*read.text), layer_index};
    }
}

// Checks `[references]`: constants whose keys or values must name kinds or techs.
void check_references(const toml::table& refs, const Pack& pack, Diagnostics& diags) {
    for (auto&& [k, v] : refs) {
        std::string path(k.str());
        auto spec = v.value_exact<std::string>();
        static const std::set<std::string> specs = {"keys:kinds",  "keys:techs",   "value:kinds",
                                                    "value:techs", "values:kinds", "values:techs"};
        if (!spec || !specs.count(*spec)) {
            diags.error(key_pos(k), fmt::format("references.{}: expected one of keys:kinds, "
                                                "keys:techs, value:kinds, value:techs, "
                                                "values:kinds, values:techs",
                                                path));
            continue;
        }
        const toml::node* target = pack.constant(path);
        SourcePos tpos = pack.constant_pos(path);
        if (!target) {
            diags.error(key_pos(k), fmt::format("references.{}: no such constant", path));
            continue;
        }
        bool kinds = spec->ends_with("kinds");
        auto known = [&](const std::string& code) {
            return kinds ? pack.kind(code) != nullptr : pack.tech(code) != nullptr;
        };
        auto complain = [&](SourcePos where, const std::string& what, const std::string& code) {
            diags.error(std::move(where), fmt::format("constants.{}{}: unknown {} '{}'", path, what,
                                                      kinds ? "kind" : "tech", code));
        };
        if (spec->starts_with("keys:")) {
            const toml::table* t = target->as_table();
            if (!t) {
                diags.error(tpos, fmt::format("constants.{}: expected a table", path));
                continue;
            }
            for (auto&& [tk, tv] : *t)
                if (!known(std::string(tk.str())))
                    complain(pack.constant_pos(path + "." + std::string(tk.str())),
                             "." + std::string(tk.str()), std::string(tk.str()));
        } else if (spec->starts_with("value:")) {
            auto s = target->value_exact<std::string>();
            if (!s)
                diags.error(tpos, fmt::format("constants.{}: expected a string", path));
            else if (!known(*s))
                complain(tpos, "", *s);
        } else {
            const toml::array* a = target->as_array();
            if (!a) {
                diags.error(tpos, fmt::format("constants.{}: expected an array", path));
                continue;
            }
            for (std::size_t i = 0; i < a->size(); ++i) {
                auto s = (*a)[i].value_exact<std::string>();
                if (!s || !known(*s)) complain(tpos, fmt::format("[{}]", i), s ? *s : "?");
            }
        }
    }
}

// Reads constants.engine.jit_modules: the modules LuaJIT may compile (lua/host.hpp); each must
// be a Lua module of the pack.
void read_jit_modules(const Pack& pack, std::set<std::string>& out, Diagnostics& diags) {
    const std::string path = "engine.jit_modules";
    const toml::node* n = pack.constant(path);
    if (!n) return;
    const toml::array* a = n->as_array();
    if (!a) {
        diags.error(pack.constant_pos(path),
                    fmt::format("constants.{}: expected an array of module names", path));
        return;
    }
    std::vector<std::string> names = pack.script_names();
    for (std::size_t i = 0; i < a->size(); ++i) {
        auto s = (*a)[i].value_exact<std::string>();
        if (!s) {
            diags.error(pack.constant_pos(path),
                        fmt::format("constants.{}[{}]: expected a module name", path, i));
        } else if (!std::binary_search(names.begin(), names.end(), *s)) {
            diags.error(pack.constant_pos(path),
                        fmt::format("constants.{}[{}]: no Lua module '{}' in the pack (names "
                                    "are paths without .lua, e.g. \"ai/battles\")",
                                    path, i, *s));
        } else {
            out.insert(*s);
        }
    }
}

}  // namespace

std::optional<fs::path> resolve_pack(const std::string& spec, const fs::path& rules_root) {
    return find_pack(spec, {rules_root});
}

fs::path default_rules_root() {
    return rules_roots().front();
}

Pack Pack::load(const fs::path& dir, Diagnostics& diags) {
    Pack pack;
    // Walk the extends chain from the requested pack down to its base.
    struct Pending {
        fs::path dir;
        std::string id;
    };
    std::vector<PackLayer> chain;  // top first
    std::vector<TomlDoc> docs;     // kept alive: copied TOML nodes lose their source positions
    std::set<std::string> visited;
    fs::path cur = dir;
    std::string cur_id;
    for (int depth = 0; depth < 16; ++depth) {
        fs::path file = cur / "pack.toml";
        std::error_code ec;
        std::string canon = fs::weakly_canonical(cur, ec).generic_string();
        if (!visited.insert(canon).second) {
            diags.error({shown(file), 0, 0}, "extends cycle: this pack is reached twice");
            return pack;
        }
        if (!fs::exists(file)) {
            diags.error({shown(file), 0, 0}, "not a rules pack (no pack.toml)");
            return pack;
        }
        PackLayer layer;
        layer.dir = cur;
        Diagnostics local;
        TomlDoc doc = TomlDoc::from_file(file, shown(file), local);
        if (!doc.ok()) {
            diags.merge(local);
            return pack;
        }
        TomlView root = doc.root();
        if (auto meta = root.table("pack", true)) {
            layer.name = meta->string("name", true).value_or("");
            layer.version = meta->string("version", true).value_or("");
            layer.description = meta->string("description").value_or("");
            layer.extends = meta->string("extends").value_or("");
        }
        // Sections read later when the chain is merged: mark them known now.
        for (const char* key : {"constants", "new_constants", "references", "limits"})
            root.raw(key);
        doc.report_unknown_keys();
        diags.merge(local);
        docs.push_back(std::move(doc));
        layer.id = cur_id;
        chain.push_back(layer);
        if (layer.extends.empty()) break;
        // Find the rules root: the nearest ancestor holding the extended pack.
        fs::path parent;
        fs::path up = fs::absolute(cur).lexically_normal();
        while (up.has_parent_path() && up != up.parent_path()) {
            up = up.parent_path();
            if (fs::exists(up / layer.extends / "pack.toml")) {
                parent = up;
                break;
            }
        }
        const std::vector<fs::path> roots = rules_roots();
        for (const fs::path& folder : roots) {
            if (!parent.empty()) break;
            if (fs::exists(folder / layer.extends / "pack.toml")) parent = folder;
        }
        if (parent.empty()) {
            diags.error({shown(file), 0, 0},
                        fmt::format("pack.extends: no pack '{}' found in any folder above {} "
                                    "or in the rules folders {}",
                                    layer.extends, shown(cur), shown_roots(roots)));
            return pack;
        }
        if (chain.back().id.empty()) {
            std::string rel =
                fs::absolute(cur).lexically_normal().lexically_relative(parent).generic_string();
            if (!rel.empty() && rel.rfind("..", 0) != 0) chain.back().id = rel;
        }
        cur = parent / layer.extends;
        cur_id = layer.extends;
        if (depth == 15) {
            diags.error({shown(file), 0, 0}, "extends chain is deeper than 16 packs");
            return pack;
        }
    }
    for (auto& layer : chain) {
        if (layer.id.empty())
            layer.id = fs::absolute(layer.dir).lexically_normal().filename().generic_string();
        if (layer.id.empty()) layer.id = "pack";
    }
    std::reverse(chain.begin(), chain.end());
    std::reverse(docs.begin(), docs.end());
    pack.layers_ = chain;

    // The schema first: the kind table's rows are checked against its kind fields.
    auto schema = std::make_shared<Schema>();
    for (std::size_t i = 0; i < chain.size(); ++i)
        load_schema_file(chain[i].dir / "schema.toml", shown(chain[i].dir / "schema.toml"), i == 0,
                         *schema, diags);

    toml::table references;
    ReadBudget budget;
    for (std::size_t i = 0; i < chain.size(); ++i) {
        const toml::table& t = docs[i].root().tbl();
        bool base = i == 0;
        if (const toml::table* c = t["constants"].as_table()) {
            if (base) {
                pack.constants_ = *c;
                record_positions(*c, "", pack.constant_pos_);
            } else
                override_constants(pack.constants_, *c, "", chain[0].id, pack.constant_pos_, diags);
            record_positions(*c, "", pack.constant_pos_);
        } else if (t.contains("constants")) {
            diags.error(node_pos(*t.get("constants")), "constants: expected a table");
        }
        if (const toml::table* c = t["new_constants"].as_table()) {
            if (base)
                diags.error(node_pos(*c),
                            "new_constants: only a pack that extends another may "
                            "add constants this way; put them under [constants]");
            else
                add_constants(pack.constants_, *c, "", diags);
            if (!base) record_positions(*c, "", pack.constant_pos_);
        }
        if (const toml::table* r = t["references"].as_table())
            for (auto&& [k, v] : *r)
                references.insert_or_assign(k.str(), v);
        if (const toml::table* l = t["limits"].as_table())
            read_limits(*l, pack.limits_, diags);
        else if (t.contains("limits"))
            diags.error(node_pos(*t.get("limits")), "limits: expected a table");
        load_techs(chain[i].dir / "techs.toml", base, pack.techs_, diags);
        load_kinds(chain[i].dir / "kinds.toml", base, *schema, pack.kinds_, diags);
        collect_scripts(chain[i], i, pack.scripts_, pack.replaced_, budget, diags);
    }
    // Tables map fields and kind fields may name: techs (with their cap and start levels) and
    // kinds.
    KeyDomain& techs = schema->domains["techs"];
    for (const TechDef& t : pack.techs_) {
        techs.codes.push_back(t.code);
        techs.columns["start"][t.code] = t.start;
        if (t.cap) techs.columns["cap"][t.code] = *t.cap;
    }
    techs.columns["cap"];
    KeyDomain& kinds = schema->domains["kinds"];
    for (const KindDef& k : pack.kinds_)
        kinds.codes.push_back(k.code);
    finish_schema(*schema, {shown(chain[0].dir / "schema.toml"), 0, 0}, diags);
    for (const KindDef& k : pack.kinds_)
        for (std::size_t i = 0; i < schema->kind_fields.size(); ++i)
            if (auto bad = check_value(schema->kind_fields[i], k.fields[i], *schema, {}))
                diags.error(k.where, fmt::format("kind {}: {}: {}", k.code,
                                                 schema->kind_fields[i].name, *bad));
    read_engine_fields(pack, *schema, diags);
    pack.schema_ = schema;
    check_references(references, pack, diags);
    check_constant_limits(
        pack.constants_, pack.limits_,
        [&](const std::string& path) { return pack.constant_pos(path); }, diags);
    read_jit_modules(pack, pack.jit_modules_, diags);
    return pack;
}

SourcePos Pack::constant_pos(const std::string& dotted) const {
    auto it = constant_pos_.find(dotted);
    return it == constant_pos_.end() ? SourcePos{} : it->second;
}

const toml::node* Pack::constant(std::string_view dotted) const {
    const toml::node* n = &constants_;
    std::size_t start = 0;
    while (start <= dotted.size()) {
        std::size_t dot = dotted.find('.', start);
        std::string_view part = dotted.substr(
            start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
        const toml::table* t = n->as_table();
        if (!t) return nullptr;
        n = t->get(part);
        if (!n) return nullptr;
        if (dot == std::string_view::npos) break;
        start = dot + 1;
    }
    return n;
}

std::int64_t Pack::const_int(std::string_view dotted) const {
    const toml::node* n = constant(dotted);
    if (!n) throw std::runtime_error(fmt::format("rules pack has no constant '{}'", dotted));
    auto v = n->value_exact<std::int64_t>();
    if (!v) throw std::runtime_error(fmt::format("constant '{}' is not an integer", dotted));
    return *v;
}

std::int64_t Pack::const_int(std::string_view dotted, std::int64_t fallback) const {
    const toml::node* n = constant(dotted);
    if (!n) return fallback;
    return n->value_exact<std::int64_t>().value_or(fallback);
}

const TechDef* Pack::tech(std::string_view code) const {
    for (const auto& t : techs_)
        if (t.code == code) return &t;
    return nullptr;
}

const KindDef* Pack::kind(std::string_view code) const {
    for (const auto& k : kinds_)
        if (k.code == code) return &k;
    return nullptr;
}

std::optional<ScriptSource> Pack::script(const std::string& name) const {
    auto it = scripts_.find(name);
    if (it == scripts_.end()) {
        const Script* base = base_script(name);
        if (!base) return std::nullopt;
        const std::string plain = name.substr(5, name.rfind('@') - 5);
        return ScriptSource{base->text, base->chunk, jit_modules_.count(plain) > 0};
    }
    return ScriptSource{it->second.text, it->second.chunk, jit_modules_.count(name) > 0};
}

const Pack::Script* Pack::base_script(const std::string& name) const {
    const std::size_t at = name.rfind('@');
    if (name.rfind("base:", 0) != 0 || at == std::string::npos || at < 5) return nullptr;
    auto it = replaced_.find(name.substr(5, at - 5));
    if (it == replaced_.end()) return nullptr;
    for (const Script& s : it->second)
        if (std::to_string(s.layer) == name.substr(at + 1)) return &s;
    return nullptr;
}

std::string Pack::base_module(const std::string& name, const std::string& caller,
                              std::string& error) const {
    // The caller's pack: the layer of the file (the current or a replaced version) it is.
    std::optional<std::size_t> layer;
    for (const auto& [n, s] : scripts_)
        if (s.chunk == caller) layer = s.layer;
    for (const auto& [n, list] : replaced_)
        for (const Script& s : list)
            if (s.chunk == caller) layer = s.layer;
    if (!layer) {
        error = "only a file of the rules pack may import a base module";
        return {};
    }
    // The version of `name` in the nearest layer below: the current one is above every
    // replaced one, and replaced ones are in layer order.
    if (auto it = scripts_.find(name); it != scripts_.end() && it->second.layer < *layer)
        return name;  // a pack below has it and nothing replaced it since
    const Script* found = nullptr;
    if (auto it = replaced_.find(name); it != replaced_.end())
        for (const Script& s : it->second)
            if (s.layer < *layer) found = &s;
    if (!found) {
        const std::string id = *layer < layers_.size() ? layers_[*layer].id : caller;
        error = *layer == 0 ? fmt::format("{} is in pack '{}', which extends none: it has no base",
                                          caller, id)
                            : fmt::format("no pack below '{}' has a module '{}'", id, name);
        return {};
    }
    return fmt::format("base:{}@{}", name, found->layer);
}

std::string Pack::script_chunk(const std::string& name) const {
    auto it = scripts_.find(name);
    return it == scripts_.end() ? std::string() : it->second.chunk;
}

std::vector<std::string> Pack::script_names() const {
    std::vector<std::string> out;
    for (const auto& [name, file] : scripts_)
        out.push_back(name);
    return out;
}

std::optional<fs::path> Pack::script_path(const std::string& name) const {
    auto it = scripts_.find(name);
    if (it == scripts_.end()) return std::nullopt;
    return it->second.file;
}

std::string shown_path(const fs::path& p) {
    fs::path n = p.lexically_normal();
    if (n.is_absolute()) {
        std::error_code ec;
        fs::path cwd = fs::current_path(ec);
        if (!ec) {
            fs::path rel = n.lexically_relative(cwd);
            if (!rel.empty() && *rel.begin() != "..") return rel.generic_string();
        }
    }
    return n.generic_string();
}

}  // namespace hl
