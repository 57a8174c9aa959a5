/*
** thread.c: a number for each thread that is never given again, which the
** scene's thread is told by (a pthread id is reused once its thread ends).
*/
#include <stdatomic.h>

#include "BehaveCoreC.h"


uint64_t bh_thread_serial (void) {
  static _Atomic uint64_t last;
  static _Thread_local uint64_t serial;  /* 0 until the thread asks */
  if (serial == 0)
    serial = atomic_fetch_add_explicit(&last, 1, memory_order_relaxed) + 1;
  return serial;
}
