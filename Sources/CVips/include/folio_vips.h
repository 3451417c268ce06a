// libvips for FolioRendering, the only module that imports it, loaded when the first image is
// made (see folio_lazy_library.h): a command that makes no thumbnail does not pay for loading
// libvips and the hundred libraries it brings.
//
// This header names no libvips type, so that importing it needs none of libvips's or glib's
// headers; folio_vips.c includes them and checks every function against them. Swift cannot call
// C's variadic functions, and libvips passes every optional argument of an operation as a
// NULL-terminated list of name/value pairs: these functions give the few operations Folio uses
// plain signatures.
#ifndef FOLIO_VIPS_H
#define FOLIO_VIPS_H

#include <stddef.h>

/// A libvips image (a VipsImage, a GObject): released with folio_vips_release.
typedef struct folio_vips_image folio_vips_image;

/// Loads libvips and starts it for a long-running program: its untrusted loaders (ImageMagick,
/// …) refused, its operation cache off, one worker thread per image, and its warnings kept for
/// folio_vips_take_warnings instead of printed. Done once; every later call returns the first
/// call's result. Returns 0, or -1 with `*reason` set to why libvips cannot be used.
int folio_vips_start(const char **reason);

/// The name of the loader libvips would pick for `buffer` (e.g. "VipsForeignLoadPngBuffer"), or
/// NULL when none recognises it. Only the first bytes are looked at.
const char *folio_vips_loader(const void *buffer, size_t length);

/// The image in `buffer` with only its header read (the pixels are decoded later, on demand).
folio_vips_image *folio_vips_header(const void *buffer, size_t length);

/// The width and height of `image` in pixels.
int folio_vips_width(const folio_vips_image *image);
int folio_vips_height(const folio_vips_image *image);

/// A thumbnail of the image in `buffer` that fits in `size`×`size`, never enlarged, decoded at a
/// reduced size where the format allows (JPEG shrink-on-load); failing on any decoding error
/// (a truncated image is only a warning to most loaders: see folio_vips_take_warnings).
int folio_vips_thumbnail(void *buffer, size_t length, int size, folio_vips_image **out);

/// `image` encoded as PNG into a buffer that the caller frees with folio_vips_free.
int folio_vips_png(folio_vips_image *image, void **buffer, size_t *length);

/// An image of `width`×`height` pixels of coloured noise encoded by the saver `format` ("jpg",
/// "png", "gif", "webp") into a buffer that the caller frees with folio_vips_free: real images to
/// test with.
int folio_vips_sample(int width, int height, const char *format, void **buffer, size_t *length);

/// Releases an image (g_object_unref).
void folio_vips_release(folio_vips_image *image);

/// Frees a buffer libvips made (g_free).
void folio_vips_free(void *buffer);

/// A copy of libvips's error messages since the last folio_vips_clear_error, freed with
/// folio_vips_free; NULL when there are none.
char *folio_vips_copy_error(void);

/// Forgets libvips's error messages.
void folio_vips_clear_error(void);

/// The number of warnings since the last call (and resets it); `last` gets the last one's text.
int folio_vips_take_warnings(const char **last);

#endif
