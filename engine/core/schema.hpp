#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/diagnostics.hpp"
#include "core/place_code.hpp"

namespace hl {

// The value of one field of a record; which alternative is used depends on the field's type
// (FieldSpec::storage): numbers, flags, places, choices and record ids are integers, texts and
// empire codes are strings, lists and sets hold either, maps are keyed by words.
using IntList = std::vector<std::int64_t>;
using TextList = std::vector<std::string>;
using IntMap = std::map<std::string, std::int64_t>;
using TextMap = std::map<std::string, std::string>;
using Value = std::variant<std::int64_t, std::string, IntList, TextList, IntMap, TextMap>;

// An absent place, record or choice in an optional integer-stored field ("none").
inline constexpr std::int64_t kNone = INT64_MIN;

// The largest magnitude an integer field may hold by default: every value stays exact in a
// Lua number (a double) with room for sums of many of them.
inline constexpr std::int64_t kIntLimit = 1'000'000'000'000'000;  // 10^15

// What a field (or the elements of a list, set or map) may hold.
enum class ScalarType {
    integer,  // a whole number in [min, max]
    flag,     // true or false
    text,     // a string of at most max_length characters
    choice,   // one word of a fixed list, stored as its index
    place,    // a code of a place on the map
    empire,   // an empire code
    record,   // the id of a record of a collection kind
};

// How a field holds its scalars: one, an ordered list, a sorted set without repeats, or a map
// from words to scalars.
enum class FieldShape { one, list, set, map };

// The declaration of one scalar: its type and the limits values must respect.
struct ScalarSpec {
    ScalarType type = ScalarType::integer;
    std::int64_t min = -kIntLimit;     // integer
    std::int64_t max = kIntLimit;      // integer
    std::size_t max_length = 200;      // text, in UTF-8 characters
    bool multiline = false;            // text: may hold line breaks
    std::vector<std::string> choices;  // choice
    std::string record_kind;           // record: the collection kind referred to
};

// Which variant alternative a field uses.
enum class Storage { integer, text, int_list, text_list, int_map, text_map };

// One field of a record kind, as the pack's schema declares it.
struct FieldSpec {
    std::string name;
    FieldShape shape = FieldShape::one;
    ScalarSpec scalar;        // the field itself, or its elements
    bool optional = false;    // a single place, empire, record or choice that may be absent
    std::string keys;         // map: the table whose codes the keys must be ("" = any word);
                              // a single text: the table whose code (or "") it must be
    std::string cap_column;   // map keyed by a table: the column giving each key's own maximum
    std::string fill_column;  // map keyed by a table: new records hold every code, at this column
    Value initial;            // the value of a new record
    std::string doc;          // one line for GMs (docs, `show`)
    SourcePos where;
    // The variant alternative values of this field use.
    Storage storage() const;
};

// Where records of a kind live.
enum class RecordScope {
    empire,      // one per empire, with the empire's code, name, player and computer flag
    place,       // one per place of the map, absent while every field has its initial value
    game,        // exactly one
    collection,  // any number, each with an id the engine gives (1, 2, ...)
};

// A record kind: its name, scope and fields in declaration order.
struct RecordKind {
    std::string name;
    RecordScope scope = RecordScope::game;
    std::vector<FieldSpec> fields;
    std::string key;  // the key naming a record in files: "place" (or what the pack chose),
                      // "empire", "code" (the kind named "empire"), "id"; empty for the game
    std::string doc;
    SourcePos where;
    // The index of a field by name, or -1.
    int field_index(std::string_view name) const;
    // The values of a new record, one per field.
    std::vector<Value> initial_row() const;
};

// The codes a map field's keys may take (a pack table's rows) and their integer columns.
struct KeyDomain {
    std::vector<std::string> codes;                                      // in table order
    std::map<std::string, std::map<std::string, std::int64_t>> columns;  // column -> code -> n
    // True if code is one of the table's codes.
    bool has(std::string_view code) const;
    // A row's integer in a column, if the row sets it.
    std::optional<std::int64_t> column(const std::string& name, const std::string& code) const;
};

// How a game writes its empires' codes: letters or digits, within a length range.
struct EmpireCodeFormat {
    bool digits = false;  // digits only; otherwise capital letters only
    std::size_t min_length = 3;
    std::size_t max_length = 3;
    std::vector<std::string> reserved;  // words that may not be codes (e.g. "ALL")
    // Why text is not a valid code, or nullopt if it is one.
    std::optional<std::string> problem(std::string_view text) const;
    // What a code looks like, for messages ("three capital letters").
    std::string describe() const;
    // The i-th code (from 0) in the format, skipping reserved words: AAA, AAB, ... or 1, 2, ...
    // (left-padded with zeros to the shortest length); empty when the format has no more.
    std::string nth(std::size_t i) const;
    // The first count codes in that order, in one pass; fewer if the format has no more.
    std::vector<std::string> first(std::size_t count) const;
};

// A pack's declaration of its state: record kinds, and the key tables map fields refer to.
// The fields the engine itself reads of every game by name (docs/packs.md "Fields the engine
// reads"), as the pack declares them in [constants.sim]; "" where the game has none.
struct EngineFields {
    std::string out = "eliminated";  // empire flag (or int): out of the game, takes no orders
    std::string missed_turns = "missed_turns";  // empire int: turns in a row without orders
    std::string ended_turn = "ended_turn";      // game int: the turn the game ended, 0 before
    std::string winner = "winner";              // game empire or text: who won
};

struct Schema {
    MapSpec map;
    EngineFields engine_fields;  // set when the pack is loaded
    EmpireCodeFormat empire_codes;
    std::vector<FieldSpec> kind_fields;  // what each row of the kind table holds ([kind_fields])
    std::vector<RecordKind> kinds;
    std::map<std::string, KeyDomain> domains;  // by table name
    // The kind with a name, or nullptr.
    const RecordKind* kind(std::string_view name) const;
    // The index of a kind by name, or -1.
    int kind_index(std::string_view name) const;
    // The single kind of a scope that the engine reads (empire, game), or nullptr.
    const RecordKind* kind_of_scope(RecordScope scope) const;
};

// Lower-case name of a scope ("empire", "place", "game", "collection").
const char* scope_name(RecordScope s);

// Parses a scope name; nullopt if unknown.
std::optional<RecordScope> parse_scope(std::string_view name);

// Name of a scalar type as the schema writes it ("int", "flag", "text", ...).
const char* scalar_type_name(ScalarType t);

// Parses a scalar type name; nullopt if unknown.
std::optional<ScalarType> parse_scalar_type(std::string_view name);

// A short description of what a field holds, for messages and docs ("int 0..99", "set of place").
std::string describe_field(const FieldSpec& f);

// The initial value for a field with no declared default: 0, false, "", none or empty.
Value zero_value(const FieldSpec& f);

}  // namespace hl
