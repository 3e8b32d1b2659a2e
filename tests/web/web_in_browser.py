"""The web pages in a real browser (headless Chromium driven by Selenium), plus the security
checks a browser cannot make alone. Run by ctest as
`python3 web_in_browser.py HYPERLANE SOURCE_DIR WORK_DIR`; exits 77 (skipped) without
Selenium or chromedriver."""
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
import webtest  # noqa: E402
from webtest import check

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
except ImportError:
    print("python3-selenium is not installed (scripts/setup --web)")
    sys.exit(77)
if not os.path.exists("/usr/bin/chromedriver"):
    print("chromium-driver is not installed (scripts/setup --web)")
    sys.exit(77)

HL, SRC, WORK = sys.argv[1:4]
webtest.fresh_dir(WORK)
webtest.hl(HL, "new", "g", "--scenario", "small", "--seed", "5", "-q",
           "--player", "ARC=Ann <ann@example.org>", "--player", "BEL=Bo <bo@example.org>",
           "--deadline", "2030-01-01 12:00 UTC")
sec = webtest.secrets("g")
server = webtest.Server(HL, ["g"])
base = server.url

opts = webdriver.ChromeOptions()
opts.binary_location = "/usr/bin/chromium"
for flag in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--disable-quic", "--no-first-run", "--disable-background-networking",
             "--disable-component-update", "--disable-sync",
             "--user-data-dir=" + tempfile.mkdtemp(dir=WORK)]:
    opts.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
# Generous waits: a loaded CI machine can take tens of seconds per page; ctest bounds the whole.
PAGE_WAIT = 120
driver.set_page_load_timeout(PAGE_WAIT)


def sign_in(who, secret):
    driver.delete_all_cookies()
    driver.get(base + "/g/g/")
    driver.find_element(By.ID, "empire").send_keys(who)
    driver.find_element(By.ID, "secret").send_keys(secret)
    click("signin")


def click(element_id=None, element=None):
    """Clicks a button or link that loads a new page, and waits for that page."""
    old = driver.find_element(By.TAG_NAME, "html")
    (element or driver.find_element(By.ID, element_id)).click()
    WebDriverWait(driver, PAGE_WAIT).until(lambda _: gone(old))


def gone(element):
    """True once element left the page. Chrome sometimes reports a node of the page just
    replaced as "does not belong to the document" (a plain WebDriverException) instead of a
    stale element; both mean the new page has replaced the old (flaky under load otherwise)."""
    try:
        element.is_enabled()
        return False
    except StaleElementReferenceException:
        return True
    except WebDriverException as e:
        if "does not belong to the document" in str(e):
            return True
        raise


def text():
    return driver.find_element(By.TAG_NAME, "body").text


XSS = '<script>window.__xss=1</script><img src=x onerror="window.__xss=2">'


def no_script_ran(where):
    check(driver.execute_script("return window.__xss === undefined"), f"{where}: a script ran")
    check(not driver.find_elements(By.CSS_SELECTOR, "img[src='x'], script"),
          f"{where}: player text became an element")


try:
    # A wrong secret: refused, not signed in.
    sign_in("ARC", "WRONGSECRET")
    check("Wrong empire code or secret." in text(), "wrong secret: no message")
    driver.get(base + "/g/g/e/ARC/")
    check(driver.current_url.rstrip("/").endswith("/g/g"), "wrong secret: still let in")
    check(driver.find_elements(By.ID, "secret"), "wrong secret: no sign-in form after refusal")

    # The right secret: ARC's page with the deadline and no orders yet.
    sign_in("arc", sec["ARC"])
    check(driver.current_url.endswith("/g/g/e/ARC/"), f"sign-in went to {driver.current_url}")
    check("Orders for turn 1 are due 2030-01-01 12:00 UTC" in text(), "no deadline on the page")
    check("No orders stored for turn 1 yet." in text(), "no orders state on the page")
    check(driver.execute_script("return document.cookie") == "", "the session cookie is readable by scripts")

    # A sheet with an error: the message under its line, nothing stored.
    box = driver.find_element(By.ID, "sheet")
    box.clear()
    box.send_keys(f"EMPIRE ARC\nSECRET {sec['ARC']}\nTURN 1\nTAX\nMOOV 1 2 3\nMESSAGE ALL {XSS}\n")
    click("check")
    rows = driver.find_elements(By.CSS_SELECTOR, "table.sheet tr")
    texts = [r.text for r in rows]
    i = next((k for k, t in enumerate(texts) if t.startswith("5 MOOV")), -1)
    check(i >= 0 and "unknown action or keyword 'MOOV'" in texts[i + 1],
          f"the error is not under line 5: {texts}")
    check(any(XSS in t for t in texts), "the message line is not shown as text")
    no_script_ran("check page")
    check(not os.path.exists("g/orders/0001/ARC.txt"), "a checked sheet was stored")

    # Fixed, checked, then submitted with the button under the result.
    box = driver.find_element(By.ID, "sheet")
    box.clear()
    sheet = f"EMPIRE ARC\nSECRET {sec['ARC']}\nTURN 1\nTAX\nMESSAGE ALL {XSS}\n"
    box.send_keys(sheet)
    click("check")
    check("No errors" in driver.find_element(By.ID, "result").text, "a good sheet was not accepted")
    no_script_ran("good check page")
    click("submit-checked")
    check("Stored: your orders for turn 1" in text(), "the sheet was not stored")
    check("Your orders for turn 1 are stored." in text(), "the status does not say stored")
    stored = open("g/orders/0001/ARC.txt", encoding="utf-8").read()
    check(stored == sheet, f"stored sheet differs: {stored!r}")
    no_script_ran("stored page")

    # An uploaded file with CRLF line ends and a byte order mark.
    up = os.path.join(WORK, "bel.txt")
    with open(up, "wb") as f:
        f.write(f"\ufeffEMPIRE BEL\r\nSECRET {sec['BEL']}\r\nTURN 1\r\nTAX\r\n".encode())
    sign_in("BEL", sec["BEL"])
    driver.find_element(By.ID, "upload").send_keys(up)
    click("submit")
    check("Stored: your orders for turn 1" in text(), "the uploaded sheet was not stored")
    check(open("g/orders/0001/BEL.txt", "rb").read() == f"EMPIRE BEL\nSECRET {sec['BEL']}\nTURN 1\nTAX\n".encode(),
          "the upload was not stored as plain LF text without BOM")

    # One empire trying another's pages: refused, and nothing of the other's shown.
    for path in ["/g/g/e/ARC/", "/g/g/e/ARC/report/0.html", "/g/g/e/ARC/report/0.txt",
                 "/g/g/e/ARC/sheet.txt", "/g/g/e/ARC/game/0.html", "/g/g/gm/"]:
        driver.get(base + path)
        body = text()
        check("this page is not yours" in body, f"BEL reached {path}")
        check(sec["ARC"] not in driver.page_source and "window.__xss" not in driver.page_source,
              f"{path} shows ARC's secret or sheet to BEL")
    driver.get(base + "/g/g/e/BEL/report/0.html")
    check(driver.find_elements(By.CSS_SELECTOR, "svg"), "BEL's own report has no map")
    check("Bellatrix" in text(), "BEL's own report is not shown")

    # The turn is played; BEL reads ARC's message in the game report as text.
    webtest.hl(HL, "run", "g", "-q")
    driver.get(base + "/g/g/e/BEL/")
    check("Orders for turn 2" in text(), "the page did not move on to turn 2")
    click(element=driver.find_element(By.LINK_TEXT, "game report"))
    check(XSS in text(), "ARC's message is not in the game report as text")
    no_script_ran("game report")

    # The GM: status table, an XSS attempt in a GM message, the deadline.
    sign_in("GM", sec["GM"])
    check(driver.current_url.endswith("/g/g/gm/"), "the GM did not reach the GM page")
    row = driver.find_element(By.ID, "emp-ARC").text
    check("no orders" in row and "ann@example.org" in row, f"status row: {row}")
    driver.find_element(By.ID, "gm-text").send_keys("Welcome " + XSS)
    click("gm-post")
    check("Posted for turn 2." in text(), "the GM message was not posted")
    check("Welcome " + XSS in driver.find_element(By.ID, "gm-messages").text, "GM message not listed")
    no_script_ran("GM page")
    field = driver.find_element(By.ID, "deadline-at")
    field.clear()
    field.send_keys("2030-02-03 04:05 UTC")
    click("deadline-set")
    check("Turn 2 is due 2030-02-03 04:05 UTC." in text(), "the deadline was not set")
    status = webtest.hl(HL, "status", "g")
    check("due 2030-02-03 04:05 UTC" in status, "the deadline set on the web is not in status")
    check("Welcome <script>" in status, "the GM message is not in status")
    sign_in("ARC", sec["ARC"])
    check("Welcome " + XSS in driver.find_element(By.ID, "gm-messages").text, "players do not see GM messages")
    no_script_ran("player page with a GM message")
finally:
    driver.quit()

# What a browser will not do by itself: forged posts and sign-in floods.
c = webtest.Client(base)
status, headers, _ = c.sign_in("g", "ARC", sec["ARC"])
check(status == 303, f"sign-in answered {status}")
cookie = headers.get("Set-Cookie", "")
check("HttpOnly" in cookie and "SameSite=Strict" in cookie, f"cookie flags: {cookie}")
csp = headers.get("Content-Security-Policy", "")
check("default-src 'none'" in csp, f"no content security policy: {csp}")
_, _, home = c.request("/g/g/e/ARC/")
token = c.csrf(home)
sheet = f"EMPIRE ARC\nSECRET {sec['ARC']}\nTURN 2\nTAX\n"
status, _, _ = c.request("/g/g/e/ARC/check", multipart={"sheet": sheet, "do": "submit"})
check(status == 403, f"a post without a CSRF token was answered {status}")
status, _, _ = c.request("/g/g/e/ARC/check", multipart={"csrf": "0" * 64, "sheet": sheet, "do": "submit"})
check(status == 403, f"a post with a wrong CSRF token was answered {status}")
check(not os.path.exists("g/orders/0002/ARC.txt"), "a forged post stored a sheet")
bel = f"EMPIRE BEL\nSECRET {sec['BEL']}\nTURN 2\nTAX\n"
status, _, body = c.request("/g/g/e/BEL/check", multipart={"csrf": token, "sheet": bel, "do": "submit"})
check(status == 403 and not os.path.exists("g/orders/0002/BEL.txt"), f"ARC posted to BEL's page: {status}")
status, _, body = c.request("/g/g/e/ARC/check", multipart={"csrf": token, "sheet": bel, "do": "submit"})
check(status == 422 and "you are signed in as ARC" in body, "ARC's page took BEL's sheet")
check(not os.path.exists("g/orders/0002/BEL.txt"), "BEL's sheet was stored through ARC's page")
wrong = f"EMPIRE CAS\nSECRET WRONG\nTURN 2\nNAME 999 x\nMOVE 101 102 5\n"
status, _, body = c.request("/g/g/e/ARC/check", multipart={"csrf": token, "sheet": wrong, "do": "check"})
found = re.findall(r'<tr class="finding [a-z]+">.*?</tr>', body)
check(found and all("EMPIRE CAS" in f or "SECRET" in f for f in found),
      f"checks against another empire's state were shown: {found}")
status, _, _ = c.request("/g/g/e/ARC/check", multipart={"csrf": token, "sheet": sheet, "do": "submit"})
check(status == 200 and os.path.exists("g/orders/0002/ARC.txt"), f"a good post was answered {status}")
status, _, _ = c.request("/g/g/signout", {"csrf": token})
status, _, _ = c.request("/g/g/e/ARC/")
check(status == 303, f"after sign-out ARC's page answered {status}")

attacker = webtest.Client(base)
codes = [attacker.sign_in("g", "CAS", f"GUESS{i}")[0] for i in range(5)]
check(codes == [401] * 5, f"wrong secrets answered {codes}")
status, headers, body = attacker.sign_in("g", "CAS", sec["CAS"])
check(status == 429 and "Too many failed sign-ins" in body and headers.get("Retry-After"),
      f"the sixth try was answered {status}")
other = webtest.Client(base)
check(other.sign_in("g", "ARC", sec["ARC"])[0] == 303, "limits on CAS stopped ARC")
status, _, _ = webtest.Client(base).request("/g/g/signin", {"csrf": "x", "empire": "ARC", "secret": sec["ARC"]})
check(status == 403, f"a sign-in without the form's token was answered {status}")
check(webtest.Client(base).request("/g/nosuchgame/")[0] == 404, "an unknown game was not a 404")
server.stop()
webtest.finish()
