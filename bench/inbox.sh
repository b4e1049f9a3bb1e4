#!/usr/bin/env bash
# Inbox numbers: a generated 100,000-message feed loaded, merged with the store, sorted and drawn (first frame),
# one scroll step, one persisted mark-read, one persisted mark-all-read. Usage: bench/inbox.sh [PATH/TO/pushsim] (a release build).
set -euo pipefail
BIN=$(readlink -f "${1:-.build/release/pushsim}")
N=${INBOX_BENCH_MESSAGES:-100000}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
python3 - "$WORK/feed.json" "$N" <<'PY'
import json, sys
path, n = sys.argv[1], int(sys.argv[2])
kinds = ["classic", "captioned", "banner", "carousel"]
with open(path, "w") as f:
    f.write('{"response":{"messages":[')
    for i in range(n):
        ap = {"u": json.dumps({"displayType": kinds[i % 4]})}
        if i % 4 == 3:
            ap["carousel"] = [{"image": "https://cdn.example/%d-a.jpg" % i}, {"image": "https://cdn.example/%d-b.jpg" % i}]
        if i % 5 == 0:
            ap["buttons"] = [{"title": "Open", "url": "https://example.com/%d" % i}, {"title": "Later", "action": "dismiss"}]
        if i % 997 == 0:
            ap["pinned"] = True
        m = {"inbox_id": "m%06d" % i, "order": str(i), "rt": 4102444800, "send_date": 1795000000 + i * 7,
             "title": "Message %d" % i, "text": "Body of message %d with a little more text to wrap on narrow cards." % i,
             "action_type": 0, "status": 2 if i % 3 == 0 else 1, "hash": "h%d" % i,
             "action_params": json.dumps(ap, separators=(",", ":"))}
        if i % 4 in (1, 2):
            m["image"] = "https://cdn.example/%d.jpg" % i
        f.write(("," if i else "") + json.dumps(m, separators=(",", ":")))
    f.write("]}}")
PY
echo "inbox: $(du -h "$WORK/feed.json" | cut -f1) feed of $N messages"
# First run: an empty store (every status is written); second run: the merge with the stored statuses.
missed=0
for run in first second; do
  out=$(TZ=UTC "$BIN" inbox "$WORK/feed.json" --bench --now 2026-11-23T12:00:00Z --store "$WORK/state.sqlite" --size 80x24) \
    || { echo "inbox: the $run run failed"; exit 1; }
  echo "inbox ($run run, store $( [ $run = first ] && echo empty || echo filled )): $out"
  python3 - "$run" "$out" <<'PY' || missed=1
import json, sys
run, m = sys.argv[1], json.loads(sys.argv[2])
checks = [("load+merge+sort+first frame", m["firstFrameMs"], 500, "ms"), ("peak resident", m["maxResidentMB"], 200, "MB"),
          ("scroll step", m["scrollStepMs"], 2, "ms"), ("mark-read persisted", m["markReadMs"], 5, "ms")]
# The first run marks every unread message read (the `m` key, persisted), so the second finds none left.
if m["markAllReadCount"] > 0:
    checks.append(("mark-all-read of %d unread, persisted" % m["markAllReadCount"], m["markAllReadMs"], 50, "ms"))
    print("inbox %s run: mark-all-read used %s ms of CPU (wall time %s ms)" % (run, m["markAllReadCPUMs"], m["markAllReadMs"]))
ok = True
for name, value, budget, unit in checks:
    good = value < budget
    ok &= good
    print("result: inbox %s run, %d messages: %s %s %s (budget < %s %s)%s" % (run, m["messages"], name, value, unit, budget, unit, "" if good else "  MISSED"))
sys.exit(0 if ok else 1)
PY
done
exit $missed
