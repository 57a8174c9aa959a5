/*
** probe_process.h: a probe of GTK in a child process of its own (GTK may
** crash or loop on what a probe gives it), which tells its parent its
** answers on a pipe; tag_probe.c and child_type_probe.c run theirs so.
*/

#ifndef PROBE_PROCESS_H
#define PROBE_PROCESS_H

#include <gtk/gtk.h>
#include <stdio.h>
#include <sys/types.h>

/* In the child: crashes end it at once, GTK's words go nowhere, GTK is
   opened; the pipe to the parent, written unbuffered. NULL when there is
   none, or when GTK cannot open a display (the parent is told 'D'), and
   `status` is the child's exit status then. */
FILE *probe_process_begin (int *status);

/* In the child, after each probe: GTK keeps a window until it is destroyed. */
void probe_process_close_windows (void);

/* In the parent: this program run again as `gtk-class-table FLAG FROM`,
   its pipe's end in `reading`; -1 when no pipe could be made. */
pid_t probe_process_start (const char *flag, guint from, FILE **reading);

/* In the parent: waits for the child; its status. */
int probe_process_wait (pid_t child);

/* Whether the child could not be started (its exec failed). */
gboolean probe_process_failed_to_start (int status);

#endif
