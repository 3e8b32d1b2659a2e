#include "core/turn_record.hpp"

#include <stdexcept>

namespace hl {

using json = nlohmann::ordered_json;

json turn_record_to_json(const TurnRecord& rec) {
    json j;
    j["turn"] = rec.turn;
    j["order_of_play"] = rec.order_of_play;
    j["late_orders"] = rec.late_orders;
    j["no_orders"] = rec.no_orders;
    j["computer_orders"] = rec.computer_orders;
    json actions = json::array();
    for (const ActionResult& a : rec.actions) {
        json ja;
        ja["round"] = a.round;
        ja["slot"] = a.slot;
        ja["empire"] = a.empire;
        ja["line"] = a.line;
        ja["action"] = a.action;
        ja["text"] = a.text;
        ja["ok"] = a.ok;
        ja["reason"] = a.reason;
        ja["spent"] = a.spent;
        ja["details"] = a.details;
        ja["notes"] = a.notes;
        json ev = json::array();
        for (const TurnEvent& e : a.events)
            ev.push_back({{"empire", e.empire}, {"text", e.text}});
        ja["events"] = ev;
        actions.push_back(ja);
    }
    j["actions"] = actions;
    json notes = json::array();
    for (const PhaseNote& n : rec.notes) {
        json jn = {{"phase", n.phase}, {"empire", n.empire}, {"text", n.text}, {"data", n.data}};
        if (n.warning) jn["warning"] = true;  // absent when false: records stay as they were
        notes.push_back(std::move(jn));
    }
    j["notes"] = notes;
    json messages = json::array();
    for (const MessageRecord& m : rec.messages)
        messages.push_back({{"from", m.from}, {"to", m.to}, {"text", m.text}});
    j["messages"] = messages;
    return j;
}

TurnRecord turn_record_from_json(const json& j) {
    TurnRecord rec;
    try {
        rec.turn = j.at("turn").get<int>();
        rec.order_of_play = j.at("order_of_play").get<std::vector<std::string>>();
        rec.late_orders = j.at("late_orders").get<std::vector<std::string>>();
        rec.no_orders = j.at("no_orders").get<std::vector<std::string>>();
        rec.computer_orders = j.at("computer_orders").get<std::map<std::string, std::string>>();
        for (const auto& ja : j.at("actions")) {
            ActionResult a;
            a.round = ja.at("round").get<std::string>();
            a.slot = ja.at("slot").get<int>();
            a.empire = ja.at("empire").get<std::string>();
            a.line = ja.at("line").get<int>();
            a.action = ja.at("action").get<std::string>();
            a.text = ja.at("text").get<std::string>();
            a.ok = ja.at("ok").get<bool>();
            a.reason = ja.at("reason").get<std::string>();
            a.spent = ja.at("spent").get<std::int64_t>();
            a.details = ja.at("details");
            a.notes = ja.at("notes").get<std::vector<std::string>>();
            for (const auto& e : ja.at("events"))
                a.events.push_back(
                    {e.at("empire").get<std::string>(), e.at("text").get<std::string>()});
            rec.actions.push_back(std::move(a));
        }
        for (const auto& jn : j.at("notes")) {
            PhaseNote n;
            n.phase = jn.at("phase").get<std::string>();
            n.empire = jn.at("empire").get<std::string>();
            n.text = jn.at("text").get<std::string>();
            n.data = jn.at("data");
            n.warning = jn.value("warning", false);
            rec.notes.push_back(std::move(n));
        }
        for (const auto& jm : j.at("messages"))
            rec.messages.push_back({jm.at("from").get<std::string>(),
                                    jm.at("to").get<std::string>(),
                                    jm.at("text").get<std::string>()});
    } catch (const json::exception& e) {
        throw std::runtime_error(std::string("results.json: ") + e.what());
    }
    return rec;
}

}  // namespace hl
