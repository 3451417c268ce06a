// cairo for FolioRendering, the only module that imports it: vector drawing to PDF, SVG and
// image surfaces, and text through cairo's toy font API (fontconfig chooses the font).
#ifndef FOLIO_CCAIRO_SHIM_H
#define FOLIO_CCAIRO_SHIM_H

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>

#endif
