// Opening a C library when it is first needed instead of when the program starts.
//
// Every library a program is linked with is loaded and relocated before main runs, whether the
// command uses it or not: libvips alone (with the hundred libraries it brings) costs a `folio`
// command about 30 ms. The wrappers of libraries that only a few commands use (CVips, CGeodesic,
// CCurl) find their functions here, with dlopen(3), the first time one is called.

#ifndef FOLIO_LAZY_LIBRARY_H
#define FOLIO_LAZY_LIBRARY_H

#include <stddef.h>

/// Opens the first of `sonames` that loads (a NULL-terminated list, e.g. "libvips.so.42",
/// "libvips.so") and finds each of the `count` functions named in `names`, storing their
/// addresses in `addresses`. Returns 0, or -1 with a sentence in `reason` (dlopen's or dlsym's
/// message) when the library or a function is missing; the library stays loaded for the life of
/// the process either way.
int folio_lazy_library_open(const char *const *sonames, const char *const *names, void **addresses, size_t count,
                            char *reason, size_t reason_size);

#endif
