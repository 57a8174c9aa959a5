/*
** builder.c: a scene's .ui file made into objects, safely: scanned
** (builder_scan.c), then built with a scope of Behave's own
** (builder_scope.c), with GTK's warnings while building as its errors.
*/
#include "builder.h"
#include <string.h>

/* ------------------------------------------------------ GTK's warnings */

/* A value GtkBuilder cannot set (a number out of a property's range, an
** enum's unknown nick) is not an error to GtkBuilder: it warns on stderr
** and builds on. While a file is built, this thread's warnings are kept
** instead, and the first refuses the file. The writer is GLib's for
** everything else. */
static GString *warnings;
static GThread *warned_thread;

static GLogWriterOutput keep_warnings (GLogLevelFlags level, const GLogField *fields, gsize count, gpointer data) {
  if (warnings != NULL && g_thread_self() == warned_thread
      && (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING)) != 0) {
    for (gsize i = 0; i < count; i++) {
      if (strcmp(fields[i].key, "MESSAGE") != 0 || warnings->len > 0) continue;
      if (fields[i].length < 0) g_string_append(warnings, fields[i].value);
      else g_string_append_len(warnings, fields[i].value, fields[i].length);
    }
    return G_LOG_WRITER_HANDLED;
  }
  return g_log_writer_default(level, fields, count, data);
}

static void keep_warnings_once (void) {
  static gsize done = 0;
  if (g_once_init_enter(&done)) {
    g_log_set_writer_func(keep_warnings, NULL, NULL);
    g_once_init_leave(&done, 1);
  }
}

static void destroy_windows (GtkBuilder *builder) {
  GSList *objects = gtk_builder_get_objects(builder), *each;
  for (each = objects; each != NULL; each = each->next)
    if (GTK_IS_WINDOW(each->data)) gtk_window_destroy(GTK_WINDOW(each->data));
  g_slist_free(objects);
}

GtkBuilder *bhg_builder_from_ui (const char *text, long length, GError **error) {
  GtkBuilder *builder;
  GtkBuilderScope *scope;
  GError *failure = NULL;
  if (!bhg_scan_ui(text, length, error)) return NULL;
  builder = gtk_builder_new();
  scope = bhg_builder_scope_new();
  gtk_builder_set_scope(builder, scope);
  g_object_unref(scope);
  keep_warnings_once();
  warnings = g_string_new(NULL);
  warned_thread = g_thread_self();
  if (gtk_builder_add_from_string(builder, text, length, &failure) && warnings->len > 0)
    g_set_error(&failure, GTK_BUILDER_ERROR, GTK_BUILDER_ERROR_INVALID_VALUE, "%s", warnings->str);
  g_string_free(warnings, TRUE);
  warnings = NULL;
  if (failure == NULL) return builder;
  /* Nothing of it stays: a window GtkBuilder showed goes too. */
  g_propagate_error(error, failure);
  destroy_windows(builder);
  g_object_unref(builder);
  return NULL;
}

void bhg_builder_destroy_windows (GtkBuilder *builder) { destroy_windows(builder); }
