/*
** adopt_probe.c: which of GTK's properties make the widget given to them a
** child of their object, found by asking GTK itself: each writable
** widget property of each class a screen may be drawn with (the window's
** pre-scan's answer: bhg_scan_draws_with; a drag icon, refused apart, is
** left out: GTK crashes on one made alone) is set to a fresh widget on a
** fresh object, and the widget's parent looked at. Headless Behave keeps
** the names (InterfaceDrawing.adoptingProperties, and the pre-scan's
** adopts()); a GTK test compares them with what this prints.
*/
#include "adopt_probe.h"
#include <gtk_shim.h>
#include <stdio.h>
#include <string.h>

static int by_name (gconstpointer a, gconstpointer b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Whether a widget given as `spec` of a fresh object of `type` has a
** parent then; `made` keeps what it made, for the caller to free. */
static gboolean parents (GType type, GParamSpec *spec, GObject **object, GPtrArray *made) {
  GType value_type = G_PARAM_SPEC_VALUE_TYPE(spec);
  /* A label where any widget goes, else one of the property's class. */
  GType child_type = g_type_is_a(GTK_TYPE_LABEL, value_type) ? GTK_TYPE_LABEL : value_type;
  if (*object == NULL) {
    *object = g_object_ref_sink(g_object_new(type, NULL));
    g_ptr_array_add(made, *object);
  }
  GObject *child = g_object_ref_sink(g_object_new(child_type, NULL));
  g_ptr_array_add(made, child);
  g_object_set(*object, g_param_spec_get_name(spec), child, NULL);
  return gtk_widget_get_parent(GTK_WIDGET(child)) != NULL;
}

/* GTK's warnings about the odd objects the probe makes (a combo box's
** child without a model) are not its answer. */
static GLogWriterOutput quiet (GLogLevelFlags level, const GLogField *fields, gsize count, gpointer data) {
  (void)level; (void)fields; (void)count; (void)data;
  return G_LOG_WRITER_HANDLED;
}

int print_adopting (GType *types, guint count) {
  if (!gtk_init_check()) return 1;
  g_log_set_writer_func(quiet, NULL, NULL);
  GHashTable *names = g_hash_table_new(g_str_hash, g_str_equal);
  GPtrArray *made = g_ptr_array_new();
  for (guint i = 0; i < count; i++) {
    GType type = types[i];
    if (G_TYPE_IS_ABSTRACT(type) || !bhg_scan_draws_with(type) || g_type_is_a(type, GTK_TYPE_DRAG_ICON)) continue;
    GObjectClass *klass = g_type_class_ref(type);
    guint n = 0;
    GParamSpec **specs = g_object_class_list_properties(klass, &n);
    GObject *object = NULL;
    for (guint j = 0; j < n; j++) {
      if (!g_type_is_a(G_PARAM_SPEC_VALUE_TYPE(specs[j]), GTK_TYPE_WIDGET) || !(specs[j]->flags & G_PARAM_WRITABLE)
          || (specs[j]->flags & G_PARAM_CONSTRUCT_ONLY)) continue;
      if (parents(type, specs[j], &object, made)) g_hash_table_add(names, (gpointer)g_param_spec_get_name(specs[j]));
    }
    g_free(specs);
    g_type_class_unref(klass);
  }
  GPtrArray *sorted = g_ptr_array_new();
  GHashTableIter each;
  gpointer name;
  g_hash_table_iter_init(&each, names);
  while (g_hash_table_iter_next(&each, &name, NULL)) g_ptr_array_add(sorted, name);
  g_ptr_array_sort(sorted, by_name);
  for (guint i = 0; i < sorted->len; i++) printf("%s\n", (const char *)sorted->pdata[i]);
  g_ptr_array_unref(sorted);
  g_hash_table_unref(names);
  /* The program ends here: what it made goes with it. */
  g_ptr_array_unref(made);
  return 0;
}
