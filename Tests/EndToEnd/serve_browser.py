# The browser flows of test_serve.sh, in headless Chromium: a story clicked through, the primer answered, an inbox
# row deleted, a picker applied, two tabs with their own runs, a FILE changed under a running page.
import json, os, shutil, sys, tempfile
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_lib import Server, chromium, click_phone, fail, frames, page_events, picture_colours, until
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
tmp = tempfile.mkdtemp()
names = lambda d: [e.get("event") for e in page_events(d)]
runs = lambda d: int(d.execute_script("return document.body.dataset.runs || 0"))


def opened(d, server):
    d.get(server.url)
    until(lambda: frames(d) >= 1, "the first picture")
    until(lambda: picture_colours(d) > 3, "a picture that is not blank")


def stories(d):
    # A copy beside the samples' images (its image paths are relative to it), so the test may change it.
    os.makedirs(os.path.join(tmp, "stories"))
    os.symlink(os.path.join(ROOT, "Resources/images"), os.path.join(tmp, "images"))
    story = os.path.join(tmp, "stories", "spring.json")
    shutil.copy(os.path.join(ROOT, "Resources/stories/spring-sale.json"), story)
    s = Server(["stories", story, "--store", os.path.join(tmp, "s.sqlite")])
    try:
        opened(d, s)
        until(lambda: "start" in names(d), "the start event")
        # The picture is the phone at 2x (iphone-15 by default: 393 points wide).
        w = d.execute_script("return document.getElementById('phone').naturalWidth")
        if w != 786:
            fail("the picture should be 786 pixels wide (393 pt at 2x), not %s" % w)
        shows = lambda: [e for e in page_events(d) if e.get("event") == "show"]
        before = len(shows())
        f0 = frames(d)
        click_phone(d, 0.85, 0.5)
        until(lambda: any(e.get("index") == 1 for e in shows()[before:]), "page 2's show event after a click on the right")
        until(lambda: frames(d) > f0, "a new picture after the click")
        # A held press is a hold, never a tap: it does not move to another page.
        n = len(shows())
        click_phone(d, 0.85, 0.5, hold=0.8)
        until(lambda: frames(d) > 0, "the page")
        if any(e.get("index") == 2 for e in shows()[n:]):
            fail("a held press navigated like a tap")
        # Keys are the terminal's: the left arrow goes back to the first page.
        n = len(shows())
        d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
        until(lambda: any(e.get("index") == 0 for e in shows()[n:]), "page 1's show event after the left arrow")
        # The phone picker: the run starts again on an iPhone SE (375 points wide).
        Select(d.find_element(By.CSS_SELECTOR, "select[name=device]")).select_by_value("iphone-se")
        until(lambda: d.execute_script("return document.getElementById('phone').naturalWidth") == 750, "the iPhone SE picture")
        until(lambda: "start" in names(d), "the run started again")
        # A second tab has its own run: its events start anew, the first tab's picker is not its.
        d.switch_to.new_window("tab")
        opened(d, s)
        until(lambda: "start" in names(d), "the second tab's start")
        if d.execute_script("return document.getElementById('phone').naturalWidth") != 786:
            fail("the second tab should start on the default phone")
        # The FILE changes: the page plays it anew (its title changes in the start event's page count or warnings).
        with open(story) as f:
            doc = json.load(f)
        r = runs(d)
        with open(story, "w") as f:
            json.dump(doc, f, indent=1)
        until(lambda: runs(d) > r, "the run built again after the FILE changed")
        until(lambda: "start" in names(d), "the changed FILE's start event")
        with open(story, "w") as f:
            f.write("{ not json")
        until(lambda: d.find_element(By.ID, "status").get_attribute("class") == "problem" and "spring.json" in d.find_element(By.ID, "status").text,
              "the page saying the changed FILE cannot be played, naming it")
        if not s.alive():
            fail("the server ended when a FILE became unreadable: " + s.log())
        d.close()
        d.switch_to.window(d.window_handles[0])
    finally:
        code = s.stop()
    if code != 0:
        fail("serve exited %s after Ctrl-C: %s" % (code, s.log()))


def primer(d):
    s = Server(["primer", "--style", "sheet", "--position", "bottom"])
    try:
        opened(d, s)
        until(lambda: "shown" in names(d), "the primer's shown event")
        d.find_element(By.TAG_NAME, "body").send_keys("a")
        until(lambda: any(e.get("event") == "outcome" and e.get("outcome") == "accepted" for e in page_events(d)),
              "the accepted outcome after the a key (events: %s)" % names(d))
        Select(d.find_element(By.CSS_SELECTOR, "select[name=appearance]")).select_by_value("dark")
        until(lambda: "shown" in names(d) and "outcome" not in names(d), "the run again in dark appearance")
    finally:
        s.stop()


def inbox(d):
    store = os.path.join(tmp, "inbox.sqlite")
    s = Server(["inbox", os.path.join(ROOT, "Resources/inbox/mixed.json"), "--store", store, "--now", "2026-11-23T12:00:00Z"])
    try:
        opened(d, s)
        until(lambda: "load" in names(d), "the inbox's load event")
        f0 = frames(d)
        d.find_element(By.TAG_NAME, "body").send_keys("d")
        until(lambda: "delete" in names(d), "the delete event after the d key")
        until(lambda: frames(d) > f0, "the feed drawn without the row")
    finally:
        s.stop()
    # The tab played on its own copy of the store: the user's is as it was (here: never made).
    if os.path.exists(store):
        fail("serve wrote to the user's store")


d = chromium(tmp)
try:
    import traceback
    try:
        {"stories": stories, "primer": primer, "inbox": inbox}[sys.argv[1]](d)
    except Exception:
        traceback.print_exc()
        raise
finally:
    d.quit()
    shutil.rmtree(tmp, ignore_errors=True)
print("ok " + sys.argv[1])
