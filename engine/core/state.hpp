#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/galaxy.hpp"
#include "core/records.hpp"

namespace hl {

// One empire's identity: what every game knows of its empires, whatever its rules. Everything
// else an empire has is in the pack's records (Records, scope "empire").
struct Empire {
    std::string code;  // in the pack's format (schema.toml [empires])
    std::string name;
    std::string player;
    std::string secret;     // checked on every turnsheet; kept in game.toml, not state.toml
    bool computer = false;  // a non-player empire: always gets computer orders
    bool operator==(const Empire&) const = default;
};

// A field of a record kind, resolved once by name: the kind's and the field's index.
struct FieldRef {
    int kind = -1;
    int field = -1;
};

// The complete state of a game after a turn: what every game has (turn, seed, pack, map,
// empires, order of play) and the records the pack's schema declares.
struct GameState {
    int turn = 0;
    std::uint64_t seed = 0;
    std::string pack;          // rules pack id, e.g. "starchase"
    std::string pack_version;  // version of that pack when the game was created
    Galaxy galaxy;
    std::vector<Empire> empires;             // sorted by code
    std::vector<std::string> order_of_play;  // empire codes, first to act first
    Records records;                         // the pack's records (core/records.hpp)

    // An empty state for a schema: its map format, no empires, the game record.
    static GameState with_schema(std::shared_ptr<const Schema> schema);
    // The schema; the state must have one.
    const Schema& schema() const { return records.schema(); }
    // The empire with a code, or nullptr.
    Empire* find_empire(const std::string& code);
    // The empire with a code, or nullptr.
    const Empire* find_empire(const std::string& code) const;
    // The index of an empire in `empires` (its key in empire-scope records), or -1.
    int empire_index(std::string_view code) const;
    // Empire codes, sorted.
    std::vector<std::string> empire_codes() const;
    // Adds an empire in code order, with initial records of every empire-scope kind.
    Empire& add_empire(Empire e);
    // The kind index of a record kind; throws std::logic_error if the schema has none.
    int kind(std::string_view name) const;
    // A field by kind and field name; throws std::logic_error if the schema has none.
    FieldRef field(std::string_view kind, std::string_view field) const;
    // True if the pack's schema declares `field` in record kind `kind` (code that serves only
    // some packs, such as the standard game's report sections, asks before reading).
    bool has_field(std::string_view kind, std::string_view field) const;
    // The key of a record: an empire's index for empire scope, 0 for the game, else id as is.
    std::int64_t key(int kind, std::string_view empire_or_empty, std::int64_t id = 0) const;
    // A field's value (the initial value where the record does not exist).
    const Value& value(FieldRef f, std::int64_t key) const;
    // A field's value as an integer (numbers, flags, places, choices, record ids).
    std::int64_t integer(FieldRef f, std::int64_t key) const;
    // A field's value as text (texts, empire codes).
    const std::string& text(FieldRef f, std::int64_t key) const;
    // Sets a field after checking the value against its declaration and the state's
    // references; returns why it was refused, or nullopt.
    std::optional<std::string> set(FieldRef f, std::int64_t key, Value v);
    // Keys of the records of a kind whose field holds the value (an integer or a text).
    std::vector<std::int64_t> find(FieldRef f, const Value& v) const;
    // An integer field of the game kind by name, or fallback if the schema has none.
    std::int64_t game_int(std::string_view field, std::int64_t fallback = 0) const;
    // A text field of the game kind by name, or "" if the schema has none.
    std::string game_text(std::string_view field) const;
    // An integer (or flag) field of the kind named "empire" for an empire, or fallback if the
    // schema or the game has none.
    std::int64_t empire_int(std::string_view code, std::string_view field,
                            std::int64_t fallback = 0) const;
    // An entry of a map field of the kind named "empire" (e.g. a level in a map of levels), or
    // fallback when absent.
    std::int64_t empire_entry(std::string_view code, std::string_view field, const std::string& key,
                              std::int64_t fallback = 0) const;
    // Sets an integer field of the kind named "empire" (checked); false if refused or absent.
    bool set_empire_int(std::string_view code, std::string_view field, std::int64_t v);
    // True if the empire is out of the game (the pack's `out` field, EngineFields).
    bool empire_out(std::string_view code) const;
    // The empire's turns in a row without orders (the pack's `missed_turns` field), 0 if none.
    std::int64_t missed_turns(std::string_view code) const;
    // Sets the empire's turns without orders, if the pack counts them.
    void set_missed_turns(std::string_view code, std::int64_t v);
    // The turn the game ended on (the pack's `ended_turn` field); 0 while it goes on.
    std::int64_t ended_turn() const;
    // Who won (the pack's `winner` field), "" if nobody has or the pack does not say.
    std::string winner() const;
    // Drops place records holding only initial values and sorts empires into code order.
    void normalise();
};

}  // namespace hl
