#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace hl {

// A tree of plain values (what a Lua table or a JSON document holds) stored flat, in three
// arrays, so that making one costs no allocation per value: the engine's checking readers
// (report documents) read it whatever it was made from. Values are made depth first, a list or
// table before its members; the first value made is the root.
class ValueTree {
  public:
    // What a value is.
    enum class Kind : std::uint8_t { null, boolean, integer, number, text, list, table };
    // A value's place in the tree.
    using Id = std::uint32_t;
    // No value (a table's missing member).
    static constexpr Id kNone = static_cast<Id>(-1);
    // The root value (the tree must not be empty).
    static constexpr Id kRoot = 0;

    // True if no value was made.
    bool empty() const { return nodes_.empty(); }
    // What a value is.
    Kind kind(Id v) const { return nodes_[v].kind; }
    // The value's type as JSON names it: null, boolean, number, string, array or object.
    const char* type_name(Id v) const;
    // A boolean's value.
    bool flag(Id v) const { return nodes_[v].flag; }
    // A whole number's value.
    std::int64_t whole(Id v) const { return nodes_[v].whole; }
    // A number's value, whole or not.
    double number(Id v) const;
    // A text's bytes.
    std::string_view text(Id v) const;
    // The number of items of a list or members of a table; 0 for other values.
    std::size_t size(Id v) const;
    // The value of a list's item or a table's member, by position (v must be a list or a table
    // and i below its size).
    Id item(Id v, std::size_t i) const {
        assert(i < size(v));
        return members_[nodes_[v].at + i].value;
    }
    // The key of a table's member, by position (v must be a table and i below its size).
    std::string_view key(Id v, std::size_t i) const;
    // The first member of a table named `key`, or kNone (also for a value that is no table).
    Id find(Id v, std::string_view key) const;

    // Makes a null.
    Id add_null();
    // Makes a boolean.
    Id add_flag(bool b);
    // Makes a whole number.
    Id add_whole(std::int64_t n);
    // Makes a number that may have a fraction.
    Id add_number(double d);
    // Makes a text (its bytes are copied).
    Id add_text(std::string_view s);
    // Makes a list of n items or a table of n members, each to be set before it is read.
    Id add_list(std::size_t n) { return add_container(Kind::list, n); }
    // Makes a table of n members (see add_list).
    Id add_table(std::size_t n) { return add_container(Kind::table, n); }
    // Sets a list's item or a table's member by position.
    void set_item(Id container, std::size_t i, Id value) {
        members_[nodes_[container].at + i].value = value;
    }
    // Sets a table's member's key by position.
    void set_key(Id container, std::size_t i, std::string_view key);

  private:
    struct Node {
        Kind kind = Kind::null;
        bool flag = false;
        std::uint32_t at = 0;    // text: first byte in chars_; list, table: first in members_
        std::uint32_t size = 0;  // text: bytes; list, table: members
        std::int64_t whole = 0;
        double number = 0;
    };
    struct Member {
        std::uint32_t key_at = 0;
        std::uint32_t key_size = 0;
        Id value = kNone;
    };
    Id add_container(Kind kind, std::size_t n);
    Id add(const Node& n);
    std::uint32_t keep(std::string_view s);

    std::vector<Node> nodes_;
    std::vector<Member> members_;
    std::string chars_;
};

// The tree of a JSON value: arrays become lists, objects tables with their members in order,
// whole numbers beyond 64 bits numbers. Throws std::length_error for JSON nested deeper than 256.
ValueTree value_tree_from_json(const nlohmann::ordered_json& j);

}  // namespace hl
