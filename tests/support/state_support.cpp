#include "support/state_support.hpp"

#include <algorithm>

#include <catch2/catch.hpp>

#include "support/test_support.hpp"

namespace hl::test {

namespace {

const FieldSpec& spec_of(const GameState& st, FieldRef f) {
    return st.schema()
        .kinds[static_cast<std::size_t>(f.kind)]
        .fields[static_cast<std::size_t>(f.field)];
}

std::int64_t empire_key(const GameState& st, std::string_view code) {
    int i = st.empire_index(code);
    INFO("empire " << code);
    REQUIRE(i >= 0);
    return i;
}

std::optional<PlaceCode> as_place(std::int64_t v) {
    if (v == kNone) return std::nullopt;
    return static_cast<PlaceCode>(v);
}

}  // namespace

GameState starchase_state() {
    return GameState::with_schema(starchase().schema());
}

std::int64_t field_int(const GameState& st, std::string_view kind, std::int64_t key,
                       std::string_view field) {
    return st.integer(st.field(kind, field), key);
}

void set_field(GameState& st, std::string_view kind, std::int64_t key, std::string_view field,
               Value v) {
    FieldRef f = st.field(kind, field);
    const FieldSpec& spec = spec_of(st, f);
    if (const auto* word = std::get_if<std::string>(&v);
        word && spec.scalar.type == ScalarType::choice && spec.shape == FieldShape::one) {
        const auto& choices = spec.scalar.choices;
        auto it = std::find(choices.begin(), choices.end(), *word);
        INFO(kind << "." << field << ": " << *word);
        REQUIRE(it != choices.end());
        v = static_cast<std::int64_t>(it - choices.begin());
    }
    auto bad = st.set(f, key, std::move(v));
    INFO(kind << "." << field << ": " << bad.value_or(""));
    REQUIRE_FALSE(bad.has_value());
}

std::int64_t hold(const GameState& st, PlaceCode sys, std::string_view field) {
    return field_int(st, "holding", sys, field);
}

std::optional<PlaceCode> hold_place(const GameState& st, PlaceCode sys, std::string_view field) {
    return as_place(hold(st, sys, field));
}

std::string owner(const GameState& st, PlaceCode sys) {
    return st.text(st.field("holding", "owner"), sys);
}

std::string mode(const GameState& st, PlaceCode sys) {
    FieldRef f = st.field("holding", "mode");
    std::int64_t i = st.integer(f, sys);
    const auto& choices = spec_of(st, f).scalar.choices;
    REQUIRE(i >= 0);
    REQUIRE(static_cast<std::size_t>(i) < choices.size());
    return choices[static_cast<std::size_t>(i)];
}

std::string hold_name(const GameState& st, PlaceCode sys) {
    return st.text(st.field("holding", "name"), sys);
}

void set_hold(GameState& st, PlaceCode sys, std::string_view field, Value v) {
    set_field(st, "holding", sys, field, std::move(v));
}

std::vector<std::int64_t> hold_numbers(const GameState& st, PlaceCode sys) {
    std::vector<std::int64_t> out;
    const Row& row = st.records.row_or_initial(st.kind("holding"), sys);
    for (const Value& v : row)
        if (const auto* i = std::get_if<std::int64_t>(&v)) out.push_back(*i);
    return out;
}

std::int64_t emp(const GameState& st, std::string_view code, std::string_view field) {
    return field_int(st, "empire", empire_key(st, code), field);
}

std::optional<PlaceCode> emp_place(const GameState& st, std::string_view code,
                                   std::string_view field) {
    return as_place(emp(st, code, field));
}

void set_emp(GameState& st, std::string_view code, std::string_view field, Value v) {
    set_field(st, "empire", empire_key(st, code), field, std::move(v));
}

std::int64_t tech(const GameState& st, std::string_view code, const std::string& tech_code) {
    empire_key(st, code);
    return st.empire_entry(code, "techs", tech_code, 0);
}

IntMap techs(const GameState& st, std::string_view code) {
    return std::get<IntMap>(st.value(st.field("empire", "techs"), empire_key(st, code)));
}

void set_tech(GameState& st, std::string_view code, const std::string& tech_code,
              std::int64_t level) {
    IntMap m = techs(st, code);
    m[tech_code] = level;
    set_emp(st, code, "techs", std::move(m));
}

std::vector<PlaceCode> owned_by(const GameState& st, std::string_view code) {
    std::vector<PlaceCode> out;
    for (std::int64_t key : st.find(st.field("holding", "owner"), Value(std::string(code))))
        out.push_back(static_cast<PlaceCode>(key));
    return out;
}

std::vector<PlaceCode> sight(const GameState& st, std::string_view code, std::string_view set) {
    const auto& v = std::get<IntList>(st.value(st.field("sight", set), empire_key(st, code)));
    return {v.begin(), v.end()};
}

std::vector<ProbeView> probes(const GameState& st) {
    std::vector<ProbeView> out;
    FieldRef empire = st.field("probe", "empire"), system = st.field("probe", "system"),
             active = st.field("probe", "active");
    for (const auto& [id, row] : st.records.rows(empire.kind))
        out.push_back({st.text(empire, id), static_cast<PlaceCode>(st.integer(system, id)),
                       st.integer(active, id) != 0});
    return out;
}

void add_probe(GameState& st, const std::string& empire, PlaceCode system, bool active) {
    std::int64_t id = st.records.create(st.kind("probe"));
    set_field(st, "probe", id, "empire", empire);
    set_field(st, "probe", id, "system", std::int64_t{system});
    set_field(st, "probe", id, "active", std::int64_t{active ? 1 : 0});
}

std::int64_t game(const GameState& st, std::string_view field) {
    return field_int(st, "game", 0, field);
}

IntList census_turns(const GameState& st) {
    return std::get<IntList>(st.value(st.field("game", "census_turns"), 0));
}

std::string winner(const GameState& st) {
    return st.text(st.field("game", "winner"), 0);
}

std::string condition(const GameState& st) {
    return st.text(st.field("game", "condition"), 0);
}

}  // namespace hl::test
