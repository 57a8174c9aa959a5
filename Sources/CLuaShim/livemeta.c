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
** A __gc present when setmetatable runs gets a finalizer of ours: it only
** queues the object (finalizers run where the budget cannot stop them);
** the spec runner calls the original's __gc for it later, as script code
** under a budget (bh_push_spec_gc).
*/
#include <string.h>

#include "bh_internal.h"


const char bh__key_original = 'o';     /* field of a live copy: its original */
static const char key_dispatchers = 'd';   /* event name -> dispatcher */
static const char key_finalizers = 'f';    /* queue: object, original, ... */


/* Pushes the original of the value at 'idx' when its metatable is a live
** copy; returns 0 (nothing pushed) otherwise. Other metatables (the
** strings', the host's) are never asked: the VM asks them itself before
** it reaches a dispatcher, and the strings' own arithmetic calls the
** dispatcher of the other operand, which must not call it back. */
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


/* Pushes the metamethod 'event' of the value at 'idx' (raw, from its
** original); returns 0 (nothing pushed) when there is none. */
static int push_handler (lua_State *L, int idx, const char *event) {
  if (!push_original(L, idx))
    return 0;
  lua_pushstring(L, event);
  if (lua_rawget(L, -2) == LUA_TNIL) {
    lua_pop(L, 2);
    return 0;
  }
  lua_remove(L, -2);
  return 1;
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


/* Raises "attempt to <what>" at the script's line that caused it. */
static int op_error (lua_State *L, const char *what) {
  luaL_where(L, 1);
  lua_pushstring(L, what);
  lua_concat(L, 2);
  return lua_error(L);
}


/* Whether the value at 'idx' has a live copy as its metatable. */
static int has_live_copy (lua_State *L, int idx) {
  int live;
  if (!lua_getmetatable(L, idx))
    return 0;
  live = (lua_rawgetp(L, -1, &bh__key_original) != LUA_TNIL);
  lua_pop(L, 2);
  return live;
}


/* t[k] past the raw fields, as the VM follows __index: from table to
** table without recursion, calling a function where the chain reaches
** one (with the table it was reached from). */
static int live_index (lua_State *L) {
  int i;
  lua_settop(L, 2);  /* t, k */
  lua_pushvalue(L, 1);  /* 3: where the chain is */
  if (!push_handler(L, 3, "__index"))  /* 4: its handler */
    return 0;
  for (i = 0; i < MAX_CHAIN; i++) {
    if (lua_type(L, 4) == LUA_TFUNCTION) {
      lua_pushvalue(L, 4);
      lua_pushvalue(L, 3);
      lua_pushvalue(L, 2);
      lua_callk(L, 2, 1, 4, finish);
      return finish(L, LUA_OK, 4);
    }
    if (lua_type(L, 4) != LUA_TTABLE) {  /* another callable: the VM's way */
      lua_pushvalue(L, 2);
      lua_gettable(L, 4);
      return 1;
    }
    lua_pushvalue(L, 2);
    if (lua_rawget(L, 4) != LUA_TNIL)
      return 1;
    lua_pop(L, 1);
    lua_replace(L, 3);  /* the chain moves on to the handler */
    if (!has_live_copy(L, 3)) {
      if (!lua_getmetatable(L, 3))
        return 0;
      lua_pop(L, 1);  /* a metatable not of ours: the VM's way */
      lua_pushvalue(L, 2);
      lua_gettable(L, 3);
      return 1;
    }
    if (!push_handler(L, 3, "__index"))
      return 0;
  }
  return op_error(L, "'__index' chain too long; possible loop");
}


/* t[k] = v past the raw fields, as the VM follows __newindex: a table
** that has the key takes the value, else its own __newindex is followed. */
static int live_newindex (lua_State *L) {
  int i;
  lua_settop(L, 3);  /* t, k, v */
  lua_pushvalue(L, 1);  /* 4: where the chain is */
  if (!push_handler(L, 4, "__newindex")) {  /* 5: its handler */
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 0;
  }
  for (i = 0; i < MAX_CHAIN; i++) {
    if (lua_type(L, 5) == LUA_TFUNCTION) {
      lua_pushvalue(L, 5);
      lua_pushvalue(L, 4);
      lua_pushvalue(L, 2);
      lua_pushvalue(L, 3);
      lua_callk(L, 3, 0, 5, finish);
      return 0;
    }
    if (lua_type(L, 5) != LUA_TTABLE) {  /* another callable: the VM's way */
      lua_pushvalue(L, 2);
      lua_pushvalue(L, 3);
      lua_settable(L, 5);
      return 0;
    }
    lua_pushvalue(L, 2);
    if (lua_rawget(L, 5) != LUA_TNIL) {
      lua_settop(L, 5);
      lua_pushvalue(L, 2);
      lua_pushvalue(L, 3);
      lua_rawset(L, 5);
      return 0;
    }
    lua_pop(L, 1);
    lua_replace(L, 4);  /* the chain moves on to the handler */
    if (!has_live_copy(L, 4) && lua_getmetatable(L, 4)) {
      lua_pop(L, 1);  /* a metatable not of ours: the VM's way */
      lua_pushvalue(L, 2);
      lua_pushvalue(L, 3);
      lua_settable(L, 4);
      return 0;
    }
    if (!push_handler(L, 4, "__newindex")) {
      lua_settop(L, 4);
      lua_pushvalue(L, 2);
      lua_pushvalue(L, 3);
      lua_rawset(L, 4);
      return 0;
    }
  }
  return op_error(L, "'__newindex' chain too long; possible loop");
}


/* The handler of 'event' for a binary operation (the first operand's,
** else the second's), pushed; 0 when neither has one. */
static int push_binary_handler (lua_State *L, const char *event) {
  return push_handler(L, 1, event) || push_handler(L, 2, event);
}


static int is_numeric (lua_State *L, int idx) {
  return lua_type(L, idx) == LUA_TNUMBER ||
         (lua_type(L, idx) == LUA_TSTRING && lua_isnumber(L, idx));
}


/* Arithmetic and bitwise operations: upvalue 1 is the event, upvalue 2
** true for a bitwise one. */
static int live_arith (lua_State *L) {
  const char *event = lua_tostring(L, lua_upvalueindex(1));
  int wrong;
  lua_settop(L, 2);
  if (push_binary_handler(L, event))
    return call_handler(L, 2, 1);
  wrong = is_numeric(L, 1) ? 2 : 1;
  lua_pushfstring(L, "attempt to perform %s on a %s value",
                  lua_toboolean(L, lua_upvalueindex(2)) ? "bitwise operation" : "arithmetic",
                  luaL_typename(L, wrong));
  return op_error(L, lua_tostring(L, -1));
}


static int live_compare (lua_State *L) {
  const char *event = lua_tostring(L, lua_upvalueindex(1));
  const char *t1, *t2;
  lua_settop(L, 2);
  if (push_binary_handler(L, event))
    return call_handler(L, 2, 1);
  t1 = luaL_typename(L, 1);
  t2 = luaL_typename(L, 2);
  if (strcmp(t1, t2) == 0)
    lua_pushfstring(L, "attempt to compare two %s values", t1);
  else
    lua_pushfstring(L, "attempt to compare %s with %s", t1, t2);
  return op_error(L, lua_tostring(L, -1));
}


static int live_eq (lua_State *L) {
  lua_settop(L, 2);
  if (push_binary_handler(L, "__eq"))
    return call_handler(L, 2, 1);
  lua_pushboolean(L, 0);
  return 1;
}


/* __unm and __bnot (the VM passes the operand twice); upvalues as for
** live_arith. */
static int live_unary (lua_State *L) {
  const char *event = lua_tostring(L, lua_upvalueindex(1));
  lua_settop(L, 2);
  if (push_handler(L, 1, event))
    return call_handler(L, 2, 1);
  lua_pushfstring(L, "attempt to perform %s on a %s value",
                  lua_toboolean(L, lua_upvalueindex(2)) ? "bitwise operation" : "arithmetic",
                  luaL_typename(L, 1));
  return op_error(L, lua_tostring(L, -1));
}


static int live_len (lua_State *L) {
  lua_settop(L, 2);
  if (push_handler(L, 1, "__len"))
    return call_handler(L, 2, 1);
  lua_pushinteger(L, (lua_Integer)lua_rawlen(L, 1));
  return 1;
}


static int live_call (lua_State *L) {
  int n = lua_gettop(L);
  if (!push_handler(L, 1, "__call")) {
    lua_pushfstring(L, "attempt to call a %s value", luaL_typename(L, 1));
    return op_error(L, lua_tostring(L, -1));
  }
  return call_handler(L, n, LUA_MULTRET);
}


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
  if (!push_binary_handler(L, "__concat")) {
    lua_pushfstring(L, "attempt to concatenate a %s value",
                    luaL_typename(L, wrong));
    return op_error(L, lua_tostring(L, -1));
  }
  if (!bh__concat_last_step(L)) {
    lua_pushfstring(L, "attempt to concatenate a %s value: __concat runs only "
                       "for the leftmost '..' of a chain (elsewhere Lua 5.4.4 "
                       "can use freed memory); group the chain from the left: "
                       "(a .. b) .. c", luaL_typename(L, wrong));
    return op_error(L, lua_tostring(L, -1));
  }
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


static const struct { const char *event; lua_CFunction f; int bitwise; } dispatchers[] = {
  {"__index", live_index, 0}, {"__newindex", live_newindex, 0},
  {"__add", live_arith, 0}, {"__sub", live_arith, 0}, {"__mul", live_arith, 0},
  {"__div", live_arith, 0}, {"__mod", live_arith, 0}, {"__pow", live_arith, 0},
  {"__idiv", live_arith, 0}, {"__band", live_arith, 1}, {"__bor", live_arith, 1},
  {"__bxor", live_arith, 1}, {"__shl", live_arith, 1}, {"__shr", live_arith, 1},
  {"__unm", live_unary, 0}, {"__bnot", live_unary, 1},
  {"__lt", live_compare, 0}, {"__le", live_compare, 0}, {"__eq", live_eq, 0},
  {"__len", live_len, 0}, {"__call", live_call, 0},
  {"__tostring", live_tostring, 0}, {"__pairs", live_pairs, 0},
  {"__concat", live_concat, 0},
  {NULL, NULL, 0}
};


void bh_enable_spec_metatables (lua_State *L) {
  int i;
  lua_createtable(L, 0, 24);
  for (i = 0; dispatchers[i].event != NULL; i++) {
    lua_pushstring(L, dispatchers[i].event);
    lua_pushboolean(L, dispatchers[i].bitwise);
    lua_pushcclosure(L, dispatchers[i].f, 2);
    lua_setfield(L, -2, dispatchers[i].event);
  }
  lua_pushcfunction(L, live_gc);
  lua_setfield(L, -2, "__gc");
  lua_rawsetp(L, LUA_REGISTRYINDEX, &key_dispatchers);
  lua_newtable(L);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &key_finalizers);
  bh__host(L)->live_metatables = 1;
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
    case 2:  /* collect */
      lua_gc(L, LUA_GCCOLLECT);
      run_finalizers(L);
      lua_pushinteger(L, 0);
      return 1;
    case 3: {  /* count */
      int k = lua_gc(L, LUA_GCCOUNT);
      int b = lua_gc(L, LUA_GCCOUNTB);
      lua_pushnumber(L, (lua_Number)k + ((lua_Number)b / 1024));
      return 1;
    }
    case 4: {  /* step */
      int step = (int)luaL_optinteger(L, 2, 0);
      int done = lua_gc(L, LUA_GCSTEP, step);
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


/* Whether the function of frame 'ar' (its "f" pushed) is a dispatcher. */
static int is_dispatcher (lua_CFunction f) {
  int i;
  if (f == NULL)
    return 0;
  for (i = 0; dispatchers[i].event != NULL; i++)
    if (dispatchers[i].f == f)
      return 1;
  return f == live_gc;
}


/* position(): the position ("file:line: ", or "" for a C function) of the
** innermost frame outside the spec runner's own code (chunks "=behave")
** and the dispatchers of live metatables, and the level at which the
** function that called position() would raise an error there. */
static int spec_position (lua_State *L) {
  lua_Debug ar;
  int level;
  for (level = 1; lua_getstack(L, level, &ar); level++) {
    int skip;
    if (!lua_getinfo(L, "Slf", &ar))
      break;
    skip = (ar.source != NULL && strcmp(ar.source, "=behave") == 0) ||
           (ar.what[0] == 'C' && is_dispatcher(lua_tocfunction(L, -1)));
    lua_pop(L, 1);
    if (skip)
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
  lua_createtable(L, 0, 6);
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
}

/* }====================================================== */
