/*
** adopt_probe.h: GTK asked which properties make the widget given to them
** a child of their object (adopt_probe.c says how).
*/
#ifndef ADOPT_PROBE_H
#define ADOPT_PROBE_H
#include <gtk/gtk.h>

/* Prints, one a line in name order, the properties of the `count` classes
   of `types` after which the widget given to one has a parent (it opens
   GTK on the display); its exit status. */
int print_adopting (GType *types, guint count);

#endif
