#!/usr/bin/env bash
# Small screens and keys (issue 39 item 6): on a terminal too small for a story, ? opens a help that shows (in what
# room there is) or none at all, so q q always means dismiss, then leave; p without --long-press-pause says why it
# does nothing; the events pane breaks its JSON lines between tokens, never inside a word.
. "$(dirname "$0")/lib.sh"
slow_story "$WORK/story.json"

# The story, expanded at a size that shows it, then the terminal made too small for it.
open_story() {
  start 80 24
  run "$BIN" stories "$WORK/story.json" "$@"
  wait_for "Enter or click to expand" || die "the collapsed notification did not appear"
  keys Enter
  wait_for "page 1/5" || die "Enter did not expand the story"
}

# Below the smallest help box: ? opens nothing (and the line does not offer it); q dismisses, q leaves.
open_story
resize 11 8
wait_for "q dismiss" || die "the too-small line does not say what q does"
screen | grep -q "? keys" && die "an 11-column screen offers a help it cannot show"
keys '?'
keys q
wait_for "q quit" || die "? then q did not dismiss: an unseen help took the q"
keys q
expect_exit 0
expect_sane

# Room for a small help: the line offers it, ? shows it, q closes it, then q q dismisses and leaves.
open_story
resize 20 8
wait_for "q dismiss · \\? keys" || die "the too-small line does not offer the help"
keys '?'
wait_for "any key closes" || die "? on the too-small screen drew no help"
keys q
wait_gone "any key closes" || die "q did not close the help"
keys q
wait_for "q quit" || die "q did not dismiss the story after the help closed"
keys q
expect_exit 0
expect_sane

# p without --long-press-pause: the status line says the option is off and how to turn it on.
open_story --events-pane --events "$WORK/events.jsonl"
resize 140 30
keys p
wait_for "long-press-pause is off: a hold does not pause" || die "p without --long-press-pause said nothing"
# Held past 0.25 s it is a long press, which navigates nowhere: released, the story stays on its page.
sleep 0.4
keys p
sleep 0.3
screen | grep -q "page 1/5" || die "a hold without --long-press-pause navigated"
# The events pane breaks a JSON line only after a , or : between tokens or at a space inside a string: each event
# shown whole in the pane is matched with its line in --events and every break checked.
sleep 0.5
python3 - "$(T capture-pane -p)" "$WORK/events.jsonl" <<'PY' || die "the events pane split a token"
import sys
screen, events = sys.argv[1].split("\n"), [l.rstrip("\n") for l in open(sys.argv[2]) if l.strip()]
top = next((i for i, l in enumerate(screen) if " events " in l), None)
if top is None: sys.exit("no events pane:\n" + sys.argv[1])
left = screen[top].index(" events ") - 2
rows = []
for l in screen[top + 1:]:
    seg = l[left + 1:] if len(l) > left else ""
    if not seg.strip() or seg.lstrip()[:1] in "└╰─": break
    rows.append(seg.rstrip().rstrip("│").rstrip())
groups, cur = [], None
for r in rows:
    if r.lstrip().startswith("{") and not r.startswith("   "):
        cur = [r.strip()]; groups.append(cur)
    elif cur is not None:
        cur.append(r.strip())
checked = 0
for g in groups:
    if not g[-1].endswith("}") or len(g) < 2: continue
    joined = "".join(g).replace(" ", "")
    line = next((e for e in events if e.replace(" ", "") == joined), None)
    if line is None: continue
    # Walk the original line, consuming each shown piece; at every break the original must have , or : just before,
    # or a space.
    pos = 0
    for k, piece in enumerate(g):
        for ch in piece:
            while pos < len(line) and line[pos] == " " and ch != " ": pos += 1
            if line[pos] != ch: sys.exit("mismatch in " + repr(line))
            pos += 1
        if k < len(g) - 1 and not (line[pos - 1] in ",:" or (pos < len(line) and line[pos] == " ")):
            sys.exit("broken inside a token: " + repr(piece) + " / " + repr(g[k + 1]) + " of " + repr(line))
    checked += 1
if checked == 0: sys.exit("no wrapped event to check in the pane: " + repr(rows))
PY
keys q
wait_for "q quit" || die "q did not dismiss"
keys q
expect_exit 0
expect_sane
