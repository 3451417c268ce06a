#ifndef FOLIO_CGEODESIC_SHIM_H
#define FOLIO_CGEODESIC_SHIM_H

// Karney's geodesic routines as shipped in PROJ (Debian libproj-dev): geod_init, geod_inverse,
// geod_direct and friends. Accurate to 15 nanometres on the WGS84 ellipsoid, and they converge
// for every pair of points, nearly antipodal ones included.
#include <geodesic.h>

#endif
