#include "report/report_render.hpp"

#include <fmt/format.h>

#include "report/html_escape.hpp"

#include "report/map_render.hpp"

namespace hl {

using json = nlohmann::ordered_json;

namespace {

std::string str(const json& j) {
    if (j.is_null()) return "-";
    if (j.is_string()) return j.get<std::string>().empty() ? "-" : j.get<std::string>();
    if (j.is_boolean()) return j.get<bool>() ? "yes" : "no";
    return j.dump();
}

// Wraps text at `width` columns, indenting continuation lines.
std::string wrap(const std::string& text, std::size_t width, const std::string& indent) {
    std::string out, line;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t sp = text.find(' ', start);
        std::string word =
            text.substr(start, sp == std::string::npos ? std::string::npos : sp - start);
        if (!line.empty() && line.size() + 1 + word.size() > width) {
            out += line + "\n";
            line = indent + word;
        } else {
            line += (line.empty() || line == indent ? "" : " ") + word;
        }
        if (sp == std::string::npos) break;
        start = sp + 1;
    }
    if (!line.empty()) out += line + "\n";
    return out;
}

std::string heading(const std::string& title) {
    return "\n" + title + "\n" + std::string(title.size(), '-') + "\n";
}

std::string esc(const std::string& s) {
    return html_escape(s);
}

const char* kCss = R"CSS(
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;padding:12px;background:#f6f7fb;color:#1b1f2a;line-height:1.4}
h1{font-size:1.4em;margin:.2em 0}h2{font-size:1.1em;margin:1.2em 0 .4em;border-bottom:1px solid #ccd}
table{border-collapse:collapse;width:100%;font-size:.9em;margin:.3em 0}
th,td{border:1px solid #d5d8e4;padding:3px 6px;text-align:left}th{background:#e8ebf5}
td.n{text-align:right;font-variant-numeric:tabular-nums}
.wrap{overflow-x:auto}.fail{color:#b3261e}.ok{color:#1e6b34}
.mapbox{overflow:auto;max-height:80vh;border:1px solid #ccd;background:#0b1021}
.mapbox svg{display:block;max-width:none}
pre{background:#fff;border:1px solid #ccd;padding:8px;overflow-x:auto}
ul{padding-left:1.2em}
)CSS";

std::string html_page(const std::string& title, const std::string& body) {
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
           esc(title) + "</title>\n<style>" + kCss + "</style>\n</head>\n<body>\n" + body +
           "</body>\n</html>\n";
}

std::string action_line(const json& a) {
    std::string where = a.at("round") == "probe" ? fmt::format("P{}", a.at("slot").get<int>())
                                                 : fmt::format("{:>2}", a.at("slot").get<int>());
    // The line as written may start with its slot number: show it once.
    std::string text = a.at("text").get<std::string>();
    std::string slot = std::to_string(a.at("slot").get<int>());
    if (a.at("round") != "probe" && text.rfind(slot, 0) == 0 && text.size() > slot.size() &&
        text[slot.size()] == ' ')
        text = text.substr(text.find_first_not_of(' ', slot.size()));
    std::string line =
        fmt::format("{} {}: {}", where, text, a.at("ok").get<bool>() ? "done" : "FAILED");
    if (!a.at("reason").get<std::string>().empty())
        line += " - " + a.at("reason").get<std::string>();
    if (a.at("spent").get<long>() > 0) line += fmt::format(" ({} BPs)", a.at("spent").get<long>());
    return line;
}

// The GM's messages of the turn as text: a heading and one wrapped paragraph each.
std::string gm_messages_text(const json& g) {
    if (g.at("gm_messages").empty()) return "";
    std::string o = heading("From the GM");
    for (const auto& m : g.at("gm_messages"))
        o += wrap(m.get<std::string>(), 78, "  ");
    return o;
}

// The GM's messages of the turn as HTML, escaped.
std::string gm_messages_html(const json& g) {
    if (g.at("gm_messages").empty()) return "";
    std::string b = "<h2>From the GM</h2>\n<ul class=\"gm\">\n";
    for (const auto& m : g.at("gm_messages"))
        b += "<li>" + esc(m.get<std::string>()) + "</li>\n";
    return b + "</ul>\n";
}

// The GM's name and mail address as one line: "The GM <gm@example.org>".
std::string gm_line(const json& g) {
    std::string o = g.at("gm").get<std::string>();
    const std::string& a = g.at("gm_address").get_ref<const std::string&>();
    if (!a.empty()) o += (o.empty() ? "<" : " <") + a + ">";
    return o;
}

}  // namespace

std::string render_empire_text(const json& r) {
    const json& g = r.at("game");
    const json& e = r.at("empire");
    std::string o =
        fmt::format("{} - turn {}\n", g.at("name").get<std::string>(), g.at("turn").get<int>());
    o += fmt::format("Report for {} ({}), player {}\n", e.at("name").get<std::string>(),
                     e.at("code").get<std::string>(), str(e.at("player")));
    for (const auto& w : r.at("warnings"))
        o += wrap("*** " + w.get<std::string>(), 78, "    ");
    o += gm_messages_text(g);

    o += heading("Actions");
    if (r.at("actions").empty()) o += "No actions this turn.\n";
    for (const auto& a : r.at("actions")) {
        o += wrap(action_line(a), 78, "      ");
        for (const auto& n : a.at("notes"))
            o += wrap("     " + n.get<std::string>(), 78, "       ");
    }
    if (!r.at("events").empty()) {
        o += heading("What others did to you");
        for (const auto& ev : r.at("events"))
            o += wrap(ev.at("text").get<std::string>(), 78, "  ");
    }
    if (!r.at("notes").empty()) {
        o += heading("End of turn");
        for (const auto& n : r.at("notes"))
            o += wrap(n.at("text").get<std::string>(), 78, "  ");
    }

    const json& ec = r.at("economy");
    o += heading("Economy");
    o += fmt::format("Balance for next turn {}   Income {}   Supply {}   Treasury {}   VPs {}\n",
                     str(ec.at("balance")), str(ec.at("income")), str(ec.at("supply")),
                     str(ec.at("treasury")), str(ec.at("vps")));
    o += fmt::format("Reserve {}   Lost in space {}   Bombs used {}\n", str(ec.at("reserve")),
                     str(ec.at("lost_in_space")), str(ec.at("bombs_used")));
    o += "Tech:";
    int col = 5;
    for (const auto& [code, level] : r.at("techs").items()) {
        std::string item = fmt::format(" {} {}", code, level.get<int>());
        if (col + item.size() > 78) {
            o += "\n    ";
            col = 4;
        }
        o += item;
        col += static_cast<int>(item.size());
    }
    o += "\n";

    o += heading("Your systems");
    o += fmt::format("{:<4}{:<12}{:<15}{:>4}{:>4}{:>4}{:>4}{:>4}{:>4}{:>4} {:<7} {:<3} {:<3}\n",
                     "Sys", "Kind", "Name", "Pop", "Lim", "Ind", "Crs", "Ftr", "Col", "Inc", "Mode",
                     "Ret", "Amb");
    for (const auto& s : r.at("systems")) {
        std::string name = s.at("name").get<std::string>().substr(0, 14);
        o += fmt::format(
            "{:<4}{:<12}{:<15}{:>4}{:>4}{:>4}{:>4}{:>4}{:>4}{:>4} {:<7} {:<3} {:<3}\n",
            s.at("code").get<std::string>(), s.at("kind").get<std::string>().substr(0, 11), name,
            s.at("population").get<int>(), str(s.value("limit", json(nullptr))),
            s.at("industry").get<int>(), s.at("cruisers").get<int>(), s.at("fighters").get<int>(),
            s.at("colony_ships").get<int>(), str(s.value("income", json(nullptr))),
            s.at("mode").get<std::string>(), str(s.at("retreat")), str(s.at("ambush")));
    }
    if (!r.at("probes").empty()) {
        o += heading("Probes");
        for (const auto& p : r.at("probes"))
            o += fmt::format("  {}{}\n", p.at("system").get<std::string>(),
                             p.at("active").get<bool>() ? " (active)" : "");
    }
    o += heading("Scouting");
    if (r.at("scouting").empty())
        o += "Nothing scouted this turn.\n";
    else
        o += fmt::format("{:<4}{:<12}{:<6}{:>4}{:>4}{:>4}{:>4}{:>4}\n", "Sys", "Kind", "Owner",
                         "Pop", "Ind", "Crs", "Ftr", "Col");
    for (const auto& s : r.at("scouting"))
        o += fmt::format(
            "{:<4}{:<12}{:<6}{:>4}{:>4}{:>4}{:>4}{:>4}\n", s.at("code").get<std::string>(),
            s.at("kind").get<std::string>().substr(0, 11), str(s.at("owner")),
            s.at("population").get<int>(), s.at("industry").get<int>(), s.at("cruisers").get<int>(),
            s.at("fighters").get<int>(), s.at("colony_ships").get<int>());
    o += heading("Systems seen");
    std::string line;
    for (const auto& m : r.at("map")) {
        std::string item =
            fmt::format("{} {}{}", m.at("code").get<std::string>(), m.at("kind").get<std::string>(),
                        m.at("parent").is_null()
                            ? fmt::format("({},{})", m.at("x").get<int>(), m.at("y").get<int>())
                            : "/" + m.at("parent").get<std::string>());
        if (line.size() + item.size() + 2 > 78) {
            o += line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : "  ") + item;
    }
    if (!line.empty()) o += line + "\n";
    o += heading("Map");
    o += render_map_text(r, 78);
    o += heading("Turnsheet for next turn");
    o += r.at("turnsheet").get<std::string>();
    return o;
}

std::string render_empire_html(const json& r) {
    const json& g = r.at("game");
    const json& e = r.at("empire");
    std::string title =
        fmt::format("{} turn {}: {} ({})", g.at("name").get<std::string>(), g.at("turn").get<int>(),
                    e.at("name").get<std::string>(), e.at("code").get<std::string>());
    std::string b = "<h1>" + esc(title) + "</h1>\n";
    for (const auto& w : r.at("warnings"))
        b += "<p><strong>" + esc(w.get<std::string>()) + "</strong></p>\n";
    b += gm_messages_html(g);
    b += "<h2>Map</h2>\n<div class=\"mapbox\">" + render_map_svg(r) + "</div>\n";
    b += "<h2>Actions</h2>\n<ul>\n";
    for (const auto& a : r.at("actions")) {
        b += fmt::format("<li class=\"{}\">{}", a.at("ok").get<bool>() ? "ok" : "fail",
                         esc(action_line(a)));
        if (!a.at("notes").empty()) {
            b += "<ul>";
            for (const auto& n : a.at("notes"))
                b += "<li>" + esc(n.get<std::string>()) + "</li>";
            b += "</ul>";
        }
        b += "</li>\n";
    }
    b += "</ul>\n";
    if (!r.at("events").empty()) {
        b += "<h2>What others did to you</h2>\n<ul>\n";
        for (const auto& ev : r.at("events"))
            b += "<li>" + esc(ev.at("text").get<std::string>()) + "</li>\n";
        b += "</ul>\n";
    }
    if (!r.at("notes").empty()) {
        b += "<h2>End of turn</h2>\n<ul>\n";
        for (const auto& n : r.at("notes"))
            b += "<li>" + esc(n.at("text").get<std::string>()) + "</li>\n";
        b += "</ul>\n";
    }
    const json& ec = r.at("economy");
    b += "<h2>Economy</h2>\n<div class=\"wrap\"><table><tr>";
    for (const char* k : {"balance", "income", "supply", "treasury", "vps", "reserve",
                          "lost_in_space", "bombs_used"})
        b += fmt::format("<th>{}</th>", k);
    b += "</tr><tr>";
    for (const char* k : {"balance", "income", "supply", "treasury", "vps", "reserve",
                          "lost_in_space", "bombs_used"})
        b += fmt::format("<td class=\"n\">{}</td>", esc(str(ec.at(k))));
    b += "</tr></table></div>\n<h2>Tech levels</h2>\n<div class=\"wrap\"><table><tr>";
    for (const auto& [code, level] : r.at("techs").items())
        b += "<th>" + esc(code) + "</th>";
    b += "</tr><tr>";
    for (const auto& [code, level] : r.at("techs").items())
        b += fmt::format("<td class=\"n\">{}</td>", level.get<int>());
    b += "</tr></table></div>\n";
    b += "<h2>Your systems</h2>\n<div "
         "class=\"wrap\"><table><tr><th>Sys</th><th>Kind</th><th>Name</th>"
         "<th>Pop</th><th>Limit</th><th>Ind</th><th>Crs</th><th>Ftr</th><th>Col</th><th>Income</th>"
         "<th>Mode</th><th>Retreat</th><th>Ambush</th></tr>\n";
    for (const auto& s : r.at("systems"))
        b += fmt::format(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>"
            "<td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td "
            "class=\"n\">{}</td>"
            "<td class=\"n\">{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            esc(s.at("code").get<std::string>()), esc(s.at("kind").get<std::string>()),
            esc(s.at("name").get<std::string>()), s.at("population").get<int>(),
            esc(str(s.value("limit", json(nullptr)))), s.at("industry").get<int>(),
            s.at("cruisers").get<int>(), s.at("fighters").get<int>(),
            s.at("colony_ships").get<int>(), esc(str(s.value("income", json(nullptr)))),
            esc(s.at("mode").get<std::string>()), esc(str(s.at("retreat"))),
            esc(str(s.at("ambush"))));
    b += "</table></div>\n";
    if (!r.at("probes").empty()) {
        b += "<h2>Probes</h2>\n<ul>\n";
        for (const auto& p : r.at("probes"))
            b += fmt::format("<li>{}{}</li>\n", esc(p.at("system").get<std::string>()),
                             p.at("active").get<bool>() ? " (active)" : "");
        b += "</ul>\n";
    }
    b += "<h2>Scouting</h2>\n";
    if (r.at("scouting").empty())
        b += "<p>Nothing scouted this turn.</p>\n";
    else {
        b += "<div "
             "class=\"wrap\"><table><tr><th>Sys</th><th>Kind</th><th>Owner</th><th>Pop</"
             "th><th>Ind</th>"
             "<th>Crs</th><th>Ftr</th><th>Col</th></tr>\n";
        for (const auto& s : r.at("scouting"))
            b += fmt::format(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td class=\"n\">{}</td><td "
                "class=\"n\">{}</td>"
                "<td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>\n",
                esc(s.at("code").get<std::string>()), esc(s.at("kind").get<std::string>()),
                esc(str(s.at("owner"))), s.at("population").get<int>(), s.at("industry").get<int>(),
                s.at("cruisers").get<int>(), s.at("fighters").get<int>(),
                s.at("colony_ships").get<int>());
        b += "</table></div>\n";
    }
    b += "<h2>Turnsheet for next turn</h2>\n<pre>" + esc(r.at("turnsheet").get<std::string>()) +
         "</pre>\n";
    return html_page(title, b);
}

std::string render_game_text(const json& r) {
    const json& g = r.at("game");
    std::string o = fmt::format("{} - game report, turn {}\n", g.at("name").get<std::string>(),
                                g.at("turn").get<int>());
    if (std::string gm = gm_line(g); !gm.empty()) o += "GM: " + gm + "\n";
    for (const auto& w : r.at("warnings"))
        o += wrap("*** " + w.get<std::string>(), 78, "    ");
    o += gm_messages_text(g);
    o += heading("Roundup");
    for (const auto& e : r.at("roundup")) {
        std::string techs;
        for (const auto& t : e.at("top_techs"))
            techs +=
                fmt::format(" {} {}", t.at("code").get<std::string>(), t.at("level").get<int>());
        std::string who = e.at("computer").get<bool>() ? "(computer)" : str(e.at("player"));
        o += fmt::format("{} {:<22} {:<18} top tech:{}{}\n", e.at("code").get<std::string>(),
                         e.at("name").get<std::string>().substr(0, 22), who.substr(0, 18), techs,
                         e.at("eliminated").get<bool>() ? " ELIMINATED" : "");
        for (const auto& [k, v] : e.at("contact").items())
            o += wrap(fmt::format("    {}: {}", k, v.get<std::string>()), 78, "      ");
    }
    o += heading("Order of play next turn");
    std::string order;
    int i = 1;
    for (const auto& c : r.at("order_of_play"))
        order += fmt::format("{}.{} ", i++, c.get<std::string>());
    o += wrap(order, 78, "");
    o += heading("Messages");
    if (r.at("messages").empty()) o += "No messages this turn.\n";
    for (const auto& m : r.at("messages"))
        o += wrap(fmt::format("From {} to {}: {}", m.at("from").get<std::string>(),
                              m.at("to").get<std::string>(), m.at("text").get<std::string>()),
                  78, "    ");
    return o;
}

std::string render_game_html(const json& r) {
    const json& g = r.at("game");
    std::string title = fmt::format("{}: game report, turn {}", g.at("name").get<std::string>(),
                                    g.at("turn").get<int>());
    std::string b = "<h1>" + esc(title) + "</h1>\n";
    if (std::string gm = gm_line(g); !gm.empty()) b += "<p>GM: " + esc(gm) + "</p>\n";
    for (const auto& w : r.at("warnings"))
        b += "<p><strong>" + esc(w.get<std::string>()) + "</strong></p>\n";
    b += gm_messages_html(g);
    b += "<h2>Roundup</h2>\n<div "
         "class=\"wrap\"><table><tr><th>Empire</th><th>Name</th><th>Player</th>"
         "<th>Top tech levels</th><th>Contact</th></tr>\n";
    for (const auto& e : r.at("roundup")) {
        std::string techs, contact;
        for (const auto& t : e.at("top_techs"))
            techs +=
                fmt::format("{} {} ", t.at("code").get<std::string>(), t.at("level").get<int>());
        for (const auto& [k, v] : e.at("contact").items())
            contact += esc(k + ": " + v.get<std::string>()) + "<br>";
        b += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                         esc(e.at("code").get<std::string>()), esc(e.at("name").get<std::string>()),
                         e.at("computer").get<bool>() ? "(computer)" : esc(str(e.at("player"))),
                         esc(techs), contact);
    }
    b += "</table></div>\n<h2>Order of play next turn</h2>\n<ol>\n";
    for (const auto& c : r.at("order_of_play"))
        b += "<li>" + esc(c.get<std::string>()) + "</li>\n";
    b += "</ol>\n<h2>Messages</h2>\n";
    if (r.at("messages").empty())
        b += "<p>No messages this turn.</p>\n";
    else {
        b += "<ul>\n";
        for (const auto& m : r.at("messages"))
            b += "<li>" +
                 esc(fmt::format("From {} to {}: {}", m.at("from").get<std::string>(),
                                 m.at("to").get<std::string>(), m.at("text").get<std::string>())) +
                 "</li>\n";
        b += "</ul>\n";
    }
    return html_page(title, b);
}

}  // namespace hl
