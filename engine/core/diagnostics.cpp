#include "core/diagnostics.hpp"

#include <fmt/format.h>

namespace hl {

std::string format_pos(const SourcePos& where) {
    std::string out = where.file.empty() ? std::string("<input>") : where.file;
    if (where.line > 0) {
        out += fmt::format(":{}", where.line);
        if (where.col > 0) out += fmt::format(":{}", where.col);
    }
    return out;
}

const char* severity_name(Severity s) {
    switch (s) {
        case Severity::error:
            return "error";
        case Severity::warning:
            return "warning";
        case Severity::note:
            return "note";
    }
    return "error";
}

std::string format_diagnostic(const Diagnostic& d) {
    return fmt::format("{}: {}: {}", format_pos(d.where), severity_name(d.severity), d.message);
}

void Diagnostics::error(SourcePos where, std::string message) {
    items_.push_back({std::move(where), Severity::error, std::move(message)});
}

void Diagnostics::warning(SourcePos where, std::string message) {
    items_.push_back({std::move(where), Severity::warning, std::move(message)});
}

void Diagnostics::add(Diagnostic d) {
    items_.push_back(std::move(d));
}

void Diagnostics::merge(const Diagnostics& other) {
    items_.insert(items_.end(), other.items_.begin(), other.items_.end());
}

bool Diagnostics::has_errors() const {
    return error_count() > 0;
}

int Diagnostics::error_count() const {
    int n = 0;
    for (const auto& d : items_)
        n += d.severity == Severity::error ? 1 : 0;
    return n;
}

std::string Diagnostics::to_string() const {
    std::string out;
    for (const auto& d : items_) {
        out += format_diagnostic(d);
        out += '\n';
    }
    return out;
}

InputError::InputError(Diagnostics diags)
    : std::runtime_error(diags.to_string()), diags_(std::move(diags)) {}

InputError::InputError(SourcePos where, const std::string& message)
    : std::runtime_error(format_diagnostic({where, Severity::error, message})) {
    diags_.error(std::move(where), message);
}

}  // namespace hl
