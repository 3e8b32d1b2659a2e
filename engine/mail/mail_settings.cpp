#include "mail/mail_settings.hpp"

#include <fmt/format.h>

#include "host/time_text.hpp"
#include "io/toml_doc.hpp"

namespace fs = std::filesystem;

namespace hl::mail {

fs::path mail_settings_file(const GameDir& dir) {
    return dir.dir() / "mail.toml";
}

fs::path default_outbox(const GameDir& dir) {
    return dir.dir() / "mail" / "outbox";
}

MailSettings read_mail_settings(const GameDir& dir) {
    MailSettings s;
    s.delivery.outbox = default_outbox(dir);
    GameInfo info = read_game_info(dir);
    s.from_name = info.gm;
    s.from_addr = info.gm_address;
    fs::path file = mail_settings_file(dir);
    std::error_code ec;
    if (!fs::exists(file, ec)) return s;
    Diagnostics diags;
    TomlDoc doc = TomlDoc::from_file(file, file.generic_string(), diags);
    if (doc.ok()) {
        TomlView root = doc.root();
        if (auto outbox = root.string("outbox")) {
            if (outbox->empty())
                root.error("outbox", "an outbox folder is needed (or leave the key out)");
            else
                s.delivery.outbox =
                    fs::path(*outbox).is_absolute() ? fs::path(*outbox) : dir.dir() / *outbox;
        }
        if (auto cmd = root.string_list("sendmail")) {
            if (cmd->empty() || (*cmd)[0].empty())
                root.error("sendmail", "give the command as a list: [\"msmtp\", \"-t\"]");
            else
                s.delivery.sendmail = *cmd;
        }
        if (auto t = root.string("timeout")) {
            auto secs = parse_duration(*t);
            if (!secs || *secs <= 0)
                root.error("timeout", fmt::format("'{}' is not a duration such as 2m", *t));
            else
                s.delivery.timeout = std::chrono::seconds(*secs);
        }
        if (auto r = root.string("remind_before")) {
            auto secs = parse_duration(*r);
            if (!secs || *secs <= 0)
                root.error("remind_before",
                           fmt::format("'{}' is not a duration such as 1d or 12h", *r));
            else
                s.remind_before = *secs;
        }
        if (auto shared = root.boolean("shared_mailbox")) s.shared_mailbox = *shared;
        doc.report_unknown_keys();
    }
    if (diags.has_errors()) throw InputError(diags);
    return s;
}

std::vector<std::string> split_command(const std::string& text) {
    std::vector<std::string> words;
    std::string w;
    for (char c : text) {
        if (c == ' ' || c == '\t') {
            if (!w.empty()) words.push_back(w);
            w.clear();
        } else {
            w += c;
        }
    }
    if (!w.empty()) words.push_back(w);
    return words;
}

}  // namespace hl::mail
