/*
** tag_probe.c: which of the tags GTK's classes read for themselves (a
** widget's <style>, a label's <attributes>, a cell layout's <cell-packing>
** …) GtkBuilder reads in an object of each class, or in a <child> of one
** after the child's object or before it, found by asking GtkBuilder itself.
**
** A probe is one small interface, such as
**
**   <interface><object class="GtkLabel"><items/><behave-probe-end/></object></interface>
**
** given to gtk_builder_add_from_string. GtkBuilder hands a tag it does not
** read itself to the class's buildable, and refuses the file when that does
** not take it ("Unhandled tag", or "Can't use <style> here" for a widget's
** tag in a <child>); otherwise it goes on to <behave-probe-end>, which no
** one reads, and stops there. Stopping before the object ends keeps
** GtkBuilder from adding a child or finishing a tag's reader, where GTK
** may fail for reasons of its own.
**
** Some classes stop the program when GtkBuilder builds one alone (a
** GtkNamedAction without its name asserts; freeing a GtkActivateAction,
** a singleton, does too). So the probes run in a child process, this
** program again (`--probe-from N`: a fresh GTK, not a fork of one), which
** writes a letter a probe to a pipe, and a `.` once it has freed what the
** probe made; when it dies in a probe, a new child tries the probe once
** more, and when that dies too, the probe is told as untried, with the
** signal, and a new child goes on after it. A probe GtkBuilder fails
** for another reason (a class it cannot build alone) is untried too, with
** its message.
*/
#include "tag_probe.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The tags GTK 4.8's classes read for themselves (Behave's headless reader
   keeps what each holds: Sources/BehaveScene/InterfaceDrawing+Tags.swift). */
const char *const probe_tags[] = {
  "accessibility", "action-widgets", "attributes", "cell-packing", "columns", "constraints", "data", "items",
  "layout", "marks", "mime-types", "offsets", "patterns", "style", "suffixes", "widgets",
};
const guint probe_tag_count = G_N_ELEMENTS(probe_tags);

/* The probe's interface: the tag in an object of the class, or in a
   <child> of one after or before the child's object (a cell renderer,
   which is what a cell layout's tags there are about). */
static char *probe_interface (const char *class_name, const char *tag, ProbePlace place) {
  static const char *const objects[PROBE_PLACES][2] = {
    {"", ""}, {"<child><object class=\"GtkCellRendererText\"/>", "</child>"}, {"<child>", "<object class=\"GtkCellRendererText\"/></child>"},
  };
  return g_strdup_printf("<interface><object class=\"%s\">%s<%s/><behave-probe-end/>%s</object></interface>",
                         class_name, objects[place][0], tag, objects[place][1]);
}

static char run_probe (GtkBuilder *builder, const char *class_name, const char *tag, ProbePlace place, char **why) {
  char *text = probe_interface(class_name, tag, place);
  GError *error = NULL;
  gtk_builder_add_from_string(builder, text, -1, &error);
  char verdict = 'x';
  if (error == NULL) {
    *why = g_strdup("GtkBuilder read <behave-probe-end>");
  } else if (strstr(error->message, "<behave-probe-end>") != NULL) {
    verdict = 'r';
  } else if (error->domain == GTK_BUILDER_ERROR
             && (error->code == GTK_BUILDER_ERROR_UNHANDLED_TAG || error->code == GTK_BUILDER_ERROR_INVALID_TAG)) {
    verdict = 'u';
  } else {
    *why = g_strdup(error->message);
  }
  g_clear_error(&error);
  g_free(text);
  return verdict;
}

/* GTK's warnings about the odd objects the probes build are not the table's. */
static GLogWriterOutput quiet (GLogLevelFlags level, const GLogField *fields, gsize count, gpointer data) {
  (void)level; (void)fields; (void)count; (void)data;
  return G_LOG_WRITER_HANDLED;
}

/* The pipe to the parent, in the child. */
enum { probe_pipe = 3 };

int probe_child (const char *const *classes, guint count, guint from) {
  /* A crash ends the child at once (no Swift runtime backtrace), and GLib
     tells of one on stdout and stderr, which are not the pipe. */
  const int crash_signals[] = {SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP};
  for (guint i = 0; i < G_N_ELEMENTS(crash_signals); i++) signal(crash_signals[i], SIG_DFL);
  int nothing = open("/dev/null", O_WRONLY);
  dup2(nothing, STDOUT_FILENO);
  dup2(nothing, STDERR_FILENO);
  /* No accessibility bus: what a probe asks does not need one. */
  g_setenv("GTK_A11Y", "none", TRUE);
  FILE *writing = fdopen(probe_pipe, "w");
  if (writing == NULL) return 1;
  setvbuf(writing, NULL, _IONBF, 0);
  if (!gtk_init_check()) {
    fputc('D', writing);
    return 0;
  }
  g_log_set_writer_func(quiet, NULL, NULL);
  for (guint probe = from; probe < count * probe_tag_count * PROBE_PLACES; probe++) {
    const char *class_name = classes[probe / (PROBE_PLACES * probe_tag_count)];
    ProbePlace place = probe % PROBE_PLACES;
    char *why = NULL;
    char verdict = 'u';
    GtkBuilder *builder = gtk_builder_new();
    /* GtkBuilder asserts that an object is buildable on adding a child
       to it, and hands it no tag (it has no reader of its own). */
    if (place == PROBE_IN_OBJECT || g_type_is_a(g_type_from_name(class_name), GTK_TYPE_BUILDABLE))
      verdict = run_probe(builder, class_name, probe_tags[(probe / PROBE_PLACES) % probe_tag_count], place, &why);
    fputc(verdict, writing);
    if (verdict == 'x') {
      for (char *c = why; *c != '\0'; c++) if (*c == '\n') *c = ' ';
      fprintf(writing, "%s\n", why);
    }
    g_free(why);
    g_object_unref(builder);
    /* GTK keeps a window until it is destroyed. */
    GList *windows = gtk_window_list_toplevels();
    for (GList *window = windows; window != NULL; window = window->next) gtk_window_destroy(window->data);
    g_list_free(windows);
    fputc('.', writing);
  }
  fclose(writing);
  return 0;
}

/* A child probing from `from` on, its pipe's end in `reading`. */
static pid_t start_child (guint from, int *reading) {
  int ends[2];
  if (pipe(ends) != 0) return -1;
  fflush(stdout);
  pid_t child = fork();
  if (child == 0) {
    dup2(ends[1], probe_pipe);
    char number[16];
    snprintf(number, sizeof number, "%u", from);
    execl("/proc/self/exe", "gtk-class-table", "--probe-from", number, (char *)NULL);
    _exit(127);
  }
  close(ends[1]);
  *reading = ends[0];
  return child;
}

gboolean probe_classes (guint count, ProbeResult *results) {
  guint total = count * probe_tag_count * PROBE_PLACES, next = 0, retried = G_MAXUINT, displayless = 0;
  while (next < total) {
    int end;
    pid_t child = start_child(next, &end);
    if (child < 0) return FALSE;
    FILE *reading = fdopen(end, "r");
    gboolean freed = TRUE;   /* whether the child freed what its last probe made */
    int letter;
    while ((letter = fgetc(reading)) != EOF) {
      if (letter == 'D') break;
      if (letter == '.') {
        freed = TRUE;
        continue;
      }
      if (next >= total) break;
      ProbeResult *result = &results[next++];
      result->verdict = (char)letter;
      result->why = NULL;
      freed = FALSE;
      if (letter == 'x') {
        char line[512] = "";
        if (fgets(line, sizeof line, reading) != NULL) line[strcspn(line, "\n")] = '\0';
        result->why = g_strdup(line);
      }
    }
    fclose(reading);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127) return FALSE;
    if (letter == 'D') {
      /* The X server may not yet have taken the connection of the child
         before, which died in a probe, off its queue (GTK, once it failed
         to open a display, takes itself for open): a few children. */
      if (++displayless == 50) return FALSE;
      g_usleep(100000);
      continue;
    }
    displayless = 0;
    /* Dead in a probe (not in freeing what one made, its answer given):
       that probe is tried once more, first in a fresh child (GTK 4.8 has
       crashed now and then on a probe of a GtkSpinButton that read its
       tag every other time), then told as untried. */
    if (next < total && freed && retried != next) {
      retried = next;
    } else if (next < total && freed) {
      results[next].verdict = 'x';
      results[next].why = WIFSIGNALED(status)
        ? g_strdup_printf("GTK stopped the program on it (%s)", strsignal(WTERMSIG(status)))
        : g_strdup_printf("the probe ended with status %d", WEXITSTATUS(status));
      next++;
    }
  }
  return TRUE;
}
