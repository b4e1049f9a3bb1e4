#!/usr/bin/env python3
"""Fails when Sources gains a conversion that traps on what a user or the disk can cause (issue 38, item 4).

Three rules, each a pattern the compiler accepts but that ends the process on bad input:
1. `try!` anywhere in Sources (none today).
2. Foundation's non-throwing FileHandle calls: `write(_ data:)`, `readDataToEndOfFile()`, `readData(ofLength:)` and
   `availableData`, which trap when the descriptor fails (`2> /dev/full`, a closed pipe). Writes go through
   `StandardStreams` / `ReplacingFile.writeAll` (PushSimFiles); the three reads allowed below read a pipe from a
   child process pushsim itself started, which cannot fail but by EINTR, which Foundation retries.
3. A trapping integer initialiser (`Int(x)`, `Int32(x)`, `UInt8(x)`, … without `exactly:`, `clamping:`,
   `truncatingIfNeeded:` or `bitPattern:`) of a floating-point expression, which traps on NaN, ±infinity and values
   past the type's range (`primer --min-interval 1e308` ended in "Double value cannot be converted to Int"). Which
   value is a user's cannot be told from the text, so this rule is a ratchet: float-to-int-conversions.txt holds the
   count per file as reviewed, each bounded before it (a clamp, a finite-range check, or a value pushsim makes), and
   a file with more fails, naming the new lines. Check the value (or clamp it) before converting, then raise the
   count in the list in the same commit.
"""
import os, re, sys

root = sys.argv[1]
allowed_path = os.path.join(root, "Tests/Integrations/float-to-int-conversions.txt")
allowed = {}
for line in open(allowed_path):
    line = line.split("#", 1)[0].strip()
    if line:
        n, path = line.split(None, 1)
        allowed[path] = int(n)

READS_FROM_OWN_CHILDREN = {
    "Sources/PushSimTerminal/TerminalQuery.swift",  # tput's answer, through a pipe pushsim made
    "Sources/pushsim/ChildRun.swift",  # a child pushsim's standard error
    "Sources/PushSimServer/MCPRunner.swift",  # a child pushsim's standard output
}
INIT = re.compile(r"(?<![\w.])(U?Int(?:8|16|32|64)?)\(")
LABEL = re.compile(r"\s*(exactly|clamping|truncatingIfNeeded|bitPattern|littleEndian|bigEndian)\s*:")
FLOATING = re.compile(
    r"\.rounded\b|\b(Double|Float|CGFloat|TimeInterval)\(|\b(floor|ceil|sqrt|pow|sin|cos|atan2|exp|log|fabs)\(|"
    r"\.squareRoot\(|\.truncatingRemainder\(|\d\.\d|\btimeInterval|[sS]econds\b|\bduration\b|\bscale\b|\bfraction\b"
)


def code_of(line):
    """The line without a trailing // comment or string contents (a conversion in a string is no conversion)."""
    out, i, in_str = [], 0, False
    while i < len(line):
        c = line[i]
        if not in_str and line.startswith("//", i):
            break
        if c == '"' and (i == 0 or line[i - 1] != "\\"):
            in_str = not in_str
            out.append(c)
        elif in_str:
            if line.startswith("\\(", i):  # interpolation: its code counts
                depth, j = 1, i + 2
                while j < len(line) and depth:
                    depth += {"(": 1, ")": -1}.get(line[j], 0)
                    j += 1
                out.append(" " + line[i + 2 : j - 1] + " ")
                i = j
                continue
            out.append(" ")
        else:
            out.append(c)
        i += 1
    return "".join(out)


def argument(text, start):
    depth, i = 1, start
    while i < len(text) and depth:
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        i += 1
    return text[start : i - 1]


failures, counts, sites = [], {}, {}
for dirpath, _, files in os.walk(os.path.join(root, "Sources")):
    for name in sorted(files):
        if not name.endswith(".swift"):
            continue
        path = os.path.join(dirpath, name)
        rel = os.path.relpath(path, root)
        for no, raw in enumerate(open(path, encoding="utf-8"), 1):
            code = code_of(raw)
            if code.lstrip().startswith("///") or code.lstrip().startswith("*"):
                continue
            if "try!" in code:
                failures.append(f"{rel}:{no}: try! traps on any error; handle it (rule 1): {raw.strip()}")
            if re.search(r"FileHandle\.standard(Output|Error|Input)\.write\(|\.write\(Data\(", code):
                failures.append(f"{rel}:{no}: FileHandle.write traps when the write fails; use StandardStreams or ReplacingFile.writeAll (rule 2): {raw.strip()}")
            if re.search(r"readDataToEndOfFile\(\)|readData\(ofLength:|\.availableData\b", code) and rel not in READS_FROM_OWN_CHILDREN:
                failures.append(f"{rel}:{no}: this FileHandle read traps when the read fails; use read(contentsOf:)/InputFile (rule 2): {raw.strip()}")
            for m in INIT.finditer(code):
                arg = argument(code, m.end())
                if LABEL.match(arg) or "radix:" in arg or arg.strip().startswith('"'):
                    continue
                if FLOATING.search(arg):
                    counts[rel] = counts.get(rel, 0) + 1
                    sites.setdefault(rel, []).append(f"{rel}:{no}: {raw.strip()}")

for rel, n in sorted(counts.items()):
    if n > allowed.get(rel, 0):
        failures.append(
            f"{rel}: {n} trapping conversions of a floating value, {allowed.get(rel, 0)} reviewed (rule 3): check or clamp the new one "
            "before converting (a NaN, an infinity or 1e308 traps), then set its count in Tests/Integrations/float-to-int-conversions.txt:\n    "
            + "\n    ".join(sites[rel])
        )
stale = [f"{allowed[p]} {p}" for p in sorted(allowed) if counts.get(p, 0) < allowed[p]]
if stale:
    print("note: fewer conversions than listed (lower these counts):", "; ".join(stale))
for f in failures:
    print("FAIL:", f, file=sys.stderr)
print(f"{sum(counts.values())} float-to-int conversions in {len(counts)} files, all reviewed" if not failures else f"{len(failures)} problems")
sys.exit(1 if failures else 0)
