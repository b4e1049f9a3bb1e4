#!/usr/bin/env bash
# Issue 38, item 4: no conversion in Sources traps on what a user or the disk can cause — no `try!`, no Foundation
# FileHandle call that traps on a failed write or read, and no new trapping float-to-integer conversion beyond the
# reviewed counts (Tests/Integrations/unchecked_conversions.py says each rule). Then the check is shown to bite: each
# of the three forms added to a copy of the sources fails it.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SCAN="$ROOT/Tests/Integrations/unchecked_conversions.py"
python3 "$SCAN" "$ROOT" > "$WORK/out" 2>&1 || { echo "FAIL: unchecked conversions in Sources:" >&2; cat "$WORK/out" >&2; exit 1; }

mkdir -p "$WORK/copy/Tests/Integrations"
cp -a "$ROOT/Sources" "$WORK/copy/"
cp "$ROOT/Tests/Integrations/float-to-int-conversions.txt" "$WORK/copy/Tests/Integrations/"
target="$WORK/copy/Sources/PushSimApp/Primer/PrimerScene.swift"
cp "$target" "$WORK/original.swift"
bites() {  # bites WHAT LINE PATTERN: the line added to a copy of PrimerScene.swift fails the scan, naming it
  cp "$WORK/original.swift" "$target"; printf '%s\n' "$2" >> "$target"
  if python3 "$SCAN" "$WORK/copy" > "$WORK/out" 2>&1; then echo "FAIL: the scan let $1 through" >&2; exit 1; fi
  grep -qF -- "$3" "$WORK/out" || { echo "FAIL: the scan did not name $1" >&2; cat "$WORK/out" >&2; exit 1; }
}
bites "a new Int(seconds)" 'func minutes(_ seconds: Double) -> Int { Int(seconds / 60) }' "PrimerScene.swift: "
bites "try!" 'let data = try! Data(contentsOf: URL(fileURLWithPath: "x"))' "try! traps"
bites "FileHandle.write" 'func say(_ s: String) { FileHandle.standardError.write(Data(s.utf8)) }' "FileHandle.write traps"
# What is not a conversion of a floating value passes: labelled initialisers, integers, strings and comments.
cp "$WORK/original.swift" "$target"
printf '%s\n' 'let a = Int(exactly: 2.5), b = Int(clamping: 3 as Int64), c = Int("12"), d = Int(count) // Int(seconds)' >> "$target"
python3 "$SCAN" "$WORK/copy" > "$WORK/out" 2>&1 || { echo "FAIL: the scan flagged a safe line" >&2; cat "$WORK/out" >&2; exit 1; }
echo ok
