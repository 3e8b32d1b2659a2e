#include "game/report_context.hpp"

#include "game/gm_messages.hpp"

namespace hl {

ReportContext report_context(const GameDir& dir, const GameInfo& info, int turn) {
    ReportContext ctx{info.name, info.gm, info.gm_address, {}};
    if (turn > 0) ctx.gm_messages = read_gm_messages(dir, turn);
    return ctx;
}

}  // namespace hl
