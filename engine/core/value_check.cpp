#include "core/value_check.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/galaxy.hpp"
#include "core/records.hpp"
#include "core/utf8.hpp"

namespace hl {

namespace {

std::optional<std::string> check_scalar(const ScalarSpec& s, const Value& v, bool optional,
                                        const Schema& schema, const RefScope& refs,
                                        std::optional<std::int64_t> cap) {
    if (const auto* t = std::get_if<std::string>(&v)) {
        if (s.type == ScalarType::empire) {
            if (t->empty()) {
                if (optional) return std::nullopt;
                return "an empire code is needed";
            }
            if (refs.empires && !std::binary_search(refs.empires->begin(), refs.empires->end(), *t))
                return fmt::format("no empire '{}' in this game", *t);
            return std::nullopt;
        }
        if (s.type != ScalarType::text) return "expected a number, not a text";
        if (auto bad = utf8_error(*t)) return fmt::format("not UTF-8 text (byte {})", *bad + 1);
        if (!s.multiline && t->find_first_of("\r\n") != std::string::npos)
            return "a line break is not allowed here";
        if (utf8_length(*t) > s.max_length)
            return fmt::format("longer than {} characters", s.max_length);
        return std::nullopt;
    }
    const auto* pi = std::get_if<std::int64_t>(&v);
    if (!pi) return "expected a single value";
    std::int64_t i = *pi;
    if (i == kNone) {
        if (optional) return std::nullopt;
        return "a value is needed";
    }
    switch (s.type) {
        case ScalarType::integer: {
            std::int64_t hi = cap ? std::min(*cap, s.max) : s.max;
            if (i < s.min || i > hi) {
                if (i < s.min && hi == kIntLimit)
                    return fmt::format("{} is below the least value {}", i, s.min);
                return fmt::format("{} is outside {}..{}", i, s.min, hi);
            }
            return std::nullopt;
        }
        case ScalarType::flag:
            if (i != 0 && i != 1) return "expected true or false";
            return std::nullopt;
        case ScalarType::choice:
            if (i < 0 || static_cast<std::size_t>(i) >= s.choices.size())
                return fmt::format("expected one of {}", fmt::join(s.choices, ", "));
            return std::nullopt;
        case ScalarType::place:
            if (refs.map && !refs.map->contains(static_cast<PlaceCode>(i)))
                return fmt::format("no place {} on the map",
                                   schema.map.codes.format(static_cast<PlaceCode>(i)));
            if (i < 0 || i > schema.map.codes.max())
                return fmt::format("{} is not a place code", i);
            return std::nullopt;
        case ScalarType::record: {
            int k = schema.kind_index(s.record_kind);
            if (refs.records && k >= 0 && !refs.records->find(k, i))
                return fmt::format("no {} {}", s.record_kind, i);
            return std::nullopt;
        }
        default:
            return "expected a text";
    }
}

}  // namespace

std::optional<std::string> check_value(const FieldSpec& f, const Value& v, const Schema& schema,
                                       const RefScope& refs) {
    if (v.index() != static_cast<std::size_t>(f.storage())) {
        // Storage enumerators follow the Value alternatives in order.
        return fmt::format("expected {}", describe_field(f));
    }
    switch (f.shape) {
        case FieldShape::one: {
            if (auto bad = check_scalar(f.scalar, v, f.optional, schema, refs, std::nullopt))
                return bad;
            const auto* t = std::get_if<std::string>(&v);
            if (t && !t->empty() && !f.keys.empty()) {
                auto d = schema.domains.find(f.keys);
                if (d != schema.domains.end() && !d->second.has(*t))
                    return fmt::format("\"{}\" is not one of the codes of {}", *t, f.keys);
            }
            return std::nullopt;
        }
        case FieldShape::list:
        case FieldShape::set: {
            std::size_t n = 0;
            auto each = [&](const Value& item) -> std::optional<std::string> {
                auto bad = check_scalar(f.scalar, item, false, schema, refs, std::nullopt);
                if (bad) return fmt::format("[{}]: {}", n, *bad);
                ++n;
                return std::nullopt;
            };
            if (const auto* l = std::get_if<IntList>(&v)) {
                if (f.shape == FieldShape::set &&
                    (!std::is_sorted(l->begin(), l->end()) ||
                     std::adjacent_find(l->begin(), l->end()) != l->end()))
                    return "a set must be sorted and without repeats";
                for (std::int64_t i : *l)
                    if (auto bad = each(i)) return bad;
            } else {
                const auto& l2 = std::get<TextList>(v);
                if (f.shape == FieldShape::set &&
                    (!std::is_sorted(l2.begin(), l2.end()) ||
                     std::adjacent_find(l2.begin(), l2.end()) != l2.end()))
                    return "a set must be sorted and without repeats";
                for (const std::string& s : l2)
                    if (auto bad = each(s)) return bad;
            }
            return std::nullopt;
        }
        case FieldShape::map: {
            const KeyDomain* domain = nullptr;
            if (!f.keys.empty()) {
                auto it = schema.domains.find(f.keys);
                if (it != schema.domains.end()) domain = &it->second;
            }
            auto each = [&](const std::string& k, const Value& item) -> std::optional<std::string> {
                if (domain && !domain->has(k))
                    return fmt::format("{}: not one of the codes of {}", k, f.keys);
                if (!domain && (k.empty() || k.size() > 64))
                    return fmt::format("\"{}\" is not a key (1 to 64 characters)", k);
                std::optional<std::int64_t> cap;
                if (domain && !f.cap_column.empty()) cap = domain->column(f.cap_column, k);
                if (auto bad = check_scalar(f.scalar, item, false, schema, refs, cap))
                    return fmt::format("{}: {}", k, *bad);
                return std::nullopt;
            };
            if (const auto* m = std::get_if<IntMap>(&v)) {
                for (const auto& [k, i] : *m)
                    if (auto bad = each(k, i)) return bad;
            } else {
                for (const auto& [k, s] : std::get<TextMap>(v))
                    if (auto bad = each(k, s)) return bad;
            }
            return std::nullopt;
        }
    }
    return std::nullopt;
}

}  // namespace hl
