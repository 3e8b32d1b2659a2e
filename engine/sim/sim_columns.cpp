#include "sim/sim_columns.hpp"

#include <fmt/format.h>

namespace hl {

namespace {

// Where a problem with sim.<key> is shown: the constant, else [constants.sim], else the top
// pack's pack.toml.
SourcePos where(const Pack& pack, const std::string& key) {
    for (const std::string& dotted : {"sim." + key, std::string("sim")}) {
        SourcePos p = pack.constant_pos(dotted);
        if (!p.file.empty()) return p;
    }
    return {shown_path(pack.top().dir / "pack.toml"), 1, 1};
}

// A text constant sim.<key>; `required` ones must be present.
std::string text(const Pack& pack, const std::string& key, bool required) {
    const toml::node* n = pack.constant("sim." + key);
    if (!n) {
        if (!required) return {};
        throw InputError(where(pack, key),
                         fmt::format("pack '{}' has no constant sim.{}: `hyperlane sim` needs "
                                     "[constants.sim] to say what to read (docs/packs.md)",
                                     pack.top().id, key));
    }
    auto s = n->value<std::string>();
    if (!s) throw InputError(where(pack, key), fmt::format("sim.{} must be text", key));
    return *s;
}

// A list of texts sim.<key> (empty when absent).
std::vector<std::string> texts(const Pack& pack, const std::string& key) {
    std::vector<std::string> out;
    const toml::node* n = pack.constant("sim." + key);
    if (!n) return out;
    const toml::array* a = n->as_array();
    bool ok = a != nullptr;
    if (a)
        for (const toml::node& f : *a) {
            auto s = f.value<std::string>();
            if (s)
                out.push_back(*s);
            else
                ok = false;
        }
    if (!ok) throw InputError(where(pack, key), fmt::format("sim.{} must be a list of texts", key));
    return out;
}

// Fails unless `kind` has a field `field` (when field is not empty).
void need_field(const Pack& pack, const std::string& kind, const std::string& field,
                const std::string& key) {
    if (field.empty()) return;
    const Schema& schema = *pack.schema();
    int k = schema.kind_index(kind);
    if (k < 0 || schema.kinds[static_cast<std::size_t>(k)].field_index(field) < 0)
        throw InputError(where(pack, key),
                         fmt::format("sim.{} names '{}', which is not a field of the record "
                                     "kind '{}'",
                                     key, field, kind));
}

}  // namespace

SimColumns sim_columns(const Pack& pack) {
    SimColumns c;
    c.score = text(pack, "score", true);
    c.score_label = text(pack, "score_label", false);
    if (c.score_label.empty()) c.score_label = c.score;
    c.out = text(pack, "out", false);
    c.owned_kind = text(pack, "owned_kind", true);
    c.owner = text(pack, "owner", true);
    c.owned_label = text(pack, "owned_label", false);
    if (c.owned_label.empty()) c.owned_label = c.owned_kind;
    c.levels = text(pack, "levels", false);
    c.ended_turn = text(pack, "ended_turn", false);
    c.winner = text(pack, "winner", false);
    c.condition = text(pack, "condition", false);
    c.sums = texts(pack, "sums");
    c.conditions = texts(pack, "conditions");
    const Schema& schema = *pack.schema();
    const RecordKind* empire = schema.kind_of_scope(RecordScope::empire);
    const RecordKind* game = schema.kind_of_scope(RecordScope::game);
    std::string empire_kind = empire ? empire->name : "";
    need_field(pack, empire_kind, c.score, "score");
    need_field(pack, empire_kind, c.out, "out");
    need_field(pack, empire_kind, c.levels, "levels");
    need_field(pack, c.owned_kind, c.owner, "owner");
    for (const std::string& f : c.sums)
        need_field(pack, c.owned_kind, f, "sums");
    std::string game_kind = game ? game->name : "";
    need_field(pack, game_kind, c.ended_turn, "ended_turn");
    need_field(pack, game_kind, c.winner, "winner");
    need_field(pack, game_kind, c.condition, "condition");
    return c;
}

}  // namespace hl
