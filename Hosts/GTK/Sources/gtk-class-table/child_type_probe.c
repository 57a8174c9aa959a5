/*
** child_type_probe.c: which child types (`<child type="tab">`) each of
** GTK's classes takes, found by asking GtkBuilder itself. A probe is one
** small interface,
**
**   <interface><object class="GtkActionBar"><child type="tab"><object class="GtkLabel"/></child></object></interface>
**
** given to gtk_builder_add_from_string: a class that does not take the
** type warns "'tab' is not a valid child type of 'GtkActionBar'"
** (GTK_BUILDER_WARN_INVALID_CHILD_TYPE), and goes on. The types tried
** are every type a class of GTK 4.8's takes (collected from GTK's
** documentation; the verdict is GtkBuilder's), and a type no class takes:
** a class that takes that one (a popover menu takes any, as the id of a
** custom item) or says nothing of it does not judge child types, and is
** not listed.
**
** A `titlebar` is probed with a header bar: a dialog takes any child of
** that type for one, and crashes on another (a file's is refused for it
** apart), so a label there tells nothing of the type. A `tab` is probed
** after a page (a `<child>` without a type): a notebook gives a tab to
** the page before it, and asserts one (a file's tab before any page is
** refused apart).
**
** Some classes stop the program on a probe child, or loop: the probes
** run in a child process, this program again (`--child-types-from N`: a
** fresh GTK), which writes a letter a probe ('+' taken, '-' refused) to a pipe once GtkBuilder has
** added the child, and a '.' once the probe's objects are gone; it is
** stopped past probe_seconds in one. A probe stopped before the letter
** is tried again in a fresh child (`--child-types-again N`) with
** again_seconds: a loaded machine takes longer than probe_seconds for
** some that end. When it dies, or is stopped then too, before the
** letter, the probe is told as untried (`?type`: taken, for the
** pre-scan and headless); after it, GtkBuilder's verdict stands (a text
** view warns of every type, then loops for ever as it goes with the
** child GTK laid over its text, typed or not, which a file's is refused
** for apart). Either way a new child goes on after it.
*/
#include "child_type_probe.h"
#include "probe_process.h"
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The child types GTK 4.8's classes take, in name order, then one none takes. */
static const char *const child_types[] = {
  "action", "action-end", "action-start", "center", "end", "label", "overlay", "placeholder", "start", "tab", "title",
  "titlebar", "behave-probe-type",
};
static const guint child_type_count = G_N_ELEMENTS(child_types);

/* How long a probe may take before the child is stopped, the second time
   it is tried, and its objects to go once it has a verdict. */
enum { probe_seconds = 3, again_seconds = 30, teardown_seconds = 1 };

/* The warnings of the probe being made. */
static GString *warned;

static GLogWriterOutput keep (GLogLevelFlags level, const GLogField *fields, gsize count, gpointer data) {
  (void)level; (void)data;
  for (gsize i = 0; i < count; i++)
    if (strcmp(fields[i].key, "MESSAGE") == 0 && fields[i].length < 0) g_string_append_printf(warned, "%s\n", (const char *)fields[i].value);
  return G_LOG_WRITER_HANDLED;
}

int probe_child_types (const char *const *classes, guint count, guint from, gboolean again) {
  int status;
  FILE *writing = probe_process_begin(&status);
  if (writing == NULL) return status;
  warned = g_string_new("");
  g_log_set_writer_func(keep, NULL, NULL);
  for (guint probe = from; probe < count * child_type_count; probe++) {
    const char *class_name = classes[probe / child_type_count], *type = child_types[probe % child_type_count];
    alarm(again && probe == from ? again_seconds : probe_seconds);
    const char *child = strcmp(type, "titlebar") == 0 ? "GtkHeaderBar" : "GtkLabel";
    /* A tab is given to the page before it: a notebook asserts one. */
    const char *page = strcmp(type, "tab") == 0 ? "<child><object class=\"GtkLabel\"/></child>" : "";
    char *text = g_strdup_printf("<interface><object class=\"%s\">%s<child type=\"%s\"><object class=\"%s\"/></child></object></interface>",
                                 class_name, page, type, child);
    char *refusal = g_strdup_printf("'%s' is not a valid child type of '%s'", type, class_name);
    g_string_truncate(warned, 0);
    GtkBuilder *builder = gtk_builder_new();
    gtk_builder_add_from_string(builder, text, -1, NULL);
    fputc(strstr(warned->str, refusal) != NULL ? '-' : '+', writing);
    alarm(teardown_seconds);
    g_object_unref(builder);
    probe_process_close_windows();
    fputc('.', writing);
    g_free(refusal);
    g_free(text);
  }
  fclose(writing);
  return 0;
}

/* Every probe's letter ('?' untried) of the `count` classes, in
   `letters`, each in a child process; FALSE when GTK cannot open a
   display. */
static gboolean probe_all (guint count, char *letters) {
  guint total = count * child_type_count, next = 0, displayless = 0, retried = G_MAXUINT;
  while (next < total) {
    FILE *reading;
    pid_t child = probe_process_start(next == retried ? "--child-types-again" : "--child-types-from", next, &reading);
    if (child < 0) return FALSE;
    /* Each probe's letter, then '.' once its objects are gone. */
    int letter = EOF;
    gboolean gone = TRUE;
    while (next < total && (letter = fgetc(reading)) != EOF && letter != 'D') {
      if (letter == '.') {
        gone = TRUE;
        continue;
      }
      letters[next++] = (char)letter;
      gone = FALSE;
    }
    fclose(reading);
    int status = probe_process_wait(child);
    if (probe_process_failed_to_start(status)) return FALSE;
    if (letter == 'D') {
      /* The X server may not yet have let go of the child before, which
         died in a probe (as tag_probe.c finds): a few children. */
      if (++displayless == 50) return FALSE;
      g_usleep(100000);
      continue;
    }
    displayless = 0;
    /* Stopped in a probe before its verdict the first time: slow, or
       looping; it is tried again with longer. */
    gboolean stopped = WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM;
    if (next < total && gone && stopped && next != retried) {
      retried = next;
      continue;
    }
    /* Dead in a probe, or stopped again, before its verdict: it is
       untried; past it, as its objects went, the verdict stands. The
       next goes on. */
    if (next < total && gone) letters[next++] = '?';
  }
  return TRUE;
}

int print_child_types (const char *const *classes, guint count) {
  char *letters = g_malloc(count * child_type_count);
  if (!probe_all(count, letters)) {
    fprintf(stderr, "gtk-class-table: GTK cannot open a display, which it asks which class takes which child type on; "
                    "run it with one (xvfb-run -a swift run --package-path Hosts/GTK gtk-class-table --child-types)\n");
    g_free(letters);
    return 1;
  }
  printf("# GTK %u.%u.%u: written by Hosts/GTK/Sources/gtk-class-table/main.c --child-types\n",
         gtk_get_major_version(), gtk_get_minor_version(), gtk_get_micro_version());
  for (guint i = 0; i < count; i++) {
    const char *own = &letters[i * child_type_count];
    /* A class that does not refuse a type none takes does not judge them. */
    if (own[child_type_count - 1] != '-') continue;
    printf("%s", classes[i]);
    for (guint t = 0; t + 1 < child_type_count; t++)
      if (own[t] != '-') printf(" %s%s", own[t] == '?' ? "?" : "", child_types[t]);
    printf("\n");
  }
  g_free(letters);
  return 0;
}
