// libchafa and glib for the CImaging shim: this module exists for chafa's pkg-config include paths (see Package.swift).
#include <chafa.h>
