#include "core/value_tree.hpp"

#include <cassert>
#include <limits>
#include <stdexcept>

namespace hl {

const char* ValueTree::type_name(Id v) const {
    switch (kind(v)) {
        case Kind::null:
            return "null";
        case Kind::boolean:
            return "boolean";
        case Kind::integer:
        case Kind::number:
            return "number";
        case Kind::text:
            return "string";
        case Kind::list:
            return "array";
        case Kind::table:
            return "object";
    }
    return "null";
}

double ValueTree::number(Id v) const {
    const Node& n = nodes_[v];
    return n.kind == Kind::integer ? static_cast<double>(n.whole) : n.number;
}

std::string_view ValueTree::text(Id v) const {
    const Node& n = nodes_[v];
    return n.kind == Kind::text ? std::string_view(chars_).substr(n.at, n.size)
                                : std::string_view();
}

std::size_t ValueTree::size(Id v) const {
    const Node& n = nodes_[v];
    return n.kind == Kind::list || n.kind == Kind::table ? n.size : 0;
}

std::string_view ValueTree::key(Id v, std::size_t i) const {
    assert(kind(v) == Kind::table && i < size(v));
    const Member& m = members_[nodes_[v].at + i];
    return std::string_view(chars_).substr(m.key_at, m.key_size);
}

ValueTree::Id ValueTree::find(Id v, std::string_view k) const {
    const Node& n = nodes_[v];
    if (n.kind != Kind::table) return kNone;
    const std::string_view chars(chars_);
    for (std::uint32_t i = n.at, end = n.at + n.size; i < end; ++i) {
        const Member& m = members_[i];
        if (m.key_size == k.size() && chars.substr(m.key_at, m.key_size) == k) return m.value;
    }
    return kNone;
}

ValueTree::Id ValueTree::add(const Node& n) {
    if (nodes_.size() >= kNone) throw std::length_error("a value tree holds too many values");
    nodes_.push_back(n);
    return static_cast<Id>(nodes_.size() - 1);
}

std::uint32_t ValueTree::keep(std::string_view s) {
    if (chars_.size() + s.size() > std::numeric_limits<std::uint32_t>::max())
        throw std::length_error("a value tree holds too much text");
    const auto at = static_cast<std::uint32_t>(chars_.size());
    chars_.append(s);
    return at;
}

ValueTree::Id ValueTree::add_null() {
    return add(Node{});
}

ValueTree::Id ValueTree::add_flag(bool b) {
    return add(Node{.kind = Kind::boolean, .flag = b});
}

ValueTree::Id ValueTree::add_whole(std::int64_t w) {
    return add(Node{.kind = Kind::integer, .whole = w});
}

ValueTree::Id ValueTree::add_number(double d) {
    return add(Node{.kind = Kind::number, .number = d});
}

ValueTree::Id ValueTree::add_text(std::string_view s) {
    Node n;
    n.kind = Kind::text;
    n.at = keep(s);
    n.size = static_cast<std::uint32_t>(s.size());
    return add(n);
}

ValueTree::Id ValueTree::add_container(Kind kind, std::size_t count) {
    if (members_.size() + count >= kNone)
        throw std::length_error("a value tree holds too many values");
    Node n;
    n.kind = kind;
    n.at = static_cast<std::uint32_t>(members_.size());
    n.size = static_cast<std::uint32_t>(count);
    members_.resize(members_.size() + count);
    return add(n);
}

void ValueTree::set_key(Id container, std::size_t i, std::string_view k) {
    Member& m = members_[nodes_[container].at + i];
    m.key_at = keep(k);
    m.key_size = static_cast<std::uint32_t>(k.size());
}

namespace {

// JSON deeper than this is refused rather than read with the C++ stack.
constexpr int kMaxJsonDepth = 256;

ValueTree::Id add_json(ValueTree& t, const nlohmann::ordered_json& j, int depth) {
    if (depth > kMaxJsonDepth) throw std::length_error("JSON nested deeper than 256");
    switch (j.type()) {
        case nlohmann::ordered_json::value_t::boolean:
            return t.add_flag(j.get<bool>());
        case nlohmann::ordered_json::value_t::number_integer:
            return t.add_whole(j.get<std::int64_t>());
        case nlohmann::ordered_json::value_t::number_unsigned: {
            const auto u = j.get<std::uint64_t>();
            if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
                return t.add_number(static_cast<double>(u));
            return t.add_whole(static_cast<std::int64_t>(u));
        }
        case nlohmann::ordered_json::value_t::number_float:
            return t.add_number(j.get<double>());
        case nlohmann::ordered_json::value_t::string:
            return t.add_text(j.get_ref<const std::string&>());
        case nlohmann::ordered_json::value_t::array: {
            const ValueTree::Id list = t.add_list(j.size());
            for (std::size_t i = 0; i < j.size(); ++i)
                t.set_item(list, i, add_json(t, j[i], depth + 1));
            return list;
        }
        case nlohmann::ordered_json::value_t::object: {
            const ValueTree::Id table = t.add_table(j.size());
            std::size_t i = 0;
            for (const auto& [k, v] : j.items()) {
                t.set_key(table, i, k);
                t.set_item(table, i, add_json(t, v, depth + 1));
                ++i;
            }
            return table;
        }
        default:
            return t.add_null();
    }
}

}  // namespace

ValueTree value_tree_from_json(const nlohmann::ordered_json& j) {
    ValueTree t;
    add_json(t, j, 0);
    return t;
}

}  // namespace hl
