#include "web/page.hpp"

#include "report/html_escape.hpp"

namespace hl::web {

namespace {

const char* kCss = R"CSS(
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:0 1rem 2rem;
color:#1b1d29;background:#f7f8fc;line-height:1.4}
nav{padding:.6rem 0;border-bottom:1px solid #ccd;margin-bottom:1rem}nav a,nav form{margin-right:1rem}
nav form{display:inline}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:1.6rem}
table{border-collapse:collapse}th,td{border:1px solid #d5d8e4;padding:3px 8px;text-align:left}
th{background:#e8ebf5}
textarea{width:100%;font-family:ui-monospace,monospace;font-size:.95rem}
input[type=text],input[type=password]{font-size:1rem;padding:3px}
.sheet td.n{color:#667;text-align:right;font-family:ui-monospace,monospace}
.sheet td.t{font-family:ui-monospace,monospace;white-space:pre-wrap}
.error{color:#b3261e}.warning{color:#8a5a00}.ok{color:#1e6b34}
.box{background:#fff;border:1px solid #ccd;padding:.6rem 1rem;margin:1rem 0}
.state-submitted,.state-late{color:#1e6b34}.state-errors{color:#b3261e}
)CSS";

}  // namespace

std::string esc(const std::string& s) {
    return html_escape(s);
}

std::string page(const std::string& title, const std::string& nav, const std::string& body) {
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
           esc(title) + "</title>\n<style>" + kCss + "</style>\n</head>\n<body>\n" +
           (nav.empty() ? "" : "<nav>" + nav + "</nav>\n") + body + "</body>\n</html>\n";
}

std::string csrf_field(const std::string& token) {
    return "<input type=\"hidden\" name=\"csrf\" value=\"" + esc(token) + "\">";
}

std::string button_form(const std::string& action, const std::string& token,
                        const std::string& label) {
    return "<form method=\"post\" action=\"" + esc(action) + "\">" + csrf_field(token) +
           "<button type=\"submit\">" + esc(label) + "</button></form>";
}

}  // namespace hl::web
