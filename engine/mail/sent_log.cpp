#include "mail/sent_log.hpp"

#include <fmt/format.h>

#include "io/atomic_file.hpp"
#include "io/toml_doc.hpp"

namespace fs = std::filesystem;

namespace hl::mail {

bool SentLog::has(const std::string& kind, int turn, const std::string& empire) const {
    for (const SentMail& s : sent)
        if (s.kind == kind && s.turn == turn && s.empire == empire) return true;
    return false;
}

std::string SentLog::told_due(int next_turn, const std::string& empire) const {
    std::string due;
    for (const SentMail& s : sent)
        if (s.empire == empire && !s.due.empty() &&
            ((s.kind == "report" && s.turn + 1 == next_turn) ||
             (s.kind == "deadline" && s.turn == next_turn)))
            due = s.due;
    return due;
}

fs::path sent_log_file(const GameDir& dir) {
    return dir.dir() / "mail" / "sent.toml";
}

SentLog read_sent_log(const GameDir& dir) {
    SentLog log;
    fs::path file = sent_log_file(dir);
    std::error_code ec;
    if (!fs::exists(file, ec)) return log;
    Diagnostics diags;
    TomlDoc doc = TomlDoc::from_file(file, file.generic_string(), diags);
    if (doc.ok()) {
        for (TomlView t : doc.root().tables("sent")) {
            SentMail s;
            s.kind = t.string("kind", true).value_or("");
            s.turn = static_cast<int>(t.integer("turn", true, 0, 100000).value_or(0));
            s.empire = t.string("empire", true).value_or("");
            s.to = t.string("to", true).value_or("");
            s.message_id = t.string("message_id").value_or("");
            s.due = t.string("due").value_or("");
            if (s.kind != "report" && s.kind != "reminder" && s.kind != "announcement" &&
                s.kind != "deadline")
                t.error("kind", fmt::format("'{}': write report, reminder, announcement or "
                                            "deadline",
                                            s.kind));
            log.sent.push_back(std::move(s));
        }
        doc.report_unknown_keys();
    }
    if (diags.has_errors()) throw InputError(diags);
    return log;
}

void write_sent_log(const GameDir& dir, const SentLog& log) {
    std::string o =
        "# What hyperlane mail-out has sent, so that a second run sends nothing twice\n"
        "# (mail-out --resend sends again).\n";
    for (const SentMail& s : log.sent) {
        o +=
            fmt::format("\n[[sent]]\nkind = {}\nturn = {}\nempire = {}\nto = {}\nmessage_id = {}\n",
                        toml_quote(s.kind), s.turn, toml_quote(s.empire), toml_quote(s.to),
                        toml_quote(s.message_id));
        if (!s.due.empty()) o += "due = " + toml_quote(s.due) + "\n";
    }
    fs::path file = sent_log_file(dir);
    write_file_atomic_below(dir.dir(), file, o);
}

}  // namespace hl::mail
