#include "folio_geodesic.h"

#include <pthread.h>
#include <stddef.h>

#include "folio_lazy_library.h"

#define FOLIO_GEODESIC_FUNCTIONS(F) F(geod_init) F(geod_inverse) F(geod_direct)
#define FOLIO_GEODESIC_POINTER(name) __typeof__(name) *name;
#define FOLIO_GEODESIC_NAME(name) #name,

/// The functions, in the order of FOLIO_GEODESIC_FUNCTIONS, each of the type geodesic.h declares.
static struct {
    FOLIO_GEODESIC_FUNCTIONS(FOLIO_GEODESIC_POINTER)
} proj;

static const char *const proj_names[] = {FOLIO_GEODESIC_FUNCTIONS(FOLIO_GEODESIC_NAME)};

static pthread_once_t proj_once = PTHREAD_ONCE_INIT;
static char proj_failure[512];
static int proj_status = -1;

static void load(void) {
    static const char *const sonames[] = {"libproj.so.25", "libproj.so", NULL};
    proj_status = folio_lazy_library_open(sonames, proj_names, (void **)&proj, sizeof proj_names / sizeof proj_names[0],
                                          proj_failure, sizeof proj_failure);
}

int folio_geodesic_load(const char **reason) {
    pthread_once(&proj_once, load);
    *reason = proj_status == 0 ? NULL : proj_failure;
    return proj_status;
}

void folio_geod_init(struct geod_geodesic *geodesic, double a, double f) {
    proj.geod_init(geodesic, a, f);
}

void folio_geod_inverse(const struct geod_geodesic *geodesic, double lat1, double lon1, double lat2, double lon2,
                        double *s12, double *azi1, double *azi2) {
    proj.geod_inverse(geodesic, lat1, lon1, lat2, lon2, s12, azi1, azi2);
}

void folio_geod_direct(const struct geod_geodesic *geodesic, double lat1, double lon1, double azi1, double s12,
                       double *lat2, double *lon2, double *azi2) {
    proj.geod_direct(geodesic, lat1, lon1, azi1, s12, lat2, lon2, azi2);
}
