#!/usr/bin/env bash
# Personalisation's cost where users meet it (issue 33's goals), on the release binary, each pair in one run:
#  - validate 10,000 native configs whose texts carry placeholders, with --tags, against the same configs without
#    placeholders: wall time (median of 3 whole-process runs each), the ratio at most 1.2;
#  - pushsim inbox --dump of a 100-notification createMessage request whose texts carry placeholders, with --tags
#    against without: CPU (mean of RUNS), the ratio at most 1.2;
#  - pushsim render of a push with Liquid and Dynamic Content: CPU of the whole process (mean of RUNS).
# Usage: bash bench/personalization.sh PATH/TO/pushsim (make bench runs it through bench/run.sh).
set -u
BIN=$(readlink -f "${1:-$BIN}")
ROOT=$(cd "$(dirname "$0")/.." && pwd)
E2E_TIMEOUT=30
. "$ROOT/Tests/EndToEnd/lib.sh"
. "$ROOT/bench/lib/result.sh"
RUNS=${RUNS:-5}
export XDG_DATA_HOME="$WORK/data" XDG_CACHE_HOME="$WORK/cache"

# 1. validate 10,000 configs, personalised and plain.
mkdir -p "$WORK/plain" "$WORK/tagged"
python3 - "$ROOT/Resources/inapp/modal-welcome-dark.json" "$WORK/plain" "$WORK/tagged" <<'PY'
import json, sys
src, plain, tagged = sys.argv[1:]
base = json.load(open(src))
for i in range(10000):
    p = json.loads(json.dumps(base)); p["inAppId"] = f"bench-{i}"
    t = json.loads(json.dumps(p))
    t["modal"]["title"]["text"] = "Welcome, {FirstName|CapitalizeFirst|friend}!"
    t["modal"]["message"]["text"] = "{City|CapitalizeFirst|Your city} gets {Discount|comma|10}% off today."
    json.dump(p, open(f"{plain}/c{i:05}.json", "w")); json.dump(t, open(f"{tagged}/c{i:05}.json", "w"))
PY
echo '{"FirstName":"anna","City":"de, berlin","Discount":"15"}' > "$WORK/anna.json"
median_wall() {
  local walls=() t0 t1
  for _ in 1 2 3; do
    t0=$(date +%s%N); "$BIN" validate "$@" > /dev/null 2>&1; t1=$(date +%s%N)
    walls+=($(( (t1 - t0) / 1000000 )))
  done
  printf '%s\n' "${walls[@]}" | sort -n | sed -n 2p
}
plain=$(median_wall "$WORK"/plain/*.json)
tagged=$(median_wall --tags "$WORK/anna.json" "$WORK"/tagged/*.json)
ratio=$(py "round($tagged / max($plain, 1), 2)")
echo "validate 10,000 native configs: plain $plain ms, personalised with --tags $tagged ms (x$ratio)"
result "validate 10,000 personalised native configs vs plain" "x$ratio" "<= 1.2" "$ratio <= 1.2"

# 2. inbox --dump of a personalised request.
python3 - "$WORK/req.json" "$WORK/plain-req.json" <<'PY'
import json, sys
tagged, plain = sys.argv[1:]
def req(text):
    return {"request": {"notifications": [{"ios_title": text.format(i=i), "content": "Order {i} is on its way".format(i=i),
                                           "inbox_days": 7} for i in range(100)]}}
json.dump(req("Hi {{FirstName|CapitalizeFirst|there}}, message {i}"), open(tagged, "w"))
json.dump(req("Hi there, message {i}"), open(plain, "w"))
PY
cpu_of() {
  local TIMEFORMAT="%U %S"
  for _ in $(seq "$RUNS"); do { time "$BIN" "$@" >/dev/null 2>&1; } 2>&1; done | awk '{ s += ($1 + $2) * 1000 } END { printf "%.0f", s / NR }'
}
a=$(cpu_of inbox "$WORK/plain-req.json" --dump)
b=$(cpu_of inbox "$WORK/req.json" --dump --tags "$WORK/anna.json")
ratio=$(py "round($b / max($a, 1), 2)")
echo "inbox --dump of 100 notifications: plain $a ms CPU, personalised with --tags $b ms CPU (x$ratio)"
result "inbox --dump, personalised request with --tags vs plain" "x$ratio" "<= 1.2" "$ratio <= 1.2"

# 3. render.
c=$(cpu_of render "$ROOT/Resources/personalization/campaign.json" --tags "$ROOT/Resources/personalization/anna-de.json")
echo "render of the personalised campaign: $c ms CPU (mean of $RUNS)"
result "render a personalised push" "$c ms CPU" "< 100 ms CPU" "$c < 100"
exit $((BENCH_MISSES > 0))
