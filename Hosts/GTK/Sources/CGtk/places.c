/*
** places.c: the fixed container a scene's controls sit in at their
** frames, as the window shows them. GtkFixed gives each child its least
** size, a wrapping label as tall as its lines at its width, but measures
** each child for no width at all, a wrapping label one line high; and a
** scrolled window scrolls as far as its content measures. A label whose
** lines outgrew a window the user made smaller could not be scrolled
** into view. This container places its children as GtkFixed does (its
** `gtk_fixed_put`/`move` keep working: the children's layout records are
** GtkFixed's own) and measures each at the size it places it, so what it
** measures is where its children reach.
*/
#include "gtk_shim.h"

typedef struct { GtkLayoutManager parent; } BhgPlacesLayout;
typedef struct { GtkLayoutManagerClass parent_class; } BhgPlacesLayoutClass;
G_DEFINE_TYPE(BhgPlacesLayout, bhg_places_layout, GTK_TYPE_LAYOUT_MANAGER)

typedef struct { GtkFixed parent; } BhgPlaces;
typedef struct { GtkFixedClass parent_class; } BhgPlacesClass;
G_DEFINE_TYPE(BhgPlaces, bhg_places, GTK_TYPE_FIXED)

static GskTransform *place_of (GtkLayoutManager *manager, GtkWidget *child) {
  return gtk_fixed_layout_child_get_transform(GTK_FIXED_LAYOUT_CHILD(gtk_layout_manager_get_layout_child(manager, child)));
}

/* Where a child of `size` at its place reaches along `o`. */
static float reach (GskTransform *place, GtkRequisition size, GtkOrientation o) {
  graphene_rect_t bounds;
  gsk_transform_transform_bounds(place, &GRAPHENE_RECT_INIT(0, 0, size.width, size.height), &bounds);
  return o == GTK_ORIENTATION_HORIZONTAL ? bounds.origin.x + bounds.size.width : bounds.origin.y + bounds.size.height;
}

/* The children's sizes do not depend on the container's: no width it is
** given changes its height. */
static GtkSizeRequestMode places_request_mode (GtkLayoutManager *manager, GtkWidget *widget) {
  return GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void places_measure (GtkLayoutManager *manager, GtkWidget *widget, GtkOrientation o, int for_size,
                            int *minimum, int *natural, int *minimum_baseline, int *natural_baseline) {
  float least = 0, wanted = 0;
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL; child = gtk_widget_get_next_sibling(child)) {
    GtkRequisition laid, natural_size;
    GskTransform *place;
    if (!gtk_widget_should_layout(child)) continue;
    place = place_of(manager, child);
    /* The size `places_allocate` gives it, and the one it would like. */
    gtk_widget_get_preferred_size(child, &laid, &natural_size);
    least = MAX(least, reach(place, laid, o));
    wanted = MAX(wanted, MAX(reach(place, laid, o), reach(place, natural_size, o)));
  }
  *minimum = (int)ceilf(least);
  *natural = (int)ceilf(wanted);
}

/* As GtkFixed: each child at its place, at its least size. */
static void places_allocate (GtkLayoutManager *manager, GtkWidget *widget, int width, int height, int baseline) {
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL; child = gtk_widget_get_next_sibling(child)) {
    GtkRequisition laid;
    if (!gtk_widget_should_layout(child)) continue;
    gtk_widget_get_preferred_size(child, &laid, NULL);
    gtk_widget_allocate(child, laid.width, laid.height, -1, gsk_transform_ref(place_of(manager, child)));
  }
}

static void bhg_places_layout_class_init (BhgPlacesLayoutClass *class) {
  GtkLayoutManagerClass *manager = GTK_LAYOUT_MANAGER_CLASS(class);
  manager->layout_child_type = GTK_TYPE_FIXED_LAYOUT_CHILD;
  manager->get_request_mode = places_request_mode;
  manager->measure = places_measure;
  manager->allocate = places_allocate;
}

static void bhg_places_layout_init (BhgPlacesLayout *layout) {}

/* GtkFixed takes the layout manager its instance is made with. */
static void bhg_places_class_init (BhgPlacesClass *class) {
  gtk_widget_class_set_layout_manager_type(GTK_WIDGET_CLASS(class), bhg_places_layout_get_type());
}

static void bhg_places_init (BhgPlaces *places) {}

GtkWidget *bhg_places_new (void) {
  return g_object_new(bhg_places_get_type(), NULL);
}
