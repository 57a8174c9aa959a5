/*
** BehaveLuaShim.h: the C layer between Behave's Swift code and Lua 5.4.
**
** Swift calls only what is declared here. Nothing here raises a Lua error
** into the caller: every function either cannot fail or reports failure by
** its return value. Script code runs only inside bh_pcall / bh_resume (or
** the protected helpers built on them), under the limits of bh_config.
**
** Host functions: Lua reaches Swift only through bh_push_host_function,
** whose C trampoline calls the single bh_dispatch_fn of the state. The
** dispatch function must not call lua_error, luaL_check*, luaL_error or any
** other raising API, nor call Lua directly; it reports an error by pushing a
** message and returning BH_RAISE, and the trampoline raises it after Swift
** has returned. While it runs, the memory limit is lifted, so pushes made by
** host code never fail with LUA_ERRMEM.
*/
#ifndef BEHAVE_LUA_SHIM_H
#define BEHAVE_LUA_SHIM_H

#include <stddef.h>

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#include "BehaveCoreC.h"


/* Called for every host function; 'function_id' is the id given to
** bh_push_host_function. Arguments are at stack indices 1..lua_gettop(L).
** Return convention:
**   n >= 0                  return the n values on top of the stack;
**   BH_RAISE                raise the value on top of the stack as an error;
**   r <= BH_YIELD_BASE      yield the (BH_YIELD_BASE - r) values on top of
**                           the stack; when the thread is resumed, the
**                           values on it become the results of the host
**                           function (the host empties a paused thread
**                           before it pushes the answer; see
**                           bh_push_raise_mark for an error instead). */
typedef int (*bh_dispatch_fn)(lua_State *L, void *context, int function_id);

#define BH_RAISE        (-1)   /* luaL_where(L, 1) gives "file:line: " */
#define BH_YIELD_BASE   (-2)

typedef struct bh_config {
  size_t memory_limit;            /* bytes for the whole state; 0 = none */
  long long instruction_budget;   /* per callback (outermost bh_pcall or
                                     bh_resume); 0 = none */
  double time_limit;              /* seconds of wall clock per callback;
                                     0 = none */
  unsigned long long random_seed; /* math.random is seeded with it */
} bh_config;

/* Which limit ended the running callback (bh_limit_reason). */
#define BH_LIMIT_NONE           0
#define BH_LIMIT_INSTRUCTIONS   1
#define BH_LIMIT_TIME           2
#define BH_LIMIT_MEMORY         3
#define BH_LIMIT_COMMAND        4
#define BH_LIMIT_CLOSED         5  /* its runtime closed it (bh_close_later) */

/* Longest error message kept (before the traceback is appended). */
#define BH_MAX_MESSAGE          4096


/* ---------------------------------------------------------------- state */

/* A new state with the safe libraries only (base, string, table, math,
** utf8, coroutine), the sandbox replacements installed and math.random
** seeded. 'context' is passed back to 'dispatch'. NULL on failure. */
lua_State *bh_open(const bh_config *config, bh_dispatch_fn dispatch,
                   void *context);

/* As bh_open, with 'preload' (a chunk's text, named 'chunkname') compiled
** in the new state, for bh_take_preloaded: a state made again from one
** closed on this thread has it compiled already. */
lua_State *bh_open_preloading(const bh_config *config, bh_dispatch_fn dispatch,
                              void *context, const char *preload,
                              size_t length, const char *chunkname);

/* Pushes the function bh_open_preloading compiled from 'source' (the same
** text at the same address) and returns 1, once; otherwise pushes nothing
** and returns 0 (load it with bh_load). */
int bh_take_preloaded(lua_State *L, const char *source, size_t length);

/* The state as it is now is what the next state opened on this thread
** (with the same seed and preloaded text, and a memory limit that would
** have let it be made) is made again as, once this one closes: its
** memory is copied (recycle.c). 'kept' is the host's half of what it made
** (bh_reused gives it back), released with 'release' when the copy goes. Returns 0, keeping nothing, when the state will not be made
** again: a thread's first state, one made again itself, one with values
** on its stack, or when no copy can be made. */
int bh_keep_for_reuse(lua_State *L, void *kept, void (*release)(void *));

/* What bh_keep_for_reuse kept with the copy this state was made again
** from (it is as it was then); NULL for a state made fresh. */
void *bh_reused(lua_State *L);

/* Closes a state made by bh_open (runs pending finalizers). Not while a
** callback of it runs (bh_call_depth > 0): see bh_close_later. */
void bh_close(lua_State *L);

/* For a host closing the state from inside one of its callbacks (a host
** function runs, called by script code): the frames above still run, so
** lua_close must wait for the host to call bh_close once none runs. Until
** then nothing more of the state runs: targets fire nothing and every new
** callback is refused; the script that called stops where the host
** function returns, as a spent slice does (no pcall catches it). */
void bh_close_later(lua_State *L);

/* For a host let go while one of its callbacks runs, after bh_close_later:
** the host's context is gone, so nothing calls back into it any more, and
** the state closes itself once the outermost callback (a target's, fired
** from C: bh_fire) has returned. */
void bh_close_when_idle(lua_State *L);

/* New limits. The memory limit applies at once, the budget and time limit
** from the next outermost callback. A changed random_seed restarts every
** math.random at once (the state's, each behaviour's, module's and spec
** file's), as if it had been made with the new seed. */
void bh_set_config(lua_State *L, const bh_config *config);

/* Pops a table whose keys are threads that only the host may resume or
** close (handler coroutines): the sandbox's coroutine.resume and
** coroutine.close refuse them with an error. */
void bh_set_host_threads(lua_State *L);

/* Pushes the table, weak in its keys, of tables the sandbox's rawset
** refuses to write into, each mapped to the name its error gives (the
** read-only views of modules, which every behaviour of a scene shares). */
void bh_push_readonly_tables(lua_State *L);

/* Gives the callbacks from now on a shared deadline 'seconds' away (0 or
** less: none): one command of the host (a tap, an advance) may run many
** callbacks, each within its own limits, and this bounds them together.
** A callback that starts after it has passed ends at once with the
** limit's error; after the first, a handler that has not begun is not
** begun at all. Returns how many such handlers the command before this
** call left unbegun, for the host to tell once. */
long bh_set_command_deadline(lua_State *L, double seconds);

/* How many outermost callbacks have started: what the host marks during
** one callback can be told from what an earlier one left behind. */
unsigned long long bh_slice_serial(lua_State *L);

/* What the running callback has left: seconds before its deadline and
** instructions of its budget (counted per hook window); -1 when no
** callback runs or it has no such limit. Host work that can go on for
** long inside one callback (shrinking an exploration) stops in time. */
double bh_slice_seconds_left(lua_State *L);
long long bh_slice_instructions_left(lua_State *L);

/* 1 when the state's scripts run with no hook and the watchdog keeps
** their budget (Linux: budget.c, watchdog.c; from when the process's
** callbacks have run long or many); 0 while the hook counts every
** instruction. */
int bh_counts_by_windows(lua_State *L);

/* How many protected calls and resumes of the state (bh_pcall, bh_resume)
** are running: 0 between callbacks. */
int bh_call_depth(lua_State *L);

/* Bytes currently allocated by the whole state, with those the host keeps
** for its scripts (bh_hold_host_bytes). */
size_t bh_memory_used(lua_State *L);

/* Counts 'bytes' the host keeps for the state's scripts (a timer, a
** connection) against its memory limit, as if the state had allocated
** them: 1, or 0 (nothing counted) when they would take it past the limit.
** A negative count gives bytes back, and always succeeds. */
int bh_hold_host_bytes(lua_State *L, long long bytes);

/* 1 after the running (or last) callback exceeded one of its limits:
** instruction budget, time, or memory (when the script ran out of memory
** for good, not just touched the limit). Cleared when the next outermost
** callback starts. */
int bh_budget_spent(lua_State *L);

/* Which limit that was: one of BH_LIMIT_*. */
int bh_limit_reason(lua_State *L);

/* Where that callback first stopped ("source", with its line in '*line'):
** the line its error names, unless the stop came in a handler it started,
** whose error names it; NULL when none was noted. */
const char *bh_spent_site(lua_State *L, int *line);

/* The error an xpcall's message handler raised of its own, when xpcall
** gave up calling it and returned "error in error handling" in the
** running (or last) callback: its source (NULL when none), its line in
** '*line', and its text without the position in '*text'. Lua's message
** names no cause; a report can. Cleared when the next outermost callback
** starts. */
const char *bh_handler_failure(lua_State *L, int *line, const char **text);

/* A full garbage collection (lua_gc is variadic). */
void bh_collect_garbage(lua_State *L);


/* -------------------------------------------------------------- sandbox */

/* Pushes a fresh environment table for one behaviour (or one spec file):
** the safe base functions (assert error getmetatable ipairs next pairs
** pcall rawequal rawget rawlen rawset select setmetatable tonumber tostring
** type xpcall _VERSION), fresh copies of the tables string (without dump),
** table, math, utf8 and coroutine, and _G pointing to the table itself.
** Absent: print (the host's), io, os, debug, package, require, load,
** loadfile, dofile, collectgarbage, warn. Its math.random is a generator
** of its own (random.c), seeded from the state's seed and the string at
** stack index 'identity' (0: none), which names the environment. */
void bh_push_sandbox_env(lua_State *L, int identity);

/* Pushes the generator of such an environment (at 'env'): the
** math.randomseed it was made with, or nil when it holds another. */
void bh_push_generator(lua_State *L, int env);
/* The hash an identity seeds a generator with: its bytes 's' hashed on
** from 'hash' (0 to start), so that one made of parts hashes part by part. */
unsigned long long bh_identity_hash(unsigned long long hash, const char *s,
                                    size_t len);
/* Restarts the generator 'ref' (a registry reference to what
** bh_push_generator pushed) as if its environment had been made for an
** identity of hash 'hash' (a spec file gives each spec its own). Raises
** nothing; nothing when 'ref' is no generator. */
void bh_restart_generator(lua_State *L, int ref, unsigned long long hash);

/* A behaviour's environment: what bh_push_sandbox_env's table holds, with
** the API table's fields on top (its tables copied), brought in as they
** are first read or set (environment.c). bh_set_env_api takes (pops) the
** state's API table once; bh_push_behaviour_env pushes a new environment
** (named by the string at 'identity', 0 for none, as above);
** bh_fill_env makes the one at 'idx' whole, for the host to walk it raw;
** bh_push_env_names pushes a table of the names it would then hold, each
** with its value there or the template's (uncopied), leaving it as it is
** (the env itself when it is whole); 0 and nothing pushed on an error. */
void bh_set_env_api(lua_State *L);
void bh_push_behaviour_env(lua_State *L, int identity);
void bh_fill_env(lua_State *L, int idx);
int bh_push_env_names(lua_State *L, int idx);

/* Makes the state a spec file's: objects get live metatables (a copy whose
** metamethods look the original's up when they run), __gc is allowed and
** queues the object for the spec runner, and __concat runs only for the
** last step of a concatenation (elsewhere it is an error). 'dispatchers'
** is the text of BehaveLua's Lua/live_metatables.lua. Returns LUA_OK, or
** an error status with the message pushed. See livemeta.c and
** concatstep.c. */
int bh_enable_spec_metatables(lua_State *L, const char *dispatchers, size_t length);

/* Pushes a table with the spec's collectgarbage and finalizer(), which
** returns the next queued __gc and its object (nothing when none), the
** spec runner's position(), line(level), caught(err) and located(err)
** (see livemeta.c), and plainSetmetatable for the prelude's own. */
void bh_push_spec_gc(lua_State *L);

/* Pushes a function check(pattern) that raises the first mistake of a Lua
** pattern (as string.find would word it), whether or not a match would
** reach it; call it with bh_pcall. */
void bh_push_pattern_check(lua_State *L);

/* Pops a table and makes it the _ENV (first upvalue) of the Lua function
** at index 'funcidx', as needed after bh_load. Returns 1 if it was set, 0
** (and the table is still popped) if the function has no upvalue. */
int bh_set_env(lua_State *L, int funcidx);


/* ----------------------------------------------------- loading and calls */

/* Compiles text only (binary chunks are refused). On success pushes the
** function (its _ENV is the state's global table: give it a sandbox
** environment with bh_set_env) and returns LUA_OK; otherwise pushes the
** message ("toggle.lua:3: ...") and returns the status. The memory limit
** applies while compiling. Never raises. Use "=name" or "@name" as
** chunkname so that messages read "name:line: ...". */
int bh_load(lua_State *L, const char *source, size_t length,
            const char *chunkname);

/* Puts 'dump', the chunk the build compiled from 'source' (Lua's dump of
** the runtime's own embedded Lua, never anything read at run time), in the
** process's chunk cache under 'chunkname', the name given to its dump in
** place of the one it was compiled under: bh_load of that text under that
** name then runs no parser. Returns 1 when the cache has the chunk. A dump
** the running Lua cannot load is passed over when loading. */
int bh_seed_chunk(const char *chunkname, const char *source, size_t length,
                  const char *dump, size_t dumplen);

/* Calls the function below 'nargs' arguments in protected mode. Errors get
** a traceback; error objects that are not strings or numbers are described
** ("(error object is a table value)"), never converted by __tostring;
** messages are cut to BH_MAX_MESSAGE bytes. The outermost of nested
** bh_pcall/bh_resume calls starts a new budget slice (instruction budget and
** deadline) and clears the spent flag; nested ones share it. The memory
** limit applies only while inside. Limit errors read "instruction budget
** exceeded (N instructions)", "time limit exceeded (N s)" and "memory limit
** exceeded (N KiB)". Returns the status; on error leaves exactly one string
** where the function and its arguments were. */
int bh_pcall(lua_State *L, int nargs, int nresults);

/* Where the last error that bh_pcall or bh_resume returned was raised,
** read from the stack while its frames were live, so that the host never
** takes the message apart: the message is '*where' bytes of "source:line: "
** (Lua's position of the raising frame; 0 when it has none, as for
** error(x, 0) or a limit met outside script code; "?:-1: ", the place of
** code without debug information, with a NULL source) repeated '*repeats'
** times (an error rethrown through coroutine.wrap), then its text, then
** from byte '*text' a newline and the traceback. '*line' and the returned
** source are those of the position (NULL without one). Returns NULL with
** '*where' 0 when the error is not known (memory ran out). */
const char *bh_error_where(lua_State *L, size_t *where, int *repeats,
                           size_t *text, int *line);

/* The source of the 'i'-th Lua frame (innermost first) that was live when
** the last error was raised, with its line in '*line' and in '*name' the
** function's name as its caller knew it ("" when none); NULL past the
** last (at most BH_ERROR_FRAMES are kept). */
const char *bh_error_frame(lua_State *L, int i, int *line, const char **name);

/* Whether the last error was raised with far more Lua frames live than
** bh_error_frame keeps (over a thousand): a function calling itself
** without end, when they repeat it. */
int bh_error_deep(lua_State *L);

/* Tells the error site that the message the host is about to raise (by
** BH_RAISE) begins with "source:line: " of code no longer running (a
** script that failed inside a host call), and that its traceback begins
** after 'text' bytes. */
void bh_error_raising(lua_State *L, const char *source, int line,
                      size_t text);

/* Resumes coroutine 'co' (a function and its arguments, or a suspended
** coroutine, with 'nargs' values pushed on co) like lua_resume(co, L, ...),
** under the same rules as bh_pcall. Returns LUA_OK, LUA_YIELD or an error
** status; '*nresults' as lua_resume. On error pushes "message\ntraceback"
** (traceback of co) onto L, not co; co is dead then. L must not be co. */
int bh_resume(lua_State *L, lua_State *co, int nargs, int *nresults);

/* A handler: a coroutine the host runs and resumes. */
typedef struct bh_handler {
  lua_State *thread;
  int ref;              /* registry reference keeping the thread */
  int nresults;         /* after LUA_OK: results on the thread */
  /* What the host knows it by while it runs (its behaviour, what it
     needs, the host's object for a handler that may pause): pointers the
     host keeps alive, stored for it in the stack of running handlers. */
  void *behaviour;
  void *info;
  void *paused;
} bh_handler;

/* Handlers nested at most (a handler whose code sends an event whose
** handler sends an event...). */
#define BH_MAX_NESTING  64

/* Makes a handler of the function below 'nargs' values on L's stack
** (popped): they move to a thread of its own, reused from a finished
** handler when there is one, which scripts may not resume or close (see
** bh_set_host_threads). Run it with bh_resume on its thread: on LUA_OK its
** results are there (then end it with bh_end_handler); on LUA_YIELD it
** waits (resume it later); on an error end it, not reusable. Returns 0
** (and pops them) when memory is short. */
int bh_new_handler (lua_State *L, int nargs, bh_handler *handler);

/* Runs the function 'function' (a registry reference) as a new handler,
** with the value 'first' (a registry reference, or 0 for none) and the
** 'nargs' values on top of L's stack (popped) as arguments: the handler is
** on the stack of running handlers while it runs (fill behaviour and info
** in 'handler' first). Returns the status of bh_resume; on LUA_OK the
** handler is ended (reusable) when it returned nothing, else its results
** are on its thread; on an error it is ended and the message is on L.
** handler->paused is what the host stored in its running entry. */
int bh_call_handler (lua_State *L, int function, int first, int nargs,
                     bh_handler *handler);

/* Resumes a waiting handler (its thread in 'handler') with the 'nargs'
** values on its thread, on the stack of running handlers as
** bh_call_handler does. */
int bh_resume_handler (lua_State *L, int nargs, bh_handler *handler);

/* The thread calling into the host now (the innermost host function's),
** or the main thread: what host code works on. */
lua_State *bh_current (lua_State *L);

/* What the host does with a handler that did not simply finish (it
** returned values, paused, or raised: its message on L), when it was run
** by bh_fire. */
typedef void (*bh_finish_fn) (void *context, lua_State *L, int status,
                              bh_handler *handler);

/* Sets the finish function (called with the context of bh_open) and the
** scene whose handlers run: none run once it is gone (scene->alive). */
void bh_set_finish (lua_State *L, bh_finish_fn finish, bh_scene *scene);

/* A connection's handler, run from C when its control sends an event
** that carries no values: 'function' and 'first' as for bh_call_handler,
** 'owner' the C half of the behaviour that made it (none run once it is
** not alive), 'behaviour' and 'info' as in bh_handler. */
typedef struct bh_target bh_target;
bh_target *bh_new_target (lua_State *L, int function, int first,
                          bh_control *owner, void *behaviour, void *info);
void bh_free_target (bh_target *target);

/* Runs the target's handler: 1 when it ran (what did not simply finish
** went to the finish function), 0 when the host must see to it (its state
** is closed, its scene or behaviour gone, handlers nested too deep). */
int bh_fire (void *target);

/* The running handlers, innermost last: how many, and the i-th (its
** fields may be changed while it runs: paused). */
int bh_running_count (lua_State *L);
bh_handler *bh_running_at (lua_State *L, int i);

/* The handler is over: its thread is kept for the next one when
** 'reusable' (it finished), let go otherwise. */
void bh_end_handler (lua_State *L, const bh_handler *handler, int reusable);

/* Protected helpers for host code that must run metamethods. Each is a
** callback of its own (bh_pcall rules); on error it pushes the message
** instead of the result and returns the status. */

/* Pushes tostring(value at idx), running __tostring / __name. */
int bh_tostring(lua_State *L, int idx);
/* Replaces the key on top of the stack by t[key], t at idx (__index). */
int bh_gettable(lua_State *L, int idx);
/* Does t[key] = value with key and value on top of the stack (popped),
** t at idx (__newindex). On error the message replaces them. */
int bh_settable(lua_State *L, int idx);


/* ------------------------------------------------------- host functions */

/* Pushes a C closure that calls dispatch(L, context, function_id). */
void bh_push_host_function(lua_State *L, int function_id);

/* Pushes the mark that makes a host function that paused raise an error
** when it is resumed: resume its thread with the mark and the message (two
** values) and the message is raised from the host function, at the line
** of the script that called it, as if it had failed at once. */
void bh_push_raise_mark(lua_State *L);

/* Seals the state (sealed != 0) while host code runs that must not run
** scripts (an app's function: the script that called it is in the middle
** of the call), or unseals it (0). While sealed, bh_pcall and bh_resume,
** and so every handler, fail at once with a message saying why. Returns
** how many were refused since the last call. */
int bh_seal(lua_State *L, int sealed);

/* Same, with the n values on top of the stack (popped) as upvalues, read
** in dispatch at bh_upvalueindex(1..n). n <= 254. */
void bh_push_host_closure(lua_State *L, int function_id, int n);

/* Finalizers run inside the collector, at any allocation, even while the
** host is in the middle of dispatch: they must not call the host. For
** userdata whose block starts with a host pointer (e.g. a retained weak
** box), use the __gc pushed by bh_push_release_gc: it only queues that
** pointer (and sets it to NULL). bh_drain_released passes every queued
** pointer to the release function, at a moment the host chooses (e.g.
** after each callback); bh_close drains the last ones. */
typedef void (*bh_release_fn)(void *context, void *pointer);
void bh_set_release(lua_State *L, bh_release_fn release);
void bh_push_release_gc(lua_State *L);
void bh_drain_released(lua_State *L);


/* ------------------------------------------------------------- controls */

/* Controls are userdata holding their property block (bh_view): reading
** and setting a property the block holds is done in C, checked against
** the schema and traced, without calling the host. Everything else goes
** to the host functions 'index_id' (the control, the key) and
** 'setindex_id' (the control, the key, the value), which word the errors.
** Pops two tables: the methods every control has (on, once), then the
** metatable of images. */
void bh_open_controls (lua_State *L, int index_id, int setindex_id);

/* Pushes the userdata of a control (the same one while it is in use). */
void bh_push_view (lua_State *L, bh_view *v);

/* The block of the control at 'idx', or NULL when it is no control. */
bh_view *bh_toview (lua_State *L, int idx);

/* Pushes a value as scripts see it: images as image tables, colours as
** their name or "#RRGGBB", points, sizes and rects as tables. */
void bh_push_value (lua_State *L, const bh_value *v);


/* ----------------------------------------------------------- behaviours */

/* Pops a table of the control's event names to their indices (its type's,
** made once: no script reaches it) and pushes a behaviour's
** self:send(event, ...): when nothing listens to a declared event and it
** carries no values, the event is recorded in the scene's trace here;
** otherwise host function 'host_id' is called with 'id' in place of self
** (send(id, event, ...)). */
void bh_push_send (lua_State *L, bh_control *c, lua_Integer id, int host_id);

/* Pushes the method of a behaviour's class: field 'name' (a registry
** reference to a string) of the table 'cls' (a registry reference), read
** raw, and returns 1; pushes nothing and returns 0 when it is no function
** (or the stack has no room). */
int bh_push_method (lua_State *L, int cls, int name);

/* Pushes a function that calls host function 'host_id' with 'id' in place
** of its first argument (self:sendAction(name, ...)). */
void bh_push_self_call (lua_State *L, lua_Integer id, int host_id);
/* Pushes Lua's setmetatable, for the prelude's own tables (no private
** copy: no script reaches their metatables). */
void bh_push_plain_setmetatable (lua_State *L);
/* Pushes meta_field(value, name): the field 'name' of the value's own
** metatable, read raw as the VM reads a metamethod (nil when none), for
** the prelude's views of another behaviour's tables. */
void bh_push_meta_field (lua_State *L);
/* Pushes where(): "file:line: " of the script's line that made the
** prelude's code run, past a library function between (or ""). */
void bh_push_where (lua_State *L);
/* Pushes run_changes(fn) for the prelude's animate: pcall(fn), except
** that fn cannot pause (behaviours.c). */
void bh_push_run_changes (lua_State *L);
/* Why animate's changes cannot pause, as run_changes says it after the
** script's position: the host says it too, for a pause it refuses before
** starting it there. */
const char *bh_changes_refusal (void);
/* Pushes own_field(self, key, value) for the prelude's instances: whether
** a new field of 'self' needs no word from the host, and if so sets it,
** and the behaviour's id (behaviours.c: both are kept in the metatable of
** 'self', at [1] its id and at [2] its type's declared names). */
void bh_push_own_field (lua_State *L);
/* Pushes self_id(self), a behaviour's id (for its __tostring). */
void bh_push_self_id (lua_State *L);
/* Keeps the two functions on top (the prelude's __newindex and
** __tostring of every `self`, the second on top) and pops them. */
void bh_set_self_metamethods (lua_State *L);
/* With a behaviour's mirror (`props`) on top: sets its metatable, so that
** reads go on to the class (registry reference 'cls'), makes its `self`
** (metatable: its id, its type's 'declared' (a registry reference) and the
** mirror at [1] to [3], its environment (at 'env', absolute) at [4], the
** shared metamethods), pops the mirror and returns a registry reference
** to `self`. Runs no script code (behaviours.c). */
int bh_new_self (lua_State *L, int cls, lua_Integer id, int declared,
                 int env);
/* Gives back the slot among its name's live generators that the
** math.random of the behaviour environment at 'env' took, so that the next
** behaviour of its name may take it (random.c); nothing when it took none
** or gave it back. Raises nothing. */
void bh_release_generator (lua_State *L, int env);
/* The same for the environment of the behaviour whose `self` is
** 'self_ref' (behaviours.c). */
void bh_release_self_generator (lua_State *L, int self_ref);
/* The id of the behaviour whose `self` (of this state) is the value at
** 'idx'; -1 for any other value. Raises no error. */
lua_Integer bh_self_id (lua_State *L, int idx);
/* Pushes `self` (the registry reference 'self_ref'), its metatable and the
** behaviour's mirror (`props`), kept at [3] of that metatable, and returns
** 3: the caller pops all three. Pushes nothing and returns 0 when the stack
** cannot grow. */
int bh_push_mirror (lua_State *L, int self_ref);
/* A canonical description of the table at 'idx' (its raw contents, told
** as bytes in an order of their own), in memory the caller frees, its
** length in 'len'; NULL when it holds more than plain data. A table with
** the metatable at 'mt' (0: none) describes, marked as such. Raises no
** error (describe.c). */
unsigned char *bh_describe (lua_State *L, int idx, int mt, size_t *len);
/* Pushes a copy of a behaviour type's inspectable defaults, the table
** at registry reference 'ref' (their table values copied too, with their
** metatables), with room for 'size' fields. From the second copy on, the
** reference holds the defaults' plan instead (behaviours.c). */
void bh_push_defaults_copy (lua_State *L, int ref, int size);


/* ----------------------------------------- macro and variadic wrappers */

static inline void bh_pop(lua_State *L, int n) { lua_settop(L, -n - 1); }

static inline void bh_newtable(lua_State *L) { lua_createtable(L, 0, 0); }

/* Pseudo-index of the i-th upvalue of a host closure (upvalue 1 of the C
** closure holds the function id, so host upvalues start at 2). */
static inline int bh_upvalueindex(int i) {
  return lua_upvalueindex(i + 1);
}

static inline int bh_registryindex(void) { return LUA_REGISTRYINDEX; }

/* The bytes of a string, or of a number converted in place (like
** lua_tolstring: the stack slot becomes a string); NULL for any other type.
** Never calls metamethods. The pointer dies when the value leaves the stack;
** the bytes may contain NUL. */
static inline const char *bh_tolstring_raw(lua_State *L, int idx,
                                           size_t *len) {
  int t = lua_type(L, idx);
  if (t != LUA_TSTRING && t != LUA_TNUMBER) {
    if (len != NULL) *len = 0;
    return NULL;
  }
  return lua_tolstring(L, idx, len);
}

static inline lua_Integer bh_tointeger(lua_State *L, int idx, int *isnum) {
  return lua_tointegerx(L, idx, isnum);
}

static inline double bh_tonumber(lua_State *L, int idx, int *isnum) {
  return (double)lua_tonumberx(L, idx, isnum);
}

static inline void bh_insert(lua_State *L, int idx) { lua_rotate(L, idx, 1); }

static inline void bh_remove(lua_State *L, int idx) {
  lua_rotate(L, idx, -1);
  lua_settop(L, -2);
}

static inline void bh_replace(lua_State *L, int idx) {
  lua_copy(L, -1, idx);
  lua_settop(L, -2);
}

/* Full userdata with one user value. */
static inline void *bh_newuserdata(lua_State *L, size_t size) {
  return lua_newuserdatauv(L, size, 1);
}

static inline void bh_pushglobaltable(lua_State *L) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
}

/* Type tests (lua_isnil & co. are macros). */
static inline int bh_isnone(lua_State *L, int i) { return lua_type(L, i) == LUA_TNONE; }
static inline int bh_isnil(lua_State *L, int i) { return lua_type(L, i) == LUA_TNIL; }
static inline int bh_isnoneornil(lua_State *L, int i) { return lua_type(L, i) <= 0; }
static inline int bh_isboolean(lua_State *L, int i) { return lua_type(L, i) == LUA_TBOOLEAN; }
static inline int bh_isfunction(lua_State *L, int i) { return lua_type(L, i) == LUA_TFUNCTION; }
static inline int bh_istable(lua_State *L, int i) { return lua_type(L, i) == LUA_TTABLE; }
static inline int bh_islightuserdata(lua_State *L, int i) { return lua_type(L, i) == LUA_TLIGHTUSERDATA; }
static inline int bh_isthread(lua_State *L, int i) { return lua_type(L, i) == LUA_TTHREAD; }
/* True strings only (lua_isstring is also true for numbers). */
static inline int bh_isstring_raw(lua_State *L, int i) { return lua_type(L, i) == LUA_TSTRING; }

#endif
