#include "io/value_toml.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "io/toml_doc.hpp"

namespace hl {

namespace {

const char* toml_type_name(const toml::node& n) {
    switch (n.type()) {
        case toml::node_type::string: return "a string";
        case toml::node_type::integer: return "an integer";
        case toml::node_type::floating_point: return "a fraction";
        case toml::node_type::boolean: return "true or false";
        case toml::node_type::array: return "an array";
        case toml::node_type::table: return "a table";
        default: return "a date or time";
    }
}

// One scalar: an integer for integer-stored types, a string for texts and empire codes.
std::optional<Value> scalar_from(const toml::node& n, const ScalarSpec& s, const CodeFormat& codes,
                                 std::string& why) {
    switch (s.type) {
        case ScalarType::integer:
        case ScalarType::record:
            if (auto i = n.value_exact<std::int64_t>()) return *i;
            why = fmt::format("expected a whole number, found {}", toml_type_name(n));
            return std::nullopt;
        case ScalarType::flag:
            if (auto b = n.value_exact<bool>()) return std::int64_t{*b ? 1 : 0};
            why = fmt::format("expected true or false, found {}", toml_type_name(n));
            return std::nullopt;
        case ScalarType::place: {
            auto t = n.value_exact<std::string>();
            if (!t) {
                why = fmt::format("expected a place code as a string (\"{}\"), found {}",
                                  codes.format(0), toml_type_name(n));
                return std::nullopt;
            }
            auto c = codes.parse(*t);
            if (!c) {
                why = fmt::format("\"{}\" is not a place code ({})", *t, codes.describe());
                return std::nullopt;
            }
            return std::int64_t{*c};
        }
        case ScalarType::choice: {
            auto t = n.value_exact<std::string>();
            auto it = t ? std::find(s.choices.begin(), s.choices.end(), *t) : s.choices.end();
            if (it == s.choices.end()) {
                why = t ? fmt::format("\"{}\" is not one of {}", *t, fmt::join(s.choices, ", "))
                        : fmt::format("expected one of {}, found {}", fmt::join(s.choices, ", "),
                                      toml_type_name(n));
                return std::nullopt;
            }
            return static_cast<std::int64_t>(it - s.choices.begin());
        }
        case ScalarType::text:
        case ScalarType::empire:
            if (auto t = n.value_exact<std::string>()) return *t;
            why = fmt::format("expected a string, found {}", toml_type_name(n));
            return std::nullopt;
    }
    return std::nullopt;
}

std::string scalar_to(const Value& v, const ScalarSpec& s, const CodeFormat& codes) {
    if (const auto* t = std::get_if<std::string>(&v)) return toml_quote(*t);
    std::int64_t i = std::get<std::int64_t>(v);
    switch (s.type) {
        case ScalarType::flag: return i ? "true" : "false";
        case ScalarType::place: return toml_quote(codes.format(static_cast<PlaceCode>(i)));
        case ScalarType::choice:
            return toml_quote(i >= 0 && static_cast<std::size_t>(i) < s.choices.size()
                                  ? s.choices[static_cast<std::size_t>(i)]
                                  : std::string());
        default: return std::to_string(i);
    }
}

bool bare_key(const std::string& k) {
    return !k.empty() && std::all_of(k.begin(), k.end(), [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
               c == '_' || c == '-';
    });
}

}  // namespace

std::optional<Value> value_from_toml(const toml::node& n, const FieldSpec& f,
                                     const CodeFormat& codes, std::string& why) {
    switch (f.shape) {
        case FieldShape::one: return scalar_from(n, f.scalar, codes, why);
        case FieldShape::list:
        case FieldShape::set: {
            const toml::array* a = n.as_array();
            if (!a) {
                why = fmt::format("expected an array, found {}", toml_type_name(n));
                return std::nullopt;
            }
            bool text = f.storage() == Storage::text_list;
            IntList ints;
            TextList texts;
            for (std::size_t i = 0; i < a->size(); ++i) {
                std::string inner;
                auto v = scalar_from((*a)[i], f.scalar, codes, inner);
                if (!v) {
                    why = fmt::format("[{}]: {}", i, inner);
                    return std::nullopt;
                }
                if (text)
                    texts.push_back(std::get<std::string>(*v));
                else
                    ints.push_back(std::get<std::int64_t>(*v));
            }
            if (f.shape == FieldShape::set) {
                std::sort(ints.begin(), ints.end());
                std::sort(texts.begin(), texts.end());
                if (std::adjacent_find(ints.begin(), ints.end()) != ints.end() ||
                    std::adjacent_find(texts.begin(), texts.end()) != texts.end()) {
                    why = "a set may not name the same value twice";
                    return std::nullopt;
                }
            }
            if (text) return texts;
            return ints;
        }
        case FieldShape::map: {
            const toml::table* t = n.as_table();
            if (!t) {
                why = fmt::format("expected a table, found {}", toml_type_name(n));
                return std::nullopt;
            }
            bool text = f.storage() == Storage::text_map;
            IntMap ints;
            TextMap texts;
            for (auto&& [k, v] : *t) {
                std::string inner;
                auto sv = scalar_from(v, f.scalar, codes, inner);
                if (!sv) {
                    why = fmt::format("{}: {}", k.str(), inner);
                    return std::nullopt;
                }
                if (text)
                    texts[std::string(k.str())] = std::get<std::string>(*sv);
                else
                    ints[std::string(k.str())] = std::get<std::int64_t>(*sv);
            }
            if (text) return texts;
            return ints;
        }
    }
    return std::nullopt;
}

std::string value_to_toml(const Value& v, const FieldSpec& f, const CodeFormat& codes) {
    switch (f.storage()) {
        case Storage::integer:
        case Storage::text: return scalar_to(v, f.scalar, codes);
        case Storage::int_list:
        case Storage::text_list: {
            std::string out = "[";
            auto add = [&](const Value& item) {
                if (out.size() > 1) out += ", ";
                out += scalar_to(item, f.scalar, codes);
            };
            if (const auto* l = std::get_if<IntList>(&v))
                for (std::int64_t i : *l)
                    add(i);
            else
                for (const std::string& s : std::get<TextList>(v))
                    add(s);
            return out + "]";
        }
        case Storage::int_map:
        case Storage::text_map: {
            std::string out = "{";
            auto add = [&](const std::string& k, const Value& item) {
                out += out.size() > 1 ? ", " : " ";
                out += bare_key(k) ? k : toml_quote(k);
                out += " = " + scalar_to(item, f.scalar, codes);
            };
            if (const auto* m = std::get_if<IntMap>(&v))
                for (const auto& [k, i] : *m)
                    add(k, i);
            else
                for (const auto& [k, s] : std::get<TextMap>(v))
                    add(k, s);
            return out + (out.size() > 1 ? " }" : "}");
        }
    }
    return {};
}

}  // namespace hl
