// libxml2 for FolioXML, the only module that imports it.
//
// Swift cannot call or name libxml2's variadic error callbacks, and libxml2's xmlFree is a
// global function pointer; these static inline wrappers give them plain signatures.
#ifndef FOLIO_CLIBXML2_SHIM_H
#define FOLIO_CLIBXML2_SHIM_H

// Debian builds libxml2 with ICU, so encoding.h would include the system's <unicode/ucnv.h>,
// whose declarations clash with the ICU that Foundation carries (a clean build then fails with
// "'UErrorCode' has different definitions in different modules"). Folio never touches an
// encoding handler, whose ICU converters are its last fields, so the ICU part is left out here.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

/// A generic error callback that prints nothing (libxml2's default prints on standard error).
static void folio_xml_ignore_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

/// Stops libxml2 printing its generic errors on standard error, on the calling thread (libxml2
/// keeps its error callbacks per thread); the errors Folio reports come from structured handlers.
static inline void folio_xml_silence_generic_errors(void) {
    xmlSetGenericErrorFunc(NULL, folio_xml_ignore_generic_error);
}

/// Frees memory libxml2 allocated (xmlFree is a function pointer variable).
static inline void folio_xml_free(void *pointer) {
    xmlFree(pointer);
}

#endif
