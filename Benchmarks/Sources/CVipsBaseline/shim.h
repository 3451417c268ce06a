// libvips called directly, as a program that needs no confinement, cache or checks would: the
// reference for FolioRendering's thumbnails.
#ifndef FOLIO_BENCH_CVIPS_H
#define FOLIO_BENCH_CVIPS_H

#include <vips/vips.h>

/// vips_thumbnail_buffer to `size` pixels then vips_pngsave_buffer; 0 on success.
static inline int bench_vips_thumbnail_png(void *buffer, size_t length, int size, size_t *pngLength) {
    VipsImage *image = NULL;
    if (vips_thumbnail_buffer(buffer, length, &image, size, "height", size, "size", VIPS_SIZE_DOWN, NULL)) return -1;
    void *png = NULL;
    int status = vips_pngsave_buffer(image, &png, pngLength, "compression", 6, "strip", TRUE, NULL);
    g_object_unref(image);
    g_free(png);
    return status;
}

#endif
