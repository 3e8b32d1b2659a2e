#include "pack/constant_limits.hpp"

#include <cmath>
#include <set>

#include <fmt/format.h>

namespace hl {

namespace {

SourcePos pos_of_node(const toml::node& n) {
    const auto& src = n.source();
    return SourcePos{src.path ? *src.path : std::string(), static_cast<int>(src.begin.line),
                     static_cast<int>(src.begin.column)};
}

std::string number_text(double v) {
    if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15)
        return fmt::format("{}", static_cast<long long>(v));
    return fmt::format("{}", v);
}

std::string describe(const ConstantLimit& l) {
    std::string kind = l.integer ? "a whole number" : "a number";
    if (l.min && l.max)
        return fmt::format("{} from {} to {}", kind, number_text(*l.min), number_text(*l.max));
    if (l.min) return fmt::format("{} of at least {}", kind, number_text(*l.min));
    if (l.max) return fmt::format("{} of at most {}", kind, number_text(*l.max));
    return kind;
}

// Reads one entry of [limits]: { min = A, max = B, integer = true }.
std::optional<ConstantLimit> read_limit(const std::string& path, const toml::node& n,
                                        Diagnostics& diags) {
    const toml::table* t = n.as_table();
    if (!t) {
        diags.error(pos_of_node(n), fmt::format("limits.\"{}\": expected a table such as {{ min = "
                                                "1, max = 16, integer = true }}",
                                                path));
        return std::nullopt;
    }
    ConstantLimit l;
    l.where = pos_of_node(n);
    bool ok = true;
    for (auto&& [k, v] : *t) {
        std::string key(k.str());
        if (key == "min" || key == "max") {
            std::optional<double> d;
            if (auto i = v.value_exact<std::int64_t>())
                d = static_cast<double>(*i);
            else if (auto f = v.value_exact<double>(); f && std::isfinite(*f))
                d = *f;
            if (!d) {
                diags.error(pos_of_node(v),
                            fmt::format("limits.\"{}\".{}: expected a finite number", path, key));
                ok = false;
            } else {
                (key == "min" ? l.min : l.max) = d;
            }
        } else if (key == "integer") {
            if (auto b = v.value_exact<bool>()) {
                l.integer = *b;
            } else {
                diags.error(pos_of_node(v),
                            fmt::format("limits.\"{}\".integer: expected true or false", path));
                ok = false;
            }
        } else {
            diags.error(pos_of_node(v), fmt::format("limits.\"{}\".{}: unknown key (a limit has "
                                                    "min, max and integer)",
                                                    path, key));
            ok = false;
        }
    }
    if (l.min && l.max && *l.min > *l.max) {
        diags.error(l.where, fmt::format("limits.\"{}\": min is above max", path));
        ok = false;
    }
    if (!ok) return std::nullopt;
    return l;
}

// Reports problems with constants, one per constant (array element) however many limits it
// breaks: the first found.
class Reporter {
  public:
    Reporter(const std::function<SourcePos(const std::string&)>& pos_of, Diagnostics& diags)
        : pos_of_(pos_of), diags_(diags) {}
    // Reports a problem of the constant at path ("[i]" appended for an array element).
    void report(const std::string& path, const std::string& element, const std::string& what) {
        if (!done_.insert(path + element).second) return;
        diags_.error(pos_of_(path), fmt::format("constants.{}{}: {}", path, element, what));
    }

  private:
    const std::function<SourcePos(const std::string&)>& pos_of_;
    Diagnostics& diags_;
    std::set<std::string> done_;
};

// Checks every number at or below `n` (a constant at `path`) against the limit.
void check_under(const std::string& path, const toml::node& n, const ConstantLimit& limit,
                 Reporter& out) {
    if (const toml::table* t = n.as_table()) {
        for (auto&& [k, v] : *t)
            check_under(path + "." + std::string(k.str()), v, limit, out);
        return;
    }
    if (const toml::array* a = n.as_array()) {
        for (std::size_t i = 0; i < a->size(); ++i)
            if (auto bad = limit_problem(limit, (*a)[i]))
                out.report(path, fmt::format("[{}]", i), *bad);
        return;
    }
    if (auto bad = limit_problem(limit, n)) out.report(path, "", *bad);
}

// Reports every NaN or infinity among the constants.
void check_finite(const std::string& path, const toml::node& n, Reporter& out) {
    if (const toml::table* t = n.as_table()) {
        for (auto&& [k, v] : *t)
            check_finite(path.empty() ? std::string(k.str()) : path + "." + std::string(k.str()), v,
                         out);
    } else if (const toml::array* a = n.as_array()) {
        for (std::size_t i = 0; i < a->size(); ++i)
            if (auto f = (*a)[i].value_exact<double>(); f && !std::isfinite(*f))
                out.report(path, fmt::format("[{}]", i),
                           fmt::format("{} is not a number a pack may use", *f));
    } else if (auto f = n.value_exact<double>(); f && !std::isfinite(*f)) {
        out.report(path, "", fmt::format("{} is not a number a pack may use", *f));
    }
}

const toml::node* find(const toml::table& root, const std::string& dotted) {
    const toml::node* n = &root;
    std::size_t start = 0;
    for (;;) {
        std::size_t dot = dotted.find('.', start);
        std::string part = dotted.substr(start, dot == std::string::npos ? dot : dot - start);
        const toml::table* t = n->as_table();
        if (!t) return nullptr;
        n = t->get(part);
        if (!n || dot == std::string::npos) return n;
        start = dot + 1;
    }
}

ConstantLimit range(double lo, double hi) {
    ConstantLimit l;
    l.min = lo;
    l.max = hi;
    l.integer = true;
    return l;
}

}  // namespace

void read_limits(const toml::table& limits, ConstantLimits& into, Diagnostics& diags) {
    for (auto&& [k, v] : limits) {
        std::string path(k.str());
        if (auto l = read_limit(path, v, diags)) into[path] = *l;
    }
}

const ConstantLimits& engine_limits() {
    // What the C++ side can work with: slots and text lengths a turnsheet can hold, budgets
    // that stop a script in seconds rather than hours.
    static const ConstantLimits limits = {
        {"game.actions_per_turn", range(1, 99)},
        {"game.naming_lines", range(0, 99)},
        {"game.name_max_length", range(1, 200)},
        {"game.message_max_length", range(1, 10000)},
        {"game.max_empires", range(1, 1000)},
        {"game.dropout_after", range(1, 1000)},
        {"map.max_links", range(1, 1000)},
        {"engine.step_budget", range(1000, 10'000'000'000.0)},
        {"engine.memory_mib", range(16, 16384)},
    };
    return limits;
}

std::optional<std::string> limit_problem(const ConstantLimit& limit, const toml::node& value) {
    double v = 0;
    if (auto i = value.value_exact<std::int64_t>())
        v = static_cast<double>(*i);
    else if (auto f = value.value_exact<double>())
        v = *f;
    else
        return std::nullopt;
    if (!std::isfinite(v))
        return fmt::format("{} is not a number a pack may use; expected {}", v, describe(limit));
    bool bad = (limit.integer && v != std::floor(v)) || (limit.min && v < *limit.min) ||
               (limit.max && v > *limit.max);
    if (!bad) return std::nullopt;
    return fmt::format("is {}; expected {}", number_text(v), describe(limit));
}

std::optional<std::string> value_problem(const ConstantLimits& limits, const std::string& path,
                                         const toml::node& value) {
    if (auto f = value.value_exact<double>(); f && !std::isfinite(*f))
        return fmt::format("{} is not a number a scenario may use", *f);
    for (std::size_t dot = 0; dot != std::string::npos;) {
        dot = path.find('.', dot + 1);
        auto it = limits.find(path.substr(0, dot));
        if (it == limits.end()) continue;
        if (auto bad = limit_problem(it->second, value)) return bad;
    }
    return std::nullopt;
}

void check_constant_limits(const toml::table& constants, const ConstantLimits& pack_limits,
                           const std::function<SourcePos(const std::string&)>& pos_of,
                           Diagnostics& diags) {
    Reporter out(pos_of, diags);
    check_finite("", constants, out);
    for (const auto& [path, limit] : engine_limits()) {
        const toml::node* n = find(constants, path);
        if (!n) continue;  // the engine's fallback applies
        if (!n->is_integer() && !n->is_floating_point()) {
            out.report(path, "", fmt::format("expected {}", describe(limit)));
            continue;
        }
        check_under(path, *n, limit, out);
    }
    for (const auto& [path, limit] : pack_limits) {
        const toml::node* n = find(constants, path);
        if (!n) {
            diags.error(limit.where,
                        fmt::format("limits.\"{}\": no such constant in the pack", path));
            continue;
        }
        if (!n->is_integer() && !n->is_floating_point() && !n->is_table() && !n->is_array()) {
            diags.error(limit.where,
                        fmt::format("limits.\"{}\": the constant is not a number", path));
            continue;
        }
        check_under(path, *n, limit, out);
    }
}

}  // namespace hl
