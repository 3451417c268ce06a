// Karney's geodesic routines as shipped in PROJ (Debian libproj-dev): accurate to 15 nanometres
// on the WGS84 ellipsoid, and they converge for every pair of points, nearly antipodal ones
// included. Only FolioLocation imports this header.
//
// PROJ is loaded when the first ellipsoid is prepared (see folio_lazy_library.h), so a command
// that measures no distance does not pay for loading it and the libraries it brings.
#ifndef FOLIO_GEODESIC_H
#define FOLIO_GEODESIC_H

#include <geodesic.h>

/// Loads PROJ's geodesic routines once; every later call returns the first call's result.
/// Returns 0, or -1 with `*reason` set to why they cannot be used.
int folio_geodesic_load(const char **reason);

/// geod_init: prepares `geodesic` for the ellipsoid of equatorial radius `a` and flattening `f`.
/// Only after folio_geodesic_load returned 0, as are the two below.
void folio_geod_init(struct geod_geodesic *geodesic, double a, double f);

/// geod_inverse: the distance `s12` between two points and the azimuths at each end (any of the
/// three results may be NULL).
void folio_geod_inverse(const struct geod_geodesic *geodesic, double lat1, double lon1, double lat2, double lon2,
                        double *s12, double *azi1, double *azi2);

/// geod_direct: where a geodesic from a point, leaving at `azi1`, is after `s12` metres.
void folio_geod_direct(const struct geod_geodesic *geodesic, double lat1, double lon1, double azi1, double s12,
                       double *lat2, double *lon2, double *azi2);

#endif
