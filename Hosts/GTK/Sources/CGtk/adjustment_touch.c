/*
** adjustment_touch.c: which of the widgets on one adjustment the user
** last pressed, scrolled or typed into. GTK moves every widget on an
** adjustment when one is moved, and each says `value-changed`, whoever
** moved it: a scale and a spin button drawn on one adjustment both
** report the user's press of the spin button's +. A controller in the
** capture phase (it hears the events of the widget's parts too, the spin
** button's text and buttons) notes the widget on the adjustment as the
** event comes, before the widget acts on it; the note is compared, never
** followed, so a widget gone since is harmless.
*/
#include "gtk_shim.h"

static const char touched_key[] = "behave-touched";

static gboolean note_touch (GtkEventControllerLegacy *controller, GdkEvent *event, gpointer adjustment) {
  switch (gdk_event_get_event_type(event)) {
  case GDK_BUTTON_PRESS:
  case GDK_KEY_PRESS:
  case GDK_SCROLL:
  case GDK_TOUCH_BEGIN:
    g_object_set_data(G_OBJECT(adjustment), touched_key,
                      gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(controller)));
    break;
  default:
    break;
  }
  return FALSE;
}

GtkEventController *bhg_adjustment_watch_touches (GtkWidget *w, GtkAdjustment *adjustment) {
  GtkEventController *c = gtk_event_controller_legacy_new();
  gtk_event_controller_set_propagation_phase(c, GTK_PHASE_CAPTURE);
  /* The adjustment outlives the handler's use of it: the widget holds it. */
  g_signal_connect(c, "event", G_CALLBACK(note_touch), adjustment);
  gtk_widget_add_controller(w, c);
  return c;
}

GtkWidget *bhg_adjustment_touched (GtkAdjustment *adjustment) {
  return g_object_get_data(G_OBJECT(adjustment), touched_key);
}
