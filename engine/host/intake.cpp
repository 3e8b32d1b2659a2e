#include "host/intake.hpp"

#include <fcntl.h>
#include <sys/stat.h>

#include <optional>

#include <fmt/format.h>

#include "game/order_store.hpp"
#include "game/read_lock.hpp"
#include "host/game_lock_wait.hpp"
#include "host/time_text.hpp"
#include "io/atomic_file.hpp"
#include "io/test_hooks.hpp"

namespace fs = std::filesystem;

namespace hl {

fs::path refused_sheet_path(const GameDir& dir, int turn, const std::string& empire) {
    return dir.orders_dir(turn) / (empire + ".refused.txt");
}

Intake receive_sheet(const GameDir& dir, std::string_view text, const std::string& shown,
                     const IntakeOptions& opts) {
    std::optional<WaitingGameLock> lock;
    if (opts.store) lock.emplace(dir, opts.wait, opts.permits);
    LoadedGame g = load_game(dir);
    Intake in;
    in.check = check_sheet(text, shown, g);
    const SheetHeader& h = in.check.header;
    const std::string& named = h.empire.text;
    const Empire* e = h.empire.given ? g.state.find_empire(named) : nullptr;
    in.known = e && h.secret.given && h.secret.text == e->secret;
    if (!opts.only_empire.empty() && named != opts.only_empire) {
        in.known = false;  // never file anything for another empire
        if (h.empire.given)
            in.check.findings.error(
                h.empire.at(shown),
                fmt::format("{} {}: you are signed in as {}; send only {}'s orders here",
                            h.empire.label.empty() ? "empire" : h.empire.label, named,
                            opts.only_empire, opts.only_empire));
        else if (in.check.ok())  // the pack's grammar says how to name the empire otherwise
            in.check.findings.error({shown, 0, 0},
                                    fmt::format("the sheet does not say whose orders it holds; you "
                                                "are signed in as {}",
                                                opts.only_empire));
    }
    if (!in.known && opts.hide_unknown) {
        Diagnostics kept;
        for (const Diagnostic& d : in.check.findings.all())
            if (d.where.line == 0 || d.where.line == h.empire.line ||
                d.where.line == h.secret.line || d.where.line == h.turn.line)
                kept.add(d);
        if (!kept.has_errors())
            kept.error(h.secret.at(shown),
                       (h.secret.label.empty() ? std::string("secret") : h.secret.label) +
                           ": missing or wrong");
        in.check.findings = kept;
    }
    if (!opts.store) return in;
    if (!in.known) {
        if (in.check.ok())  // the checker should have said why; never store such a sheet
            in.check.findings.error({shown, 0, 0}, "the sheet needs its empire and its secret");
        return in;
    }
    const int turn = in.check.next_turn;
    // Readers (status) see the sheets before or after this one is filed.
    GameChangeLock readers_out(dir);
    if (!in.check.ok()) {
        fs::path p = refused_sheet_path(dir, turn, named);
        write_file_atomic_below(dir.dir(), p, text);
        return in;
    }
    const fs::path target = sheet_path(dir, turn, named, in.check.late);
    if (fs::exists(target)) {
        if (opts.keep_stored) {
            in.kept = opts.keep_stored(target);
            if (!in.kept.empty()) return in;
        }
        try {
            in.replaced = read_file(target) != text;  // the same sheet again replaces nothing
        } catch (const std::exception&) {
            in.replaced = true;
        }
    }
    in.path = store_sheet(dir, turn, named, in.check.late, text);
    in.stored = true;
    crash_point("submit-stored");
    // The file's time says when the sheet came (status: late after the deadline); now_utc()
    // so that HYPERLANE_NOW fixes it in tests.
    const timespec when{static_cast<time_t>(now_utc()), 0};
    const timespec times[2] = {when, when};
    ::utimensat(AT_FDCWD, in.path.c_str(), times, 0);
    std::error_code ec;
    fs::remove(refused_sheet_path(dir, turn, named), ec);
    return in;
}

}  // namespace hl
