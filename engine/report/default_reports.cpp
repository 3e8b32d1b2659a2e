#include "report/default_reports.hpp"

#include <fmt/format.h>

#include "report/phase_notes.hpp"

namespace hl {

namespace {

// The header every default report starts with: the warnings for all (and for `empire`, if
// given) and the GM's messages.
void add_news(Document& d, const TurnRecord* record, const ReportContext& ctx,
              const std::string& empire) {
    DocSection all{"", "news", {}};
    if (record)
        for (const PhaseNote& n : record->notes)
            if (n.warning && (n.empire.empty() || n.empire == empire))
                all.blocks.push_back(DocParagraph{n.text, "warning"});
    if (!all.blocks.empty()) d.sections.push_back(std::move(all));
    if (!ctx.gm_messages.empty()) {
        DocSection gm{"From the GM", "gm", {}};
        for (const std::string& m : ctx.gm_messages)
            gm.blocks.push_back(DocParagraph{m, ""});
        d.sections.push_back(std::move(gm));
    }
}

// A section for each of the pack's phases that wrote notes other than warnings for the game
// (and for `empire`, if given), titled with the phase's name, its lines exactly as the pack
// wrote them (a pack may lay out text maps in them).
void add_phase_notes(Document& d, const TurnRecord& record, const std::string& empire) {
    for (const auto& [phase, notes] : notes_by_phase(record.notes, empire)) {
        std::string lines;
        for (const PhaseNote* n : notes)
            if (!n->warning && (n->empire.empty() || n->empire == empire)) lines += n->text + "\n";
        if (lines.empty()) continue;
        d.sections.push_back(DocSection{phase.empty() ? "Notes" : phase,
                                        phase.empty() ? "notes" : "phase-" + phase,
                                        {DocPre{lines}}});
    }
}

std::string gm_line(const ReportContext& ctx) {
    if (!ctx.gm.empty() && !ctx.gm_address.empty())
        return fmt::format("{} <{}>", ctx.gm, ctx.gm_address);
    return ctx.gm.empty() ? ctx.gm_address : ctx.gm;
}

}  // namespace

Document default_empire_document(const GameState& st, const TurnRecord* record,
                                 const ReportContext& ctx, const std::string& empire) {
    const Empire* e = st.find_empire(empire);
    Document d;
    d.kind = "empire";
    d.title = fmt::format("{} - turn {}", ctx.game_name, st.turn);
    d.subtitle = fmt::format("Report for {} ({})", e ? e->name : empire, empire);
    add_news(d, record, ctx, empire);
    if (!record) return d;
    DocList actions, events;
    for (const ActionResult& a : record->actions) {
        if (a.empire == empire) {
            DocListItem item{fmt::format("{}: {}{}", a.text, a.ok ? "done" : "FAILED",
                                         a.reason.empty() ? "" : " - " + a.reason),
                             a.ok ? "ok" : "fail",
                             {}};
            for (const std::string& n : a.notes)
                item.items.push_back(DocListItem{n, "", {}});
            actions.items.push_back(std::move(item));
        }
        for (const TurnEvent& ev : a.events)
            if (ev.empire == empire) events.items.push_back(DocListItem{ev.text, "", {}});
    }
    if (!actions.items.empty()) d.sections.push_back(DocSection{"Orders", "orders", {actions}});
    if (!events.items.empty())
        d.sections.push_back(DocSection{"What others did to you", "events", {events}});
    add_phase_notes(d, *record, empire);
    return d;
}

Document default_game_document(const GameState& st, const TurnRecord* record,
                               const ReportContext& ctx) {
    Document d;
    d.kind = "game";
    d.title = fmt::format("{} - game report, turn {}", ctx.game_name, st.turn);
    if (std::string gm = gm_line(ctx); !gm.empty()) d.subtitle = "GM: " + gm;
    add_news(d, record, ctx, {});
    DocTable empires;
    empires.columns = {{"Empire"}, {"Name"}, {"Player"}};
    for (const Empire& e : st.empires)
        empires.rows.push_back({DocValue{e.code, false}, DocValue{e.name, false},
                                DocValue{e.computer ? "(computer)" : e.player, false}});
    d.sections.push_back(DocSection{"Empires", "empires", {empires}});
    std::string order;
    for (std::size_t i = 0; i < st.order_of_play.size(); ++i)
        order += fmt::format("{}{}.{}", i ? " " : "", i + 1, st.order_of_play[i]);
    d.sections.push_back(DocSection{"Order of play next turn", "order", {DocParagraph{order, ""}}});
    if (record) add_phase_notes(d, *record, {});
    DocList messages;
    if (record)
        for (const MessageRecord& m : record->messages)
            if (m.to != "PHONE" && m.to != "EMAIL")
                messages.items.push_back(
                    DocListItem{fmt::format("From {} to {}: {}", m.from, m.to, m.text), "", {}});
    DocSection ms{"Messages", "messages", {}};
    if (messages.items.empty())
        ms.blocks.push_back(DocParagraph{"No messages this turn.", ""});
    else
        ms.blocks.push_back(messages);
    d.sections.push_back(std::move(ms));
    return d;
}

}  // namespace hl
