/*
** snapshot.c: a widget's own rendering as a PNG, for `behave window
** --screenshot` and the tests: the widget is snapshotted into a render
** node, which the window's renderer draws into a texture.
*/
#include "gtk_shim.h"

int bhg_snapshot_png (GtkWidget *w, const char *path) {
  int width = gtk_widget_get_width(w), height = gtk_widget_get_height(w);
  GtkNative *native = gtk_widget_get_native(w);
  GskRenderer *renderer;
  GdkPaintable *paintable;
  GtkSnapshot *snapshot;
  GskRenderNode *node;
  GdkTexture *texture;
  int saved;
  if (width <= 0 || height <= 0 || native == NULL) return 0;
  renderer = gtk_native_get_renderer(native);
  if (renderer == NULL) return 0;
  paintable = gtk_widget_paintable_new(w);
  snapshot = gtk_snapshot_new();
  gdk_paintable_snapshot(paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node(snapshot);
  g_object_unref(paintable);
  if (node == NULL) return 0;
  texture = gsk_renderer_render_texture(renderer, node, &GRAPHENE_RECT_INIT(0, 0, width, height));
  gsk_render_node_unref(node);
  if (texture == NULL) return 0;
  saved = gdk_texture_save_to_png(texture, path);
  g_object_unref(texture);
  return saved;
}
