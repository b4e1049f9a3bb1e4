#!/usr/bin/env bash
# `swift ARGS...` (SWIFT, default swift) with four known warnings of our dependencies' manifests left out of its
# standard error, and its exit status kept. Usage: swift-quiet.sh build|test ARGS...
#
# The first build after resolving (and the first test build) loads every package's manifest, and SwiftPM warns of
# files in two dependencies' source folders that their own manifests neither use nor exclude:
#   warning: 'zipfoundation': found 1 file(s) which are unhandled; explicitly declare them as resources or exclude from the target
#       .../.build/checkouts/ZIPFoundation/Sources/ZIPFoundation/Resources/PrivacyInfo.xcprivacy
#   warning: 'swift-distributed-tracing': found 1 file(s) which are unhandled; ...
#       .../.build/checkouts/swift-distributed-tracing/Sources/{Tracing,ServiceContextModule,Instrumentation}/CMakeLists.txt
# Only their manifests can silence them, and pushsim cannot change those. So exactly these pairs of lines are dropped:
# the warning line for one of those two packages together with its next line when that line names one of those four
# files under .build/checkouts/. Any other warning (ours, the compiler's, another package's, or one of theirs about
# another file) is printed as SwiftPM wrote it. Standard output is untouched, so a terminal still gets SwiftPM's
# progress line.
set -uo pipefail
swift=${SWIFT:-swift}
filter() {
  awk '
    /^warning: \047(zipfoundation|swift-distributed-tracing)\047: found 1 file\(s\) which are unhandled; explicitly declare them as resources or exclude from the target$/ {
      held = $0; next
    }
    held != "" {
      if ($0 ~ /^    \/.*\/\.build\/checkouts\/(ZIPFoundation\/Sources\/ZIPFoundation\/Resources\/PrivacyInfo\.xcprivacy|swift-distributed-tracing\/Sources\/(Tracing|ServiceContextModule|Instrumentation)\/CMakeLists\.txt)$/) {
        held = ""; next
      }
      print held; held = ""
    }
    { print; fflush() }
    END { if (held != "") print held }
  '
}
# stderr through the filter, stdout straight to fd 3 (the caller's stdout); the pipeline's status is swift's.
{ "$swift" "$@" 2>&1 1>&3 3>&- | filter >&2; status=${PIPESTATUS[0]}; } 3>&1
exit "$status"
