#ifndef FOLIO_CBENCHGEODESIC_SHIM_H
#define FOLIO_CBENCHGEODESIC_SHIM_H

// PROJ's geodesic routines, called directly by the location benchmarks as the baseline.
#include <geodesic.h>

#endif
