/*
** gtk_shim.h: what Swift needs to reach GTK 4 and GLib. Swift imports
** GTK's functions but not its cast macros (GTK_BUTTON(w)) or its variadic
** functions; these wrappers take every widget as a GtkWidget * and do the
** cast in C, where GTK checks it.
*/
#ifndef BEHAVE_GTK_SHIM_H
#define BEHAVE_GTK_SHIM_H

#include <gtk/gtk.h>
#include <glib-unix.h>

/* ------------------------------------------------------------ objects */

static inline void bhg_set_data_full (GtkWidget *w, const char *key, void *data, GDestroyNotify destroy) {
  g_object_set_data_full(G_OBJECT(w), key, data, destroy);
}
static inline void *bhg_get_data (GtkWidget *w, const char *key) {
  return g_object_get_data(G_OBJECT(w), key);
}
static inline void bhg_weak_ref (GtkWidget *w, GWeakNotify notify, void *data) {
  g_object_weak_ref(G_OBJECT(w), notify, data);
}
static inline void bhg_weak_unref (GtkWidget *w, GWeakNotify notify, void *data) {
  g_object_weak_unref(G_OBJECT(w), notify, data);
}
static inline GtkWidget *bhg_ref (GtkWidget *w) { return GTK_WIDGET(g_object_ref(G_OBJECT(w))); }
static inline void bhg_unref (GtkWidget *w) { g_object_unref(G_OBJECT(w)); }
static inline const char *bhg_type_name (GtkWidget *w) { return G_OBJECT_TYPE_NAME(w); }
/* Whether the widget is of the class named, or of a subclass of it (a class
** GObject has not registered yet has no widget). */
static inline int bhg_is_of_class (GtkWidget *w, const char *class_name) {
  GType type = g_type_from_name(class_name);
  return type != 0 && g_type_is_a(G_OBJECT_TYPE(w), type);
}
static inline int bhg_is_a (GObject *o, GType type) { return G_TYPE_CHECK_INSTANCE_TYPE(o, type); }

/* A signal with a handler of any shape (G_CALLBACK is a cast Swift lacks). */
static inline gulong bhg_connect (gpointer instance, const char *signal, void *handler, void *data) {
  return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, NULL, 0);
}
/* The same, with a destroy notify for 'data' (a Swift closure's box). */
static inline gulong bhg_connect_full (gpointer instance, const char *signal, void *handler, void *data,
                                       GClosureNotify destroy) {
  return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, destroy, 0);
}
static inline void bhg_block (gpointer instance, gulong id) { g_signal_handler_block(instance, id); }
static inline void bhg_unblock (gpointer instance, gulong id) { g_signal_handler_unblock(instance, id); }

/* ------------------------------------------------------------- widgets */

static inline void bhg_window_set_child (GtkWidget *w, GtkWidget *c) { gtk_window_set_child(GTK_WINDOW(w), c); }
static inline void bhg_window_set_title (GtkWidget *w, const char *t) { gtk_window_set_title(GTK_WINDOW(w), t); }
static inline void bhg_window_set_default_size (GtkWidget *w, int width, int height) {
  gtk_window_set_default_size(GTK_WINDOW(w), width, height);
}
static inline void bhg_window_present (GtkWidget *w) { gtk_window_present(GTK_WINDOW(w)); }
static inline void bhg_window_destroy (GtkWidget *w) { gtk_window_destroy(GTK_WINDOW(w)); }
static inline void bhg_window_set_modal (GtkWidget *w, GtkWidget *parent) {
  gtk_window_set_modal(GTK_WINDOW(w), TRUE);
  if (parent != NULL) gtk_window_set_transient_for(GTK_WINDOW(w), GTK_WINDOW(parent));
}
static inline int bhg_is_window (GtkWidget *w) { return GTK_IS_WINDOW(w); }
/* The window a widget is in, or NULL while it is in none. */
static inline GtkWidget *bhg_window_of (GtkWidget *w) {
  GtkRoot *root = gtk_widget_get_root(w);
  return root != NULL && GTK_IS_WINDOW(root) ? GTK_WIDGET(root) : NULL;
}

static inline void bhg_fixed_put (GtkWidget *f, GtkWidget *c, double x, double y) { gtk_fixed_put(GTK_FIXED(f), c, x, y); }
static inline void bhg_fixed_move (GtkWidget *f, GtkWidget *c, double x, double y) { gtk_fixed_move(GTK_FIXED(f), c, x, y); }
static inline int bhg_is_fixed (GtkWidget *w) { return GTK_IS_FIXED(w); }
static inline void bhg_fixed_remove (GtkWidget *f, GtkWidget *c) { gtk_fixed_remove(GTK_FIXED(f), c); }
static inline void bhg_box_append (GtkWidget *b, GtkWidget *c) { gtk_box_append(GTK_BOX(b), c); }
static inline void bhg_box_prepend (GtkWidget *b, GtkWidget *c) { gtk_box_prepend(GTK_BOX(b), c); }
static inline int bhg_is_box (GtkWidget *w) { return GTK_IS_BOX(w); }
static inline void bhg_box_remove (GtkWidget *b, GtkWidget *c) { gtk_box_remove(GTK_BOX(b), c); }
static inline void bhg_box_set_spacing (GtkWidget *b, int spacing) { gtk_box_set_spacing(GTK_BOX(b), spacing); }
static inline void bhg_box_set_homogeneous (GtkWidget *b, int same) { gtk_box_set_homogeneous(GTK_BOX(b), same); }
static inline void bhg_box_set_orientation (GtkWidget *b, GtkOrientation o) { gtk_orientable_set_orientation(GTK_ORIENTABLE(b), o); }
static inline void bhg_overlay_set_child (GtkWidget *o, GtkWidget *c) { gtk_overlay_set_child(GTK_OVERLAY(o), c); }
static inline void bhg_overlay_add (GtkWidget *o, GtkWidget *c) { gtk_overlay_add_overlay(GTK_OVERLAY(o), c); }

static inline void bhg_button_set_label (GtkWidget *b, const char *t) { gtk_button_set_label(GTK_BUTTON(b), t); }
static inline void bhg_button_set_child (GtkWidget *b, GtkWidget *c) { gtk_button_set_child(GTK_BUTTON(b), c); }
static inline GtkWidget *bhg_button_get_child (GtkWidget *b) { return gtk_button_get_child(GTK_BUTTON(b)); }
static inline const char *bhg_button_get_label (GtkWidget *b) { return gtk_button_get_label(GTK_BUTTON(b)); }
static inline int bhg_is_button (GtkWidget *w) { return GTK_IS_BUTTON(w); }

static inline void bhg_label_set_text (GtkWidget *l, const char *t) { gtk_label_set_text(GTK_LABEL(l), t); }
static inline const char *bhg_label_get_text (GtkWidget *l) { return gtk_label_get_text(GTK_LABEL(l)); }
static inline int bhg_is_label (GtkWidget *w) { return GTK_IS_LABEL(w); }

static inline void bhg_switch_set_active (GtkWidget *s, int on) { gtk_switch_set_active(GTK_SWITCH(s), on); }
static inline int bhg_switch_get_active (GtkWidget *s) { return gtk_switch_get_active(GTK_SWITCH(s)); }
static inline int bhg_is_switch (GtkWidget *w) { return GTK_IS_SWITCH(w); }
static inline void bhg_check_set_active (GtkWidget *c, int on) { gtk_check_button_set_active(GTK_CHECK_BUTTON(c), on); }
static inline int bhg_check_get_active (GtkWidget *c) { return gtk_check_button_get_active(GTK_CHECK_BUTTON(c)); }
static inline int bhg_is_check (GtkWidget *w) { return GTK_IS_CHECK_BUTTON(w); }
/* A check button in a group draws a radio indicator: GTK names its
** indicator's CSS node `radio` (`check` alone). GTK 4 has no getter of a
** check button's group, so this is how the window tells a radio button. */
static inline int bhg_check_is_radio (GtkWidget *c) {
  GtkWidget *indicator = GTK_IS_CHECK_BUTTON(c) ? gtk_widget_get_first_child(c) : NULL;
  return indicator != NULL && g_strcmp0(gtk_widget_get_css_name(indicator), "radio") == 0;
}
static inline void bhg_toggle_set_active (GtkWidget *t, int on) { gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(t), on); }
static inline int bhg_toggle_get_active (GtkWidget *t) { return gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(t)); }
static inline int bhg_is_toggle (GtkWidget *w) { return GTK_IS_TOGGLE_BUTTON(w); }

static inline void bhg_range_set_range (GtkWidget *r, double lo, double hi) { gtk_range_set_range(GTK_RANGE(r), lo, hi); }
static inline void bhg_range_set_value (GtkWidget *r, double v) { gtk_range_set_value(GTK_RANGE(r), v); }
static inline double bhg_range_get_value (GtkWidget *r) { return gtk_range_get_value(GTK_RANGE(r)); }
static inline int bhg_is_scale (GtkWidget *w) { return GTK_IS_SCALE(w); }
static inline void bhg_scale_set_draw_value (GtkWidget *s, int draw) { gtk_scale_set_draw_value(GTK_SCALE(s), draw); }
/* The decimals GtkRange rounds a user's change to (-1: none). */
static inline int bhg_range_get_round_digits (GtkWidget *r) { return gtk_range_get_round_digits(GTK_RANGE(r)); }
/* A user's change of the range's value, as a drag makes it ("change-value",
** which rounds it to the round digits before setting it). */
static inline void bhg_range_change_value (GtkWidget *r, double value) {
  gboolean handled = FALSE;
  g_signal_emit_by_name(r, "change-value", GTK_SCROLL_JUMP, value, &handled);
}

static inline void bhg_spin_set_range (GtkWidget *s, double lo, double hi) { gtk_spin_button_set_range(GTK_SPIN_BUTTON(s), lo, hi); }
static inline void bhg_spin_set_increments (GtkWidget *s, double step) {
  gtk_spin_button_set_increments(GTK_SPIN_BUTTON(s), step, step * 10);
}
static inline void bhg_spin_set_value (GtkWidget *s, double v) { gtk_spin_button_set_value(GTK_SPIN_BUTTON(s), v); }
static inline double bhg_spin_get_value (GtkWidget *s) { return gtk_spin_button_get_value(GTK_SPIN_BUTTON(s)); }
static inline void bhg_spin_set_digits (GtkWidget *s, int digits) { gtk_spin_button_set_digits(GTK_SPIN_BUTTON(s), digits); }
static inline int bhg_spin_get_digits (GtkWidget *s) { return (int)gtk_spin_button_get_digits(GTK_SPIN_BUTTON(s)); }
static inline int bhg_is_spin (GtkWidget *w) { return GTK_IS_SPIN_BUTTON(w); }
/* The most a scale's value is set to: GTK holds it within the fill level
** when the scale keeps it there (`restrict-to-fill-level`, on unless a .ui
** file says otherwise, with a fill level only a .ui file gives). */
static inline double bhg_range_value_ceiling (GtkWidget *w) {
  GtkRange *r = GTK_RANGE(w);
  if (!gtk_range_get_restrict_to_fill_level(r)) return G_MAXDOUBLE;
  return MAX(gtk_adjustment_get_lower(gtk_range_get_adjustment(r)), gtk_range_get_fill_level(r));
}
/* The adjustment of a scale or a spin button: its range, step and value. */
static inline GtkAdjustment *bhg_range_adjustment (GtkWidget *w) {
  return GTK_IS_SPIN_BUTTON(w) ? gtk_spin_button_get_adjustment(GTK_SPIN_BUTTON(w)) : gtk_range_get_adjustment(GTK_RANGE(w));
}

static inline void bhg_editable_set_text (GtkWidget *e, const char *t) { gtk_editable_set_text(GTK_EDITABLE(e), t); }
static inline const char *bhg_editable_get_text (GtkWidget *e) { return gtk_editable_get_text(GTK_EDITABLE(e)); }
static inline void bhg_editable_set_position (GtkWidget *e, int p) { gtk_editable_set_position(GTK_EDITABLE(e), p); }
static inline int bhg_is_editable (GtkWidget *w) { return GTK_IS_EDITABLE(w); }
static inline int bhg_is_entry (GtkWidget *w) { return GTK_IS_ENTRY(w); }
static inline int bhg_is_password_entry (GtkWidget *w) { return GTK_IS_PASSWORD_ENTRY(w); }
static inline void bhg_entry_set_placeholder (GtkWidget *e, const char *t) {
  if (GTK_IS_ENTRY(e)) gtk_entry_set_placeholder_text(GTK_ENTRY(e), t);
  else g_object_set(G_OBJECT(e), "placeholder-text", t, NULL);
}
/* The placeholder, newly allocated (g_free it): a GtkPasswordEntry has no getter of its own. */
static inline char *bhg_entry_dup_placeholder (GtkWidget *e) {
  char *text = NULL;
  g_object_get(G_OBJECT(e), "placeholder-text", &text, NULL);
  return text;
}
/* An entry's max-length (0: none). A GtkPasswordEntry has no property of
** its own: its GtkText's, on the same buffer, stands for it. */
static inline GtkText *bhg_entry_text (GtkWidget *e) {
  GtkEditable *d = gtk_editable_get_delegate(GTK_EDITABLE(e));
  return d != NULL && GTK_IS_TEXT(d) ? GTK_TEXT(d) : NULL;
}
static inline void bhg_entry_set_max_length (GtkWidget *e, int n) {
  GtkText *t;
  if (GTK_IS_ENTRY(e)) gtk_entry_set_max_length(GTK_ENTRY(e), n);
  else if ((t = bhg_entry_text(e)) != NULL) gtk_text_set_max_length(t, n);
}
static inline int bhg_entry_get_max_length (GtkWidget *e) {
  GtkText *t;
  if (GTK_IS_ENTRY(e)) return gtk_entry_get_max_length(GTK_ENTRY(e));
  return (t = bhg_entry_text(e)) != NULL ? gtk_text_get_max_length(t) : 0;
}
static inline int bhg_button_get_use_underline (GtkWidget *b) { return gtk_button_get_use_underline(GTK_BUTTON(b)); }
static inline void bhg_entry_set_visibility (GtkWidget *e, int visible) {
  if (GTK_IS_ENTRY(e)) gtk_entry_set_visibility(GTK_ENTRY(e), visible);
}

static inline void bhg_picture_set_filename (GtkWidget *p, const char *f) { gtk_picture_set_filename(GTK_PICTURE(p), f); }
static inline void bhg_picture_clear (GtkWidget *p) { gtk_picture_set_paintable(GTK_PICTURE(p), NULL); }
static inline int bhg_is_picture (GtkWidget *w) { return GTK_IS_PICTURE(w); }

static inline void bhg_scrolled_set_child (GtkWidget *s, GtkWidget *c) { gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(s), c); }
static inline GtkAdjustment *bhg_scrolled_vadjustment (GtkWidget *s) { return gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(s)); }
static inline GtkAdjustment *bhg_scrolled_hadjustment (GtkWidget *s) { return gtk_scrolled_window_get_hadjustment(GTK_SCROLLED_WINDOW(s)); }
/* The scrolled content: GTK wraps a child that cannot scroll by itself (a
** fixed container) in a viewport; this is the child inside it. */
static inline GtkWidget *bhg_scrolled_get_child (GtkWidget *s) {
  GtkWidget *child = gtk_scrolled_window_get_child(GTK_SCROLLED_WINDOW(s));
  if (child != NULL && GTK_IS_VIEWPORT(child)) child = gtk_viewport_get_child(GTK_VIEWPORT(child));
  return child;
}
static inline int bhg_is_scrolled (GtkWidget *w) { return GTK_IS_SCROLLED_WINDOW(w); }

/* The size of the display's first monitor; 0 when it has none. */
static inline int bhg_screen_size (int *width, int *height) {
  GListModel *monitors = gdk_display_get_monitors(gdk_display_get_default());
  GdkMonitor *monitor = g_list_model_get_n_items(monitors) > 0 ? g_list_model_get_item(monitors, 0) : NULL;
  GdkRectangle area;
  if (monitor == NULL) return 0;
  gdk_monitor_get_geometry(monitor, &area);
  g_object_unref(monitor);
  *width = area.width;
  *height = area.height;
  return 1;
}

/* --------------------------------------------------------------- style */

/* Adds a style sheet for the whole display, above the theme. */
static inline GtkCssProvider *bhg_add_css (void) {
  GtkCssProvider *p = gtk_css_provider_new();
  gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(p),
                                             GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1);
  return p;
}
static inline void bhg_css_load (GtkCssProvider *p, const char *css) { gtk_css_provider_load_from_data(p, css, -1); }
/* A style sheet for one widget alone (above the display's), which the
** caller owns a reference to. Deprecated after 4.8 for application CSS
** by class, which puts every control's rules in one selector tree. */
static inline GtkCssProvider *bhg_add_widget_css (GtkWidget *w) {
  GtkCssProvider *p = gtk_css_provider_new();
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_add_provider(gtk_widget_get_style_context(w), GTK_STYLE_PROVIDER(p),
                                 GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return p;
}

/* Takes a widget's own style sheet off it (another binding took the widget). */
static inline void bhg_remove_widget_css (GtkWidget *w, GtkCssProvider *p) {
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_remove_provider(gtk_widget_get_style_context(w), GTK_STYLE_PROVIDER(p));
  G_GNUC_END_IGNORE_DEPRECATIONS
}
/* Takes a display's style sheet off it. */
static inline void bhg_remove_css (GtkCssProvider *p) {
  GdkDisplay *display = gdk_display_get_default();
  if (display != NULL) gtk_style_context_remove_provider_for_display(display, GTK_STYLE_PROVIDER(p));
}

/* ----------------------------------------------------------- builder */

/* The objects of a .ui file's text, or NULL with *error set (caller
** frees it): signals, closures, type functions and properties that read
** files are refused, and names never resolve to the program's symbols
** (builder.c). */
GtkBuilder *bhg_builder_from_ui (const char *text, long length, GError **error);
/* The ids of a builder's objects, one a line (caller frees it with g_free). */
static inline char *bhg_builder_ids (GtkBuilder *b) {
  GSList *objects = gtk_builder_get_objects(b), *each;
  GString *ids = g_string_new(NULL);
  for (each = objects; each != NULL; each = each->next) {
    const char *id = GTK_IS_BUILDABLE(each->data) ? gtk_buildable_get_buildable_id(GTK_BUILDABLE(each->data)) : NULL;
    if (id != NULL) g_string_append_printf(ids, "%s\n", id);
  }
  g_slist_free(objects);
  return g_string_free(ids, FALSE);
}
static inline GtkWidget *bhg_builder_widget (GtkBuilder *b, const char *id, int *not_a_widget) {
  GObject *o = gtk_builder_get_object(b, id);
  *not_a_widget = o != NULL && !GTK_IS_WIDGET(o);
  return o != NULL && GTK_IS_WIDGET(o) ? GTK_WIDGET(o) : NULL;
}

/* The window among a .ui file's objects (the scan lets one through), or NULL. */
static inline GtkWidget *bhg_builder_first_window (GtkBuilder *b) {
  GSList *objects = gtk_builder_get_objects(b), *each;
  GtkWidget *found = NULL;
  for (each = objects; each != NULL && found == NULL; each = each->next)
    if (GTK_IS_WINDOW(each->data)) found = GTK_WIDGET(each->data);
  g_slist_free(objects);
  return found;
}
/* The one widget among a .ui file's objects that has no parent (a screen
** drawn as one widget, without a window, as Cambalache may draw it), with
** a reference for the caller; NULL when there is none, or more than one. */
static inline GtkWidget *bhg_builder_take_lone_widget (GtkBuilder *b) {
  GSList *objects = gtk_builder_get_objects(b), *each;
  GtkWidget *found = NULL;
  int count = 0;
  for (each = objects; each != NULL; each = each->next)
    if (GTK_IS_WIDGET(each->data) && gtk_widget_get_parent(GTK_WIDGET(each->data)) == NULL) {
      found = GTK_WIDGET(each->data);
      count++;
    }
  g_slist_free(objects);
  if (count != 1) return NULL;
  g_object_ref(found);
  return found;
}
/* Destroys every window among a .ui file's objects (a second window, a
** dialog drawn beside the screen): only the screen's content is shown. */
void bhg_builder_destroy_windows (GtkBuilder *builder);
static inline GtkWidget *bhg_window_take_child (GtkWidget *w) {
  GtkWidget *child = gtk_window_get_child(GTK_WINDOW(w));
  if (child == NULL) return NULL;
  g_object_ref(child);
  gtk_window_set_child(GTK_WINDOW(w), NULL);
  return child;
}
static inline const char *bhg_window_get_title (GtkWidget *w) { return gtk_window_get_title(GTK_WINDOW(w)); }
static inline void bhg_window_get_default_size (GtkWidget *w, int *width, int *height) {
  gtk_window_get_default_size(GTK_WINDOW(w), width, height);
}

/* Where 'w' is in 'target's coordinates; 0 when it is not shown. */
static inline int bhg_bounds (GtkWidget *w, GtkWidget *target, double *x, double *y, double *width, double *height) {
  graphene_rect_t r;
  if (!gtk_widget_compute_bounds(w, target, &r)) return 0;
  *x = r.origin.x; *y = r.origin.y; *width = r.size.width; *height = r.size.height;
  return 1;
}

/* A frame clock's tick calls 'tick' with 'data' (a Swift box). */
static inline guint bhg_add_tick (GtkWidget *w, GtkTickCallback tick, void *data, GDestroyNotify destroy) {
  return gtk_widget_add_tick_callback(w, tick, data, destroy);
}

/* ------------------------------------------------------------- events */

/* Event controllers added to a widget, whose signals Swift connects. */
static inline GtkEventController *bhg_add_focus_controller (GtkWidget *w) {
  GtkEventController *c = gtk_event_controller_focus_new();
  gtk_widget_add_controller(w, c);
  return c;
}
static inline GtkEventController *bhg_add_key_controller (GtkWidget *w) {
  GtkEventController *c = gtk_event_controller_key_new();
  gtk_widget_add_controller(w, c);
  return c;
}
/* A press gesture that hears the press before the widget does (a
** button's touchDown) and does not claim it. */
static inline GtkEventController *bhg_add_press_controller (GtkWidget *w) {
  GtkGesture *g = gtk_gesture_click_new();
  gtk_event_controller_set_propagation_phase(GTK_EVENT_CONTROLLER(g), GTK_PHASE_CAPTURE);
  gtk_widget_add_controller(w, GTK_EVENT_CONTROLLER(g));
  return GTK_EVENT_CONTROLLER(g);
}

/* Notes `w` on `adjustment` as the user presses, scrolls or types into it,
** before `w` acts on it; the controller added (adjustment_touch.c). */
GtkEventController *bhg_adjustment_watch_touches (GtkWidget *w, GtkAdjustment *adjustment);
/* The widget on `adjustment` the user last touched (NULL: none yet); to
** compare, not to use: it may be gone. */
GtkWidget *bhg_adjustment_touched (GtkAdjustment *adjustment);

/* Writes what `w` shows now to a PNG file (its own rendering, without the
** screen around it); 0 when it cannot. */
int bhg_snapshot_png (GtkWidget *w, const char *path);

/* Makes text typed into the spin button that is no number (blank, words,
** a number followed by more, an infinity) keep the button's value, where
** GTK made it 0 or the number's start (spin_input.c); the handler's id. */
gulong bhg_spin_keep_value_on_bad_text (GtkWidget *w);

/* A fixed container (`bhg_fixed_put`, `bhg_fixed_move`) that measures its
** children where they reach at the sizes it gives them: a wrapping label
** as tall as its lines (places.c). */
GtkWidget *bhg_places_new (void);

/* How far the scrolled window's content scrolls along `o`: its natural
** size less the visible size (`unlaid_view` before GTK lays the window
** out), as GTK bounds it at its next layout; and a scroll to `value` kept
** within that, into content grown since the last layout; the value held
** (scroll_extent.c). */
double bhg_scrolled_furthest (GtkWidget *s, GtkOrientation o, double unlaid_view);
double bhg_scrolled_scroll (GtkWidget *s, GtkOrientation o, double value, double unlaid_view);

/* Cancels what the pointer is doing in `w` and the widgets in it (a press
** held, a drag), as GTK does for a widget turned insensitive: for one
** hidden or taking no pointer events (gesture_cancel.c). */
void bhg_cancel_gestures (GtkWidget *w);

/* Whether a scene's .ui file may hold an object of `type` (builder_scan.c):
** a widget, or a helper a screen is drawn with. */
gboolean bhg_scan_draws_with (GType type);

/* Whether GtkBuilder reads no text as a value of the writable property
** `pspec` (builder_scan.c): the pre-scan refuses any, and gtk-class-table
** --kinds writes each such property for headless Behave. */
gboolean bhg_scan_reads_no_text (GParamSpec *pspec);

/* Whether GtkBuilder reads some texts, not every one, as a value of the
** writable property `pspec` (a colour, a transform, a GVariant), and what
** one is written as, for a fix (builder_scan.c): the pre-scan refuses a
** value GtkBuilder cannot read, and gtk-class-table --kinds writes each
** such property, and each form, for headless Behave. */
gboolean bhg_scan_reads_some_text (GParamSpec *pspec);
char *bhg_scan_value_form (GType type);

/* Hands the pre-scan (builder_scan.c) the child types each class takes,
** as gtk-class-table --child-types writes them (the first call's kept):
** it refuses a <child type> its parent does not take. */
void bhg_scan_set_child_types (const char *table);

#endif
