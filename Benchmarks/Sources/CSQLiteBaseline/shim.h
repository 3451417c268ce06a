// The SQLite C API, called directly from Swift as the baseline FolioDatabase is measured against.
#ifndef FOLIO_CSQLITE_BASELINE_SHIM_H
#define FOLIO_CSQLITE_BASELINE_SHIM_H

#include <sqlite3.h>

static inline sqlite3_destructor_type baseline_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

#endif
