#include "game/gm_messages.hpp"

#include <fmt/format.h>

#include "core/utf8.hpp"
#include "io/atomic_file.hpp"
#include "io/toml_doc.hpp"

namespace fs = std::filesystem;

namespace hl {

namespace {

std::string messages_to_toml(int turn, const std::vector<std::string>& messages) {
    std::string o = fmt::format(
        "# The GM's messages for turn {}, shown in every report of the turn "
        "(`hyperlane gm --message`).\nmessages = [\n",
        turn);
    for (const std::string& m : messages)
        o += "    " + toml_quote(m) + ",\n";
    o += "]\n";
    return o;
}

}  // namespace

fs::path gm_messages_file(const GameDir& dir, int turn) {
    return dir.orders_dir(turn) / "GM.toml";
}

std::vector<std::string> read_gm_messages(const GameDir& dir, int turn) {
    fs::path file = gm_messages_file(dir, turn);
    std::error_code ec;
    if (!fs::exists(file, ec)) return {};
    Diagnostics diags;
    std::vector<std::string> out;
    TomlDoc doc = TomlDoc::from_file(file, file.generic_string(), diags);
    if (doc.ok()) {
        TomlView root = doc.root();
        if (auto list = root.string_list("messages", true)) {
            for (const std::string& m : *list) {
                if (std::string why = check_gm_message(m); !why.empty())
                    root.error("messages", fmt::format("message {}: {}", out.size() + 1, why));
                out.push_back(m);
            }
        }
        doc.report_unknown_keys();
    }
    if (diags.has_errors()) throw InputError(diags);
    return out;
}

std::string check_gm_message(std::string_view text) {
    if (utf8_error(text)) return "a message must be valid UTF-8 text";
    if (has_control_char(text))
        return "a message is one line without control characters (no tabs or line breaks)";
    if (text.find_first_not_of(' ') == std::string_view::npos) return "the message is empty";
    if (utf8_length(text) > kGmMessageMaxLength)
        return fmt::format("a message has at most {} characters (this one has {})",
                           kGmMessageMaxLength, utf8_length(text));
    return "";
}

void add_gm_message(const GameDir& dir, int turn, const std::string& text) {
    fs::path file = gm_messages_file(dir, turn);
    if (std::string why = check_gm_message(text); !why.empty())
        throw InputError({"message", 0, 0}, why + " (nothing was written)");
    std::vector<std::string> messages = read_gm_messages(dir, turn);
    if (messages.size() >= kGmMessagesPerTurn)
        throw InputError({file.generic_string(), 0, 0},
                         fmt::format("turn {} already has {} GM messages, the most a turn may "
                                     "have (nothing was written)",
                                     turn, kGmMessagesPerTurn));
    messages.push_back(text);
    write_file_atomic_below(dir.dir(), file, messages_to_toml(turn, messages));
    sync_dir(file.parent_path());
}

}  // namespace hl
