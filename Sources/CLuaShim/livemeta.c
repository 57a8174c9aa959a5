/*
** livemeta.c: live metatables for a spec file's state.
**
** The sandbox never installs a script's metatable itself (sandbox.c): the
** object gets a private copy, so that later changes to the original
** cannot reach Lua 5.4.4 bugs. For behaviours the copy holds the
** metamethods as they were. For a spec file the copy holds, for every
** event, a dispatcher that looks the metamethod up in the original when
** it runs, so that changing a metatable in use works as in Lua (class
** libraries and their suites do it). The original's fields are read raw
** and put on the stack before anything runs, so none of them can be freed
** while in use; __close and later weak modes still never reach the VM,
** and __concat runs only for the last step of a concatenation (where
** concatstep.c proves that Lua 5.4.4 runs it safely).
**
** The dispatchers of the events the VM raises while running Lua code
** (arithmetic, comparisons, length, calls, indexing) are Lua functions
** (Sources/BehaveLua/Lua/live_metatables.lua): each asks a helper below
** for the handler and hands over to it with a tail call, so the handler
** runs in the dispatcher's place, as if the VM had called it: an error
** it raises at level 2 names the line that caused the event, recursion
** through metamethods is as deep as in Lua, and chains of __call (and
** tail calls through them) do not grow the stack, which a C function in
** between could do none of. Where there is no handler, the helpers raise
** Lua's own message, at the line that caused the event (the frames of
** dispatchers are not counted, bh__where). The events that C functions
** raise (tostring, pairs), __concat and __gc stay in C.
**
** A __gc present when setmetatable runs gets a finalizer of ours: it only
** queues the object (finalizers run where the budget cannot stop them);
** the spec runner calls the original's __gc for it later, as script code
** under a budget (bh_push_spec_gc).
*/
#include <stdarg.h>
#include <string.h>

#include "bh_internal.h"


const char bh__key_original = 'o';     /* field of a live copy: its original */
static const char key_dispatchers = 'd';   /* event name -> dispatcher */
static const char key_frames = 'p';        /* dispatcher -> true */
static const char key_finalizers = 'f';    /* queue: object, original, ... */


/* Pushes the original of the value at 'idx' when its metatable is a live
** copy; returns 0 (nothing pushed) otherwise. */
static int push_original (lua_State *L, int idx) {
  if (!lua_getmetatable(L, idx))
    return 0;
  if (lua_rawgetp(L, -1, &bh__key_original) != LUA_TNIL) {
    lua_remove(L, -2);
    return 1;
  }
  lua_pop(L, 2);
  return 0;
}


/* Pushes the metamethod named by the string at 'ev' of the value at 'idx'
** as its script gave it: raw, from the original of a live copy, else from
** its metatable. Returns its type; LUA_TNIL (nothing pushed) when none. */
static int push_event (lua_State *L, int idx, int ev) {
  int t;
  idx = lua_absindex(L, idx);
  ev = lua_absindex(L, ev);
  if (!lua_getmetatable(L, idx))
    return LUA_TNIL;
  if (lua_rawgetp(L, -1, &bh__key_original) != LUA_TNIL)
    lua_remove(L, -2);  /* the original instead of the copy */
  else
    lua_pop(L, 1);
  lua_pushvalue(L, ev);
  t = lua_rawget(L, -2);
  if (t == LUA_TNIL) {
    lua_pop(L, 2);
    return LUA_TNIL;
  }
  lua_remove(L, -2);
  return t;
}


int bh__metafield (lua_State *L, int idx, const char *event) {
  int t;
  idx = lua_absindex(L, idx);
  lua_pushstring(L, event);
  t = push_event(L, idx, -1);
  if (t != LUA_TNIL)
    lua_remove(L, -2);
  else
    lua_pop(L, 1);
  return t;
}


/* The value's type as Lua's messages name it: its metatable's __name when
** that is a string (the copy's, as the VM reads it), else its type. */
static const char *type_name (lua_State *L, int idx) {
  int t = lua_type(L, idx);
  if ((t == LUA_TTABLE || t == LUA_TUSERDATA) &&
      luaL_getmetafield(L, idx, "__name") != LUA_TNIL) {
    /* the metatable keeps the string alive once popped */
    const char *name = (lua_type(L, -1) == LUA_TSTRING) ? lua_tostring(L, -1) : NULL;
    lua_pop(L, 1);
    if (name != NULL)
      return name;
  }
  return lua_typename(L, t);
}


int bh__in_dispatcher (lua_State *L, lua_Debug *ar) {
  int found = 0;
  if (!bh__host(L)->live_metatables || !lua_getinfo(L, "f", ar))
    return 0;
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &key_frames) == LUA_TTABLE) {
    lua_pushvalue(L, -2);
    found = (lua_rawget(L, -2) != LUA_TNIL);
    lua_pop(L, 1);
  }
  lua_pop(L, 2);
  return found;
}


void bh__where (lua_State *L, int level) {
  lua_Debug ar;
  int i, seen = 0;
  for (i = 1; lua_getstack(L, i, &ar); i++) {
    if (bh__in_dispatcher(L, &ar) || ++seen < level)
      continue;
    if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
      lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
      return;
    }
    break;
  }
  lua_pushliteral(L, "");
}


/* Raises the message, at the position of the code that caused the event
** (the first frame that is no dispatcher), as the VM would. */
static int raise_here (lua_State *L, const char *fmt, ...) {
  va_list argp;
  bh__where(L, 1);
  va_start(argp, fmt);
  lua_pushvfstring(L, fmt, argp);
  va_end(argp);
  lua_concat(L, 2);
  return lua_error(L);
}


/* How many tables an __index or __newindex chain may pass through, as in
** Lua (MAXTAGLOOP). */
#define MAX_CHAIN 2000

/* Continuation of the calls below (a handler may yield): its results are
** everything above 'base'. */
static int finish (lua_State *L, int status, lua_KContext base) {
  (void)status;
  return lua_gettop(L) - (int)base;
}


/* Calls the handler on top with the 'nargs' values below it (the
** dispatcher's arguments, exactly), keeping 'nresults'; returns how many
** results there are. */
static int call_handler (lua_State *L, int nargs, int nresults) {
  lua_insert(L, 1);
  lua_callk(L, nargs, nresults, 0, finish);
  return finish(L, LUA_OK, 0);
}


/* Pushes the handler of 'event' of the value at 'idx' (an absolute index),
** as push_event; 0 (nothing pushed) when there is none. */
static int push_handler (lua_State *L, int idx, const char *event) {
  lua_pushstring(L, event);
  if (push_event(L, idx, -1) == LUA_TNIL) {
    lua_pop(L, 1);
    return 0;
  }
  lua_remove(L, -2);
  return 1;
}


/* {======================================================
** Helpers of the Lua dispatchers (live_metatables.lua)
** ======================================================= */

/* Raises "attempt to call" for the value at 'idx', naming it as the call
** that reached the dispatcher (level 1) names it, as Lua does. */
static int call_error (lua_State *L, int idx) {
  lua_Debug ar;
  const char *type = type_name(L, idx);
  if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "n", &ar) &&
      ar.name != NULL && ar.namewhat[0] != '\0')
    return raise_here(L, "attempt to call a %s value (%s '%s')", type,
                      ar.namewhat, ar.name);
  return raise_here(L, "attempt to call a %s value", type);
}


/* The handler on top must be callable as Lua would call it: a function,
** or a value with __call; else Lua's error. */
static void check_callable (lua_State *L) {
  int handler = lua_gettop(L);
  if (lua_type(L, handler) == LUA_TFUNCTION)
    return;
  if (bh__metafield(L, handler, "__call") != LUA_TNIL) {
    lua_pop(L, 1);
    return;
  }
  call_error(L, handler);
}


static int is_bitwise (const char *event) {
  static const char *const bitwise[] = {
    "__band", "__bor", "__bxor", "__shl", "__shr", "__bnot", NULL
  };
  const char *const *b;
  for (b = bitwise; *b != NULL; b++)
    if (strcmp(event, *b) == 0)
      return 1;
  return 0;
}


/* binary(a, b, event): the handler of an arithmetic or bitwise event (the
** VM passes a unary operand twice): a's, else b's. Without one, Lua's
** message, naming the first operand that is no number. */
static int meta_binary (lua_State *L) {
  lua_settop(L, 3);
  if (push_event(L, 1, 3) == LUA_TNIL && push_event(L, 2, 3) == LUA_TNIL) {
    int wrong = (lua_type(L, 1) == LUA_TNUMBER) ? 2 : 1;
    return raise_here(L, "attempt to perform %s on a %s value",
                      is_bitwise(lua_tostring(L, 3)) ? "bitwise operation" : "arithmetic",
                      type_name(L, wrong));
  }
  check_callable(L);
  return 1;
}


/* order(a, b, event): the handler of __lt or __le, a's, else b's. For
** __le without one, Lua 5.4.4 as Debian builds it (with LUA_COMPAT_5_3,
** so LUA_COMPAT_LT_LE) answers not (b < a): then the __lt handler of b,
** else of a, and true (the dispatcher swaps and negates). */
static int meta_order (lua_State *L) {
  const char *t1, *t2;
  lua_settop(L, 3);
  if (push_event(L, 1, 3) != LUA_TNIL || push_event(L, 2, 3) != LUA_TNIL) {
    check_callable(L);
    return 1;
  }
  if (strcmp(lua_tostring(L, 3), "__le") == 0) {
    lua_pushliteral(L, "__lt");
    if (push_event(L, 2, 4) != LUA_TNIL || push_event(L, 1, 4) != LUA_TNIL) {
      check_callable(L);
      lua_pushboolean(L, 1);
      return 2;
    }
  }
  t1 = type_name(L, 1);
  t2 = type_name(L, 2);
  if (strcmp(t1, t2) == 0)
    return raise_here(L, "attempt to compare two %s values", t1);
  return raise_here(L, "attempt to compare %s with %s", t1, t2);
}


/* equal(a, b): the handler of __eq, a's, else b's; nothing when none (the
** two are then different). */
static int meta_equal (lua_State *L) {
  lua_settop(L, 2);
  lua_pushliteral(L, "__eq");
  if (push_event(L, 1, 3) == LUA_TNIL && push_event(L, 2, 3) == LUA_TNIL)
    return 0;
  check_callable(L);
  return 1;
}


/* length(t): the handler of __len; without one, nil and the raw length. */
static int meta_length (lua_State *L) {
  lua_settop(L, 1);
  lua_pushliteral(L, "__len");
  if (push_event(L, 1, 2) == LUA_TNIL) {
    lua_pushnil(L);
    lua_pushinteger(L, (lua_Integer)lua_rawlen(L, 1));
    return 2;
  }
  check_callable(L);
  return 1;
}


/*
** The __call handler on top is no function: Lua follows its __call, and
** that one's, to a function, and when the chain ends in something else it
** raises before calling anything, naming the call that began the chain.
** The dispatchers down a chain are tail calls, which Lua cannot name, so
** from a dispatcher it can name (called by the code itself, not in a tail
** call) the chain is followed here, at most as far as Lua follows a
** chain of __index (a chain that loops ends when the calls fill Lua's
** stack, as in Lua); from any other, one step.
*/
static void check_chain (lua_State *L) {
  lua_Debug ar;
  int steps = (lua_getstack(L, 1, &ar) && lua_getinfo(L, "t", &ar) &&
               !ar.istailcall) ? MAX_CHAIN : 1;
  int i;
  lua_pushvalue(L, -1);
  for (i = 0; i < steps && lua_type(L, -1) != LUA_TFUNCTION; i++) {
    if (bh__metafield(L, -1, "__call") == LUA_TNIL)
      call_error(L, lua_gettop(L));
    lua_remove(L, -2);
  }
  lua_pop(L, 1);
}


/* callee(self): what calling self calls, its __call; Lua's error when it
** has none, or when that cannot be called. */
static int meta_callee (lua_State *L) {
  lua_settop(L, 1);
  lua_pushliteral(L, "__call");
  if (push_event(L, 1, 2) == LUA_TNIL)
    return call_error(L, 1);
  if (lua_type(L, 3) != LUA_TFUNCTION)
    check_chain(L);
  return 1;
}


/* index(t, k): t[k] past the raw fields, as the VM follows __index: from
** table to table without recursion. Returns the value, or a function and
** the table the chain reached it from (the dispatcher calls it). */
static int meta_index (lua_State *L) {
  int i;
  lua_settop(L, 2);  /* t, k */
  lua_pushliteral(L, "__index");  /* 3 */
  lua_pushvalue(L, 1);  /* 4: where the chain is */
  for (i = 0; i < MAX_CHAIN; i++) {
    int t = push_event(L, 4, 3);  /* 5: its handler */
    if (t == LUA_TNIL) {
      if (lua_type(L, 4) == LUA_TTABLE)
        return 0;
      return raise_here(L, "attempt to index a %s value", type_name(L, 4));
    }
    if (t == LUA_TFUNCTION) {
      lua_pushvalue(L, 4);
      return 2;
    }
    lua_replace(L, 4);  /* the chain moves on to the handler */
    if (lua_type(L, 4) == LUA_TTABLE) {
      lua_pushvalue(L, 2);
      if (lua_rawget(L, 4) != LUA_TNIL)
        return 1;
      lua_pop(L, 1);
    }
  }
  return raise_here(L, "'__index' chain too long; possible loop");
}


/* Sets t[k] = v raw, t at 'idx', k and v at 2 and 3; the keys Lua refuses
** are refused with its messages. */
static int store_raw (lua_State *L, int idx) {
  if (lua_isnil(L, 2))
    return raise_here(L, "table index is nil");
  if (lua_type(L, 2) == LUA_TNUMBER && !lua_isinteger(L, 2)) {
    lua_Number n = lua_tonumber(L, 2);
    if (n != n)
      return raise_here(L, "table index is NaN");
  }
  lua_pushvalue(L, 2);
  lua_pushvalue(L, 3);
  lua_rawset(L, idx);
  return 0;
}


/* newindex(t, k, v): t[k] = v past the raw fields, as the VM follows
** __newindex: a table that has the key takes the value, else its own
** __newindex is followed. Returns nothing when done, or a function and
** the table the chain reached it from (the dispatcher calls it). */
static int meta_newindex (lua_State *L) {
  int i;
  lua_settop(L, 3);  /* t, k, v */
  lua_pushliteral(L, "__newindex");  /* 4 */
  lua_pushvalue(L, 1);  /* 5: where the chain is */
  for (i = 0; i < MAX_CHAIN; i++) {
    int t = push_event(L, 5, 4);  /* 6: its handler */
    if (t == LUA_TNIL) {
      if (lua_type(L, 5) == LUA_TTABLE)
        return store_raw(L, 5);
      return raise_here(L, "attempt to index a %s value", type_name(L, 5));
    }
    if (t == LUA_TFUNCTION) {
      lua_pushvalue(L, 5);
      return 2;
    }
    lua_replace(L, 5);  /* the chain moves on to the handler */
    if (lua_type(L, 5) == LUA_TTABLE) {
      lua_pushvalue(L, 2);
      t = lua_rawget(L, 5);
      lua_pop(L, 1);
      if (t != LUA_TNIL)
        return store_raw(L, 5);
    }
  }
  return raise_here(L, "'__newindex' chain too long; possible loop");
}

/* }====================================================== */


/* error(message [, level]) in a spec file's state: Lua's, but the level
** counts no frame of a dispatcher, as Lua counts none for the VM calling a
** metamethod (a dispatcher that cannot hand over with a tail call, as for
** __lt standing in for __le, stays on the stack). */
static int spec_error (lua_State *L) {
  int level = (int)luaL_optinteger(L, 2, 1);
  lua_settop(L, 1);
  if (lua_type(L, 1) == LUA_TSTRING && level > 0) {
    bh__where(L, level);
    lua_pushvalue(L, 1);
    lua_concat(L, 2);
  }
  return lua_error(L);
}

/* }====================================================== */


/* {======================================================
** Dispatchers in C: the events C functions raise, __concat
** ======================================================= */

static int live_tostring (lua_State *L) {
  lua_settop(L, 1);
  if (push_handler(L, 1, "__tostring"))
    return call_handler(L, 1, 1);
  if (!push_handler(L, 1, "__name") || lua_type(L, -1) != LUA_TSTRING) {
    lua_settop(L, 1);
    lua_pushstring(L, luaL_typename(L, 1));
  }
  lua_pushfstring(L, "%s: %p", lua_tostring(L, -1), lua_topointer(L, 1));
  return 1;
}


/* Continuation of live_concat, with the metamethod's result on top. The
** collector's debt is settled here (a step, when one is due): the
** OP_CONCAT that called us must not collect on its way out
** (concatstep.c). */
static int concat_done (lua_State *L, int status, lua_KContext ctx) {
  (void)status;
  (void)ctx;
  lua_gc(L, LUA_GCSTEP, 1);
  return 1;
}


/* a .. b: the metamethod runs only for the last step of a concatenation,
** which concatstep.c proves; anything else is an error, raised before it
** runs. */
static int live_concat (lua_State *L) {
  int wrong;  /* the operand to name: the first that is no string */
  lua_settop(L, 2);
  wrong = (lua_type(L, 1) == LUA_TSTRING || lua_type(L, 1) == LUA_TNUMBER)
          ? 2 : 1;
  if (!push_handler(L, 1, "__concat") && !push_handler(L, 2, "__concat"))
    return raise_here(L, "attempt to concatenate a %s value", type_name(L, wrong));
  if (!bh__concat_last_step(L))
    return raise_here(L, "attempt to concatenate a %s value: __concat runs only "
                         "for the leftmost '..' of a chain (elsewhere Lua 5.4.4 "
                         "can use freed memory); group the chain from the left: "
                         "(a .. b) .. c", type_name(L, wrong));
  lua_insert(L, 1);
  lua_callk(L, 2, 1, 0, concat_done);
  return concat_done(L, LUA_OK, 0);
}


static int live_pairs (lua_State *L) {
  lua_settop(L, 1);
  if (push_handler(L, 1, "__pairs"))
    return call_handler(L, 1, 3);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_base);
  lua_getfield(L, -1, "next");
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}


/* Queues a finalized object and its original: the spec runner calls the
** original's __gc for it later. Runs inside the collector: nothing but
** this. */
static int live_gc (lua_State *L) {
  lua_settop(L, 1);
  if (!push_original(L, 1))
    return 0;
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &key_finalizers) != LUA_TTABLE)
    return 0;
  lua_pushvalue(L, 1);
  lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
  lua_pushvalue(L, 2);
  lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
  return 0;
}


/* What live_metatables.lua is given, in its order. */
static const lua_CFunction helpers[] = {
  meta_binary, meta_order, meta_equal, meta_length, meta_callee, meta_index,
  meta_newindex, NULL
};

static const luaL_Reg c_dispatchers[] = {
  {"__tostring", live_tostring}, {"__pairs", live_pairs},
  {"__concat", live_concat}, {"__gc", live_gc}, {NULL, NULL}
};


/* The binary chunk lua_dump writes, gathered in a buffer begun at the
** first write (luaL_buffinit pushes onto the stack, where lua_dump wants
** the function on top when it starts). */
typedef struct Dump {
  int begun;
  luaL_Buffer b;
} Dump;

static int write_dump (lua_State *L, const void *p, size_t sz, void *ud) {
  Dump *d = (Dump *)ud;
  if (!d->begun) {
    d->begun = 1;
    luaL_buffinit(L, &d->b);
  }
  luaL_addlstring(&d->b, (const char *)p, sz);
  return 0;
}


/* bh_enable_spec_metatables' work, run protected: the Lua dispatchers
** (stripped of debug information, so that a C function running as a
** handler finds no position of theirs), the C ones, the set of all of
** them, the queue of finalizers. */
static int enable (lua_State *L) {
  const char *source = (const char *)lua_touserdata(L, 1);
  size_t length = (size_t)lua_tointeger(L, 2);
  Dump dump;
  const char *bytes;
  size_t nbytes;
  int i, events, frames;
  lua_settop(L, 0);
  if (luaL_loadbufferx(L, source, length, "=live_metatables", "t") != LUA_OK)
    return lua_error(L);
  dump.begun = 0;
  if (lua_dump(L, write_dump, &dump, 1) != 0 || !dump.begun)
    return luaL_error(L, "live_metatables: cannot dump the dispatchers");
  luaL_pushresult(&dump.b);
  bytes = lua_tolstring(L, -1, &nbytes);
  if (luaL_loadbufferx(L, bytes, nbytes, "=?", "b") != LUA_OK)
    return lua_error(L);
  for (i = 0; helpers[i] != NULL; i++)
    lua_pushcfunction(L, helpers[i]);
  lua_call(L, i, 1);
  if (!lua_istable(L, -1))
    return luaL_error(L, "live_metatables: no table of dispatchers");
  events = lua_gettop(L);
  for (i = 0; c_dispatchers[i].name != NULL; i++) {
    lua_pushcfunction(L, c_dispatchers[i].func);
    lua_setfield(L, events, c_dispatchers[i].name);
  }
  lua_newtable(L);
  frames = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, events)) {  /* event, dispatcher */
    lua_pushboolean(L, 1);
    lua_rawset(L, frames);
  }
  lua_rawsetp(L, LUA_REGISTRYINDEX, &key_frames);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &key_dispatchers);
  lua_newtable(L);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &key_finalizers);
  bh__install_string_arith(L);
  /* error, in the global table (where Lua finds names for messages) and
     in the one environments are made from */
  lua_pushcfunction(L, spec_error);
  lua_pushvalue(L, -1);
  lua_setglobal(L, "error");
  lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_base);
  lua_insert(L, -2);
  lua_setfield(L, -2, "error");
  return 0;
}


int bh_enable_spec_metatables (lua_State *L, const char *dispatchers,
                               size_t length) {
  int status;
  lua_pushcfunction(L, enable);
  lua_pushlightuserdata(L, (void *)dispatchers);
  lua_pushinteger(L, (lua_Integer)length);
  status = lua_pcall(L, 2, 0, 0);
  if (status == LUA_OK)
    bh__host(L)->live_metatables = 1;
  return status;
}


/* Fills the new live copy on top with the dispatchers (and our finalizer
** when the original at 'mt' has a __gc). */
void bh__fill_live_copy (lua_State *L, int mt) {
  int copy = lua_gettop(L);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &key_dispatchers);
  lua_pushnil(L);
  while (lua_next(L, -2)) {  /* event, dispatcher */
    if (strcmp(lua_tostring(L, -2), "__gc") == 0) {
      lua_pushliteral(L, "__gc");
      if (lua_rawget(L, mt) == LUA_TNIL) {
        lua_pop(L, 2);
        continue;
      }
      lua_pop(L, 1);
    }
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, copy);
  }
  lua_pop(L, 1);
  lua_pushvalue(L, mt);
  lua_rawsetp(L, copy, &bh__key_original);
}


/* {======================================================
** The spec's collectgarbage and the queue of finalizers
** ======================================================= */

/* The next queued finalizer: the original's __gc as it is now and the
** object; nothing when the queue is empty. */
static int next_finalizer (lua_State *L) {
  lua_settop(L, 0);
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &key_finalizers) != LUA_TTABLE)
    return 0;
  for (;;) {
    lua_Integer n = (lua_Integer)lua_rawlen(L, 1);
    if (n < 2)
      return 0;
    lua_rawgeti(L, 1, n - 1);  /* the object */
    lua_rawgeti(L, 1, n);  /* its original */
    lua_pushnil(L);
    lua_rawseti(L, 1, n);
    lua_pushnil(L);
    lua_rawseti(L, 1, n - 1);
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, 3) != LUA_TNIL) {
      lua_pushvalue(L, 2);
      return 2;  /* __gc, object */
    }
    lua_settop(L, 1);
  }
}


/* Runs the queued finalizers, each in a protected call (an error in one
** is dropped, as Lua only warns about it; once the budget is spent, the
** next instruction of the script raises its error again). */
static void run_finalizers (lua_State *L) {
  int top = lua_gettop(L);
  for (;;) {
    lua_pushcfunction(L, next_finalizer);
    lua_call(L, 0, 2);
    if (lua_isnil(L, -2)) {
      lua_settop(L, top);
      return;
    }
    lua_pcall(L, 1, 0, 0);
    lua_settop(L, top);
  }
}


/* collectgarbage(opt [, arg]) for specs: collections and counts are
** Lua's; "stop" and the modes change nothing (the collector always runs,
** as one script must not stop it for the others and a stopped collector
** cannot free what a memory limit needs). */
static int spec_collectgarbage (lua_State *L) {
  static const char *const options[] = {
    "stop", "restart", "collect", "count", "step", "setpause", "setstepmul",
    "isrunning", "generational", "incremental", NULL
  };
  int option = luaL_checkoption(L, 1, "collect", options);
  switch (option) {
    case 2: {  /* collect: charged, as a loop of them must end */
      size_t held = bh__host(L)->used;
      lua_gc(L, LUA_GCCOLLECT);
      bh__charge_collection(L, held);
      run_finalizers(L);
      lua_pushinteger(L, 0);
      return 1;
    }
    case 3: {  /* count */
      int k = lua_gc(L, LUA_GCCOUNT);
      int b = lua_gc(L, LUA_GCCOUNTB);
      lua_pushnumber(L, (lua_Number)k + ((lua_Number)b / 1024));
      return 1;
    }
    case 4: {  /* step */
      int step = (int)luaL_optinteger(L, 2, 0);
      size_t held = bh__host(L)->used;
      int done = lua_gc(L, LUA_GCSTEP, step);
      if (done)  /* a cycle ended in it: at most a collection's work */
        bh__charge_collection(L, held);
      run_finalizers(L);
      lua_pushboolean(L, done);
      return 1;
    }
    case 7:  /* isrunning */
      lua_pushboolean(L, 1);
      return 1;
    case 8: case 9:  /* generational, incremental: the mode stays */
      lua_pushliteral(L, "incremental");
      return 1;
    default:  /* stop, restart, setpause, setstepmul */
      lua_pushinteger(L, 0);
      return 1;
  }
}


/* position(): the position ("file:line: ", or "" for a C function) of the
** innermost frame outside the spec runner's own code (chunks "=behave")
** and the dispatchers of live metatables, and the level at which the
** function that called position() would raise an error there. */
static int spec_position (lua_State *L) {
  lua_Debug ar;
  int level;
  for (level = 1; lua_getstack(L, level, &ar); level++) {
    if (bh__in_dispatcher(L, &ar) || !lua_getinfo(L, "Sl", &ar))
      continue;
    if (ar.source != NULL && strcmp(ar.source, "=behave") == 0)
      continue;
    if (ar.currentline > 0)
      lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
    else
      lua_pushliteral(L, "");
    lua_pushinteger(L, level);
    return 2;
  }
  lua_pushliteral(L, "");
  lua_pushinteger(L, 1);
  return 2;
}


/* line(level): the current line of the function 'level' frames above
** the caller of line (1: the caller itself), 0 for C code. */
static int spec_line (lua_State *L) {
  lua_Debug ar;
  if (lua_getstack(L, (int)luaL_checkinteger(L, 1), &ar) &&
      lua_getinfo(L, "l", &ar) && ar.currentline > 0)
    lua_pushinteger(L, ar.currentline);
  else
    lua_pushinteger(L, 0);
  return 1;
}


/* located(err): the message handler of the assertions that catch errors:
** { err = err, where = n }, n the bytes of the position Lua put at the
** head of the message (0 when none), so that the text is compared
** without it. */
static int spec_located (lua_State *L) {
  size_t where;
  lua_settop(L, 1);
  where = bh__error_where(L);
  lua_createtable(L, 0, 2);
  lua_pushvalue(L, 1);
  lua_setfield(L, -2, "err");
  lua_pushinteger(L, (lua_Integer)where);
  lua_setfield(L, -2, "where");
  return 1;
}


/* caught(err): the message handler of the runner's xpcall: the error as it
** is, its position noted for when the runner raises it again. */
static int spec_caught (lua_State *L) {
  lua_settop(L, 1);
  bh__note_caught(L);
  return 1;
}


void bh_push_spec_gc (lua_State *L) {
  lua_createtable(L, 0, 7);
  lua_pushcfunction(L, spec_caught);
  lua_setfield(L, -2, "caught");
  lua_pushcfunction(L, spec_located);
  lua_setfield(L, -2, "located");
  lua_pushcfunction(L, spec_line);
  lua_setfield(L, -2, "line");
  lua_pushcfunction(L, spec_position);
  lua_setfield(L, -2, "position");
  lua_pushcfunction(L, spec_collectgarbage);
  lua_setfield(L, -2, "collectgarbage");
  lua_pushcfunction(L, next_finalizer);
  lua_setfield(L, -2, "finalizer");
  bh_push_plain_setmetatable(L);
  lua_setfield(L, -2, "plainSetmetatable");
}

/* }====================================================== */
