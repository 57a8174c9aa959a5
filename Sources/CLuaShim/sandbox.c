/*
** sandbox.c: the libraries a script may see, the per-behaviour
** environment, and the sandbox's own setmetatable, xpcall and
** coroutine.close (math.randomseed is random.c's).
*/
#include <string.h>

#include "bh_internal.h"


/* Base functions a script may use, as they are (setmetatable and xpcall
** are replaced below). */
static const char *const safe_base[] = {
  "assert", "error", "getmetatable", "ipairs", "next", "pairs", "pcall",
  "rawequal", "rawget", "rawlen", "rawset", "select", "setmetatable",
  "tonumber", "tostring", "type", "xpcall", "_VERSION", NULL
};

/* Base functions removed even from the real global table, so that a chunk
** left with its default _ENV is no more dangerous than a sandboxed one. */
static const char *const unsafe_base[] = {
  "collectgarbage", "dofile", "load", "loadfile", "print", "warn", NULL
};

/* Libraries copied into each environment. */
static const char *const safe_libs[] = {
  LUA_STRLIBNAME, LUA_TABLIBNAME, LUA_MATHLIBNAME, LUA_UTF8LIBNAME,
  LUA_COLIBNAME, NULL
};


/* t[k] = v with v on top (popped), raw; t is an absolute index. */
static void rawsetfield (lua_State *L, int t, const char *k) {
  lua_pushstring(L, k);
  lua_insert(L, -2);
  lua_rawset(L, t);
}


/* Pushes t[k], raw; returns its type. */
static int rawgetfield (lua_State *L, int t, const char *k) {
  lua_pushstring(L, k);
  return lua_rawget(L, t);
}


/* Copies every field of table 'from' into table 'to', raw. */
static void copy_fields (lua_State *L, int from, int to) {
  from = lua_absindex(L, from);
  to = lua_absindex(L, to);
  lua_pushnil(L);
  while (lua_next(L, from)) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, to);
  }
}


/*
** {======================================================
** setmetatable
** =======================================================
*/

/*
** A script's metatable is never installed itself: the object gets a
** private raw copy of its metamethods, so that later changes to the
** original (adding __gc or __concat, making it weak with __mode, emptying
** the table behind a weak __newindex) cannot reach the VM. This defends
** against bugs of Lua 5.4.4 that plain script code can trigger. The copy
** holds __metatable = original, so getmetatable still returns the original;
** a marker field tells our copies from metatables protected by the script.
** Methods added later to a class table reached through __index still work,
** since __index refers to the original class table.
*/

static const char *const copied_fields[] = {
  "__index", "__newindex", "__mode", "__len", "__eq", "__lt", "__le",
  "__unm", "__add", "__sub", "__mul", "__div", "__mod", "__pow", "__idiv",
  "__band", "__bor", "__bxor", "__shl", "__shr", "__bnot", "__call",
  "__tostring", "__name", "__pairs", NULL
};

/* __gc and __close run code where the count hook does not run; __concat
** triggers a use-after-free in Debian's 5.4.4 (concatstep.c). */
static const char *const refused_fields[] = {
  "__gc", "__concat", "__close", NULL
};

/* sb_setmetatable's upvalues: the field names above, as an array (copied
** fields, then __metatable, then refused fields), and the cache of copies,
** weak in its keys (the originals). */
#define NAMES       lua_upvalueindex(1)
#define CACHE       lua_upvalueindex(2)
#define NCOPIED     ((int)(sizeof(copied_fields) / sizeof(copied_fields[0])) - 1)
#define I_METATABLE (NCOPIED + 1)
#define I_REFUSED   (NCOPIED + 2)


/* Pushes t[name i], raw; returns its type. */
static int getmeta (lua_State *L, int t, int i) {
  lua_rawgeti(L, NAMES, i);
  return lua_rawget(L, t);
}


/* Pushes what the copy of 'mt' must hold as __metatable. */
static void push_guard (lua_State *L, int mt) {
  if (getmeta(L, mt, I_METATABLE) == LUA_TNIL) {
    lua_pop(L, 1);
    lua_pushvalue(L, mt);
  }
}


/* Does 'copy' hold what 'mt' needs as __metatable now? */
static int same_guard (lua_State *L, int mt, int copy) {
  int same;
  push_guard(L, mt);
  getmeta(L, copy, I_METATABLE);
  same = lua_rawequal(L, -1, -2);
  lua_pop(L, 2);
  return same;
}


/* Does 'copy' (made earlier from 'mt') still match 'mt'? */
static int is_current_copy (lua_State *L, int mt, int copy) {
  int i, same;
  for (i = 1; i <= NCOPIED; i++) {
    getmeta(L, mt, i);
    getmeta(L, copy, i);
    same = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    if (!same)
      return 0;
  }
  return same_guard(L, mt, copy);
}


/* The fields a live copy (livemeta.c) keeps as they were: the weak mode
** and the name; every metamethod is looked up when it runs. */
static const char *const live_snapshot[] = { "__mode", "__name", "__gc", NULL };

/* Does the live 'copy' (made earlier from 'mt') still match 'mt'? */
static int is_current_live_copy (lua_State *L, int mt, int copy) {
  const char *const *f;
  int same;
  for (f = live_snapshot; *f != NULL; f++) {
    int in_mt = (rawgetfield(L, mt, *f) != LUA_TNIL);
    int in_copy = (rawgetfield(L, copy, *f) != LUA_TNIL);
    /* __gc: only whether there is one (the copy's is ours) */
    same = (strcmp(*f, "__gc") == 0) ? (in_mt == in_copy) : lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    if (!same)
      return 0;
  }
  return same_guard(L, mt, copy);
}

/* Pushes the private copy of the metatable at 'mt' (absolute index),
** reusing the cached one while it is still faithful. */
static void push_private_copy (lua_State *L, int mt) {
  int i, copy;
  int live = bh__host(L)->live_metatables;
  lua_pushvalue(L, mt);
  if (lua_rawget(L, CACHE) == LUA_TTABLE &&
      (live ? is_current_live_copy(L, mt, lua_gettop(L)) : is_current_copy(L, mt, lua_gettop(L))))
    return;
  lua_pop(L, 1);
  lua_createtable(L, 0, 4);
  copy = lua_gettop(L);
  if (live) {
    const char *const *f;
    for (f = live_snapshot; *f != NULL; f++) {
      if (strcmp(*f, "__gc") == 0)
        continue;  /* ours, when the original has one */
      if (rawgetfield(L, mt, *f) != LUA_TNIL)
        rawsetfield(L, copy, *f);
      else
        lua_pop(L, 1);
    }
    bh__fill_live_copy(L, mt);
  }
  for (i = 1; i <= NCOPIED && !live; i++) {
    lua_rawgeti(L, NAMES, i);
    lua_pushvalue(L, -1);
    if (lua_rawget(L, mt) == LUA_TNIL)
      lua_pop(L, 2);
    else
      lua_rawset(L, copy);
  }
  if (getmeta(L, mt, I_METATABLE) == LUA_TNIL) {
    lua_pushboolean(L, 1);  /* not protected by the script: mark it ours */
    lua_rawsetp(L, copy, &bh__key_copy);
  }
  lua_pop(L, 1);
  lua_rawgeti(L, NAMES, I_METATABLE);
  push_guard(L, mt);
  lua_rawset(L, copy);
  lua_pushvalue(L, mt);
  lua_pushvalue(L, copy);
  lua_rawset(L, CACHE);  /* weak keys: the cache keeps no original alive */
}


static int sb_setmetatable (lua_State *L) {
  int t = lua_type(L, 2);
  int i;
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
  lua_settop(L, 2);
  bh__fill_env(L, 1);  /* an environment gets the plain table's metatable */
  if (lua_getmetatable(L, 1)) {  /* may the current one be replaced? */
    int ours = (lua_rawgetp(L, 3, &bh__key_copy) != LUA_TNIL);
    int guarded = (getmeta(L, 3, I_METATABLE) != LUA_TNIL);
    if (guarded && !ours)
      return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
  }
  if (t == LUA_TTABLE) {
    int live = bh__host(L)->live_metatables;
    for (i = I_REFUSED; refused_fields[i - I_REFUSED] != NULL; i++) {
      const char *field = refused_fields[i - I_REFUSED];
      /* a spec's state queues __gc and runs __concat only where it is
         safe (livemeta.c) */
      int allowed = live && strcmp(field, "__close") != 0;
      if (getmeta(L, 2, i) != LUA_TNIL && !allowed)
        return luaL_error(L, "setmetatable: %s is not allowed in the sandbox", field);
      lua_pop(L, 1);
    }
    push_private_copy(L, 2);
  }
  else
    lua_pushnil(L);
  lua_setmetatable(L, 1);
  lua_settop(L, 1);
  return 1;
}


/*
** {======================================================
** rawset
** =======================================================
*/

/* rawset, refusing the tables the host hands out read-only (a module's
** view, which every behaviour of a scene shares; another behaviour's
** `self`): their __newindex refuses changes, and rawset must not get
** around it. Each view's entry is { what it is, the fix }. */
static int sb_rawset (lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checkany(L, 2);
  luaL_checkany(L, 3);
  lua_settop(L, 3);
  bh__fill_env(L, 1);  /* environment.c */
  lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_readonly);
  lua_pushvalue(L, 1);
  if (lua_rawget(L, -2) == LUA_TTABLE) {
    /* The key as the view's own refusal names it (views.lua): its text,
    ** or its type, never through a metamethod. */
    int refusal = lua_gettop(L);
    switch (lua_type(L, 2)) {
      case LUA_TSTRING: case LUA_TNUMBER:
        lua_pushvalue(L, 2);  /* a copy to turn into text, as tostring would */
        lua_pushfstring(L, "'%s'", lua_tostring(L, -1));
        break;
      case LUA_TBOOLEAN:
        lua_pushstring(L, lua_toboolean(L, 2) ? "'true'" : "'false'");
        break;
      default:
        lua_pushfstring(L, "a %s key", luaL_typename(L, 2));
        break;
    }
    lua_rawgeti(L, refusal, 1);
    lua_rawgeti(L, refusal, 2);
    return luaL_error(L, "%s (setting %s); %s", lua_tostring(L, -2), lua_tostring(L, -3), lua_tostring(L, -1));
  }
  lua_settop(L, 3);
  lua_rawset(L, 1);
  return 1;
}


void bh_push_readonly_tables (lua_State *L) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_readonly);
}

/* }====================================================== */


/* Pushes sb_setmetatable with its upvalues. */
static void push_setmetatable (lua_State *L) {
  const char *const *f;
  int i = 0;
  lua_createtable(L, NCOPIED + 4, 0);
  for (f = copied_fields; *f != NULL; f++) {
    lua_pushstring(L, *f);
    lua_rawseti(L, -2, ++i);
  }
  lua_pushliteral(L, "__metatable");
  lua_rawseti(L, -2, ++i);
  for (f = refused_fields; *f != NULL; f++) {
    lua_pushstring(L, *f);
    lua_rawseti(L, -2, ++i);
  }
  lua_createtable(L, 0, 0);  /* the cache */
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_pushcclosure(L, sb_setmetatable, 2);
}

/* }====================================================== */


/*
** {======================================================
** xpcall
** =======================================================
*/

/* How deep an error inside the message handler may call the handler again
** before xpcall gives up with "error in error handling". Lua itself goes
** on until the C stack is exhausted, which in 5.4.4 can crash; a handler
** that raises every time gets the same answer either way. */
#define HANDLER_MAX_NESTING  8

/*
** Runs the script's message handler for xpcall. Once the slice is spent
** the handler is not called (after an error raised by the hook, hooks are
** off while a handler runs, so a looping handler could never be stopped):
** the limit's message goes on as it is. Upvalues: the handler, and how
** many times this xpcall's handler has been entered. The handler's first
** error of its own (the one it is entered again for: `debug.traceback`
** in a spec, which has no `debug`) is noted, for a report to tell when
** xpcall gives up, as Lua's message names no cause.
*/
int bh__guard_handler (lua_State *L) {
  bh_host *h = bh__host(L);
  lua_Integer entered = lua_tointeger(L, lua_upvalueindex(2));
  bh__settle_refusal(h);  /* raised after a refusal: the limit's */
  if (h->spent != BH_LIMIT_NONE) {
    lua_settop(L, 1);
    return 1;
  }
  if (entered == 1) {
    lua_pushvalue(L, 1);
    bh__note_handler_failure(L);
    lua_pop(L, 1);
  }
  if (entered >= HANDLER_MAX_NESTING) {
    h->handler_gave_up = 1;
    lua_pushliteral(L, "error in error handling");
    return 1;
  }
  lua_pushinteger(L, entered + 1);
  lua_replace(L, lua_upvalueindex(2));
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}


/* What xpcall returns, once the protected call is over (also after a
** yield inside it). Slot 1 holds the guard, slot 2 'true'. */
static int xpcall_results (lua_State *L, int status, lua_KContext guard) {
  if (status == LUA_OK || status == LUA_YIELD)
    return lua_gettop(L) - (int)guard;  /* true, then the results */
  lua_pushboolean(L, 0);
  lua_rotate(L, -2, 1);  /* false, then the error */
  return 2;
}


static int sb_xpcall (lua_State *L) {
  int nargs = lua_gettop(L) - 2;
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, bh__guard_handler, 2);
  lua_pushboolean(L, 1);
  lua_rotate(L, 1, 2);   /* guard, true, f, handler, args... */
  lua_rotate(L, 4, -1);
  lua_pop(L, 1);         /* guard, true, f, args... */
  return xpcall_results(L, lua_pcallk(L, nargs, LUA_MULTRET, 1, 1,
                                      xpcall_results), 1);
}

/* }====================================================== */


/*
** {======================================================
** coroutine.close
** =======================================================
*/

/* What coroutine.status would say of 'co', seen from L. */
static const char *coroutine_state (lua_State *L, lua_State *co) {
  lua_Debug ar;
  if (co == L)
    return "running";
  switch (lua_status(co)) {
    case LUA_YIELD:
      return "suspended";
    case LUA_OK:
      if (lua_getstack(co, 0, &ar))
        return "normal";  /* it resumed another coroutine */
      return (lua_gettop(co) == 0) ? "dead" : "suspended";
    default:
      return "dead";  /* it ended with an error */
  }
}


/* The thread argument of coroutine.resume or coroutine.close; raises
** when it is a thread only the host may resume or close. */
static lua_State *script_thread (lua_State *L, const char *refusal) {
  int reserved;
  luaL_checktype(L, 1, LUA_TTHREAD);
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_hostthreads) == LUA_TTABLE) {
    lua_pushvalue(L, 1);
    reserved = (lua_rawget(L, -2) != LUA_TNIL);
    lua_pop(L, 2);
    if (reserved)
      luaL_error(L, "%s", refusal);
  }
  else
    lua_pop(L, 1);
  return lua_tothread(L, 1);
}


/*
** The fronts below do their part, then run Lua's own function (their
** upvalue, a light C function, which has no upvalues of its own to miss)
** in their own frame, as a plain C call: through lua_call, a C frame of
** ours would stand between it and the script, and its argument errors
** would name the function '?' and lose the script's line.
*/
static int call_through (lua_State *L) {
  return lua_tocfunction(L, lua_upvalueindex(1))(L);
}


/*
** Resumes 'co' with the 'nargs' values on top of L, and notes while it runs
** that it is the thread running script code (the watchdog arms that one's
** hook: budget.c). Leaves on L what co yielded or returned and returns how
** many, or leaves the error and returns -1. lua_resume itself refuses a
** coroutine that is not suspended, with the stock messages; nothing here
** raises, so the note is always undone.
*/
static int resume_script (lua_State *L, lua_State *co, int nargs) {
  bh_host *h = bh__host(L);
  lua_State *outer;
  int status, nresults;
  if (!lua_checkstack(co, nargs)) {
    lua_pop(L, nargs);
    lua_pushliteral(L, "too many arguments to resume");
    return -1;
  }
  lua_xmove(L, co, nargs);
  outer = bh__enter(h, co);
  status = lua_resume(co, L, nargs, &nresults);
  bh__leave(h, outer);
  if (status != LUA_OK && status != LUA_YIELD) {
    bh__settle_refusal(h);  /* its end was the memory limit's error */
    /* a limit stopped it: its place, while its frames are there (the
       error goes on in L, which would name the line that resumed it) */
    if (bh_limit_reason(L) != BH_LIMIT_NONE)
      bh__note_spent_where(L, co, 0);
    lua_xmove(co, L, 1);  /* the error */
    return -1;
  }
  if (!lua_checkstack(L, nresults + 1)) {
    lua_pop(co, nresults);
    lua_pushliteral(L, "too many results to resume");
    return -1;
  }
  lua_xmove(co, L, nresults);
  return nresults;
}


/* coroutine.resume, refusing handler threads: true and what the coroutine
** yielded or returned, or false and the error; a limit's error goes on in
** the caller. It is the function scripts call, so its argument errors name
** it at the script's line. */
static int sb_coresume (lua_State *L) {
  lua_State *co = script_thread(L, "coroutine.resume: this is a handler's "
                                   "coroutine, which Behave resumes (use "
                                   "wait, after or an event)");
  int n = resume_script(L, co, lua_gettop(L) - 1);
  if (n < 0 && bh_limit_reason(L) != BH_LIMIT_NONE)
    return bh__pass_spent(L);
  lua_pushboolean(L, n >= 0);
  lua_insert(L, n >= 0 ? -n - 1 : -2);
  return n >= 0 ? n + 1 : 2;
}


/* coroutine.create, charging the new coroutine a whole count window: it
** starts a fresh count, so a loop of short coroutines would never reach a
** count event. */
static int sb_cocreate (lua_State *L) {
  bh__charge(L, BH_HOOK_COUNT);
  return call_through(L);
}


/* The function coroutine.wrap returns: resumes its coroutine (upvalue 1)
** and returns what it yields or returns; an error in it ends it (its
** to-be-closed variables are closed) and goes on in the caller, a message
** with the caller's position in front. */
static int sb_wrapped (lua_State *L) {
  lua_State *co = lua_tothread(L, lua_upvalueindex(1));
  int n = resume_script(L, co, lua_gettop(L));
  int status;
  if (n >= 0)
    return n;
  status = lua_status(co);
  if (status != LUA_OK && status != LUA_YIELD) {  /* it failed: end it */
    status = lua_resetthread(co);
    lua_pop(L, 1);
    lua_xmove(co, L, 1);  /* the error it ended with */
  }
  if (bh_limit_reason(L) != BH_LIMIT_NONE)
    return bh__pass_spent(L);  /* as it is: a spent slice gets no memory */
  if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
  }
  return lua_error(L);
}


/* coroutine.wrap: the coroutine coroutine.create makes (Lua's create is
** the upvalue; charged as sb_cocreate charges it), behind sb_wrapped. */
static int sb_cowrap (lua_State *L) {
  sb_cocreate(L);
  lua_pushcclosure(L, sb_wrapped, 1);
  return 1;
}


/*
** Fronts of the library functions that fill a library's buffer (lauxlib's),
** which the limit refuses with no collection first: each makes room first
** for at most what its buffer may take (bh__make_room). A buffer that
** grows as it goes doubles, so it may take twice what it holds.
*/

/* Adds, saturating: a bound too large for size_t only collects. */
static size_t add_bytes (size_t a, size_t b) {
  return (a > (size_t)-1 - b) ? (size_t)-1 : a + b;
}

static size_t twice (size_t a) {
  return add_bytes(a, a);
}


/* string.upper, lower and reverse: a buffer as long as their string. */
static int sb_samesize (lua_State *L) {
  if (lua_type(L, 1) == LUA_TSTRING)
    bh__make_room(L, lua_rawlen(L, 1));
  return call_through(L);
}


/* string.char (a byte each) and utf8.char (a growing buffer of up to 8
** bytes each): bytes for each argument, the upvalue 2. */
static int sb_per_argument (lua_State *L) {
  size_t each = (size_t)lua_tointeger(L, lua_upvalueindex(2));
  bh__make_room(L, (size_t)lua_gettop(L) * each);
  return call_through(L);
}


/* string.format, whose buffer grows to at most: its format, and for each
** argument a string's length (four times, and quotes, when the format may
** have a %q: a byte may become "\ddd") and a width's padding (widths go
** to 99), or what a number takes (Lua asks for 418 free bytes for a %f).
** A table or userdata a '%s' shows is made its string first, whose length
** only its __tostring knows (formatstrings.c). */
#define FORMAT_ITEM  512
static int sb_format (lua_State *L) {
  size_t len = 0, bytes;
  int i, n = lua_gettop(L), quoted, shown = 0;
  const char *f = (lua_type(L, 1) == LUA_TSTRING) ? lua_tolstring(L, 1, &len)
                                                  : NULL;
  quoted = f != NULL && memchr(f, 'q', len) != NULL;
  bytes = len;
  for (i = 2; i <= n; i++) {
    int t = lua_type(L, i);
    if ((t == LUA_TTABLE || t == LUA_TUSERDATA) && f != NULL && !shown) {
      shown = 1;
      bh__format_strings(L, f, len);
      t = lua_type(L, i);
    }
    if (t != LUA_TSTRING)
      bytes = add_bytes(bytes, FORMAT_ITEM);
    else {
      size_t l = lua_rawlen(L, i);
      bytes = add_bytes(bytes, add_bytes(quoted ? twice(twice(l)) : l, 101));
    }
  }
  bh__make_room(L, twice(bytes));
  return call_through(L);
}


/* string.pack, whose buffer grows to at most: for each option of its
** format, its size (the number written after it: "c900000" pads to that)
** or 16 bytes, and 16 bytes of alignment; and its strings' lengths. */
static int sb_pack (lua_State *L) {
  size_t len = 0, bytes = 0, i, size;
  int arg, n = lua_gettop(L);
  const char *f = (lua_type(L, 1) == LUA_TSTRING) ? lua_tolstring(L, 1, &len)
                                                  : NULL;
  for (i = 0; f != NULL && i < len; i++) {
    if (f[i] < '0' || f[i] > '9') {
      bytes = add_bytes(bytes, 32);
      continue;
    }
    for (size = 0; i < len && f[i] >= '0' && f[i] <= '9'; i++)
      size = (size > (size_t)-1 / 16) ? (size_t)-1 / 16
                                      : size * 10 + (size_t)(f[i] - '0');
    bytes = add_bytes(bytes, size);
    i--;
  }
  for (arg = 2; arg <= n; arg++)
    if (lua_type(L, arg) == LUA_TSTRING)
      bytes = add_bytes(bytes, lua_rawlen(L, arg));
  bh__make_room(L, twice(bytes));
  return call_through(L);
}


/* Functions that scan their strings and make nothing large, so that no
** allocation looks at the clock for them, charged the bytes they may scan:
** utf8.len and utf8.offset (their first argument), and those that read a
** numeral in a string (tonumber, math.tointeger, the string metatable's
** arithmetic: any argument). A long numeral is read whole by strtod, a few
** instructions for millions of bytes, and the clock was looked at only
** after a thousand instructions: a loop of them ran on for a minute past
** a limit of half a second. A charge this large looks at it (budget.c). */
static int sb_scan (lua_State *L) {
  size_t len = 0;
  if (lua_type(L, 1) == LUA_TSTRING)
    lua_tolstring(L, 1, &len);
  if (len >= 64)
    bh__charge(L, (long long)(len / 64));
  return call_through(L);
}

static int sb_numerals (lua_State *L) {
  size_t bytes = 0, len;
  int i, n = lua_gettop(L);
  for (i = 1; i <= n; i++)
    if (lua_type(L, i) == LUA_TSTRING) {
      lua_tolstring(L, i, &len);
      bytes += len;
    }
  if (bytes >= 64)
    bh__charge(L, (long long)(bytes / 64));
  return call_through(L);
}


/* coroutine.close, refusing handler threads, with its nesting bounded:
** Lua 5.4.4 overflows the C stack on a long chain of nested closes (fixed
** in 5.4.5). */
static int sb_coclose (lua_State *L) {
  bh_host *h = bh__host(L);
  lua_State *co = script_thread(L, "coroutine.close: this is a handler's "
                                   "coroutine, which Behave ends");
  const char *state = coroutine_state(L, co);
  int status;
  if (strcmp(state, "suspended") != 0 && strcmp(state, "dead") != 0)
    return luaL_error(L, "cannot close a %s coroutine", state);
  if (h->closing >= BH_MAX_CLOSE_DEPTH)
    return luaL_error(L, "coroutine.close: too many nested closes");
  h->closing++;
  status = lua_resetthread(co);
  h->closing--;
  if (status == LUA_OK) {
    lua_pushboolean(L, 1);
    return 1;
  }
  lua_pushboolean(L, 0);
  lua_xmove(co, L, 1);  /* the error it ended with */
  return 2;
}


/* }====================================================== */


/* Replaces lib[name] by a front that runs the original in its own frame
** (call_through); the original must be a light C function. 'more' values
** on top of the stack are the front's further upvalues. */
static void front_with (lua_State *L, int lib, const char *name,
                        lua_CFunction f, int more) {
  lib = lua_absindex(L, lib);
  rawgetfield(L, lib, name);
  if (!lua_iscfunction(L, -1) || lua_getupvalue(L, -1, 1) != NULL)
    luaL_error(L, "the sandbox expects %s to be a light C function", name);
  lua_insert(L, -1 - more);
  lua_pushcclosure(L, f, 1 + more);
  rawsetfield(L, lib, name);
}

static void front_field (lua_State *L, int lib, const char *name,
                         lua_CFunction f) {
  front_with(L, lib, name, f, 0);
}

/* sb_per_argument in front of lib[name], with its bytes for each. */
static void front_sized (lua_State *L, int lib, const char *name,
                         lua_Integer each) {
  lib = lua_absindex(L, lib);
  lua_pushinteger(L, each);
  front_with(L, lib, name, sb_per_argument, 1);
}


/* next, rawget and getmetatable see a behaviour's environment as the
** plain table it stands for (environment.c): the first two make it whole
** first, the third finds no metatable on it. Each then runs the original. */
static int sb_next (lua_State *L) {
  bh__fill_env(L, 1);
  return call_through(L);
}


static int sb_rawget (lua_State *L) {
  bh__fill_env(L, 1);
  return call_through(L);
}


static int sb_getmetatable (lua_State *L) {
  if (bh__is_partial_env(L, 1)) {
    lua_pushnil(L);
    return 1;
  }
  return call_through(L);
}


/* error and assert: Lua raises the very text "not enough memory" as a
** memory error, which no message handler sees, so the place a script
** raises it itself (with level 0, or a level with no position: assert's
** from a C function, a comparator of table.sort) is noted here for its
** report (errors.c, bh__finish_error); a refusal's own place is kept. */
static void note_own_memory_text (lua_State *L, int idx) {
  static const char memory_text[] = "not enough memory";
  bh_host *h = bh__host(L);
  size_t len;
  const char *s;
  if (lua_type(L, idx) == LUA_TSTRING && !h->refused) {
    s = lua_tolstring(L, idx, &len);
    if (len == sizeof(memory_text) - 1 && memcmp(s, memory_text, len) == 0)
      bh__note_refused_where(h);
  }
}

static int sb_error (lua_State *L) {
  note_own_memory_text(L, 1);
  return call_through(L);
}

static int sb_assert (lua_State *L) {
  if (!lua_toboolean(L, 1))
    note_own_memory_text(L, 2);
  return call_through(L);
}


/* Opens the safe libraries and prepares the registry; run protected by
** bh_open. */
int bh__open_sandbox (lua_State *L) {
  static const luaL_Reg libs[] = {
    {LUA_GNAME, luaopen_base},
    {LUA_COLIBNAME, luaopen_coroutine},
    {LUA_TABLIBNAME, luaopen_table},
    {LUA_STRLIBNAME, luaopen_string},
    {LUA_MATHLIBNAME, luaopen_math},
    {LUA_UTF8LIBNAME, luaopen_utf8},
    {NULL, NULL}
  };
  const luaL_Reg *lib;
  const char *const *name;
  int g, str, tab, co, math, tmp, i;
  for (lib = libs; lib->func != NULL; lib++) {
    luaL_requiref(L, lib->name, lib->func, 1);
    lua_pop(L, 1);
  }
  lua_pushglobaltable(L);
  g = lua_gettop(L);
  rawgetfield(L, g, LUA_STRLIBNAME); str = lua_gettop(L);
  rawgetfield(L, g, LUA_TABLIBNAME); tab = lua_gettop(L);
  rawgetfield(L, g, LUA_COLIBNAME); co = lua_gettop(L);
  rawgetfield(L, g, LUA_MATHLIBNAME); math = lua_gettop(L);

  /* string: no dump in the real table, which strings reach through their
     metatable; safe matching and rep */
  lua_pushnil(L);
  rawsetfield(L, str, "dump");
  bh__install_stringlib(L, str);
  bh__install_tablelib(L, tab);
  /* the string metatable is shared by all scripts: hide it; its
     arithmetic reads numerals */
  lua_pushliteral(L, "");
  lua_getmetatable(L, -1);
  for (i = 0; bh__string_arith_events[i].event != NULL; i++)
    front_field(L, lua_gettop(L), bh__string_arith_events[i].event,
                sb_numerals);
  lua_pushboolean(L, 0);
  rawsetfield(L, lua_gettop(L) - 1, "__metatable");
  lua_pop(L, 2);

  lua_pushcfunction(L, sb_coclose);
  rawsetfield(L, co, "close");
  lua_pushcfunction(L, sb_coresume);
  rawsetfield(L, co, "resume");
  rawgetfield(L, co, "create");  /* wrap makes its coroutine with Lua's */
  lua_pushcclosure(L, sb_cowrap, 1);
  rawsetfield(L, co, "wrap");
  front_field(L, co, "create", sb_cocreate);  /* (checks the same create) */
  front_field(L, str, "upper", sb_samesize);
  front_field(L, str, "lower", sb_samesize);
  front_field(L, str, "reverse", sb_samesize);
  front_field(L, str, "format", sb_format);
  front_field(L, str, "pack", sb_pack);
  front_sized(L, str, "char", 1);
  rawgetfield(L, g, LUA_UTF8LIBNAME);
  front_sized(L, lua_gettop(L), "char", 16);
  front_field(L, lua_gettop(L), "len", sb_scan);
  front_field(L, lua_gettop(L), "offset", sb_scan);
  lua_pop(L, 1);
  front_field(L, g, "tonumber", sb_scan);
  front_field(L, math, "tointeger", sb_scan);
  bh__keep_generator(L, math);

  push_setmetatable(L);
  rawsetfield(L, g, "setmetatable");
  lua_pushcfunction(L, sb_rawset);
  rawsetfield(L, g, "rawset");
  lua_createtable(L, 0, 0);  /* the tables it refuses, weak in their keys */
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &bh__key_readonly);
  lua_pushcfunction(L, sb_xpcall);
  rawsetfield(L, g, "xpcall");
  front_field(L, g, "next", sb_next);
  front_field(L, g, "rawget", sb_rawget);
  front_field(L, g, "getmetatable", sb_getmetatable);
  front_field(L, g, "error", sb_error);
  front_field(L, g, "assert", sb_assert);
  for (name = unsafe_base; *name != NULL; name++) {
    lua_pushnil(L);
    rawsetfield(L, g, *name);
  }

  /* templates for bh_push_sandbox_env */
  lua_createtable(L, 0, 20);
  tmp = lua_gettop(L);
  for (name = safe_base; *name != NULL; name++) {
    rawgetfield(L, g, *name);
    rawsetfield(L, tmp, *name);
  }
  lua_rawsetp(L, LUA_REGISTRYINDEX, &bh__key_base);
  lua_createtable(L, 0, 5);
  tmp = lua_gettop(L);
  for (name = safe_libs; *name != NULL; name++) {
    rawgetfield(L, g, *name);
    rawsetfield(L, tmp, *name);
  }
  lua_rawsetp(L, LUA_REGISTRYINDEX, &bh__key_libs);

  /* raised by the hook when memory is full, so it must exist already */
  lua_pushliteral(L, "memory limit exceeded");
  lua_rawsetp(L, LUA_REGISTRYINDEX, &bh__key_memmsg);

  lua_settop(L, 0);
  return bh__reseed(L);
}


void bh_push_sandbox_env (lua_State *L, int identity) {
  int env, libs;
  identity = (identity == 0) ? 0 : lua_absindex(L, identity);
  lua_createtable(L, 0, 24);
  env = lua_gettop(L);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_base);
  copy_fields(L, -1, env);
  lua_pop(L, 1);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_libs);
  libs = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, libs)) {  /* name, library */
    int math = bh__is_math_library(L, -1);
    lua_createtable(L, 0, 32);
    copy_fields(L, -2, -1);
    lua_replace(L, -2);  /* name, copy */
    if (math)
      bh__own_generator(L, -1, identity, 0);
    lua_pushvalue(L, -2);
    lua_insert(L, -2);  /* name, name, copy */
    lua_rawset(L, env);  /* a fresh copy: changes stay in this env */
  }
  lua_pop(L, 1);
  lua_pushvalue(L, env);
  rawsetfield(L, env, "_G");
}
