#ifndef CAIRN_CSQLITE_SHIM_H
#define CAIRN_CSQLITE_SHIM_H
#include <sqlite3.h>
/* SQLITE_TRANSIENT is a cast macro Swift cannot import. */
static const sqlite3_destructor_type cairn_sqlite_transient = (sqlite3_destructor_type)-1;
#endif
