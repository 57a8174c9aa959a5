/*
** gesture_cancel.c: ending what the pointer is doing in a widget that
** stops taking it. GTK resets a widget's event controllers when it turns
** insensitive, not when it is hidden or stops being a pointer target, and
** the release then goes elsewhere: a spin button hidden while its + was
** held kept spinning for ever, each step a value no one chose.
*/
#include "gtk_shim.h"

void bhg_cancel_gestures (GtkWidget *w) {
  GListModel *controllers;
  GtkWidget *child;
  guint i, count;
  if (!gtk_widget_get_mapped(w)) return;
  controllers = gtk_widget_observe_controllers(w);
  count = g_list_model_get_n_items(controllers);
  for (i = 0; i < count; i++) {
    GtkEventController *controller = g_list_model_get_item(controllers, i);
    gtk_event_controller_reset(controller);
    g_object_unref(controller);
  }
  g_object_unref(controllers);
  for (child = gtk_widget_get_first_child(w); child != NULL; child = gtk_widget_get_next_sibling(child))
    bhg_cancel_gestures(child);
}
