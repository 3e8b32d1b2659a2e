#include "pack/engine_fields.hpp"

#include <fmt/format.h>

#include "pack/pack.hpp"

namespace hl {

namespace {

// One field the engine reads: its key in [constants.sim], where it is held and what it may be.
struct Wanted {
    const char* key;
    std::string EngineFields::*name;
    RecordScope scope;
    std::vector<ScalarType> types;
    const char* what;  // the types, as messages say them
};

bool fits(const FieldSpec& f, const Wanted& w) {
    if (f.shape != FieldShape::one) return false;
    for (ScalarType t : w.types)
        if (f.scalar.type == t) return true;
    return false;
}

}  // namespace

void read_engine_fields(const Pack& pack, Schema& schema, Diagnostics& diags) {
    const std::vector<Wanted> wanted = {
        {"out",
         &EngineFields::out,
         RecordScope::empire,
         {ScalarType::flag, ScalarType::integer},
         "a flag or int"},
        {"missed_turns",
         &EngineFields::missed_turns,
         RecordScope::empire,
         {ScalarType::integer},
         "an int"},
        {"ended_turn",
         &EngineFields::ended_turn,
         RecordScope::game,
         {ScalarType::integer},
         "an int"},
        {"winner",
         &EngineFields::winner,
         RecordScope::game,
         {ScalarType::empire, ScalarType::text},
         "an empire or text"},
    };
    for (const Wanted& w : wanted) {
        const std::string dotted = std::string("sim.") + w.key;
        const toml::node* n = pack.constant(dotted);
        std::string& name = schema.engine_fields.*w.name;
        if (n) {
            auto v = n->value_exact<std::string>();
            if (!v) {
                diags.error(pack.constant_pos(dotted),
                            fmt::format("{}: expected the name of a field, or \"\"", dotted));
                continue;
            }
            name = *v;
        }
        if (name.empty()) continue;
        const RecordKind* kind = schema.kind_of_scope(w.scope);
        int fi = kind ? kind->field_index(name) : -1;
        if (fi < 0) {
            // The usual name is read only if the schema declares it; a name given must exist.
            if (!n) continue;
            diags.error(pack.constant_pos(dotted),
                        fmt::format("{}: the {} kind has no field '{}' (\"\" if the game has "
                                    "none)",
                                    dotted, scope_name(w.scope), name));
            continue;
        }
        const FieldSpec& f = kind->fields[static_cast<std::size_t>(fi)];
        if (!fits(f, w))
            diags.error(n ? pack.constant_pos(dotted) : f.where,
                        fmt::format("{}.{} is read by the engine as {} ({}): it is {}", kind->name,
                                    name, w.what, dotted, describe_field(f)));
    }
}

}  // namespace hl
