/*
** gtk-class-table: the table of GTK's classes that headless Behave reads a
** scene's .ui file with (Sources/BehaveScene/Data/gtk-classes.txt), written
** from the GTK this program runs against, so that `behave check` refuses
** the class and property names GtkBuilder refuses without linking GTK.
**
**   swift run --package-path Hosts/GTK gtk-class-table > Sources/BehaveScene/Data/gtk-classes.txt
**
** One line a class: its name (a `*` after it when it is abstract), its
** parent's name, then the names of the properties it has that its parent
** lacks, its own and those of the interfaces it implements, in name order.
** A class's properties are then its line's and its ancestors': what
** g_object_class_find_property finds. Every GObject class of GTK's (its
** name starts with Gtk) is listed, once GTK has registered them all, with
** each ancestor of one; the classes in name order.
*/
#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>

/* Adds `type` and its ancestors up to GObject to `wanted` (a set of GTypes). */
static void want (GHashTable *wanted, GType type) {
  for (; type != 0 && !g_hash_table_contains(wanted, GSIZE_TO_POINTER(type)); type = g_type_parent(type))
    g_hash_table_add(wanted, GSIZE_TO_POINTER(type));
}

/* Each class below `type` whose name starts with Gtk, with its ancestors. */
static void walk (GHashTable *wanted, GType type) {
  guint count = 0;
  GType *children = g_type_children(type, &count);
  for (guint i = 0; i < count; i++) {
    if (g_str_has_prefix(g_type_name(children[i]), "Gtk")) want(wanted, children[i]);
    walk(wanted, children[i]);
  }
  g_free(children);
}

static int by_name (gconstpointer a, gconstpointer b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int by_type_name (gconstpointer a, gconstpointer b) {
  return strcmp(g_type_name(GPOINTER_TO_SIZE(*(gpointer const *)a)), g_type_name(GPOINTER_TO_SIZE(*(gpointer const *)b)));
}

/* The properties of `type` that its parent lacks, in name order. */
static void print_properties (GType type) {
  GObjectClass *klass = g_type_class_ref(type);
  GObjectClass *parent = g_type_parent(type) != 0 && G_TYPE_IS_OBJECT(g_type_parent(type))
    ? g_type_class_ref(g_type_parent(type)) : NULL;
  guint count = 0;
  GParamSpec **specs = g_object_class_list_properties(klass, &count);
  GPtrArray *names = g_ptr_array_new();
  for (guint i = 0; i < count; i++) {
    const char *name = g_param_spec_get_name(specs[i]);
    if (parent == NULL || g_object_class_find_property(parent, name) == NULL) g_ptr_array_add(names, (gpointer)name);
  }
  g_ptr_array_sort(names, by_name);
  for (guint i = 0; i < names->len; i++) printf(" %s", (const char *)names->pdata[i]);
  g_ptr_array_free(names, TRUE);
  g_free(specs);
  if (parent != NULL) g_type_class_unref(parent);
  g_type_class_unref(klass);
}

int main (void) {
  GHashTable *wanted = g_hash_table_new(NULL, NULL);
  gtk_test_register_all_types();
  walk(wanted, G_TYPE_OBJECT);
  GPtrArray *types = g_ptr_array_new();
  GHashTableIter each;
  gpointer key;
  g_hash_table_iter_init(&each, wanted);
  while (g_hash_table_iter_next(&each, &key, NULL)) g_ptr_array_add(types, key);
  g_ptr_array_sort(types, by_type_name);
  printf("# GTK %u.%u.%u: written by Hosts/GTK/Sources/gtk-class-table/main.c\n",
         gtk_get_major_version(), gtk_get_minor_version(), gtk_get_micro_version());
  for (guint i = 0; i < types->len; i++) {
    GType type = GPOINTER_TO_SIZE(types->pdata[i]);
    GType parent = g_type_parent(type);
    printf("%s%s %s", g_type_name(type), G_TYPE_IS_ABSTRACT(type) ? "*" : "", parent != 0 ? g_type_name(parent) : "-");
    print_properties(type);
    printf("\n");
  }
  g_ptr_array_free(types, TRUE);
  g_hash_table_unref(wanted);
  return 0;
}
