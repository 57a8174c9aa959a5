/*
** state.c: the state of one scene. Allocator with a memory limit,
** protected calls and resumes, the host-function trampoline, opening and
** closing (the budget is budget.c's, error messages errors.c's).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh_internal.h"


/* Registry keys: only their addresses matter. */
const char bh__key_base = 'b';
const char bh__key_libs = 'l';
const char bh__key_copy = 'p';
const char bh__key_memmsg = 'm';
const char bh__key_hostthreads = 't';
const char bh__key_readonly = 'r';
const char bh__key_preload = 'c';


/*
** {======================================================
** Allocator
** =======================================================
*/

/*
** Lua's own allocations retry a refused request once, with the same
** arguments, after an emergency collection (which asks for no more
** memory). A library's buffer (lauxlib's, under string.rep, format,
** concat...) asks once and raises "not enough memory" at once. So a
** refusal of script code is final when the same request is refused
** again, or when anything else is asked for or runs before it is asked
** for again: its error is on its way, and the slice is spent, which no
** pcall swallows (budget.c). The first refusal notes the place and arms
** the hook of the thread that asked, which stops the script at its next
** instruction unless the request was granted in between.
*/
static int asked_again (bh_host *h, const void *ptr, size_t osize,
                        size_t nsize) {
  return h->refused_ptr == ptr && h->refused_osize == osize &&
         h->refused_nsize == nsize;
}

static void refuse (bh_host *h, const void *ptr, size_t osize, size_t nsize) {
  if (h->depth > 0 && h->spent == BH_LIMIT_NONE) {
    if (h->refused)
      bh__memory_spent(h);
    else {
      lua_State *co = atomic_load_explicit(&h->scripting,
                                           memory_order_relaxed);
      bh__note_refused_where(h);
      if (co != NULL)
        bh__arm(co);
    }
  }
  h->refused = 1;
  h->refused_ptr = ptr;
  h->refused_osize = osize;
  h->refused_nsize = nsize;
}


/* Blocks of up to BH_POOL_LARGEST bytes are the pool's (pool.c), larger
** ones malloc's: a block's size says which. */
static void release_block (bh_host *h, void *ptr, size_t size) {
  if (ptr == NULL)
    return;
  if (size <= BH_POOL_LARGEST)
    bh__pool_free(&h->pool, ptr, size);
  else
    bh__large_free(h, ptr);
}

static void *resize_block (bh_host *h, void *ptr, size_t osize, size_t nsize) {
  void *p;
  if (ptr != NULL && osize > BH_POOL_LARGEST && nsize > BH_POOL_LARGEST)
    return bh__large_resize(h, ptr, osize, nsize);
  if (ptr != NULL && osize <= BH_POOL_LARGEST && nsize <= BH_POOL_LARGEST &&
      (osize - 1) / BH_POOL_GRAIN == (nsize - 1) / BH_POOL_GRAIN)
    return ptr;  /* the same class */
  p = (nsize <= BH_POOL_LARGEST) ? bh__pool_alloc(&h->pool, nsize)
                                 : bh__large_alloc(h, nsize);
  if (p != NULL && ptr != NULL) {
    memcpy(p, ptr, osize < nsize ? osize : nsize);
    release_block(h, ptr, osize);
  }
  return p;
}

/* Every case (bh_alloc takes the common ones first). */
static void *alloc_any (bh_host *h, void *ptr, size_t osize, size_t nsize) {
  size_t limit = h->config.memory_limit;
  void *p;
  if (nsize == 0) {
    release_block(h, ptr, osize);
    h->used -= osize;
    return NULL;
  }
  /* only growth can be refused: Lua assumes that shrinking succeeds */
  if (nsize > osize && h->enforce) {
    size_t asked = (nsize - osize > (size_t)-1 - h->used)
                       ? (size_t)-1 : h->used + (nsize - osize);
    if (asked > h->most_asked)
      h->most_asked = asked;
    if (h->refused && !asked_again(h, ptr, osize, nsize))
      bh__settle_refusal(h);  /* the refused one raised */
    /* C work that makes large values (string.rep, ..., gsub) is bounded by
       the clock here; once the slice is spent, script code gets no more
       memory, so no library function can go on working for it */
    if (h->depth > 0 && nsize - osize >= BH_CLOCK_BYTES) {
      bh__check_clock(h);
      /* a value this large makes single instructions long (comparing two
         such strings, reading one as a number): counted every thousand
         instructions, a loop of them went a minute between looks at the
         clock; the watchdog looks every millisecond (budget.c) */
      if (!h->fast && h->watchable && nsize - osize >= BH_WATCH_BYTES &&
          bh__watch_start()) {
        lua_State *co = atomic_load_explicit(&h->scripting,
                                             memory_order_relaxed);
        if (co != NULL && h->spent == BH_LIMIT_NONE)
          bh__arm(co);  /* its next instruction goes over to it */
      }
    }
    /* (while the hook looks for where to stop, the loop may go on) */
    if ((h->depth > 0 && h->spent != BH_LIMIT_NONE && !h->stopping) ||
        (limit != 0 && (nsize - osize > limit ||
                        h->used > limit - (nsize - osize)))) {
      refuse(h, ptr, osize, nsize);
      return NULL;
    }
  }
  p = resize_block(h, ptr, osize, nsize);
  if (p != NULL) {
    h->used = h->used - osize + nsize;
    if (h->refused && asked_again(h, ptr, osize, nsize)) {
      h->refused = 0;  /* granted after the collection: no place of the */
      h->refused_source[0] = '\0';  /* limit's, nor of a later error */
    }
  }
  return p;
}


#if BH_POOL_LARGEST >= BH_CLOCK_BYTES
#error "a small block's growth must not need the clock (bh_alloc)"
#endif

/* Most of what Lua asks for is a new small block or a small block freed
** (an attach, about 90 calls): those are done here, with no more than
** alloc_any would do for them (no refusal pending, the block within the
** limit and no spent slice, the clock's check only for large growth), and
** everything else there; the whole way for every call cost each about 50
** instructions. */
static void *bh_alloc (void *ud, void *ptr, size_t osize, size_t nsize) {
  bh_host *h = (bh_host *)ud;
  if (ptr == NULL) {
    osize = 0;  /* 'osize' is a type tag then, not a size */
    if (nsize != 0 && nsize <= BH_POOL_LARGEST && !h->refused) {
      void *p;
      if (h->enforce) {
        size_t limit = h->config.memory_limit;
        size_t asked = h->used + nsize;
        if (asked > h->most_asked)
          h->most_asked = asked;
        if ((h->depth > 0 && h->spent != BH_LIMIT_NONE && !h->stopping) ||
            (limit != 0 && (nsize > limit || h->used > limit - nsize)))
          return alloc_any(h, ptr, osize, nsize);  /* refused there */
      }
      p = bh__pool_take(&h->pool, nsize);
      if (p != NULL)
        h->used += nsize;
      return p;
    }
  }
  else if (nsize == 0 && osize <= BH_POOL_LARGEST) {
    bh__pool_put(&h->pool, ptr, osize);
    h->used -= osize;
    return NULL;
  }
  return alloc_any(h, ptr, osize, nsize);
}


/* What the host keeps for scripts (their timers and connections) costs
** the host's memory, not Lua's: it is counted with the state's own, so
** that no script can make the host hold more than the limit leaves. */
int bh_hold_host_bytes (lua_State *L, long long bytes) {
  bh_host *h = bh__host(L);
  size_t limit = h->config.memory_limit;
  if (bytes < 0) {
    size_t back = (size_t)-bytes;
    h->used -= (back < h->used) ? back : h->used;
    return 1;
  }
  if (limit != 0 && ((size_t)bytes > limit || h->used > limit - (size_t)bytes))
    return 0;
  h->used += (size_t)bytes;
  return 1;
}

/*
** A library's buffer (lauxlib's) is asked for once, with no emergency
** collection first, and its refusal is final: with garbage the script left
** waiting for the collector, a script well within the limit would be
** stopped. So a library function that knows at most how much it is about
** to ask for collects first when that would not fit (a collection in a C
** function, between API calls, is safe; in the allocator it is not). That
** bound may be more than the limit and the buffer still fit: it collects,
** as often as the script asks, so the collection is the script's work
** (bh__charge_collection).
*/
void bh__collect_for_room (lua_State *L) {
  bh_host *h = bh__host(L);
  int enforce = h->enforce;
  size_t held = h->used;
  if (!enforce || h->depth == 0 || h->spent != BH_LIMIT_NONE ||
      h->config.memory_limit == 0)
    return;
  h->enforce = 0;  /* its finalizers are the host's */
  lua_gc(L, LUA_GCCOLLECT);
  h->enforce = enforce;
  bh__charge_collection(L, held);
}

/* A full collection a script asked for, of a state that held 'held'
** bytes, is charged as C work is: a unit for each BH_COLLECT_BYTES it goes
** through (about what a Lua instruction costs, on a heap of small tables),
** so a loop whose every call collects ends within its budget. */
#define BH_COLLECT_BYTES  256
void bh__charge_collection (lua_State *L, size_t held) {
  bh__charge(L, (long long)(held / BH_COLLECT_BYTES) + 1);
}

/* }====================================================== */


/*
** {======================================================
** Protected calls
** =======================================================
*/

/*
** While the host seals the state (bh_seal), no script code may start: a
** host function of the app is running, and the script that called it is
** in the middle of a call. The callback is refused before it starts, with
** one message, and counted for the host to tell the app's function.
*/
static int refuse_sealed (lua_State *L, bh_host *h) {
  h->error.valid = 0;
  if (h->closed_later) {
    bh__push_reason(L, h, BH_LIMIT_CLOSED);
    return LUA_ERRRUN;
  }
  h->sealed_refusals++;
  lua_pushliteral(L, "scripts cannot run while an app function is running "
                     "(it must return before the scene goes on)");
  return LUA_ERRRUN;
}


int bh_seal (lua_State *L, int sealed) {
  bh_host *h = bh__host(L);
  int refused = h->sealed_refusals;
  h->sealed = sealed;
  h->sealed_refusals = 0;
  return refused;
}


int bh_pcall (lua_State *L, int nargs, int nresults) {
  bh_host *h = bh__host(L);
  int base = lua_gettop(L) - nargs;  /* the function */
  int enforce = h->enforce;
  int in_script;
  lua_State *outer;
  int status;
  if (h->sealed || h->closed_later) {
    lua_settop(L, base - 1);
    return refuse_sealed(L, h);
  }
  if (h->depth == 0)
    bh__start_slice(L, h);
  lua_pushcfunction(L, bh__message_handler);
  lua_insert(L, base);
  h->depth++;
  h->enforce = 1;
  outer = bh__enter(h, L);
  in_script = bh__set_in_script(h, 1, h->depth > 1);
  status = lua_pcall(L, nargs, nresults, base);
  bh__set_in_script(h, in_script, h->depth > 1);
  bh__leave(h, outer);
  h->enforce = enforce;
  if (--h->depth == 0)
    bh__end_slice(h);
  lua_remove(L, base);
  if (status != LUA_OK)
    bh__finish_error(L, status);
  return status;
}


/* bh_resume, inlined into run_handler (an event's handler). */
bh__inline int resume_thread (lua_State *L, bh_host *h, lua_State *co,
                              int nargs, int *nresults) {
  int enforce = h->enforce;
  int in_script;
  lua_State *outer;
  lua_Debug ar;
  int status;
  if (h->sealed || h->closed_later)
    return refuse_sealed(L, h);
  if (h->depth == 0) {
    bh__start_slice(co, h);
    /* The command's time is up, and one callback has said so: a handler
       that has not begun is not begun (each would only raise the same
       error; the host tells how many once). One that waits goes on, and
       ends at once. */
    if (h->spent == BH_LIMIT_COMMAND && h->command_refusals > 1 &&
        lua_status(co) == LUA_OK && !lua_getstack(co, 0, &ar)) {
      h->command_skipped++;
      bh__end_slice(h);
      lua_settop(co, 0);
      *nresults = 0;
      return LUA_OK;
    }
  }
  h->depth++;
  h->enforce = 1;
  outer = bh__enter(h, co);
  in_script = bh__set_in_script(h, 1, h->depth > 1);
  status = lua_resume(co, L, nargs, nresults);
  bh__set_in_script(h, in_script, h->depth > 1);
  bh__leave(h, outer);
  h->enforce = enforce;
  if (--h->depth == 0)
    bh__end_slice(h);
  if (status != LUA_OK && status != LUA_YIELD)
    bh__resume_error(L, co, status);
  return status;
}


int bh_resume (lua_State *L, lua_State *co, int nargs, int *nresults) {
  return resume_thread(L, bh__host(L), co, nargs, nresults);
}


int bh_call_depth (lua_State *L) {
  return bh__host(L)->depth;
}


/* A new thread for a handler, recorded among the threads only the host
** resumes. NULL when memory is short. */
static lua_State *new_handler_thread (lua_State *L, bh_host *h, int *ref) {
  lua_State *co;
  int enforce = h->enforce;
  h->enforce = 0;  /* the host's allocations, not the script's */
  if (!lua_checkstack(L, 4) ||
      lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_hostthreads) != LUA_TTABLE) {
    lua_pop(L, 1);
    h->enforce = enforce;
    return NULL;
  }
  co = lua_newthread(L);
  lua_pushvalue(L, -1);
  lua_pushboolean(L, 1);
  lua_rawset(L, -4);
  *ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pop(L, 1);
  h->enforce = enforce;
  return co;
}


/* A thread for a handler: an idle one, or a new one. */
bh__inline lua_State *handler_thread (lua_State *L, bh_host *h, int *ref) {
  if (h->nidle > 0) {
    h->nidle--;
    *ref = h->idle_refs[h->nidle];
    return h->idle[h->nidle];
  }
  return new_handler_thread(L, h, ref);
}


int bh_new_handler (lua_State *L, int nargs, bh_handler *handler) {
  bh_host *h = bh__host(L);
  handler->thread = handler_thread(L, h, &handler->ref);
  handler->nresults = 0;
  if (handler->thread == NULL || !lua_checkstack(handler->thread, nargs + 1)) {
    if (handler->thread != NULL)
      bh_end_handler(L, handler, 0);
    lua_pop(L, nargs + 1);
    return 0;
  }
  lua_xmove(L, handler->thread, nargs + 1);
  return 1;
}


/* bh_end_handler, inlined into run_handler (an event's handler). */
bh__inline void end_handler (lua_State *L, bh_host *h,
                             const bh_handler *handler, int reusable) {
  if (reusable && h->nidle < BH_IDLE_THREADS) {
    if (lua_gettop(handler->thread) != 0)
      lua_settop(handler->thread, 0);
    h->idle[h->nidle] = handler->thread;
    h->idle_refs[h->nidle] = handler->ref;
    h->nidle++;
  }
  else if (handler->ref > 0)
    luaL_unref(L, LUA_REGISTRYINDEX, handler->ref);
}


/* Resumes the handler on the stack of running handlers. */
bh__inline int run_handler (lua_State *L, bh_host *h, int nargs,
                            bh_handler *handler) {
  int status;
  if (h->nrunning >= BH_MAX_NESTING) {
    lua_pushliteral(L, "handlers nested too deep");
    return LUA_ERRRUN;
  }
  h->running[h->nrunning++] = *handler;
  status = resume_thread(L, h, handler->thread, nargs, &handler->nresults);
  handler->paused = h->running[--h->nrunning].paused;
  if (status == LUA_OK && handler->nresults == 0)
    end_handler(L, h, handler, 1);
  else if (status != LUA_OK && status != LUA_YIELD)
    end_handler(L, h, handler, 0);
  return status;
}


/* bh_call_handler, inlined into bh_fire (an event's handler). */
bh__inline int call_handler (lua_State *L, bh_host *h, int function,
                             int first, int nargs, bh_handler *handler) {
  int n = nargs + (first > 0);
  lua_State *co = handler_thread(L, h, &handler->ref);
  handler->thread = co;
  handler->nresults = 0;
  if (co == NULL || !lua_checkstack(co, n + 1)) {
    if (co != NULL)
      bh_end_handler(L, handler, 0);
    lua_pop(L, nargs);
    lua_pushliteral(L, "not enough memory to run a handler");
    return LUA_ERRMEM;
  }
  lua_rawgeti(co, LUA_REGISTRYINDEX, function);
  if (first > 0)
    lua_rawgeti(co, LUA_REGISTRYINDEX, first);
  if (nargs > 0)
    lua_xmove(L, co, nargs);
  return run_handler(L, h, n, handler);
}


int bh_call_handler (lua_State *L, int function, int first, int nargs,
                     bh_handler *handler) {
  return call_handler(L, bh__host(L), function, first, nargs, handler);
}


int bh_resume_handler (lua_State *L, int nargs, bh_handler *handler) {
  return run_handler(L, bh__host(L), nargs, handler);
}


lua_State *bh_current (lua_State *L) {
  return bh__host(L)->current;
}


void bh_set_finish (lua_State *L, bh_finish_fn finish, bh_scene *scene) {
  bh_host *h = bh__host(L);
  h->finish = finish;
  bh_scene_retain(scene);
  bh_scene_release(h->scene);
  h->scene = scene;
}


struct bh_target {
  bh_anchor *anchor;
  int function, first;
  bh_control *owner;
  void *behaviour, *info;
};


bh_target *bh_new_target (lua_State *L, int function, int first,
                          bh_control *owner, void *behaviour, void *info) {
  bh_target *t = (bh_target *)malloc(sizeof(bh_target));
  if (t == NULL)
    return NULL;
  t->anchor = bh__host(L)->anchor;
  t->anchor->refs++;
  t->function = function;
  t->first = first;
  t->owner = bh_control_retain(owner);
  t->behaviour = behaviour;
  t->info = info;
  return t;
}


void bh_free_target (bh_target *t) {
  if (t == NULL)
    return;
  if (--t->anchor->refs == 0)
    free(t->anchor);
  bh_control_release(t->owner);
  free(t);
}


int bh_fire (void *target) {
  bh_target *t = (bh_target *)target;
  lua_State *L = t->anchor->L;
  bh_host *h;
  bh_handler handler;
  int status;
  if (L == NULL || !t->owner->alive)
    return 0;
  h = bh__host(L);
  if (h->finish == NULL || h->scene == NULL || !h->scene->alive ||
      h->nrunning >= BH_MAX_NESTING)
    return 0;
  L = h->current;  /* resumed from the thread that called the host */
  if (!lua_checkstack(L, 8))
    return 0;
  handler.behaviour = t->behaviour;
  handler.info = t->info;
  handler.paused = NULL;
  status = call_handler(L, h, t->function, t->first, 0, &handler);
  if (h->close_when_idle) {  /* its host went meanwhile: there is no one to tell */
    if (h->depth == 0)
      bh_close(L);
    return 1;
  }
  if (status != LUA_OK || handler.nresults != 0 || handler.paused != NULL)
    h->finish(h->context, L, status, &handler);
  return 1;
}


int bh_running_count (lua_State *L) {
  return bh__host(L)->nrunning;
}


bh_handler *bh_running_at (lua_State *L, int i) {
  return &bh__host(L)->running[i];
}


void bh_end_handler (lua_State *L, const bh_handler *handler, int reusable) {
  end_handler(L, bh__host(L), handler, reusable);
}


int bh_load (lua_State *L, const char *source, size_t length,
             const char *chunkname) {
  bh_host *h = bh__host(L);
  int enforce = h->enforce;
  int status;
  /* lua_load runs the parser in protected mode itself and raises nothing;
     "t" refuses binary chunks (only the cache's own dumps load as binary).
     A hostile source cannot exhaust memory. */
  h->enforce = 1;
  if (!bh__load_cached(L, source, length, chunkname, &status)) {
    status = luaL_loadbufferx(L, source, length, chunkname, "t");
    if (status == LUA_OK)
      bh__keep_chunk(L, source, length, chunkname);
  }
  h->enforce = enforce;
  if (status != LUA_OK)
    bh__load_error(L, status, chunkname);
  return status;
}


static int tostring_aux (lua_State *L) {
  luaL_tolstring(L, 1, NULL);
  return 1;
}


int bh_tostring (lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  lua_pushcfunction(L, tostring_aux);
  lua_pushvalue(L, idx);
  return bh_pcall(L, 1, 1);
}


static int gettable_aux (lua_State *L) {
  lua_gettable(L, 1);
  return 1;
}


int bh_gettable (lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  lua_pushcfunction(L, gettable_aux);
  lua_pushvalue(L, idx);
  lua_rotate(L, -3, 2);  /* function, table, key */
  return bh_pcall(L, 2, 1);
}


static int settable_aux (lua_State *L) {
  lua_settable(L, 1);
  return 0;
}


int bh_settable (lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  lua_pushcfunction(L, settable_aux);
  lua_pushvalue(L, idx);
  lua_rotate(L, -4, 2);  /* function, table, key, value */
  return bh_pcall(L, 3, 0);
}

/* }====================================================== */


/*
** {======================================================
** Host functions
** =======================================================
*/

/* The mark a host function that paused is resumed with, before a message,
** to raise that message at its caller's line (bh_push_raise_mark). */
static const char raise_mark = 'x';


void bh_push_raise_mark (lua_State *L) {
  lua_pushlightuserdata(L, (void *)&raise_mark);
}


/* A host function that paused, resumed: the values on its thread are its
** results (the host empties a paused thread before it pushes the answer),
** unless they are the raise mark and a message. */
static int host_resumed (lua_State *L, int status, lua_KContext ctx) {
  int n = lua_gettop(L);
  (void)status;
  (void)ctx;
  if (n == 2 && lua_touserdata(L, 1) == (void *)&raise_mark)
    return lua_error(L);
  return n;
}


int bh__call_host (lua_State *L, int id) {
  bh_host *h = bh__host(L);
  int enforce = h->enforce;
  int in_script;
  lua_State *outer = h->current;
  int n;
  if (h->dispatch == NULL)
    return luaL_error(L, "no host dispatch function");
  h->enforce = 0;  /* host code must be able to push */
  h->current = L;
  /* the host's time is not the script's (watchdog.c) */
  in_script = bh__set_in_script(h, 0, h->depth > 0);
  n = h->dispatch(L, h->context, id);
  bh__set_in_script(h, in_script, h->depth > 0);
  h->current = outer;
  h->enforce = enforce;
  if (h->closed_later) {  /* closed by the host function: nothing goes on */
    lua_settop(L, 0);
    return bh__stop_closed(L);
  }
  if (n == BH_RAISE) {
    if (lua_gettop(L) == 0)
      lua_pushliteral(L, "host function failed");
    return lua_error(L);  /* raised here, after Swift has returned */
  }
  if (n <= BH_YIELD_BASE) {
    n = BH_YIELD_BASE - n;
    if (n > lua_gettop(L))
      return luaL_error(L, "host function %d yields %d values of %d",
                        id, n, lua_gettop(L));
    /* only the yielded values stay in the frame: its arguments would
       otherwise read as results when it is resumed */
    if (lua_gettop(L) > n) {
      lua_rotate(L, 1, n);
      lua_settop(L, n);
    }
    return lua_yieldk(L, n, 0, host_resumed);
  }
  if (n > lua_gettop(L))
    return luaL_error(L, "host function %d returns %d values of %d",
                      id, n, lua_gettop(L));
  return n;
}


static int host_call (lua_State *L) {
  return bh__call_host(L, (int)lua_tointeger(L, lua_upvalueindex(1)));
}


void bh_push_host_closure (lua_State *L, int function_id, int n) {
  lua_pushinteger(L, function_id);
  lua_insert(L, -n - 1);  /* the id is upvalue 1 */
  lua_pushcclosure(L, host_call, n + 1);
}


void bh_push_host_function (lua_State *L, int function_id) {
  bh_push_host_closure(L, function_id, 0);
}

/* }====================================================== */


/*
** {======================================================
** Release of host pointers held by userdata
** =======================================================
*/

/*
** The collector runs finalizers at any allocation, even while host code
** is in the middle of dispatch: a finalizer must not call the host. This
** one only queues the pointer stored at the start of the userdata; the host
** gets it later from bh_drain_released, at a point of its choosing.
*/
static int release_gc (lua_State *L) {
  bh_host *h = bh__host(L);
  void **p = (void **)lua_touserdata(L, 1);
  if (p == NULL || lua_rawlen(L, 1) < sizeof(void *) || *p == NULL)
    return 0;
  if (h->nreleased == h->sizereleased) {
    size_t n = (h->sizereleased == 0) ? 16 : 2 * h->sizereleased;
    void **q = (void **)realloc(h->released, n * sizeof(void *));
    if (q == NULL)
      return 0;  /* cannot queue it: leak it rather than raise here */
    h->released = q;
    h->sizereleased = n;
  }
  h->released[h->nreleased++] = *p;
  *p = NULL;  /* released once only */
  return 0;
}


static void drain (bh_host *h) {
  while (h->nreleased > 0) {
    void *p = h->released[--h->nreleased];
    if (h->release != NULL)
      h->release(h->context, p);
  }
}


void bh_set_release (lua_State *L, bh_release_fn release) {
  bh__host(L)->release = release;
}


void bh_push_release_gc (lua_State *L) {
  lua_pushcfunction(L, release_gc);
}


void bh_drain_released (lua_State *L) {
  drain(bh__host(L));
}

/* }====================================================== */


/*
** {======================================================
** Opening, closing, configuration
** =======================================================
*/

static int panic (lua_State *L) {
  const char *msg = (lua_type(L, -1) == LUA_TSTRING) ? lua_tostring(L, -1)
                                                    : "?";
  fprintf(stderr, "PANIC: unprotected error in call to Lua API (%s)\n", msg);
  fflush(stderr);
  return 0;  /* Lua aborts */
}


/* Frees the host of a state lua_close has closed (or failed to open). */
static void free_host (bh_host *h) {
  bh__pool_release(&h->pool);
  bh__recycle_drop(h);
  free(h);
}


/* Room in the registry's array part for the references a runtime takes
** (free, on luaL_ref's list): a reference past the array part goes to the
** hash part, and each growth of that rehashes the whole registry, which
** was most of what a runtime's references cost. The empty slots up to
** REGISTRY_ROOM are filled in order, then handed to luaL_unref, lowest
** last so that luaL_ref gives them lowest first: taking each with
** luaL_ref measured the registry's length every time (50 K instructions
** a state, now 36 K; filled by luaL_unref alone, from the top, 55 K). */
#define REGISTRY_ROOM 64

static int reserve_references (lua_State *L) {
  int refs[REGISTRY_ROOM + 1], n = 0, i;
  lua_pushboolean(L, 0);
  refs[n++] = luaL_ref(L, LUA_REGISTRYINDEX);  /* (its list made, if none yet) */
  for (i = (int)lua_rawlen(L, LUA_REGISTRYINDEX) + 1; i <= REGISTRY_ROOM; i++) {
    int taken = lua_rawgeti(L, LUA_REGISTRYINDEX, i) != LUA_TNIL;
    lua_pop(L, 1);
    if (taken)  /* (a slot past a border: left as it is) */
      continue;
    lua_pushboolean(L, 0);  /* (filled in order: the array part grows) */
    lua_rawseti(L, LUA_REGISTRYINDEX, i);
    refs[n++] = i;
  }
  while (n > 0)
    luaL_unref(L, LUA_REGISTRYINDEX, refs[--n]);
  return 0;
}


/* A new state with the sandbox opened: one closed on this thread made
** again (recycle.c), else a fresh one. */
static lua_State *new_state (const bh_config *config, const char *preload,
                             size_t length, const char *chunkname) {
  bh_host *h;
  lua_State *L = bh__recycle_take(config, preload, length);
  if (L != NULL)
    return L;
  h = (bh_host *)calloc(1, sizeof(bh_host));
  if (h == NULL)
    return NULL;
  if (config != NULL)
    h->config = *config;
  h->recycle = bh__recycle_new(preload, length);  /* (none: not made again) */
  L = lua_newstate(bh_alloc, h);
  if (L == NULL) {
    free_host(h);
    return NULL;
  }
  *(bh_host **)lua_getextraspace(L) = h;  /* new threads get a copy */
  h->current = L;
  lua_atpanic(L, panic);
  lua_pushcfunction(L, bh__open_sandbox);
  if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
    lua_close(L);
    free_host(h);
    return NULL;
  }
  lua_pushcfunction(L, reserve_references);
  if (lua_pcall(L, 0, 0, 0) != LUA_OK)
    lua_pop(L, 1);  /* (only room that is not made) */
  /* (a text that does not compile is left to bh_load, which says why) */
  if (preload != NULL) {
    if (bh_load(L, preload, length, chunkname) == LUA_OK) {
      lua_rawsetp(L, LUA_REGISTRYINDEX, &bh__key_preload);
      h->preloaded = preload;
      h->preloaded_length = length;
    }
    else
      lua_pop(L, 1);
  }
  return L;
}


int bh_take_preloaded (lua_State *L, const char *source, size_t length) {
  bh_host *h = bh__host(L);
  if (source == NULL || h->preloaded != source || h->preloaded_length != length)
    return 0;
  h->preloaded = NULL;
  lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_preload);
  lua_pushnil(L);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &bh__key_preload);
  return 1;
}


lua_State *bh_open (const bh_config *config, bh_dispatch_fn dispatch,
                    void *context) {
  return bh_open_preloading(config, dispatch, context, NULL, 0, NULL);
}


lua_State *bh_open_preloading (const bh_config *config, bh_dispatch_fn dispatch,
                               void *context, const char *preload,
                               size_t length, const char *chunkname) {
  lua_State *L = new_state(config, preload, length, chunkname);
  bh_host *h;
  if (L == NULL)
    return NULL;
  h = bh__host(L);
  if (config != NULL)
    h->config = *config;
  h->dispatch = dispatch;
  h->context = context;
  h->anchor = (bh_anchor *)malloc(sizeof(bh_anchor));
  if (h->anchor == NULL) {
    lua_close(L);
    free_host(h);
    return NULL;
  }
  h->anchor->L = L;
  h->anchor->refs = 1;
  h->fast = bh__watch_register(h);
  if (!h->fast)
    bh__count_everything(L);  /* threads inherit it */
  return L;
}


void bh_close_later (lua_State *L) {
  bh_host *h = bh__host(L);
  h->closed_later = 1;
  h->anchor->L = NULL;  /* targets run nothing more */
}


void bh_close_when_idle (lua_State *L) {
  bh_host *h = bh__host(L);
  bh_close_later(L);
  h->close_when_idle = 1;
  h->context = NULL;  /* the host's dispatch refuses every call */
  h->finish = NULL;
}


void bh_close (lua_State *L) {
  bh_host *h;
  int i;
  if (L == NULL)
    return;
  h = bh__host(L);
  h->enforce = 0;  /* in case it is called from a host function */
  h->depth = 0;
  if (h->watchable)
    bh__watch_unregister(h);
  h->anchor->L = NULL;  /* targets run nothing more */
  if (--h->anchor->refs == 0)
    free(h->anchor);
  lua_close(L);  /* still allocates through h; runs the last finalizers */
  drain(h);
  bh_scene_release(h->scene);
  for (i = 0; i < BH_TEXT_CACHE; i++)
    bh_text_release(h->texts[i].text);
  free(h->released);
  if (!bh__recycle_keep(h))
    free_host(h);
}


void bh_set_config (lua_State *L, const bh_config *config) {
  bh_host *h = bh__host(L);
  int reseed = (config->random_seed != h->config.random_seed);
  h->config = *config;
  if (reseed) {
    lua_pushcfunction(L, bh__reseed);
    if (lua_pcall(L, 0, 0, 0) != LUA_OK)
      lua_pop(L, 1);
  }
}


void bh_collect_garbage (lua_State *L) {
  lua_gc(L, LUA_GCCOLLECT);
}


void bh_set_host_threads (lua_State *L) {
  lua_rawsetp(L, LUA_REGISTRYINDEX, &bh__key_hostthreads);
}


size_t bh_memory_used (lua_State *L) {
  return bh__host(L)->used;
}


int bh_set_env (lua_State *L, int funcidx) {
  funcidx = lua_absindex(L, funcidx);
  if (lua_setupvalue(L, funcidx, 1) != NULL)
    return 1;
  lua_pop(L, 1);
  return 0;
}

/* }====================================================== */
