/*
** CBaseline.h: the physical limit of Behave's approach, measured with the
** raw Lua C API: the same Lua handler code, driving a minimal C userdata
** whose __index/__newindex store a button's properties in a C struct.
** No sandbox, no budget, no trace: what Behave is compared against.
*/
#ifndef BEHAVE_C_BASELINE_H
#define BEHAVE_C_BASELINE_H

/* Runs the toggle handler 'events' times; nanoseconds per event. */
double baseline_event_round_trip(long events);

/* Gets and sets a property 'operations' times from Lua; nanoseconds per
** operation (a get or a set). */
double baseline_property_access(long operations);

#endif
