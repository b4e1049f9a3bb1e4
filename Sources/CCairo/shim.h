// Cairo and libpng for the CPicture shim: this module exists for their pkg-config include paths (see Package.swift).
#include <cairo.h>
#include <png.h>
