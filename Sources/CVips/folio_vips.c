#include "folio_vips.h"

#include <pthread.h>
#include <stdio.h>
#include <vips/vips.h>

#include "folio_lazy_library.h"

// Every libvips and glib function Folio calls, each found in the library by name and called
// through a pointer of the type the installed headers declare (so a wrong signature does not
// compile).
#define FOLIO_VIPS_FUNCTIONS(F)                                                                                        \
    F(vips_version)                                                                                                    \
    F(vips_init)                                                                                                       \
    F(vips_block_untrusted_set)                                                                                        \
    F(vips_cache_set_max)                                                                                              \
    F(vips_cache_set_max_mem)                                                                                          \
    F(vips_cache_set_max_files)                                                                                        \
    F(vips_concurrency_set)                                                                                            \
    F(vips_foreign_find_load_buffer)                                                                                   \
    F(vips_image_new_from_buffer)                                                                                      \
    F(vips_image_get_width)                                                                                            \
    F(vips_image_get_height)                                                                                           \
    F(vips_thumbnail_buffer)                                                                                           \
    F(vips_pngsave_buffer)                                                                                             \
    F(vips_gaussnoise)                                                                                                 \
    F(vips_bandjoin)                                                                                                   \
    F(vips_cast_uchar)                                                                                                 \
    F(vips_image_write_to_buffer)                                                                                      \
    F(vips_error_buffer_copy)                                                                                          \
    F(vips_error_clear)                                                                                                \
    F(g_log_set_handler)                                                                                               \
    F(g_object_unref)                                                                                                  \
    F(g_free)

#define FOLIO_VIPS_POINTER(name) __typeof__(name) *name;
#define FOLIO_VIPS_NAME(name) #name,

/// The functions, in the order of FOLIO_VIPS_FUNCTIONS; set once by folio_vips_load.
static struct {
    FOLIO_VIPS_FUNCTIONS(FOLIO_VIPS_POINTER)
} vips;

static const char *const vips_names[] = {FOLIO_VIPS_FUNCTIONS(FOLIO_VIPS_NAME)};

static pthread_once_t vips_once = PTHREAD_ONCE_INIT;
static char vips_failure[512];
static int vips_status = -1;

static int warning_count = 0;
static char last_warning[256];

/// Keeps a libvips warning (a truncated or damaged image) instead of printing it on standard error.
static void keep_warning(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain;
    (void)data;
    // Information and messages (what libvips says it is doing) are neither shown nor counted.
    if (!(level & G_LOG_LEVEL_WARNING)) return;
    snprintf(last_warning, sizeof last_warning, "%s", message ? message : "");
    __atomic_add_fetch(&warning_count, 1, __ATOMIC_SEQ_CST);
}

static void load(void) {
    static const char *const sonames[] = {"libvips.so.42", "libvips.so", NULL};
    if (folio_lazy_library_open(sonames, vips_names, (void **)&vips, sizeof vips_names / sizeof vips_names[0],
                                vips_failure, sizeof vips_failure) != 0) {
        return;
    }
    // The library found must be the one whose headers this file was compiled with.
    if (vips.vips_version(0) != VIPS_MAJOR_VERSION || vips.vips_version(1) < VIPS_MINOR_VERSION) {
        snprintf(vips_failure, sizeof vips_failure, "libvips %d.%d is installed, but Folio needs %d.%d or later",
                 vips.vips_version(0), vips.vips_version(1), VIPS_MAJOR_VERSION, VIPS_MINOR_VERSION);
        return;
    }
    if (vips.vips_init("folio") != 0) {
        char *error = vips.vips_error_buffer_copy();
        snprintf(vips_failure, sizeof vips_failure, "%s", error && *error ? error : "libvips failed to start");
        vips.g_free(error);
        return;
    }
    vips.g_log_set_handler("VIPS", (GLogLevelFlags)(G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO),
                           keep_warning, NULL);
    vips.vips_block_untrusted_set(TRUE);
    vips.vips_cache_set_max(0);
    vips.vips_cache_set_max_mem(0);
    vips.vips_cache_set_max_files(0);
    vips.vips_concurrency_set(1);
    vips_status = 0;
}

int folio_vips_start(const char **reason) {
    pthread_once(&vips_once, load);
    *reason = vips_status == 0 ? NULL : vips_failure;
    return vips_status;
}

const char *folio_vips_loader(const void *buffer, size_t length) {
    return vips.vips_foreign_find_load_buffer(buffer, length);
}

folio_vips_image *folio_vips_header(const void *buffer, size_t length) {
    return (folio_vips_image *)vips.vips_image_new_from_buffer(buffer, length, "", NULL);
}

int folio_vips_width(const folio_vips_image *image) {
    return vips.vips_image_get_width((const VipsImage *)image);
}

int folio_vips_height(const folio_vips_image *image) {
    return vips.vips_image_get_height((const VipsImage *)image);
}

int folio_vips_thumbnail(void *buffer, size_t length, int size, folio_vips_image **out) {
    VipsImage *image = NULL;
    int status = vips.vips_thumbnail_buffer(buffer, length, &image, size, "height", size, "size", VIPS_SIZE_DOWN,
                                            "fail_on", VIPS_FAIL_ON_ERROR, NULL);
    *out = (folio_vips_image *)image;
    return status;
}

int folio_vips_png(folio_vips_image *image, void **buffer, size_t *length) {
    return vips.vips_pngsave_buffer((VipsImage *)image, buffer, length, "compression", 6, "strip", TRUE, NULL);
}

int folio_vips_sample(int width, int height, const char *format, void **buffer, size_t *length) {
    VipsImage *noise = NULL;
    VipsImage *bands = NULL;
    VipsImage *pixels = NULL;
    int status = -1;
    if (vips.vips_gaussnoise(&noise, width, height, "mean", 128.0, "sigma", 40.0, NULL)) goto done;
    VipsImage *three[3] = {noise, noise, noise};
    if (vips.vips_bandjoin(three, &bands, 3, NULL)) goto done;
    if (vips.vips_cast_uchar(bands, &pixels, NULL)) goto done;
    char suffix[16];
    snprintf(suffix, sizeof suffix, ".%s", format);
    status = vips.vips_image_write_to_buffer(pixels, suffix, buffer, length, NULL);
done:
    if (pixels) vips.g_object_unref(pixels);
    if (bands) vips.g_object_unref(bands);
    if (noise) vips.g_object_unref(noise);
    return status;
}

void folio_vips_release(folio_vips_image *image) {
    vips.g_object_unref(image);
}

void folio_vips_free(void *buffer) {
    vips.g_free(buffer);
}

char *folio_vips_copy_error(void) {
    return vips.vips_error_buffer_copy();
}

void folio_vips_clear_error(void) {
    vips.vips_error_clear();
}

int folio_vips_take_warnings(const char **last) {
    *last = last_warning;
    return __atomic_exchange_n(&warning_count, 0, __ATOMIC_SEQ_CST);
}
