#include "core/schema.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace hl {

Storage FieldSpec::storage() const {
    bool text = scalar.type == ScalarType::text || scalar.type == ScalarType::empire;
    switch (shape) {
        case FieldShape::one:
            return text ? Storage::text : Storage::integer;
        case FieldShape::list:
        case FieldShape::set:
            return text ? Storage::text_list : Storage::int_list;
        case FieldShape::map:
            return text ? Storage::text_map : Storage::int_map;
    }
    return Storage::integer;
}

int RecordKind::field_index(std::string_view n) const {
    for (std::size_t i = 0; i < fields.size(); ++i)
        if (fields[i].name == n) return static_cast<int>(i);
    return -1;
}

std::vector<Value> RecordKind::initial_row() const {
    std::vector<Value> row;
    row.reserve(fields.size());
    for (const FieldSpec& f : fields)
        row.push_back(f.initial);
    return row;
}

bool KeyDomain::has(std::string_view code) const {
    return std::find(codes.begin(), codes.end(), code) != codes.end();
}

std::optional<std::int64_t> KeyDomain::column(const std::string& name,
                                              const std::string& code) const {
    auto c = columns.find(name);
    if (c == columns.end()) return std::nullopt;
    auto v = c->second.find(code);
    if (v == c->second.end()) return std::nullopt;
    return v->second;
}

std::optional<std::string> EmpireCodeFormat::problem(std::string_view text) const {
    bool chars_ok = std::all_of(text.begin(), text.end(), [&](char c) {
        return digits ? (c >= '0' && c <= '9') : (c >= 'A' && c <= 'Z');
    });
    if (!chars_ok || text.size() < min_length || text.size() > max_length)
        return fmt::format("\"{}\" is not an empire code ({})", text, describe());
    if (std::find(reserved.begin(), reserved.end(), text) != reserved.end())
        return fmt::format("{} cannot be an empire code: it is a reserved word", text);
    return std::nullopt;
}

std::string EmpireCodeFormat::nth(std::size_t i) const {
    std::vector<std::string> codes = first(i + 1);
    return codes.size() == i + 1 ? codes.back() : std::string();
}

std::vector<std::string> EmpireCodeFormat::first(std::size_t count) const {
    std::vector<std::string> out;
    for (std::size_t k = 0; out.size() < count; ++k) {
        std::string code;
        if (digits) {
            code = std::to_string(k + 1);
            while (code.size() < min_length)
                code = "0" + code;
        } else {
            std::size_t n = k;
            code.assign(std::max<std::size_t>(min_length, 1), 'A');
            for (std::size_t pos = code.size(); pos-- > 0 && n > 0; n /= 26)
                code[pos] = static_cast<char>('A' + n % 26);
            if (n > 0) break;
        }
        if (code.size() > max_length) break;
        if (std::find(reserved.begin(), reserved.end(), code) != reserved.end()) continue;
        out.push_back(std::move(code));
    }
    return out;
}

std::string EmpireCodeFormat::describe() const {
    static const char* const kCounts[] = {"zero", "one", "two",   "three", "four",
                                          "five", "six", "seven", "eight", "nine"};
    auto count = [](std::size_t n) { return n < 10 ? std::string(kCounts[n]) : std::to_string(n); };
    std::string what = digits ? "digits" : "capital letters";
    if (min_length == max_length)
        return fmt::format("{} {}", count(min_length),
                           min_length == 1 ? (digits ? "digit" : "capital letter") : what);
    return fmt::format("{} to {} {}", count(min_length), count(max_length), what);
}

const RecordKind* Schema::kind(std::string_view name) const {
    int i = kind_index(name);
    return i < 0 ? nullptr : &kinds[static_cast<std::size_t>(i)];
}

int Schema::kind_index(std::string_view name) const {
    for (std::size_t i = 0; i < kinds.size(); ++i)
        if (kinds[i].name == name) return static_cast<int>(i);
    return -1;
}

const RecordKind* Schema::kind_of_scope(RecordScope scope) const {
    for (const RecordKind& k : kinds)
        if (k.scope == scope) return &k;
    return nullptr;
}

const char* scope_name(RecordScope s) {
    switch (s) {
        case RecordScope::empire:
            return "empire";
        case RecordScope::place:
            return "place";
        case RecordScope::game:
            return "game";
        case RecordScope::collection:
            return "collection";
    }
    return "?";
}

std::optional<RecordScope> parse_scope(std::string_view name) {
    for (RecordScope s :
         {RecordScope::empire, RecordScope::place, RecordScope::game, RecordScope::collection})
        if (name == scope_name(s)) return s;
    return std::nullopt;
}

const char* scalar_type_name(ScalarType t) {
    switch (t) {
        case ScalarType::integer:
            return "int";
        case ScalarType::flag:
            return "flag";
        case ScalarType::text:
            return "text";
        case ScalarType::choice:
            return "choice";
        case ScalarType::place:
            return "place";
        case ScalarType::empire:
            return "empire";
        case ScalarType::record:
            return "record";
    }
    return "?";
}

std::optional<ScalarType> parse_scalar_type(std::string_view name) {
    for (ScalarType t :
         {ScalarType::integer, ScalarType::flag, ScalarType::text, ScalarType::choice,
          ScalarType::place, ScalarType::empire, ScalarType::record})
        if (name == scalar_type_name(t)) return t;
    return std::nullopt;
}

namespace {

std::string describe_scalar(const ScalarSpec& s) {
    switch (s.type) {
        case ScalarType::integer:
            if (s.min == -kIntLimit && s.max == kIntLimit) return "int";
            if (s.max == kIntLimit) return fmt::format("int >= {}", s.min);
            if (s.min == -kIntLimit) return fmt::format("int <= {}", s.max);
            return fmt::format("int {}..{}", s.min, s.max);
        case ScalarType::text:
            return fmt::format("text (at most {} characters)", s.max_length);
        case ScalarType::choice:
            return fmt::format("one of {}", fmt::join(s.choices, ", "));
        case ScalarType::record:
            return fmt::format("{} id", s.record_kind);
        default:
            return scalar_type_name(s.type);
    }
}

}  // namespace

std::string describe_field(const FieldSpec& f) {
    std::string scalar = describe_scalar(f.scalar);
    switch (f.shape) {
        case FieldShape::one:
            return f.optional ? scalar + " or none" : scalar;
        case FieldShape::list:
            return "list of " + scalar;
        case FieldShape::set:
            return "set of " + scalar;
        case FieldShape::map:
            return fmt::format("map from {} to {}", f.keys.empty() ? "words" : f.keys + " codes",
                               scalar);
    }
    return scalar;
}

Value zero_value(const FieldSpec& f) {
    switch (f.storage()) {
        case Storage::integer: {
            if (f.optional) return kNone;
            if (f.scalar.type == ScalarType::integer)
                return std::clamp<std::int64_t>(0, f.scalar.min, f.scalar.max);
            return std::int64_t{0};
        }
        case Storage::text:
            return std::string();
        case Storage::int_list:
            return IntList{};
        case Storage::text_list:
            return TextList{};
        case Storage::int_map:
            return IntMap{};
        case Storage::text_map:
            return TextMap{};
    }
    return std::int64_t{0};
}

}  // namespace hl
