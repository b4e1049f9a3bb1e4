// The shim is header-only (static inline functions); SwiftPM builds a C target from at least one source file.
#include "shim.h"
