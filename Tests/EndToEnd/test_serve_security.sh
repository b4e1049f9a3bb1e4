#!/usr/bin/env bash
# pushsim serve refuses what it should: no or a wrong token (403), another host name (DNS rebinding), a WebSocket
# from another origin, any path but its page; drops a malformed frame, a 100 MB message, 1,000 connections and a
# client that never reads, one log line each, and keeps serving; Ctrl-C closes every socket and exits 0.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/clean_env.sh"
export BIN
python3 "$HERE/serve_security.py"
