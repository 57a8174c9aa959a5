/*
** interface_limits.h: how much of a screen a scene's .ui file may draw.
**
** One place for the numbers both readers of the file refuse it past:
** behave window's pre-scan (Hosts/GTK's builder_scan.c, before GTK reads
** the file) and headless Behave (BehaveScene's InterfaceDrawing, which
** `behave check`, `behave run` and specs read it with), so that the two
** refuse the same files. Each is far past what a screen a person reads
** needs, and short of where GTK or Pango fail.
*/
#ifndef BEHAVE_INTERFACE_LIMITS_H
#define BEHAVE_INTERFACE_LIMITS_H

/* Elements nested deeper than this: GTK's layout and drawing (recursive)
** run out of stack long before a person could read the screen. */
#define UI_MAX_DEPTH 256

/* More objects than a screen has, by far; each costs GTK time and memory. */
#define UI_MAX_OBJECTS 10000

/* The largest whole number a property is given: GTK lays sizes out as C
** ints and sums them, which UI_MAX_OBJECTS times twice this cannot overflow. */
#define UI_MAX_INTEGER 65535

/* The largest text, in points, and a size's largest scale: past them
** Pango's sizes overflow (it warns, and draws nothing). */
#define UI_MAX_POINTS 1000
#define UI_MAX_SCALE 100

/* The most rows and columns of grids inside one another, counted from
** each grid's first to its last: GTK lays each grid's lines out on the
** stack (about 32 bytes a line), and keeps them there while it lays out
** what is inside. */
#define UI_MAX_GRID_LINES 50000

/* The most widgets given by id as an object's child (each is checked for
** a loop through the others). */
#define UI_MAX_ADOPTIONS 1000

/* The most characters a label or a tooltip holds, as a script's label
** shows at most (Pango lays a wrapping label out again at each width GTK
** tries: five megabytes made every frame take seconds). */
#define UI_MAX_LABEL 10000

#endif
