# Sourced first by every end-to-end test: whatever terminal, multiplexer, colour or locale settings the suite was
# started under (inside tmux, under LANG=C, with NO_COLOR set, in kitty…), each test starts from the same
# environment and sets what it tests itself (run.sh also gives each test a private, empty HOME).
for v in TMUX TMUX_PANE STY NO_COLOR COLORTERM TERM_PROGRAM TERM_PROGRAM_VERSION KITTY_WINDOW_ID KITTY_PID \
         WEZTERM_EXECUTABLE WEZTERM_PANE ITERM_SESSION_ID VTE_VERSION KONSOLE_VERSION WT_SESSION GHOSTTY_RESOURCES_DIR \
         LC_CTYPE LC_MESSAGES LANGUAGE COLUMNS LINES PUSHSIM_DEBUG_STATS PUSHSIM_RESOURCES XDG_DATA_HOME \
         XDG_RUNTIME_DIR XDG_CACHE_HOME DISPLAY WAYLAND_DISPLAY; do
  unset "$v"
done
export TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8
