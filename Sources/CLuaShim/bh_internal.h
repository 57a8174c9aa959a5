/*
** bh_internal.h: what the files of CLuaShim share; not part of the API.
*/
#ifndef BH_INTERNAL_H
#define BH_INTERNAL_H

#include "BehaveLuaShim.h"

/* Instructions between two count-hook events. */
#define BH_HOOK_COUNT   1000
#define BH_HOOK_MASK    (LUA_MASKCOUNT | LUA_MASKCALL)

/* C work (pattern-matching steps, elements moved) charged to the budget
** in chunks of this many units. */
#define BH_CHARGE_CHUNK 4096

/* Deepest nesting of coroutine.close. */
#define BH_MAX_CLOSE_DEPTH  50

/* Everything the state needs besides Lua's own; its address lives in the
** extra space of every thread (Lua copies it into new threads). */
typedef struct bh_host {
  bh_config config;
  bh_dispatch_fn dispatch;
  void *context;
  size_t used;          /* bytes allocated by the state */
  int enforce;          /* memory limit applies (script code is running) */
  int depth;            /* nesting of bh_pcall / bh_resume */
  int spent;            /* BH_LIMIT_* that ended the running slice */
  int closing;          /* nesting of coroutine.close */
  long long remaining;  /* instructions left in the slice */
  long long deadline;   /* CLOCK_MONOTONIC ns; 0 = none */
  long long command_deadline;  /* the host command's, ns; 0 = none */
  double command_limit;        /* its length in seconds, for messages */
  int deadline_reason;  /* BH_LIMIT_TIME or BH_LIMIT_COMMAND */
  unsigned long long slices;  /* outermost callbacks started so far */
  unsigned calls;       /* call events, to look at the clock every few */
  bh_release_fn release;  /* gets pointers queued by release_gc */
  void **released;      /* queue of those pointers (plain malloc) */
  size_t nreleased, sizereleased;
  /* last refused allocation: Lua retries the same request once after an
     emergency collection, so a second refusal of it is final */
  int refused;
  const void *refused_ptr;
  size_t refused_osize, refused_nsize;
  int live_metatables;  /* a spec file's state: see livemeta.c */
} bh_host;

static inline bh_host *bh__host(lua_State *L) {
  return *(bh_host **)lua_getextraspace(L);
}

/* Registry keys (their addresses are light-userdata keys). */
extern const char bh__key_base;      /* safe base functions, by name */
extern const char bh__key_libs;      /* library tables, by name */
extern const char bh__key_copy;      /* field marking a private copy */
extern const char bh__key_memmsg;    /* preallocated "memory limit" error */
extern const char bh__key_seed;      /* the real math.randomseed */
extern const char bh__key_hostthreads; /* threads only the host resumes */
extern const char bh__key_readonly;  /* tables rawset refuses, to names */
extern const char bh__key_original;  /* field of a live copy: its original */

/* state.c */
void bh__charge(lua_State *L, long long units);  /* raises when spent */
void bh__push_limit_message(lua_State *L, bh_host *h);

/* sandbox.c */
int bh__open_sandbox(lua_State *L);   /* a lua_CFunction, run protected */
int bh__reseed(lua_State *L);         /* a lua_CFunction, run protected */
int bh__guard_handler(lua_State *L);  /* xpcall: wraps the handler */

/* livemeta.c: fills the new live copy on top for the original at 'mt' */
void bh__fill_live_copy (lua_State *L, int mt);

/* concatstep.c: whether the __concat metamethod a dispatcher is about to
** run is for the last step of an OP_CONCAT of a Lua function */
int bh__concat_last_step (lua_State *L);

/* stringlib.c, tablelib.c */
void bh__install_stringlib (lua_State *L, int strtable);
void bh__install_tablelib (lua_State *L, int tabtable);

#endif
