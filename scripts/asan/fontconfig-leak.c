// Shows that the leaks LeakSanitizer reports in fontconfig and Pango are not Cairn's: this program
// only makes a Pango font map on a private fontconfig configuration (as Canvas does), lays out "42",
// and keeps the map alive in a global, yet LeakSanitizer reports fontconfig patterns as leaked.
// fontconfig stores its patterns' elements behind offset-encoded pointers, which the leak checker
// cannot follow, and Pango's font-loading thread keeps its state where the checker does not look.
// See lsan.supp. Build and run:
//   clang -fsanitize=address -g scripts/asan/fontconfig-leak.c $(pkg-config --cflags --libs pangocairo pangoft2 fontconfig) -o /tmp/fontconfig-leak
//   /tmp/fontconfig-leak        # "ERROR: LeakSanitizer: detected memory leaks", frames in libfontconfig
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>

PangoFontMap *map;
PangoContext *context;

int main(void) {
  FcConfig *config = FcConfigCreate();
  FcConfigAppFontAddDir(config, (const FcChar8 *)"Fonts");
  map = pango_cairo_font_map_new();
  pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
  context = pango_font_map_create_context(map);
  PangoLayout *layout = pango_layout_new(context);
  pango_layout_set_text(layout, "42", -1);
  PangoRectangle ink, logical;
  pango_layout_get_extents(layout, &ink, &logical);
  g_object_unref(layout);
  return 0;
}
