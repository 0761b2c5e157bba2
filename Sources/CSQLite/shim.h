#ifndef NATTER_CSQLITE_SHIM_H
#define NATTER_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro around a function-pointer cast, which Swift cannot import.
static inline sqlite3_destructor_type natter_sqlite_transient(void) {
  return SQLITE_TRANSIENT;
}

#endif
