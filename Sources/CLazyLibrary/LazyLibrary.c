// The dlopen-and-resolve step of the libraries pushsim loads when first needed (include/LazyLibrary.h).

#include <dlfcn.h>
#include <stdio.h>
#include "LazyLibrary.h"

void pushsim_lazy_load(const char *file, const char *const *names, size_t count, void **functions,
                       const char *purpose, const char *who, const char *from, const char *package,
                       char *failure, size_t size) {
    failure[0] = 0;
    void *handle = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        snprintf(failure, size, "%s, and %s could not be loaded (%s); install %s (make deps)",
                 purpose, file, why ? why : "not found", package);
        return;
    }
    for (size_t i = 0; i < count; i++) {
        functions[i] = dlsym(handle, names[i]);
        if (!functions[i]) {
            snprintf(failure, size, "%s needs %s%s, which %s does not have; install a newer %s",
                     who, names[i], from, file, package);
            return;
        }
    }
}
