#include "game/report_context.hpp"

#include "game/gm_messages.hpp"

namespace hl {

ReportContext report_context(const GameDir& dir, const GameInfo& info, int turn) {
    return ReportContext{info.name, info.gm, info.gm_address,
                         turn > 0 ? read_gm_messages(dir, turn) : std::vector<std::string>{}};
}

}  // namespace hl
