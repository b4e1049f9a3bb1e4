# Shared by the e2e tests that check an idle pushsim does not wake (sourced, not a test itself).

# idle_switches PID [SECONDS]: context switches of every thread of PID (/proc/PID/task/*) over SECONDS (3).
idle_switches() {
  local a b
  a=$(cat /proc/"$1"/task/*/status | awk '/ctxt_switches/ {s += $2} END {print s}')
  sleep "${2:-3}"
  b=$(cat /proc/"$1"/task/*/status | awk '/ctxt_switches/ {s += $2} END {print s}')
  echo $((b - a))
}
