#include "core/state.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "core/value_check.hpp"

namespace hl {

GameState GameState::with_schema(std::shared_ptr<const Schema> schema) {
    GameState st;
    st.galaxy = Galaxy(schema->map);
    st.records = Records(std::move(schema));
    return st;
}

Empire* GameState::find_empire(const std::string& code) {
    int i = empire_index(code);
    return i < 0 ? nullptr : &empires[static_cast<std::size_t>(i)];
}

const Empire* GameState::find_empire(const std::string& code) const {
    int i = empire_index(code);
    return i < 0 ? nullptr : &empires[static_cast<std::size_t>(i)];
}

int GameState::empire_index(std::string_view code) const {
    auto it = std::lower_bound(empires.begin(), empires.end(), code,
                               [](const Empire& e, std::string_view c) { return e.code < c; });
    if (it == empires.end() || it->code != code) return -1;
    return static_cast<int>(it - empires.begin());
}

std::vector<std::string> GameState::empire_codes() const {
    std::vector<std::string> out;
    out.reserve(empires.size());
    for (const Empire& e : empires)
        out.push_back(e.code);
    return out;
}

Empire& GameState::add_empire(Empire e) {
    if (empire_index(e.code) >= 0)
        throw std::logic_error(fmt::format("empire {} is already in the game", e.code));
    auto it = std::lower_bound(empires.begin(), empires.end(), e.code,
                               [](const Empire& a, const std::string& c) { return a.code < c; });
    std::int64_t at = it - empires.begin();
    it = empires.insert(it, std::move(e));
    if (records.has_schema()) {
        const Schema& s = records.schema();
        for (std::size_t k = 0; k < s.kinds.size(); ++k) {
            if (s.kinds[k].scope != RecordScope::empire) continue;
            records.shift_up(static_cast<int>(k), at);
            records.row(static_cast<int>(k), at);
        }
    }
    return *it;
}

int GameState::kind(std::string_view name) const {
    int k = records.schema().kind_index(name);
    if (k < 0) throw std::logic_error(fmt::format("the pack's schema has no kind '{}'", name));
    return k;
}

FieldRef GameState::field(std::string_view kind_name, std::string_view field_name) const {
    int k = kind(kind_name);
    int f = records.schema().kinds[static_cast<std::size_t>(k)].field_index(field_name);
    if (f < 0)
        throw std::logic_error(
            fmt::format("the pack's schema has no field '{}' in kind '{}'", field_name, kind_name));
    return {k, f};
}

bool GameState::has_field(std::string_view kind_name, std::string_view field_name) const {
    if (!records.has_schema()) return false;
    int k = records.schema().kind_index(kind_name);
    return k >= 0 &&
           records.schema().kinds[static_cast<std::size_t>(k)].field_index(field_name) >= 0;
}

std::int64_t GameState::key(int k, std::string_view empire, std::int64_t id) const {
    switch (records.schema().kinds[static_cast<std::size_t>(k)].scope) {
        case RecordScope::empire:
            return empire_index(empire);
        case RecordScope::game:
            return 0;
        default:
            return id;
    }
}

const Value& GameState::value(FieldRef f, std::int64_t key) const {
    return records.row_or_initial(f.kind, key)[static_cast<std::size_t>(f.field)];
}

std::int64_t GameState::integer(FieldRef f, std::int64_t key) const {
    return std::get<std::int64_t>(value(f, key));
}

const std::string& GameState::text(FieldRef f, std::int64_t key) const {
    return std::get<std::string>(value(f, key));
}

std::optional<std::string> GameState::set(FieldRef f, std::int64_t key, Value v) {
    const Schema& s = records.schema();
    const FieldSpec& spec =
        s.kinds[static_cast<std::size_t>(f.kind)].fields[static_cast<std::size_t>(f.field)];
    std::vector<std::string> codes = empire_codes();
    RefScope refs{&galaxy, &codes, &records};
    if (auto bad = check_value(spec, v, s, refs)) return bad;
    records.row(f.kind, key)[static_cast<std::size_t>(f.field)] = std::move(v);
    return std::nullopt;
}

std::vector<std::int64_t> GameState::find(FieldRef f, const Value& v) const {
    return records.keys_where(f.kind, f.field, v);
}

namespace {

// A field by names, or a ref with kind -1 when the schema has none.
FieldRef try_field(const GameState& st, std::string_view kind, std::string_view field) {
    if (!st.records.has_schema()) return {};
    int k = st.records.schema().kind_index(kind);
    if (k < 0) return {};
    int f = st.records.schema().kinds[static_cast<std::size_t>(k)].field_index(field);
    if (f < 0) return {};
    return {k, f};
}

int game_kind(const GameState& st) {
    if (!st.records.has_schema()) return -1;
    const RecordKind* g = st.records.schema().kind_of_scope(RecordScope::game);
    return g ? st.records.schema().kind_index(g->name) : -1;
}

}  // namespace

std::int64_t GameState::game_int(std::string_view field_name, std::int64_t fallback) const {
    int k = game_kind(*this);
    if (k < 0) return fallback;
    int f = records.schema().kinds[static_cast<std::size_t>(k)].field_index(field_name);
    if (f < 0) return fallback;
    const auto* v = std::get_if<std::int64_t>(&value({k, f}, 0));
    return v && *v != kNone ? *v : fallback;
}

std::string GameState::game_text(std::string_view field_name) const {
    int k = game_kind(*this);
    if (k < 0) return {};
    int f = records.schema().kinds[static_cast<std::size_t>(k)].field_index(field_name);
    if (f < 0) return {};
    const auto* v = std::get_if<std::string>(&value({k, f}, 0));
    return v ? *v : std::string();
}

std::int64_t GameState::empire_int(std::string_view code, std::string_view field_name,
                                   std::int64_t fallback) const {
    FieldRef f = try_field(*this, "empire", field_name);
    int i = empire_index(code);
    if (f.kind < 0 || i < 0) return fallback;
    const auto* v = std::get_if<std::int64_t>(&value(f, i));
    return v && *v != kNone ? *v : fallback;
}

std::int64_t GameState::empire_entry(std::string_view code, std::string_view field_name,
                                     const std::string& key, std::int64_t fallback) const {
    FieldRef f = try_field(*this, "empire", field_name);
    int i = empire_index(code);
    if (f.kind < 0 || i < 0) return fallback;
    const auto* m = std::get_if<IntMap>(&value(f, i));
    if (!m) return fallback;
    auto it = m->find(key);
    return it == m->end() ? fallback : it->second;
}

bool GameState::set_empire_int(std::string_view code, std::string_view field_name, std::int64_t v) {
    FieldRef f = try_field(*this, "empire", field_name);
    int i = empire_index(code);
    if (f.kind < 0 || i < 0) return false;
    return !set(f, i, v);
}

bool GameState::empire_out(std::string_view code) const {
    return records.has_schema() && empire_int(code, schema().engine_fields.out) != 0;
}

std::int64_t GameState::missed_turns(std::string_view code) const {
    return records.has_schema() ? empire_int(code, schema().engine_fields.missed_turns) : 0;
}

void GameState::set_missed_turns(std::string_view code, std::int64_t v) {
    if (records.has_schema()) set_empire_int(code, schema().engine_fields.missed_turns, v);
}

std::int64_t GameState::ended_turn() const {
    return records.has_schema() ? game_int(schema().engine_fields.ended_turn) : 0;
}

std::string GameState::winner() const {
    return records.has_schema() ? game_text(schema().engine_fields.winner) : std::string();
}

void GameState::normalise() {
    records.normalise();
}

}  // namespace hl
