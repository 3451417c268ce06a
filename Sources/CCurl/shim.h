// libcurl for FolioMail, the only module that imports it: SMTP and SMTPS.
//
// Swift cannot call C's variadic functions; curl_easy_setopt and curl_easy_getinfo are variadic,
// so these static inline wrappers give the options Folio sets plain signatures.
#ifndef FOLIO_CCURL_SHIM_H
#define FOLIO_CCURL_SHIM_H

#include <curl/curl.h>

/// The callback that hands libcurl the next bytes of an upload.
typedef size_t (*folio_curl_read_callback)(char *buffer, size_t size, size_t count, void *context);
/// The callback that sees libcurl's conversation with the server (the server's replies).
typedef int (*folio_curl_debug_callback)(CURL *handle, curl_infotype type, char *data, size_t size, void *context);

static inline CURLcode folio_curl_global_init(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}

static inline CURLcode folio_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode folio_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode folio_curl_set_list(CURL *handle, CURLoption option, struct curl_slist *list) {
    return curl_easy_setopt(handle, option, list);
}

static inline CURLcode folio_curl_set_pointer(CURL *handle, CURLoption option, void *pointer) {
    return curl_easy_setopt(handle, option, pointer);
}

static inline CURLcode folio_curl_set_read(CURL *handle, folio_curl_read_callback callback, void *context) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_READFUNCTION, callback);
    return code != CURLE_OK ? code : curl_easy_setopt(handle, CURLOPT_READDATA, context);
}

static inline CURLcode folio_curl_set_debug(CURL *handle, folio_curl_debug_callback callback, void *context) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_DEBUGFUNCTION, callback);
    return code != CURLE_OK ? code : curl_easy_setopt(handle, CURLOPT_DEBUGDATA, context);
}

static inline long folio_curl_response_code(CURL *handle) {
    long code = 0;
    curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &code);
    return code;
}

#endif
