// libarchive for FolioZip, the only module that imports it: zip archives written as a stream.
#ifndef FOLIO_CLIBARCHIVE_SHIM_H
#define FOLIO_CLIBARCHIVE_SHIM_H

#include <archive.h>
#include <archive_entry.h>

#endif
