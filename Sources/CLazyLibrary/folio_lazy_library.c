#include "folio_lazy_library.h"

#include <dlfcn.h>
#include <stdio.h>

int folio_lazy_library_open(const char *const *sonames, const char *const *names, void **addresses, size_t count,
                            char *reason, size_t reason_size) {
    void *handle = NULL;
    const char *failure = "no library name given";
    for (const char *const *soname = sonames; *soname != NULL && handle == NULL; soname++) {
        // RTLD_LOCAL: the library's symbols stay out of the program's namespace; dlsym on the
        // handle still finds those of the libraries it depends on (glib's for libvips).
        handle = dlopen(*soname, RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) failure = dlerror();
    }
    if (handle == NULL) {
        snprintf(reason, reason_size, "%s", failure ? failure : "the library cannot be loaded");
        return -1;
    }
    for (size_t index = 0; index < count; index++) {
        dlerror();
        addresses[index] = dlsym(handle, names[index]);
        if (addresses[index] == NULL) {
            const char *error = dlerror();
            snprintf(reason, reason_size, "%s", error ? error : names[index]);
            return -1;
        }
    }
    return 0;
}
