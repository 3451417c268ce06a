// libvips for FolioRendering, the only module that imports it.
//
// Swift cannot call C's variadic functions, and libvips passes every optional argument of an
// operation as a NULL-terminated list of name/value pairs; these static inline wrappers give the
// few operations Folio uses plain signatures.
#ifndef FOLIO_CVIPS_SHIM_H
#define FOLIO_CVIPS_SHIM_H

#include <vips/vips.h>

/// How many warnings libvips logged since the last folio_vips_take_warnings.
static inline int *folio_vips_warning_count(void) {
    static int count = 0;
    return &count;
}

/// The text of the last warning libvips logged.
static inline char *folio_vips_last_warning(void) {
    static char text[256];
    return text;
}

/// Keeps a libvips warning (a truncated or damaged image) instead of printing it on standard error.
static void folio_vips_keep_warning(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain;
    (void)data;
    // Information and messages (what libvips says it is doing) are neither shown nor counted.
    if (!(level & G_LOG_LEVEL_WARNING)) return;
    g_strlcpy(folio_vips_last_warning(), message ? message : "", 256);
    __atomic_add_fetch(folio_vips_warning_count(), 1, __ATOMIC_SEQ_CST);
}

/// Sends libvips's warnings to folio_vips_keep_warning.
static inline void folio_vips_capture_warnings(void) {
    g_log_set_handler("VIPS", (GLogLevelFlags)(G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO),
        folio_vips_keep_warning, NULL);
}

/// The number of warnings since the last call (and resets it); `last` gets the last one's text.
static inline int folio_vips_take_warnings(const char **last) {
    *last = folio_vips_last_warning();
    return __atomic_exchange_n(folio_vips_warning_count(), 0, __ATOMIC_SEQ_CST);
}

/// The name of the loader libvips would pick for `buffer` (e.g. "VipsForeignLoadPngBuffer"), or
/// NULL when none recognises it. Only the first bytes are looked at.
static inline const char *folio_vips_loader(const void *buffer, size_t length) {
    return vips_foreign_find_load_buffer(buffer, length);
}

/// The image in `buffer` with only its header read (the pixels are decoded later, on demand).
static inline VipsImage *folio_vips_header(const void *buffer, size_t length) {
    return vips_image_new_from_buffer(buffer, length, "", NULL);
}

/// A thumbnail of the image in `buffer` that fits in `size`×`size`, never enlarged, decoded at a
/// reduced size where the format allows (JPEG shrink-on-load); failing on any decoding error
/// (a truncated image is only a warning to most loaders: see folio_vips_take_warnings).
static inline int folio_vips_thumbnail(void *buffer, size_t length, int size, VipsImage **out) {
    return vips_thumbnail_buffer(
        buffer, length, out, size, "height", size, "size", VIPS_SIZE_DOWN, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
}

/// `image` encoded as PNG into a buffer that the caller frees with g_free.
static inline int folio_vips_png(VipsImage *image, void **buffer, size_t *length) {
    return vips_pngsave_buffer(image, buffer, length, "compression", 6, "strip", TRUE, NULL);
}

/// An image of `width`×`height` pixels of coloured noise encoded by the saver `format` ("jpeg",
/// "png", "gif", "webp") into a buffer that the caller frees with g_free: real images to test with.
static inline int folio_vips_sample(int width, int height, const char *format, void **buffer, size_t *length) {
    VipsImage *noise = NULL;
    VipsImage *bands = NULL;
    VipsImage *pixels = NULL;
    int status = -1;
    if (vips_gaussnoise(&noise, width, height, "mean", 128.0, "sigma", 40.0, NULL)) goto done;
    VipsImage *three[3] = {noise, noise, noise};
    if (vips_bandjoin(three, &bands, 3, NULL)) goto done;
    if (vips_cast_uchar(bands, &pixels, NULL)) goto done;
    char suffix[16];
    snprintf(suffix, sizeof suffix, ".%s", format);
    status = vips_image_write_to_buffer(pixels, suffix, buffer, length, NULL);
done:
    if (pixels) g_object_unref(pixels);
    if (bands) g_object_unref(bands);
    if (noise) g_object_unref(noise);
    return status;
}

#endif
