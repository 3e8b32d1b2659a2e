#include "game/report_context.hpp"

#include "io/toml_doc.hpp"

namespace fs = std::filesystem;

namespace hl {

ReportContext report_context(const GameDir& dir, const GameInfo& info, int turn) {
    ReportContext ctx{info.name, info.gm, info.gm_address, {}};
    fs::path file = dir.orders_dir(turn) / "GM.toml";
    std::error_code ec;
    if (turn <= 0 || !fs::exists(file, ec)) return ctx;
    Diagnostics diags;
    TomlDoc doc = TomlDoc::from_file(file, file.generic_string(), diags);
    if (doc.ok()) {
        if (auto list = doc.root().string_list("messages", true)) ctx.gm_messages = *list;
        doc.report_unknown_keys();
    }
    if (diags.has_errors()) throw InputError(diags);
    return ctx;
}

}  // namespace hl
