// A shared library loaded with dlopen when one of its functions is first needed instead of at every start:
// gdk-pixbuf (CImaging/PixbufLibrary.c) and cairo with pango (CPicture/PictureLibraries.c). Each keeps its own list of
// functions, the definitions that forward to them and its pthread_once; this is the step they share.
#ifndef PUSHSIM_LAZY_LIBRARY_H
#define PUSHSIM_LAZY_LIBRARY_H

#include <stddef.h>

/* Opens `file` and finds each of the `count` `names` in it, into `functions` at the same index. On success `failure`
   is left empty; else it holds one sentence, built from the pieces given:
   "PURPOSE, and FILE could not be loaded (WHY); install PACKAGE (make deps)" when the file does not load, or
   "WHO needs NAME FROM, which FILE does not have; install a newer PACKAGE" when it lacks a function. */
void pushsim_lazy_load(const char *file, const char *const *names, size_t count, void **functions,
                       const char *purpose, const char *who, const char *from, const char *package,
                       char *failure, size_t size);

#endif
