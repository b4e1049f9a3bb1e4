// The terminal layer's namespace: the only code that touches ncurses.

public enum Terminal {}
