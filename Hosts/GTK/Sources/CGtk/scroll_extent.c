/*
** scroll_extent.c: how far a scrolled window's content scrolls. GTK keeps
** an adjustment's value within lower…upper less the page, and its
** viewport sets those at each layout from the content's natural size and
** its own. Before that layout (a content grown in the same handler, a
** window not yet laid out) the adjustment's bounds are stale, and a value
** set then was cut to them and lost.
*/
#include "gtk_shim.h"

static GtkAdjustment *adjustment_of (GtkWidget *s, GtkOrientation o) {
  GtkScrolledWindow *scrolled = GTK_SCROLLED_WINDOW(s);
  return o == GTK_ORIENTATION_VERTICAL ? gtk_scrolled_window_get_vadjustment(scrolled)
                                       : gtk_scrolled_window_get_hadjustment(scrolled);
}

double bhg_scrolled_furthest (GtkWidget *s, GtkOrientation o, double unlaid_view) {
  GtkWidget *viewport = gtk_scrolled_window_get_child(GTK_SCROLLED_WINDOW(s)), *content;
  GtkAdjustment *adjustment = adjustment_of(s, o);
  int natural = 0, view;
  /* A child that scrolls itself (a text view) sets its own bounds. */
  if (viewport == NULL || !GTK_IS_VIEWPORT(viewport))
    return MAX(0, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment));
  content = gtk_viewport_get_child(GTK_VIEWPORT(viewport));
  if (content != NULL && gtk_widget_get_visible(content)) gtk_widget_measure(content, o, -1, NULL, &natural, NULL, NULL);
  view = o == GTK_ORIENTATION_VERTICAL ? gtk_widget_get_height(viewport) : gtk_widget_get_width(viewport);
  return MAX(0, natural - (view > 0 ? view : unlaid_view));
}

double bhg_scrolled_scroll (GtkWidget *s, GtkOrientation o, double value, double unlaid_view) {
  GtkAdjustment *adjustment = adjustment_of(s, o);
  double furthest = bhg_scrolled_furthest(s, o, unlaid_view), page = gtk_adjustment_get_page_size(adjustment);
  if (gtk_adjustment_get_upper(adjustment) - page < furthest) gtk_adjustment_set_upper(adjustment, furthest + page);
  gtk_adjustment_set_value(adjustment, CLAMP(value, 0, furthest));
  return gtk_adjustment_get_value(adjustment);
}
