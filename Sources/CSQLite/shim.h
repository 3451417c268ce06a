// The SQLite C API for FolioDatabase, the only module that imports it.
//
// Swift cannot import SQLite's destructor macros (casts of integers to function pointers) or
// call its variadic functions; these static inline wrappers give them plain signatures.
#ifndef FOLIO_CSQLITE_SHIM_H
#define FOLIO_CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT: SQLite copies a bound text or blob before the bind call returns.
static inline sqlite3_destructor_type folio_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/// SQLITE_STATIC: the bound text or blob stays valid and unchanged until it is rebound or reset.
static inline sqlite3_destructor_type folio_sqlite_static(void) {
    return SQLITE_STATIC;
}

/// sqlite3_db_config for the options that take an int and report the new setting.
static inline int folio_sqlite3_db_config_flag(sqlite3 *db, int option, int value, int *result) {
    return sqlite3_db_config(db, option, value, result);
}

/// sqlite3_config(SQLITE_CONFIG_URI, on): whether file names may be URIs in every connection of
/// the process. Only effective before SQLite is initialized.
static inline int folio_sqlite3_config_uri(int on) {
    return sqlite3_config(SQLITE_CONFIG_URI, on);
}

#endif
