#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <toml++/toml.h>

#include "core/diagnostics.hpp"
#include "core/schema.hpp"
#include "pack/constant_limits.hpp"
#include "pack/script_source.hpp"

namespace hl {

// The folder of a pack that holds its tests (docs/rule-tests.md): rule-test folders and Lua unit
// tests, which are neither modules of the pack nor copied into games.
inline constexpr const char* kPackTestsFolder = "tests";

// One tech of the pack's tech table (techs.toml).
struct TechDef {
    std::string code;        // two capital letters, e.g. "WT"
    std::string name;        // e.g. "Weapons Tech"
    std::string meaning;     // one line for reports and --help
    std::string rule;        // rulebook reference, may be empty
    int start = 0;           // level every empire starts with
    std::optional<int> cap;  // highest level allowed, if any
    SourcePos where;
};

// One place kind of the pack's kind table (kinds.toml): its code, name, whether its places lie
// inside others, and the values of the kind fields the schema declares ([kind_fields]).
struct KindDef {
    std::string code;           // e.g. "yellow"
    std::string name;           // e.g. "Yellow star"
    bool inner = false;         // its places lie inside an outer place (worlds in a star)
    std::vector<Value> fields;  // one per Schema::kind_fields, in that order
    SourcePos where;
};

// One pack folder in an extends chain.
struct PackLayer {
    std::string id;  // path from the rules root, e.g. "starchase", "variants/hightech"
    std::filesystem::path dir;
    std::string name;
    std::string version;
    std::string description;
    std::string extends;  // id of the pack this one extends, empty for a base pack
};

// A rules pack with everything it extends merged: constants, techs, kinds and Lua files,
// where each layer overrides only what it names.
class Pack {
  public:
    // Loads the pack in dir and every pack it extends; errors go to diags.
    static Pack load(const std::filesystem::path& dir, Diagnostics& diags);
    // Folders of the chain, base first.
    const std::vector<PackLayer>& layers() const { return layers_; }
    // The pack that was asked for (last layer).
    const PackLayer& top() const { return layers_.back(); }
    // Merged constants.
    const toml::table& constants() const { return constants_; }
    // A constant by dotted path, or nullptr.
    const toml::node* constant(std::string_view dotted) const;
    // Where a constant was (last) defined, by dotted path; empty if unknown.
    SourcePos constant_pos(const std::string& dotted) const;
    // An integer constant by dotted path; throws std::runtime_error if missing or not an int.
    std::int64_t const_int(std::string_view dotted) const;
    // An integer constant, or a fallback when the pack does not define it.
    std::int64_t const_int(std::string_view dotted, std::int64_t fallback) const;
    // Techs in table order (base order, then added techs).
    const std::vector<TechDef>& techs() const { return techs_; }
    // A tech by code, or nullptr.
    const TechDef* tech(std::string_view code) const;
    // The declaration of a game's state (schema.toml), shared by every state of the pack.
    const std::shared_ptr<const Schema>& schema() const { return schema_; }
    // Kinds in table order.
    const std::vector<KindDef>& kinds() const { return kinds_; }
    // A kind by code, or nullptr.
    const KindDef* kind(std::string_view code) const;
    // The source of a Lua module by name ("galaxy", "actions/move"), from the last layer
    // that has it; `jit` is set for the modules listed in constants.engine.jit_modules.
    std::optional<ScriptSource> script(const std::string& name) const;
    // The chunk name of a module for messages ("rules/<pack>/<file>.lua"); empty if none.
    std::string script_chunk(const std::string& name) const;
    // The ranges the pack declares for its constants ([limits], merged over the chain).
    const ConstantLimits& limits() const { return limits_; }
    // Every Lua module name of the merged pack, sorted.
    std::vector<std::string> script_names() const;
    // The file on disk behind a module name.
    std::optional<std::filesystem::path> script_path(const std::string& name) const;
    // What import("base:NAME") means in the file `caller` (a chunk name): the module NAME of the
    // nearest pack below the caller's that has it, by a name script() knows ("base:NAME@LAYER");
    // "" with `error` set if there is none.
    std::string base_module(const std::string& name, const std::string& caller,
                            std::string& error) const;

  private:
    std::vector<PackLayer> layers_;
    toml::table constants_;
    std::map<std::string, SourcePos> constant_pos_;
    std::vector<TechDef> techs_;
    std::vector<KindDef> kinds_;
    std::shared_ptr<const Schema> schema_ = std::make_shared<const Schema>();
    // A Lua module of the merged pack: where it is and its text, read once at load.
    struct Script {
        std::filesystem::path file;
        std::string chunk;
        std::string text;
        std::size_t layer = 0;  // index in layers_
    };
    std::map<std::string, Script> scripts_;
    // The modules a later pack of the chain replaced, by name, base first (import "base:").
    std::map<std::string, std::vector<Script>> replaced_;
    // The script that "base:NAME@LAYER" names, or null.
    const Script* base_script(const std::string& name) const;
    std::set<std::string> jit_modules_;  // constants.engine.jit_modules
    ConstantLimits limits_;
};

// The place a TOML node came from (file, line, column).
SourcePos node_pos(const toml::node& n);

// Finds a pack by a path or an id under a rules root; nullopt if neither has pack.toml.
std::optional<std::filesystem::path> resolve_pack(const std::string& spec,
                                                  const std::filesystem::path& rules_root);

// A path as messages show it: relative to the working folder when it lies below it.
std::string shown_path(const std::filesystem::path& p);

// The rules root compiled into the program (the source tree's rules/), unless
// HYPERLANE_RULES is set.
std::filesystem::path default_rules_root();

}  // namespace hl
