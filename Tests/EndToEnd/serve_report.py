# test_serve_report.sh's checks of report.html in headless Chromium, opened from disk with no server: a section per
# FILE with its kind, the findings with their JSON paths, the contact sheet and the recording decoded.
import os, sys, tempfile
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_lib import chromium, fail
from selenium.webdriver.common.by import By

report, expected = sys.argv[1], sys.argv[2:]
tmp = tempfile.mkdtemp()
d = chromium(tmp)
try:
    d.get("file://" + os.path.abspath(report))
    sections = d.find_elements(By.CSS_SELECTOR, "section[data-file]")
    files = [x.get_attribute("data-file") for x in sections]
    if [os.path.basename(f) for f in files] != [os.path.basename(f) for f in expected]:
        fail("the report's sections are %s, expected %s" % (files, expected))
    for sec in sections:
        name = sec.get_attribute("data-file")
        if not sec.find_element(By.CSS_SELECTOR, ".kind").text.strip():
            fail(name + ": no kind")
        for cls in ["sheet", "recording"]:
            imgs = sec.find_elements(By.CSS_SELECTOR, "figure.%s img" % cls)
            if not imgs:
                fail("%s: no %s picture (%s)" % (name, cls, sec.text[:300]))
            w = d.execute_script("return arguments[0].complete && arguments[0].naturalWidth", imgs[0])
            if not w or w < 100:
                fail("%s: the %s did not decode (width %s)" % (name, cls, w))
    broken = [s for s in sections if "broken" in s.get_attribute("data-file")]
    if broken:
        rows = broken[0].find_elements(By.CSS_SELECTOR, "table.findings tbody tr")
        if not rows:
            fail("broken.json should list its findings")
        paths = [r.find_elements(By.TAG_NAME, "code")[0].text for r in rows]
        if not any(p.startswith("pw_stories") or "pages" in p for p in paths):
            fail("broken.json's findings should name JSON paths, got %s" % paths)
    if d.execute_script("return document.scripts.length") != 0:
        fail("the report should need no JavaScript")
    if d.execute_script("return [...document.querySelectorAll('[src],[href]')].filter(e => /^https?:/.test(e.getAttribute('src') || e.getAttribute('href'))).length") != 0:
        fail("the report should load nothing from the network")
finally:
    d.quit()
print("ok report")
