/*
** spin_input.c: what a spin button makes of text that is no number. GTK
** reads the text with g_strtod when the button loses the focus or Enter
** is pressed, and under its default update policy takes whatever that
** gives: "abc" became 0, "5x" became 5. An `input` handler returning
** GTK_INPUT_ERROR does not keep the value either (the policy still sets
** the number the handler wrote), so this one answers with the value the
** button holds: GTK sets it again, which changes nothing and writes it
** back into the text.
*/
#include <math.h>
#include "gtk_shim.h"

static int keep_value_on_bad_text (GtkSpinButton *spin, double *value, gpointer unused) {
  const char *text = gtk_editable_get_text(GTK_EDITABLE(spin));
  char *end = NULL;
  double read;
  (void)unused;
  read = g_strtod(text, &end);
  while (end != text && g_ascii_isspace(*end)) end++;
  /* A number (blanks around it): GTK's own reading, its range clamp included. */
  if (end != text && *end == '\0' && isfinite(read)) return FALSE;
  *value = gtk_spin_button_get_value(spin);
  return TRUE;
}

gulong bhg_spin_keep_value_on_bad_text (GtkWidget *w) {
  return g_signal_connect(w, "input", G_CALLBACK(keep_value_on_bad_text), NULL);
}
