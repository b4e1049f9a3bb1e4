#!/usr/bin/env bash
# `pushsim stories FILE` in its plain form runs without swift-argument-parser's parse (StoriesFastStart); the same
# command with the file after the options goes through the parse. Both must say and do the same: the same standard
# output, standard error, exit status and files written, for good runs and for every kind of refusal.
. "$(dirname "$0")/lib.sh"
cd "$WORK" || die "no scratch folder"
# A copy of a sample with its pictures beside it (its file: URLs are relative to it): an overlap refused too late
# would destroy only the copy.
mkdir -p stories && cp "$HERE/../../Resources/stories/spring-sale.json" stories/story.json && cp -r "$HERE/../../Resources/images" . \
  || die "the sample story could not be copied"
S=stories/story.json
printf '{"pw_stories": {"pages": [' > truncated.json
printf 'wait 1\ntap right\n' > steps.txt

n=0
# same FILE ARGS...: the plain form (`stories FILE ARGS...`) against the parsed one (`stories ARGS... FILE`).
same() {
  local file=$1; shift
  n=$((n + 1))
  rm -f events.a events.b frames.a frames.b
  PUSHSIM_DEBUG_STATS="$WORK/stats.a" "$BIN" stories "$file" "${@//@/a}" < /dev/null > out.a 2> err.a; local a=$?
  PUSHSIM_DEBUG_STATS="$WORK/stats.b" "$BIN" stories "${@//@/b}" "$file" < /dev/null > out.b 2> err.b; local b=$?
  [ "$a" = "$b" ] || die "stories $file $*: exit $a the plain way, $b through the parse ($(head -c 300 err.a) | $(head -c 300 err.b))"
  cmp -s out.a out.b || die "stories $file $*: standard output differs ($(wc -c < out.a) against $(wc -c < out.b) bytes)"
  cmp -s err.a err.b || die "stories $file $*: standard error differs: '$(head -c 300 err.a)' against '$(head -c 300 err.b)'"
  for f in events frames; do
    if [ -e "$f.a" ] || [ -e "$f.b" ]; then cmp -s "$f.a" "$f.b" || die "stories $file $*: --$f differs"; fi
  done
}

# Good runs, headless: frames, events, a script from a file, the device, the SDK.
same "$S" --headless --size 60x30 --frames - --script "wait 1; tap right; wait 2"
same "$S" --headless --frames frames.@ --events events.@ --script-file steps.txt --device iphone-se --sdk 7.1.3
same "$S" --headless --colors mono --symbols block --script "wait 0.5" --frames -
grep -q "▀\|█\|▄" out.a || die "the story's picture was not drawn (its file: URLs are relative to the copy)"
start_plain=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("start"))' "$WORK/stats.a")
start_parsed=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("start"))' "$WORK/stats.b")
[ "$start_plain" = plain ] || die "the plain form went through the parse (start: $start_plain)"
[ "$start_parsed" = parsed ] || die "the file after the options did not go through the parse (start: $start_parsed)"
echo "ok: good headless runs write the same frames and events both ways (start: plain / parsed)"

# Refusals: each the same sentence and status both ways.
same missing.json --headless
same truncated.json --headless --frames -
same "$S" --sdk 9.9.9
same "$S" --device nokia
same "$S" --pixels nonsense
same "$S" --record "$S"
same "$S" --headless --store "$S"
same "$S" --headless --events -
same "$S" --events -
same "$S"
same "$S" --headless --script-file nope.txt
same "$S" --headless --script "bogus step"
same "$S" --headless --frames /nonexistent/folder/frames.txt
same "$S" --headless --size 0x0
same "$S" --headless --script "wait 1" --script-file steps.txt
same /dev/null --headless
echo "ok: $n command lines, good and refused, give the same output, errors and status the plain way and through the parse"
