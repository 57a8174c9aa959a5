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
#include "probe_process.h"
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
int probe_child (const char *const *classes, guint count, guint from) {
  int status;
  FILE *writing = probe_process_begin(&status);
  if (writing == NULL) return status;
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
    probe_process_close_windows();
    fputc('.', writing);
  }
  fclose(writing);
  return 0;
}

gboolean probe_classes (guint count, ProbeResult *results) {
  guint total = count * probe_tag_count * PROBE_PLACES, next = 0, retried = G_MAXUINT, displayless = 0;
  while (next < total) {
    FILE *reading;
    pid_t child = probe_process_start("--probe-from", next, &reading);
    if (child < 0) return FALSE;
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
    int status = probe_process_wait(child);
    if (probe_process_failed_to_start(status)) return FALSE;
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
