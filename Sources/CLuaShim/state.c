/*
** state.c: the state of one scene. Allocator with a memory limit, the
** budget hook, protected calls and resumes, the host-function trampoline.
*/
#if !defined(_POSIX_C_SOURCE) && !defined(__APPLE__)
#define _POSIX_C_SOURCE 200809L  /* clock_gettime */
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bh_internal.h"


/* Registry keys: only their addresses matter. */
const char bh__key_base = 'b';
const char bh__key_libs = 'l';
const char bh__key_copy = 'p';
const char bh__key_memmsg = 'm';
const char bh__key_seed = 's';
const char bh__key_hostthreads = 't';
const char bh__key_readonly = 'r';


static long long now_ns (void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}


/*
** {======================================================
** Allocator
** =======================================================
*/

/*
** Lua retries a failed allocation once, with the same arguments, after an
** emergency collection. A request refused twice in a row is therefore a
** real "out of memory" error for the script: the slice ends (the error
** would otherwise be caught by pcall and tried again forever). Successful
** allocations in between forget the record.
*/
static void refuse (bh_host *h, const void *ptr, size_t osize, size_t nsize) {
  if (h->refused && h->refused_ptr == ptr && h->refused_osize == osize &&
      h->refused_nsize == nsize) {
    h->refused = 0;
    if (h->depth > 0 && h->spent == BH_LIMIT_NONE)
      h->spent = BH_LIMIT_MEMORY;
  }
  else {
    h->refused = 1;
    h->refused_ptr = ptr;
    h->refused_osize = osize;
    h->refused_nsize = nsize;
  }
}


static void *bh_alloc (void *ud, void *ptr, size_t osize, size_t nsize) {
  bh_host *h = (bh_host *)ud;
  size_t limit = h->config.memory_limit;
  void *p;
  if (ptr == NULL)
    osize = 0;  /* 'osize' is a type tag then, not a size */
  if (nsize == 0) {
    free(ptr);
    h->used -= osize;
    return NULL;
  }
  /* only growth can be refused: Lua assumes that shrinking succeeds */
  if (nsize > osize && h->enforce && limit != 0 &&
      (nsize - osize > limit || h->used > limit - (nsize - osize))) {
    refuse(h, ptr, osize, nsize);
    return NULL;
  }
  p = realloc(ptr, nsize);
  if (p != NULL) {
    h->used = h->used - osize + nsize;
    h->refused = 0;
  }
  return p;
}

/* }====================================================== */


/*
** {======================================================
** Budget: instruction count, deadline, sticky hook
** =======================================================
*/

static void hook (lua_State *L, lua_Debug *ar);
static int msgh (lua_State *L);


/* Pushes "source:line: " of the function at 'level' of 'co' (or of the
** one below it, when that one is a C function), or "" onto L. */
static void push_where (lua_State *L, lua_State *co, int level) {
  lua_Debug ar;
  int i;
  for (i = level; i <= level + 1; i++) {
    if (lua_getstack(co, i, &ar) && lua_getinfo(co, "Sl", &ar) &&
        ar.currentline > 0) {
      lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
      return;
    }
  }
  lua_pushliteral(L, "");
}


static void push_reason (lua_State *L, bh_host *h, int reason) {
  switch (reason) {
    case BH_LIMIT_INSTRUCTIONS:
      lua_pushfstring(L, "instruction budget exceeded (%I instructions)",
                      (LUAI_UACINT)h->config.instruction_budget);
      break;
    case BH_LIMIT_TIME:
      lua_pushfstring(L, "time limit exceeded (%f s)",
                      (lua_Number)h->config.time_limit);
      break;
    case BH_LIMIT_COMMAND:
      lua_pushfstring(L, "time limit of one command exceeded (scripts ran "
                      "for %f s in all during it)",
                      (lua_Number)h->command_limit);
      break;
    default:
      if (h->config.memory_limit == 0)
        lua_pushliteral(L, "not enough memory");
      else
        lua_pushfstring(L, "memory limit exceeded (%I KiB)",
                        (LUAI_UACINT)(h->config.memory_limit / 1024));
      break;
  }
}


void bh__push_limit_message (lua_State *L, bh_host *h) {
  push_reason(L, h, h->spent);
}


static void account (bh_host *h, long long units) {
  if (h->config.instruction_budget > 0 && h->spent == BH_LIMIT_NONE &&
      (h->remaining -= units) <= 0)
    h->spent = BH_LIMIT_INSTRUCTIONS;
}


static void check_clock (bh_host *h) {
  if (h->deadline != 0 && h->spent == BH_LIMIT_NONE && now_ns() >= h->deadline)
    h->spent = h->deadline_reason;
}


/*
** The slice is spent: make the hook fire before every instruction and on
** every call of this thread, and raise. Any pcall in the script that
** catches the error gets it again at its very next instruction, so the
** error reaches the host.
*/
static int raise_spent (lua_State *L, bh_host *h) {
  lua_sethook(L, hook, BH_HOOK_MASK, 1);
  if (h->spent == BH_LIMIT_MEMORY)  /* no allocation: memory is full */
    lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_memmsg);
  else {
    push_where(L, L, 0);
    bh__push_limit_message(L, h);
    lua_concat(L, 2);
  }
  return lua_error(L);
}


/*
** Is the function being called a message handler of ours? Raising in its
** call hook would be an error in the error handler: the traceback would be
** lost and Lua would call the handler again. (Only asked once spent.)
*/
static int is_handler (lua_State *L, lua_Debug *ar) {
  lua_CFunction f;
  if (!lua_getinfo(L, "f", ar))
    return 0;
  f = lua_tocfunction(L, -1);
  lua_pop(L, 1);
  return (f == msgh || f == bh__guard_handler);
}


static void hook (lua_State *L, lua_Debug *ar) {
  bh_host *h = bh__host(L);
  if (h->depth == 0)
    return;  /* no callback is running: nothing to charge */
  if (h->spent == BH_LIMIT_NONE) {
    if (ar->event == LUA_HOOKCOUNT) {
      int count = lua_gethookcount(L);
      account(h, count);
      check_clock(h);
      if (count != BH_HOOK_COUNT && h->spent == BH_LIMIT_NONE)
        lua_sethook(L, hook, BH_HOOK_MASK, BH_HOOK_COUNT);  /* was sticky */
    }
    else {  /* a call */
      lua_Debug caller;
      /* A coroutine starts with a fresh count: without this, a loop of
         short coroutines would never reach a count event. A tail call
         also leaves no caller on the stack, but it goes on in the same
         thread and the same count. */
      if (ar->event == LUA_HOOKCALL && !lua_getstack(L, 1, &caller))
        account(h, BH_HOOK_COUNT);
      if ((++h->calls & 7) == 0)  /* a few C calls can take long */
        check_clock(h);
    }
    if (h->spent == BH_LIMIT_NONE)
      return;
  }
  if (ar->event != LUA_HOOKCOUNT && is_handler(L, ar))
    return;
  raise_spent(L, h);
}


/* Charges C work done for the script; raises once the slice is spent. */
void bh__charge (lua_State *L, long long units) {
  bh_host *h = bh__host(L);
  if (h->depth == 0)
    return;
  account(h, units);
  if (units >= BH_CHARGE_CHUNK)
    check_clock(h);
  if (h->spent != BH_LIMIT_NONE)
    raise_spent(L, h);
}


/* The outermost callback starts a new slice on thread L. */
static void start_slice (lua_State *L, bh_host *h) {
  double limit = h->config.time_limit;
  long long now = (limit > 0 || h->command_deadline != 0) ? now_ns() : 0;
  h->spent = BH_LIMIT_NONE;
  h->slices++;
  h->remaining = h->config.instruction_budget;
  if (limit > 0) {
    if (limit > 1e9) limit = 1e9;  /* keep the nanoseconds in range */
    h->deadline = now + (long long)(limit * 1e9);
  }
  else
    h->deadline = 0;
  h->deadline_reason = BH_LIMIT_TIME;
  if (h->command_deadline != 0 &&
      (h->deadline == 0 || h->command_deadline < h->deadline)) {
    h->deadline = h->command_deadline;
    h->deadline_reason = BH_LIMIT_COMMAND;
  }
  h->calls = 0;
  h->closing = 0;
  h->refused = 0;
  /* also undoes a sticky hook and starts a full count window */
  lua_sethook(L, hook, BH_HOOK_MASK, BH_HOOK_COUNT);
  if (h->deadline_reason == BH_LIMIT_COMMAND && now >= h->deadline) {
    h->spent = BH_LIMIT_COMMAND;  /* the command is over: end at once */
    lua_sethook(L, hook, BH_HOOK_MASK, 1);
  }
}

/* }====================================================== */


/*
** {======================================================
** Error messages
** =======================================================
*/

/* Pushes onto L a string for the error object at 'idx' of 'co': strings
** cut to about 'max' bytes, numbers converted, anything else described by
** its type only (never by __tostring, which would run script code). A long
** message loses its middle: its head says where, its tail often says why
** (errors passing through coroutine.wrap gather a prefix at each level). */
static void push_error_text (lua_State *L, lua_State *co, int idx,
                             size_t max) {
  int t = lua_type(co, idx);
  if (t == LUA_TSTRING || t == LUA_TNUMBER) {
    size_t len;
    const char *s = lua_tolstring(co, idx, &len);
    if (len > max) {
      lua_pushlstring(L, s, max / 2);
      lua_pushliteral(L, " ... ");
      lua_pushlstring(L, s + len - max / 2, max / 2);
      lua_concat(L, 3);
    }
    else
      lua_pushlstring(L, s, len);
  }
  else
    lua_pushfstring(L, "(error object is a %s value)", lua_typename(co, t));
}


/* Replaces the message on top of L by the message, a newline and the
** traceback of 'co' from 'level'. The message is kept whole, NUL bytes
** included (luaL_traceback would read it as a C string). */
static void push_traceback (lua_State *L, lua_State *co, int level) {
  luaL_traceback(L, co, NULL, level);
  lua_pushliteral(L, "\n");
  lua_rotate(L, -2, 1);
  lua_concat(L, 3);
}


/* Message handler of bh_pcall: message plus traceback. */
static int msgh (lua_State *L) {
  bh_host *h = bh__host(L);
  int enforce = h->enforce;
  h->enforce = 0;  /* the traceback must not fail for want of memory */
  if (h->spent != BH_LIMIT_NONE) {  /* whatever was raised, say why */
    push_where(L, L, 1);
    bh__push_limit_message(L, h);
    lua_concat(L, 2);
  }
  else
    push_error_text(L, L, 1, BH_MAX_MESSAGE);
  push_traceback(L, L, 1);
  h->enforce = enforce;
  return 1;
}


/* Replaces the error object on top of L by the final message. */
static void finish_error (lua_State *L, bh_host *h, int status) {
  if (status == LUA_ERRMEM) {  /* the handler did not run */
    lua_pop(L, 1);
    push_reason(L, h, h->spent != BH_LIMIT_NONE ? h->spent : BH_LIMIT_MEMORY);
  }
  else {
    push_error_text(L, L, -1, 4 * BH_MAX_MESSAGE);
    lua_remove(L, -2);
  }
}

/* }====================================================== */


/*
** {======================================================
** Protected calls
** =======================================================
*/

int bh_pcall (lua_State *L, int nargs, int nresults) {
  bh_host *h = bh__host(L);
  int base = lua_gettop(L) - nargs;  /* the function */
  int enforce = h->enforce;
  int status;
  if (h->depth == 0)
    start_slice(L, h);
  lua_pushcfunction(L, msgh);
  lua_insert(L, base);
  h->depth++;
  h->enforce = 1;
  status = lua_pcall(L, nargs, nresults, base);
  h->enforce = enforce;
  h->depth--;
  lua_remove(L, base);
  if (status != LUA_OK)
    finish_error(L, h, status);
  return status;
}


int bh_resume (lua_State *L, lua_State *co, int nargs, int *nresults) {
  bh_host *h = bh__host(L);
  int enforce = h->enforce;
  int status;
  if (h->depth == 0)
    start_slice(co, h);
  h->depth++;
  h->enforce = 1;
  status = lua_resume(co, L, nargs, nresults);
  h->enforce = enforce;
  h->depth--;
  if (status != LUA_OK && status != LUA_YIELD) {
    /* co's stack is not unwound: its frames give place and traceback */
    if (status == LUA_ERRMEM || h->spent != BH_LIMIT_NONE) {
      push_where(L, co, 0);
      push_reason(L, h, h->spent != BH_LIMIT_NONE ? h->spent
                                                  : BH_LIMIT_MEMORY);
      lua_concat(L, 2);
    }
    else
      push_error_text(L, co, -1, BH_MAX_MESSAGE);
    push_traceback(L, co, 0);
  }
  return status;
}


int bh_load (lua_State *L, const char *source, size_t length,
             const char *chunkname) {
  bh_host *h = bh__host(L);
  int enforce = h->enforce;
  int status;
  /* lua_load runs the parser in protected mode itself and raises nothing;
     "t" refuses binary chunks. A hostile source cannot exhaust memory. */
  h->enforce = 1;
  status = luaL_loadbufferx(L, source, length, chunkname, "t");
  h->enforce = enforce;
  if (status == LUA_ERRMEM) {
    lua_pop(L, 1);
    push_reason(L, h, BH_LIMIT_MEMORY);
  }
  else if (status != LUA_OK) {
    /* "C stack overflow" from deep nesting comes without the name */
    if (status != LUA_ERRSYNTAX && chunkname != NULL)
      lua_pushfstring(L, "%s: ", chunkname + (*chunkname == '=' ||
                                               *chunkname == '@'));
    else
      lua_pushliteral(L, "");
    push_error_text(L, L, -2, BH_MAX_MESSAGE);  /* tokens can be long */
    lua_concat(L, 2);
    lua_remove(L, -2);
  }
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

static int host_call (lua_State *L) {
  bh_host *h = bh__host(L);
  int id = (int)lua_tointeger(L, lua_upvalueindex(1));
  int enforce = h->enforce;
  int n;
  if (h->dispatch == NULL)
    return luaL_error(L, "no host dispatch function");
  h->enforce = 0;  /* host code must be able to push */
  n = h->dispatch(L, h->context, id);
  h->enforce = enforce;
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
    return lua_yield(L, n);
  }
  if (n > lua_gettop(L))
    return luaL_error(L, "host function %d returns %d values of %d",
                      id, n, lua_gettop(L));
  return n;
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


lua_State *bh_open (const bh_config *config, bh_dispatch_fn dispatch,
                    void *context) {
  bh_host *h = (bh_host *)calloc(1, sizeof(bh_host));
  lua_State *L;
  if (h == NULL)
    return NULL;
  if (config != NULL)
    h->config = *config;
  h->dispatch = dispatch;
  h->context = context;
  L = lua_newstate(bh_alloc, h);
  if (L == NULL) {
    free(h);
    return NULL;
  }
  *(bh_host **)lua_getextraspace(L) = h;  /* new threads get a copy */
  lua_atpanic(L, panic);
  lua_pushcfunction(L, bh__open_sandbox);
  if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
    lua_close(L);
    free(h);
    return NULL;
  }
  lua_sethook(L, hook, BH_HOOK_MASK, BH_HOOK_COUNT);  /* threads inherit it */
  return L;
}


void bh_close (lua_State *L) {
  bh_host *h;
  if (L == NULL)
    return;
  h = bh__host(L);
  h->enforce = 0;  /* in case it is called from a host function */
  h->depth = 0;
  lua_close(L);  /* still allocates through h; runs the last finalizers */
  drain(h);
  free(h->released);
  free(h);
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


unsigned long long bh_slice_serial (lua_State *L) {
  return bh__host(L)->slices;
}


void bh_set_command_deadline (lua_State *L, double seconds) {
  bh_host *h = bh__host(L);
  if (seconds > 0) {
    if (seconds > 1e9) seconds = 1e9;  /* keep the nanoseconds in range */
    h->command_deadline = now_ns() + (long long)(seconds * 1e9);
    h->command_limit = seconds;
  }
  else
    h->command_deadline = 0;
}


size_t bh_memory_used (lua_State *L) {
  return bh__host(L)->used;
}


int bh_budget_spent (lua_State *L) {
  return bh__host(L)->spent != BH_LIMIT_NONE;
}


int bh_limit_reason (lua_State *L) {
  return bh__host(L)->spent;
}


int bh_set_env (lua_State *L, int funcidx) {
  funcidx = lua_absindex(L, funcidx);
  if (lua_setupvalue(L, funcidx, 1) != NULL)
    return 1;
  lua_pop(L, 1);
  return 0;
}

/* }====================================================== */
