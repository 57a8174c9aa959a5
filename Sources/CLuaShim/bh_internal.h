/*
** bh_internal.h: what the files of CLuaShim share; not part of the API.
*/
#ifndef BH_INTERNAL_H
#define BH_INTERNAL_H

#include <signal.h>
#include <stdatomic.h>
#include <pthread.h>

#include "BehaveLuaShim.h"

/* A small function of a hot path, inlined into each caller (an event's
** handler goes through several layers, each one a call otherwise). */
#if defined(__GNUC__) || defined(__clang__)
#define bh__inline  static inline __attribute__((always_inline))
#else
#define bh__inline  static inline
#endif

/* The length of the UTF-8 character at 's' (of at most 'left' bytes), 0
** when the bytes there are not one. Strict, as Lua's utf8 library reads
** them: no overlong form, no surrogate, nothing past U+10FFFF (controls.c
** hands texts to the host; errortable.c escapes what is not UTF-8). */
bh__inline size_t bh__utf8_width (const unsigned char *s, size_t left) {
  unsigned c = s[0], cp;
  size_t n, i;
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) { n = 1; cp = c & 0x1F; }
  else if (c >= 0xE0 && c <= 0xEF) { n = 2; cp = c & 0x0F; }
  else if (c >= 0xF0 && c <= 0xF4) { n = 3; cp = c & 0x07; }
  else return 0;
  if (left <= n) return 0;
  for (i = 1; i <= n; i++) {
    if ((s[i] & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (s[i] & 0x3F);
  }
  if ((n == 2 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
      (n == 3 && (cp < 0x10000 || cp > 0x10FFFF)))
    return 0;
  return n + 1;
}

/* Instructions between two count-hook events. Calls are not hooked: a
** new coroutine is charged a whole count window when it is made (it
** starts a fresh count), and C work is charged by the functions that do
** it, or bounded by the clock looked at on large allocations. */
#define BH_HOOK_COUNT   1000

/* Instructions a window counts when the watchdog armed the hook: how fast
** the running code is (budget.c). */
#define BH_WINDOW       10000

/* Frames a spent slice watches for the jump back that stops it, and the
** line events it waits for its outermost frame's (budget.c). */
#define BH_STOP_FRAMES    32
#define BH_STOP_PATIENCE  10000
/* How long the search for where a spent slice stops may take: each line
** may be long (two long strings compared), and past this it stops at once. */
#define BH_STOP_GRACE_NS  (200 * 1000000LL)

/* The signal the watchdog sends a thread running a callback (watchdog.c). */
#define BH_WATCH_SIGNAL (SIGRTMAX - 7)

/* What the watchdog may do with a host's slice (bh_host.watch). */
#define BH_WATCH_IDLE        0   /* no slice runs */
#define BH_WATCH_RUNNING     1   /* a slice runs: look, signal */
#define BH_WATCH_SIGNALLING  2   /* the watchdog is signalling its thread */

/* Growth by script code of at least this many bytes looks at the clock. */
#define BH_CLOCK_BYTES  (64 << 10)
/* Bytes of one allocation that start the watchdog (watchdog.c) and put
** the slice under it. */
#define BH_WATCH_BYTES  (1 << 20)

/* C work (pattern-matching steps, elements moved) charged to the budget
** in chunks of this many units. */
#define BH_CHARGE_CHUNK 4096

/* Finished handler threads kept for the next handlers. */
#define BH_IDLE_THREADS   8

/* Texts made from script strings, remembered by the strings' addresses
** (checked by their bytes), so that setting the same short string again
** makes no new text. */
#define BH_TEXT_CACHE     64
#define BH_CACHED_TEXT    256   /* longest text remembered */

/* The property indices of the keys controls were last asked for, by the
** address of the key string and the control's schema (controls.c). Few:
** a state made again copies its host whole (recycle.c), this too. */
#define BH_KEY_CACHE      16

/* The shim's own values in the registry that an attach or an event reads,
** each at an integer reference kept in bh_host (0: not made yet; see
** bh__push_own, bh__set_own): one looked up by a light-userdata key in
** the registry's hash part cost about 150 instructions, one by its
** reference, in the array part, about 40. */
enum {
  BH_OWN_SELF_NEWINDEX,  /* every self's __newindex (the prelude's) */
  BH_OWN_SELF_TOSTRING,  /* and __tostring */
  BH_OWN_BLOCKMETA,      /* the metatable of control blocks (send) */
  BH_OWN_ENVMETA,        /* the template metatable of environments */
  BH_OWN_TYPES,          /* controls' metatables, by schema */
  BH_OWN_IMAGE,          /* the metatable of images */
  BH_OWN_HOSTS,          /* the host's ids of controls' slow paths */
  BH_OWN_COUNT
};

/* Stack slots made free before raising a limit's error, for the message
** handler Lua then calls (a C function gets LUA_MINSTACK). */
#define BH_HANDLER_ROOM   (2 * LUA_MINSTACK)

/* Bytes kept of the error an xpcall's message handler raised. */
#define BH_HANDLER_TEXT   512

/* Lua frames an error's site keeps (the traceback shows as many). */
#define BH_ERROR_FRAMES   24

/* Lua frames beyond which an error's stack is deep: more than a script's
** own nesting ever needs, as only a function calling itself without end
** reaches (Lua's stack holds about 200000). */
#define BH_DEEP_FRAMES    1000

/* Where the last error was raised, read from its frames while they were
** live (see bh_error_where). */
typedef struct bh_error_site {
  int valid;            /* 0 when no message handler saw the error */
  char source[LUA_IDSIZE];  /* the position heading the message ("" none) */
  int line;
  int repeats;          /* that position's repetitions at the head */
  size_t where;         /* bytes of one "source:line: " */
  size_t text;          /* bytes of the message before its traceback */
  /* the position of an error the host raises that is not that of a live
     frame (a script failed inside a host call); "" when none */
  char raised_source[LUA_IDSIZE];
  int raised_line;
  size_t raised_text;   /* bytes of its message before its traceback */
  int nframes;
  int deep;             /* more than BH_DEEP_FRAMES frames were live */
  struct {
    char source[LUA_IDSIZE];
    char name[LUA_IDSIZE];  /* the function's, as its caller named it; "" */
    int line;
  } frames[BH_ERROR_FRAMES];
} bh_error_site;

/* Deepest nesting of coroutine.close. */
#define BH_MAX_CLOSE_DEPTH  50

/* The allocator's small blocks (pool.c): a state's blocks of up to
** BH_POOL_LARGEST bytes come from chunks of its own, by size class, with
** no header (Lua gives the size of every block it frees or resizes); the
** chunks go back when the state closes. Larger blocks are malloc's. */
#define BH_POOL_GRAIN    16
#define BH_POOL_LARGEST  512
#define BH_POOL_CLASSES  (BH_POOL_LARGEST / BH_POOL_GRAIN)

typedef struct bh_pool {
  void *free[BH_POOL_CLASSES];  /* freed blocks by class, each linking the next */
  char *next, *end;     /* what is left of the newest chunk */
  void *chunks;         /* every chunk, each linking the next */
} bh_pool;

#define BH_POOL_CHUNK    (32 << 10)   /* bytes of a chunk */

void *bh__pool_alloc(bh_pool *p, size_t size);   /* 1 <= size <= LARGEST */
void bh__pool_free(bh_pool *p, void *block, size_t size);
/* The two common cases, inlined into the allocator: a freed block of the
** size's class taken again (else bh__pool_alloc), and a block freed. */
bh__inline void *bh__pool_take (bh_pool *p, size_t size) {
  size_t c = (size - 1) / BH_POOL_GRAIN;
  void *block = p->free[c];
  if (block == NULL)
    return bh__pool_alloc(p, size);
  p->free[c] = *(void **)block;
  return block;
}
bh__inline void bh__pool_put (bh_pool *p, void *block, size_t size) {
  size_t c = (size - 1) / BH_POOL_GRAIN;
  *(void **)block = p->free[c];
  p->free[c] = block;
}
void bh__pool_release(bh_pool *p);   /* every chunk; the pool is empty */
void bh__pool_give(void *chunk);     /* a chunk no pool has any more */

/* A closed state made again (recycle.c): what the host made is copied
** when it says so (bh_keep_for_reuse: the pool's chunks and the larger
** blocks then live, which are kept when Lua frees them), and a state
** closed later on the same thread is restored from the copy for its next
** bh_open, byte for byte. */
struct bh_recycle;
struct bh_host;
void *bh__large_alloc(struct bh_host *h, size_t size);
void bh__large_free(struct bh_host *h, void *block);
void *bh__large_resize(struct bh_host *h, void *block, size_t osize, size_t nsize);
struct bh_recycle *bh__recycle_new(const char *preload, size_t length);
void bh__recycle_seal(struct bh_host *h, lua_State *L);  /* the host is done */
int bh__recycle_keep(struct bh_host *h);   /* after lua_close: 1 if kept */
void bh__recycle_drop(struct bh_host *h);  /* after lua_close */
lua_State *bh__recycle_take(const bh_config *config, const char *preload,
                             size_t length);

/* Everything the state needs besides Lua's own; its address lives in the
** extra space of every thread (Lua copies it into new threads). */
typedef struct bh_host {
  bh_config config;
  bh_dispatch_fn dispatch;
  void *context;
  size_t used;          /* bytes allocated by the state */
  size_t most_asked;    /* the most 'used' a growth under the limit asked
                           for: what made the state needed (recycle.c) */
  bh_pool pool;         /* its small blocks */
  struct bh_recycle *recycle;  /* its copy (NULL: not made again) */
  const char *preloaded;  /* the text bh_open_preloading compiled, until taken */
  size_t preloaded_length;
  int enforce;          /* memory limit applies (script code is running) */
  int depth;            /* nesting of bh_pcall / bh_resume */
  int spent;            /* BH_LIMIT_* that ended the running slice */
  int closing;          /* nesting of coroutine.close */
  long long remaining;  /* instructions left in the slice */
  long long deadline;   /* CLOCK_MONOTONIC ns; 0 = none */
  long long command_deadline;  /* the host command's, ns; 0 = none */
  double command_limit;        /* its length in seconds, for messages */
  int command_refusals;        /* callbacks of it refused as they began */
  long command_skipped;        /* handlers of it not begun after the first */
  int deadline_reason;  /* BH_LIMIT_TIME or BH_LIMIT_COMMAND */
  unsigned long long slices;  /* outermost callbacks started so far */
  bh_release_fn release;  /* gets pointers queued by release_gc */
  void **released;      /* queue of those pointers (plain malloc) */
  size_t nreleased, sizereleased;
  /* the refused allocation Lua has not asked for again yet (see state.c,
     refuse): an emergency collection and the same request follow at once,
     or the refusal's error was raised (it is final) */
  int refused;
  const void *refused_ptr;
  size_t refused_osize, refused_nsize;
  /* threads of finished handlers, ready for the next ones */
  lua_State *idle[BH_IDLE_THREADS];
  int idle_refs[BH_IDLE_THREADS];
  int nidle;
  struct { const char *s; bh_text *text; } texts[BH_TEXT_CACHE];
  struct { const char *s; const void *schema; int index; } keys[BH_KEY_CACHE];
  int view_cache;       /* registry reference: view -> userdata (weak) */
  int own[BH_OWN_COUNT];  /* registry references of BH_OWN_* values */
  const void *image_mt; /* the metatable of images */
  bh_handler running[BH_MAX_NESTING];  /* running handlers, innermost last */
  int nrunning;
  lua_State *current;   /* the thread in the innermost host function */
  bh_finish_fn finish;  /* handlers run by bh_fire that did not finish */
  bh_scene *scene;      /* retained */
  struct bh_anchor *anchor;  /* what targets hold of the state */
  int live_metatables;  /* a spec file's state: see livemeta.c */
  int sealed;           /* no script may run (see bh_seal) */
  int closed_later;     /* closed from inside a callback (bh_close_later) */
  int close_when_idle;  /* and its host gone (bh_close_when_idle) */
  int reused;           /* made again from a copy (recycle.c) */
  int sealed_refusals;  /* callbacks refused since it was sealed */
  bh_error_site error;  /* of the last error bh_pcall or bh_resume returned */
  /* the budget with the watchdog (budget.c, watchdog.c) */
  int fast;             /* scripts run with no hook; the watchdog arms it */
  int watchable;        /* on the watchdog's list: fast once it runs */
  _Atomic(lua_State *) scripting;  /* the thread running script code */
  atomic_int in_script; /* script code runs (not a host function) */
  /* once the watchdog times the slice, its host functions have run for
     host_ns in all, and one runs since host_since (ns of the thread's
     processor clock; 0 when none runs) */
  atomic_int timing;
  atomic_llong host_ns;
  atomic_llong host_since;
  atomic_int watch;     /* BH_WATCH_* */
  pthread_t thread;     /* the thread running the slice */
  atomic_llong pending_ns;  /* processor time in scripts, not yet charged */
  double rate;          /* instructions per ns, as the last window counted */
  long long window_left;  /* instructions the open window counts still */
  long long window_cpu;   /* the thread's processor time when script code
                             last began to run in it */
  long long window_script_ns;  /* processor time of script code in it */
  struct bh_host *outer_slice;  /* the slice its thread ran before this one */
  struct bh_host *watch_next;   /* the watchdog's list */
  unsigned long long watch_serial;  /* the watchdog's: the slice it saw, */
  long long watch_cpu;  /* the thread's processor time then, */
  long long watch_host; /* and the host's time in the slice then */
  /* stopping a spent slice where its loop starts again (budget.c) */
  int stopping;
  const void *stop_outer;   /* the thread's outermost Lua frame */
  long stop_events;
  long long stop_by;    /* when the search for where to stop gives up */
  int nstops;
  int stop_turn;            /* the kept frame a new one replaces next */
  struct { const void *frame; int line; } stops[BH_STOP_FRAMES];
  /* where the spent slice first stopped: its error names it wherever it
     ends (a coroutine's or a pcall's runaway ends after its frames have
     gone); "" until then */
  char spent_source[LUA_IDSIZE];
  int spent_line;
  /* where the memory limit last refused the slice's script code, noted
     then: a protected call's frames are gone before its error is made */
  char refused_source[LUA_IDSIZE];
  int refused_line;
  int spent_depth;          /* nrunning there: deeper than a handler's own
                               when a handler it started ran the slice out */
  /* the first error an xpcall's message handler raised of its own, noted
     while its frames were live (sandbox.c, guard): told once xpcall gave
     up ('handler_gave_up'); "" until then */
  char handler_source[LUA_IDSIZE];
  int handler_line;
  char handler_text[BH_HANDLER_TEXT];
  int handler_gave_up;
} bh_host;

/* What a target holds of its state: the state while it is open. */
typedef struct bh_anchor {
  lua_State *L;         /* NULL once closed */
  size_t refs;
} bh_anchor;

/* budget.c: stops the script on L, whose state its host closed. */
int bh__stop_closed (lua_State *L);

static inline bh_host *bh__host(lua_State *L) {
  return *(bh_host **)lua_getextraspace(L);
}

/* Pushes the shim's value 'which' (BH_OWN_*), nil when not made yet;
** returns its type. */
static inline int bh__push_own(lua_State *L, int which) {
  int ref = bh__host(L)->own[which];
  if (ref <= 0) {
    lua_pushnil(L);
    return LUA_TNIL;
  }
  return lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
}

/* Pops the value on top as the shim's value 'which' (BH_OWN_*). */
static inline void bh__set_own(lua_State *L, int which) {
  bh_host *h = bh__host(L);
  if (h->own[which] > 0)
    lua_rawseti(L, LUA_REGISTRYINDEX, h->own[which]);
  else
    h->own[which] = luaL_ref(L, LUA_REGISTRYINDEX);
}

/* Registry keys (their addresses are light-userdata keys). */
extern const char bh__key_base;      /* safe base functions, by name */
extern const char bh__key_libs;      /* library tables, by name */
extern const char bh__key_copy;      /* field marking a private copy */
extern const char bh__key_memmsg;    /* preallocated "memory limit" error */
/* random.c's */
extern const char bh__key_seed;      /* Lua's math.randomseed */
extern const char bh__key_random;    /* Lua's math.random */
extern const char bh__key_math;      /* the math library environments copy */
extern const char bh__key_identity;  /* field of a partial env: its identity */
extern const char bh__key_hostthreads; /* threads only the host resumes */
extern const char bh__key_readonly;  /* tables rawset refuses, to names */
extern const char bh__key_preload;   /* the chunk bh_open_preloading compiled */
extern const char bh__key_original;  /* field of a live copy: its original */

/* budget.c */
void bh__charge(lua_State *L, long long units);  /* raises when spent */
void bh__push_limit_message(lua_State *L, bh_host *h);
void bh__push_reason(lua_State *L, bh_host *h, int reason);
int bh__pass_spent(lua_State *L);  /* a coroutine's stop goes on in L */
long long bh__now_ns(void);             /* the monotonic clock */
void bh__check_clock(bh_host *h);       /* marks the slice spent if due */
void bh__start_slice(lua_State *L, bh_host *h);
void bh__end_slice(bh_host *h);
void bh__arm(lua_State *L);             /* the hook fires at the next jump */
/* The memory limit refused the script for good: the slice is spent, at
** the place noted when it refused (bh__note_refused_where). */
void bh__memory_spent(bh_host *h);
/* A refusal of script code that Lua did not ask for again is final (see
** state.c, refuse): the slice is spent. Called where the refusal's error
** (a memory error, which no message handler sees) may be caught next: the
** hook, a coroutine's end; and in message handlers, for an error raised
** in its place before the hook ran. */
void bh__settle_refusal(bh_host *h);
/* A library function about to ask for a buffer of at most 'bytes'
** collects the garbage first when the limit would refuse them: Lua
** collects before it refuses its own requests, never a library's. One
** comparison when they fit (with no limit, 0, the difference wraps). */
void bh__collect_for_room(lua_State *L);  /* state.c */
void bh__charge_collection(lua_State *L, size_t held);  /* state.c */
static inline void bh__make_room (lua_State *L, size_t bytes) {
  bh_host *h = bh__host(L);
  if (h->config.memory_limit - h->used < bytes)
    bh__collect_for_room(L);
}
/* Before 'len' bytes go into 'b': the same, for the size lauxlib grows
** the buffer to when they do not fit (twice its size, or what is asked). */
static inline void bh__buffer_room (luaL_Buffer *b, size_t len) {
  if (len > b->size - b->n)
    bh__make_room(b->L, (b->size * 2 > b->n + len) ? b->size * 2 : b->n + len);
}
/* ... of the string (or number) on top of b's state, for luaL_addvalue */
static inline void bh__value_room (luaL_Buffer *b) {
  size_t len = 0;
  lua_tolstring(b->L, -1, &len);
  bh__buffer_room(b, len);
}
void bh__count_everything(lua_State *L);  /* without the watchdog */
/* string.format's '%s' arguments that are tables or userdata made their
** strings in place, as format would make them, up to the first conversion
** of format 'f' (of 'len' bytes) it would refuse (formatstrings.c). */
void bh__format_strings(lua_State *L, const char *f, size_t len);

/* watchdog.c */
long long bh__thread_cpu_ns(void);      /* this thread's processor time */
int bh__watch_register(bh_host *h);     /* 1 when the watchdog runs */
int bh__watch_start(void);              /* starts it; 1 when it runs */
int bh__watching(void);                 /* 1 when it runs */
void bh__watch_unregister(bh_host *h);
void bh__watch_begin(bh_host *h);       /* a slice starts on this thread */
void bh__watch_end(bh_host *h);

/* Which thread runs script code: 'co' from now on, until bh__leave. */
bh__inline lua_State *bh__enter (bh_host *h, lua_State *co) {
  lua_State *outer = atomic_load_explicit(&h->scripting, memory_order_relaxed);
  atomic_store_explicit(&h->scripting, co, memory_order_relaxed);
  return outer;
}

bh__inline void bh__leave (bh_host *h, lua_State *outer) {
  atomic_store_explicit(&h->scripting, outer, memory_order_relaxed);
}

/* Script code runs from now on (1) or the host's (0); returns which ran
** before. Inside a slice ('timed'), the host's time is kept apart from the
** script's (watchdog.c), and an open window counts the script's only. */
void bh__window_switch(bh_host *h, int in_script);
void bh__host_time(bh_host *h, int in_script);
bh__inline int bh__set_in_script (bh_host *h, int in_script, int timed) {
  int before = atomic_load_explicit(&h->in_script, memory_order_relaxed);
  if (before != in_script) {
    if (timed && atomic_load_explicit(&h->timing, memory_order_relaxed))
      bh__host_time(h, in_script);
    if (h->window_left > 0)
      bh__window_switch(h, in_script);
  }
  atomic_store_explicit(&h->in_script, in_script, memory_order_relaxed);
  return before;
}

/* state.c */
int bh__call_host(lua_State *L, int id);  /* a host function's body */

/* errors.c */
/* Pushes "source:line: " of the function at 'level' of 'co' (or of the one
** below it, when that one is a C function), or "" onto L; a spec file's
** dispatchers of metatables are no frames here (bh__in_dispatcher). */
void bh__push_where(lua_State *L, lua_State *co, int level);
/* Notes where the spent slice stopped, at frame 'level' of 'co' (unless
** noted already): the memory limit's error is made before its place is
** known, and a coroutine's frames go with it. */
void bh__note_spent_where(lua_State *L, lua_State *co, int level);
/* Notes where the script code running in 'h' stands, as the memory limit
** refuses it (reads its frames, allocates nothing); pushes that place,
** "source:line: " (or ""), for a memory error's message. */
void bh__note_refused_where(bh_host *h);
void bh__push_refused_where(lua_State *L);
/* Notes the error on top of L, raised by an xpcall's message handler in a
** frame still live, as the handler's failure (its place and text). */
void bh__note_handler_failure(lua_State *L);
/* Pushes "source:line: " of where the spent slice first stopped, noting
** it from 'co' at 'level' (as bh__push_where finds it) when it is not
** noted yet. */
void bh__push_spent_where(lua_State *L, lua_State *co, int level);
/* Bytes of the "source:line: " that heads the error message on top of L,
** the position of a frame still live (or that the host raised it at); 0
** when it has none. For a message handler. */
size_t bh__error_where(lua_State *L);
/* Notes the position of the error message on top of L, raised in a frame
** still live, for when it is raised again (error(err, 0)) from elsewhere. */
void bh__note_caught(lua_State *L);
/* bh_pcall's message handler: the message (a limit's, when one is spent)
** with its site noted, and the traceback. */
int bh__message_handler(lua_State *L);
/* Replaces the error object bh_pcall's call left on top of L (status) by
** the final message. */
void bh__finish_error(lua_State *L, int status);
/* Pushes onto L the message and traceback of coroutine 'co', which failed
** with 'status' (its frames still live), its site noted. */
void bh__resume_error(lua_State *L, lua_State *co, int status);
/* Rewrites the message a load of 'chunkname' failed with (status) on top
** of L, and notes its position. */
void bh__load_error(lua_State *L, int status, const char *chunkname);

/* errortable.c: pushes onto L the one line a spec file's report shows
** for the table at 'idx' of 'co', raised as an error: read raw, bounded,
** no script code run (see there). */
void bh__push_error_table(lua_State *L, lua_State *co, int idx);

/* sandbox.c */
/* A behaviour's environment, filled as it is used (environment.c). */
int bh__is_partial_env(lua_State *L, int idx);
void bh__fill_env(lua_State *L, int idx);  /* makes it whole */

int bh__open_sandbox(lua_State *L);   /* a lua_CFunction, run protected */

/* random.c: a generator for each environment's `math` */
void bh__keep_generator(lua_State *L, int math);  /* at the opening */
int bh__is_math_library(lua_State *L, int idx);
/* the fresh copy of math at 'copy' gets a generator of its own, seeded for
** the identity string at 'identity' (0: none), counted among those of its
** name when 'counted' (a behaviour's, whose name need not be unique) */
void bh__own_generator(lua_State *L, int copy, int identity, int counted);
int bh__reseed(lua_State *L);         /* a lua_CFunction, run protected */
int bh__guard_handler(lua_State *L);  /* xpcall: wraps the handler */

/* livemeta.c: fills the new live copy on top for the original at 'mt' */
void bh__fill_live_copy (lua_State *L, int mt);
/* Pushes the metamethod 'event' of the value at 'idx' as its script gave
** it (from the original of a live copy, else from its metatable; raw) and
** returns its type; LUA_TNIL, with nothing pushed, when there is none. */
int bh__metafield (lua_State *L, int idx, const char *event);
/* Whether frame 'ar' (from lua_getstack) of L runs a dispatcher of a spec
** file's live metatables, which Lua would not have as a frame. */
int bh__in_dispatcher (lua_State *L, lua_Debug *ar);
/* luaL_where(L, level), the frames of live metatables' dispatchers not
** counted: the position of the code that caused an event. */
void bh__where (lua_State *L, int level);

/* stringarith.c: a spec state's string arithmetic (see there) */
void bh__install_string_arith (lua_State *L);
/* The string metatable's arithmetic events and their operations, ended by
** a NULL event: the ones stringarith.c replaces in a spec state and
** sandbox.c charges for the numerals they read. */
extern const struct bh_string_arith_event {
  const char *event;
  int op;
} bh__string_arith_events[];

/* concatstep.c: whether the __concat metamethod a dispatcher is about to
** run is for the last step of an OP_CONCAT of a Lua function */
int bh__concat_last_step (lua_State *L);

/* stringlib.c, tablelib.c */
void bh__install_stringlib (lua_State *L, int strtable);
void bh__install_tablelib (lua_State *L, int tabtable);

/* chunkcache.c: compiled chunks kept for the process. Loads the dump of
** the same text under the same name (status in *status) and returns 1, or
** returns 0 when it has none; bh__keep_chunk dumps the function on top. */
int bh__load_cached (lua_State *L, const char *source, size_t length,
                     const char *chunkname, int *status);
void bh__keep_chunk (lua_State *L, const char *source, size_t length,
                     const char *chunkname);

#endif
