// A turn's notes by the pack's own phases (docs/report.md): `trace` and the engine's default
// reports group them under the phase that wrote them, show notes for all as notes, and only
// the notes the pack marked as warnings as `***` warnings; the mark is kept in results.json
// only where it is set, so records without it stay as they were.

#include <catch2/catch.hpp>

#include "core/state.hpp"
#include "core/turn_record.hpp"
#include "report/default_reports.hpp"
#include "report/document_text.hpp"
#include "report/trace_text.hpp"

namespace {

// Notes as a pack of its own phases writes them: "bids" and "market" interleaved, notes for
// all, for ARC and for BEL, and one warning for all.
hl::TurnRecord record() {
    hl::TurnRecord rec;
    rec.turn = 4;
    rec.order_of_play = {"BEL", "ARC"};
    rec.notes = {
        {"bids", "ARC", "ARC bid 5", {}, false},
        {"market", "", "Ore rises to 12", {}, false},
        {"bids", "BEL", "BEL bid 3", {}, false},
        {"bids", "", "BEL plays first", {}, false},
        {"market", "", "The market closes for a turn", {}, true},
    };
    return rec;
}

hl::GameState two_empires() {
    hl::GameState st;
    st.turn = 4;
    for (const char* code : {"ARC", "BEL"}) {
        hl::Empire e;
        e.code = code;
        e.name = std::string("House ") + code;
        st.empires.push_back(e);
    }
    st.order_of_play = {"ARC", "BEL"};
    return st;
}

}  // namespace

TEST_CASE("trace lists the notes under the pack's phases, warnings marked", "[report]") {
    const hl::TurnRecord rec = record();
    CHECK(hl::render_trace(rec) ==
          "Turn 4: order of play BEL ARC\n"
          "Phase bids:\n"
          "  ARC: ARC bid 5\n"
          "  BEL: BEL bid 3\n"
          "  BEL plays first\n"
          "Phase market:\n"
          "  Ore rises to 12\n"
          "  *** The market closes for a turn\n");
    // One empire's trace: its notes and those for all, never another empire's.
    CHECK(hl::render_trace(rec, "BEL") ==
          "Turn 4: order of play BEL ARC\n"
          "Phase bids:\n"
          "  BEL: BEL bid 3\n"
          "  BEL plays first\n"
          "Phase market:\n"
          "  Ore rises to 12\n"
          "  *** The market closes for a turn\n");
}

TEST_CASE("default reports have a section per phase and warnings only for warnings", "[report]") {
    const hl::TurnRecord rec = record();
    const hl::GameState st = two_empires();
    const hl::ReportContext ctx{"Bids", "The GM"};
    CHECK(hl::document_text(hl::default_empire_document(st, &rec, ctx, "ARC")) ==
          "Bids - turn 4\n"
          "Report for House ARC (ARC)\n"
          "\n"
          "*** The market closes for a turn\n"
          "\n"
          "bids\n"
          "----\n"
          "ARC bid 5\n"
          "BEL plays first\n"
          "\n"
          "market\n"
          "------\n"
          "Ore rises to 12\n");
    const std::string game = hl::document_text(hl::default_game_document(st, &rec, ctx));
    CHECK(game.find("*** The market closes for a turn\n") != std::string::npos);
    CHECK(game.find("\nbids\n----\nBEL plays first\n\nmarket\n------\nOre rises to 12\n") !=
          std::string::npos);
    CHECK(game.find("bid 5") == std::string::npos);  // an empire's notes are its own
    CHECK(game.find("bid 3") == std::string::npos);
}

TEST_CASE("results.json keeps a warning mark only where it is set", "[report]") {
    const hl::TurnRecord rec = record();
    const nlohmann::ordered_json j = hl::turn_record_to_json(rec);
    CHECK_FALSE(j["notes"][0].contains("warning"));
    CHECK(j["notes"][4]["warning"] == true);
    const hl::TurnRecord back = hl::turn_record_from_json(j);
    REQUIRE(back.notes.size() == 5);
    CHECK_FALSE(back.notes[0].warning);
    CHECK(back.notes[4].warning);
}
