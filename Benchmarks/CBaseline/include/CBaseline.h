/*
** CBaseline.h: the physical limit of Behave's approach, measured with the
** raw Lua C API: the same Lua handler code, driving a minimal C userdata
** whose __index/__newindex store a button's properties in a C struct.
** No sandbox, no budget, no trace: what Behave is compared against.
*/
#ifndef BEHAVE_C_BASELINE_H
#define BEHAVE_C_BASELINE_H

/* Runs the toggle handler (the chunk 'source' returns it) 'events'
** times; nanoseconds per event. */
double baseline_event_round_trip(long events, const char *source);

/* Gets and sets a property 'operations' times from Lua (the function
** the chunk 'source' returns); nanoseconds per operation (a get or a
** set). */
double baseline_property_access(long operations, const char *source);

/* Runs the scroll storm's three handlers 'frames' times (each reads the
** scroll view's offset and sets two properties of a view; the chunk
** 'source' returns one for the view it is given); nanoseconds per frame. */
double baseline_scroll_storm(long frames, const char *source);

/* Makes 'count' buttons, each with a toggle attached as Behave attaches
** one (the chunk 'source' returns its class; awake sets the image and
** connects the tap handler); nanoseconds per attach, and the heap bytes
** each took in *bytes. -1 if the Lua failed or the tap did not work. */
double baseline_attach(long count, const char *source, double *bytes);

/* The Lua release the baseline is built against ("Lua 5.4.4"). */
const char *baseline_lua_release(void);

/* Counts instructions from here (1) to here (0) when run under valgrind's
** callgrind with --collect-atstart=no (behave-bench --instructions): the
** measured loops alone. Nothing otherwise. */
void baseline_measure(int on);

/* Bytes in use on the heap (mallinfo2 is not visible from Swift). */
unsigned long baseline_heap_in_use(void);

/* Runs a command (argv[0] is a path) with its output discarded and waits
** for it; wall time in milliseconds, or -1 if it could not run. */
double baseline_time_command(char *const argv[], const char *directory);

#endif
