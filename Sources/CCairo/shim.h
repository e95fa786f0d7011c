#ifndef CAIRN_CCAIRO_SHIM_H
#define CAIRN_CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-svg.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#endif
