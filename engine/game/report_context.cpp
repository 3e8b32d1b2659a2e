#include "game/report_context.hpp"

#include "game/gm_messages.hpp"

namespace hl {

ReportContext report_context(const GameDir& dir, const GameInfo& info, int turn) {
    ReportContext ctx{info.name, info.gm, info.gm_address, {}};
    // One reader of GM.toml for the reports, `gm`, status and the web pages: the same checks.
    if (turn > 0) ctx.gm_messages = read_gm_messages(dir, turn);
    return ctx;
}

}  // namespace hl
