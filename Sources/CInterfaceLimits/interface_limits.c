/* interface_limits.h is all of this target: its numbers are macros. */
#include "interface_limits.h"
