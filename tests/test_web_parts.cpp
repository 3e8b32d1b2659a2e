// The web layer's parts without a server: escaping, the line-by-line sheet view, sessions
// and the sign-in limiter.

#include <catch2/catch.hpp>

#include <set>
#include <thread>

#include "web/page.hpp"
#include "web/random_token.hpp"
#include "web/rate_limit.hpp"
#include "web/sessions.hpp"
#include "web/sheet_view.hpp"

using namespace hl;
using namespace hl::web;

TEST_CASE("everything a player writes is escaped in pages and the sheet view") {
    CHECK(esc("<script>alert('x')</script> & \"q\"") ==
          "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;");
    Diagnostics d;
    d.error({"sheet", 2, 0}, "bad <b>box</b>");
    d.warning({"sheet", 0, 0}, "no line");
    std::string html = sheet_view_html("EMPIRE ARC\nMESSAGE ALL <img src=x onerror=alert(1)>\n", d);
    CHECK(html.find("<img") == std::string::npos);
    CHECK(html.find("&lt;img src=x onerror=alert(1)&gt;") != std::string::npos);
    CHECK(html.find("error: bad &lt;b&gt;box&lt;/b&gt;") != std::string::npos);
    // The finding follows its line; the one without a line comes first.
    auto line2 = html.find("id=\"line-2\"");
    auto err = html.find("error: bad");
    auto none = html.find("warning: no line");
    CHECK((none < html.find("id=\"line-1\"") && line2 < err));
    CHECK(page("<t>", "", "").find("<title>&lt;t&gt;</title>") != std::string::npos);
}

TEST_CASE("tokens are random, long, and compared whole") {
    std::set<std::string> seen;
    for (int i = 0; i < 100; ++i)
        seen.insert(random_token());
    CHECK(seen.size() == 100);
    CHECK(seen.begin()->size() == 64);
    CHECK(same_secret("abc", "abc"));
    CHECK_FALSE(same_secret("abc", "abd"));
    CHECK_FALSE(same_secret("abc", "abcd"));
    CHECK_FALSE(same_secret("", "a"));
}

TEST_CASE("signing in makes a new session and ends the old one") {
    SessionStore store(std::chrono::seconds(3600));
    Session anon = store.create();
    CHECK(store.find(anon.id));
    Session in = store.sign_in(anon.id, "g", "ARC");
    CHECK(in.id != anon.id);
    CHECK(in.csrf != anon.csrf);
    CHECK_FALSE(store.find(anon.id));
    REQUIRE(store.find(in.id));
    CHECK(store.find(in.id)->who == "ARC");
    store.end(in.id);
    CHECK_FALSE(store.find(in.id));
    SessionStore brief(std::chrono::seconds(0));
    Session gone = brief.create();
    CHECK_FALSE(brief.find(gone.id));
}

TEST_CASE("the sign-in limiter refuses a key after the limit, and only that key") {
    SignInLimiter lim(3, std::chrono::seconds(1));
    for (int i = 0; i < 3; ++i) {
        CHECK(lim.allowed("g/ARC"));
        lim.failed("g/ARC");
    }
    CHECK_FALSE(lim.allowed("g/ARC"));
    CHECK(lim.retry_after("g/ARC") >= 1);
    CHECK(lim.allowed("g/BEL"));
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    CHECK(lim.allowed("g/ARC"));
}
