#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace hl {

// A place in an input file: path, 1-based line and column (0 when unknown).
struct SourcePos {
    std::string file;
    int line = 0;
    int col = 0;
};

// How serious a finding is.
enum class Severity { error, warning, note };

// The word for a severity as findings print it: "error", "warning" or "note".
const char* severity_name(Severity s);

// One finding about untrusted input, printed as `file:line:col: error: message`.
struct Diagnostic {
    SourcePos where;
    Severity severity = Severity::error;
    std::string message;
};

// Formats a place as `file:line:col`, leaving out what is unknown.
std::string format_pos(const SourcePos& where);

// Formats a finding the way compilers do, omitting unknown line or column.
std::string format_diagnostic(const Diagnostic& d);

// Collects every finding of a load or check so all are reported, not just the first.
class Diagnostics {
  public:
    // Records an error at a place.
    void error(SourcePos where, std::string message);
    // Records a warning at a place.
    void warning(SourcePos where, std::string message);
    // Records a finding built elsewhere.
    void add(Diagnostic d);
    // Appends all findings of another list.
    void merge(const Diagnostics& other);
    // True if any finding is an error.
    bool has_errors() const;
    // Number of error findings.
    int error_count() const;
    // All findings in the order they were made.
    const std::vector<Diagnostic>& all() const { return items_; }
    // All findings formatted, one per line.
    std::string to_string() const;

  private:
    std::vector<Diagnostic> items_;
};

// Thrown when untrusted input (pack, scenario, state, turnsheet) is wrong; exit code 1.
class InputError : public std::runtime_error {
  public:
    // Wraps a list of findings that holds at least one error.
    explicit InputError(Diagnostics diags);
    // Wraps a single error.
    InputError(SourcePos where, const std::string& message);
    // The findings that caused the refusal.
    const Diagnostics& diagnostics() const { return diags_; }

  private:
    Diagnostics diags_;
};

}  // namespace hl
