// The web layer's parts without a server: escaping, the line-by-line sheet view, sessions
// and the sign-in limiter.

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

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

TEST_CASE("a flood of anonymous sessions never pushes out a signed-in one") {
    SessionLimits l;
    l.max_anonymous = 100;
    l.max_signed_in = 10;
    SessionStore store(l);
    Session a = store.create();
    Session in = store.sign_in(store.create().id, "g", "ARC", "bound");
    std::vector<std::string> anon;
    for (int i = 0; i < 1000; ++i)
        anon.push_back(store.create().id);
    CHECK(store.anonymous() == 100);
    CHECK(store.size() == 101);
    REQUIRE(store.find(in.id));
    CHECK(store.find(in.id)->binding == "bound");
    CHECK_FALSE(store.find(a.id));       // the oldest anonymous went first
    CHECK(store.find(anon.back()));      // the newest are kept
    CHECK_FALSE(store.find(anon[899]));  // ... only the last 100
    // Signed-in sessions go least recently used first.
    std::vector<std::string> ids;
    for (int i = 0; i < 10; ++i)
        ids.push_back(store.sign_in("", "g", "BEL").id);
    CHECK_FALSE(store.find(in.id));
    store.find(ids[0]);  // used: now the most recent
    store.sign_in("", "g", "CAS");
    CHECK(store.find(ids[0]));
    CHECK_FALSE(store.find(ids[1]));
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

TEST_CASE("the sign-in limiter lets the first tries through, then makes a key wait longer") {
    using namespace std::chrono;
    SignInLimiter lim(3, seconds(30), seconds(900));
    auto t = SignInLimiter::Clock::now();
    for (int i = 0; i < 2; ++i) {
        lim.failed("a g/ARC", t);
        CHECK(lim.retry_after("a g/ARC", t) == 0);
    }
    // The third failure: 30 s; each further one doubles it: 60, 120, ... up to the window.
    lim.failed("a g/ARC", t);
    CHECK(lim.retry_after("a g/ARC", t) == 31);
    CHECK(lim.retry_after("a g/ARC", t + seconds(29)) == 2);
    CHECK(lim.retry_after("a g/ARC", t + seconds(30)) == 0);
    t += seconds(30);
    lim.failed("a g/ARC", t);
    CHECK(lim.retry_after("a g/ARC", t) == 61);
    for (int i = 0; i < 10; ++i)
        lim.failed("a g/ARC", t);
    CHECK(lim.retry_after("a g/ARC", t) == 901);
    // Other keys (another address, another empire) are not touched.
    CHECK(lim.retry_after("b g/ARC", t) == 0);
    CHECK(lim.retry_after("a g/BEL", t) == 0);
    // Failures are forgotten a window after the last one; a success forgets them at once.
    CHECK(lim.retry_after("a g/ARC", t + seconds(900)) == 0);
    lim.failed("a g/ARC", t + seconds(901));
    CHECK(lim.retry_after("a g/ARC", t + seconds(901)) == 0);
    lim.failed("b g/ARC", t);
    lim.failed("b g/ARC", t);
    lim.failed("b g/ARC", t);
    CHECK(lim.retry_after("b g/ARC", t) > 0);
    lim.succeeded("b g/ARC");
    CHECK(lim.retry_after("b g/ARC", t) == 0);
}

TEST_CASE("a flood of keys pushes out only the oldest failures, one at a time") {
    using namespace std::chrono;
    SignInLimiter lim(1, seconds(30), seconds(900), 1000);
    auto t = SignInLimiter::Clock::now();
    lim.failed("victim", t);
    for (int i = 0; i < 999; ++i)
        lim.failed("flood " + std::to_string(i), t + milliseconds(i + 1));
    CHECK(lim.size() == 1000);
    CHECK(lim.retry_after("victim", t + seconds(1)) > 0);  // all kept so far
    lim.failed("flood 999", t + seconds(2));
    CHECK(lim.size() == 1000);                              // never wiped
    CHECK(lim.retry_after("victim", t + seconds(2)) == 0);  // the oldest made room
    CHECK(lim.retry_after("flood 0", t + seconds(2)) > 0);
}
