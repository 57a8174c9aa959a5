/*
** child_type_probe.h: GtkBuilder asked which child types (`<child
** type="…">`) each class takes (child_type_probe.c says how).
*/
#ifndef CHILD_TYPE_PROBE_H
#define CHILD_TYPE_PROBE_H
#include <gtk/gtk.h>

/* Prints, one line a class of the `count` buildable `classes` that
   refuses a child type it does not take, its name and the types it
   takes (the probes in a child process: this program run as
   `gtk-class-table --child-types-from N`, which finds the same classes
   and calls probe_child_types); its exit status. */
int print_child_types (const char *const *classes, guint count);

/* The child process's work: the probes from the `from`th on, a letter
   each, told to its parent on file descriptor 3, the first with longer
   when it is tried `again`; its exit status. */
int probe_child_types (const char *const *classes, guint count, guint from, gboolean again);

#endif
