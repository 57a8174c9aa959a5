/*
** tag_probe.h: GtkBuilder asked which class reads which of the tags GTK's
** classes read for themselves (tag_probe.c says how).
*/
#ifndef TAG_PROBE_H
#define TAG_PROBE_H
#include <gtk/gtk.h>

/* The tags tried, in name order. */
extern const char *const probe_tags[];
extern const guint probe_tag_count;

/* Where a probe gives the tag: in an object of the class, in a <child> of
   one after the child's object, or in one before it. */
typedef enum { PROBE_IN_OBJECT, PROBE_IN_CHILD, PROBE_BEFORE_CHILD_OBJECT, PROBE_PLACES } ProbePlace;

/* One probe's answer: 'r' GtkBuilder read the tag, 'u' it refused it,
   'x' untried, `why` saying why (owned by the result). */
typedef struct {
  char verdict;
  char *why;
} ProbeResult;

/* Every tag of probe_tags in each place in an object of each of the `count`
   classes the program probes: results[(class * probe_tag_count + tag) *
   PROBE_PLACES + place], each probe in a child process, this program run
   as `gtk-class-table --probe-from N`, which finds the same classes and
   calls probe_child. FALSE when GTK cannot open a display. */
gboolean probe_classes (guint count, ProbeResult *results);

/* The child process's work: the probes from `from` on, told to its
   parent on file descriptor 3; its exit status. */
int probe_child (const char *const *classes, guint count, guint from);

#endif
