/*
** budget.c: the limits of one callback, a "slice" (the outermost bh_pcall
** or bh_resume and all it runs): its instruction budget, its deadline, and
** the error that ends it.
**
** Counting. Once any count or line hook is set, Lua 5.4 sends every
** instruction through luaG_traceexec (lvm.c, vmfetch), whatever the count:
** CPU-bound code runs about twice as slow as with no hook. So where the
** watchdog runs (watchdog.c), script code runs with no hook. The watchdog
** looks at each running slice every millisecond, adds the processor time
** its thread spent in script code since the last look, and arms the hook of
** the thread that runs script code (lua_sethook is safe in a signal handler:
** lua.c stops a script on Ctrl-C that way; the VM notices at its next jump,
** call or return). Armed, the hook counts a window of BH_WINDOW
** instructions, which gives the rate this code runs them at when counted
** (C calls and all); the processor time is charged at that rate, and the
** hook comes off again. So the budget runs out after the processor time its
** instructions take when counted: a runaway is stopped as soon as before.
** Without the watchdog, the hook counts every instruction (BH_HOOK_COUNT at
** a time): where the watchdog cannot run, and in every process until its
** callbacks have run BH_WATCH_AFTER instructions or BH_WATCH_AFTER_SLICES
** callbacks have started, when the thread starts (a slice that counted
** them goes on without the hook, the others from their next slice): a
** short run never starts it. Either way C work (a pattern, a sort, a long string) is charged
** in units by the functions that do it, and host functions cost nothing.
**
** Stopping. A slice found spent raises its error where the running loop
** starts again (a frame goes back to a line it was at), so the error names
** the same line on every run, wherever the count ran out (a recursion that
** never loops stops at its next call); an error the script raises before
** that is its own. From then on the hook raises the
** limit's error before every instruction, so no pcall can swallow it, and
** the slice gets no more memory.
*/
#if !defined(_POSIX_C_SOURCE) && !defined(__APPLE__)
#define _POSIX_C_SOURCE 200809L  /* clock_gettime */
#endif

#include <string.h>
#include <time.h>

#include "bh_internal.h"


long long bh__now_ns (void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}


static void hook (lua_State *L, lua_Debug *ar);


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
      /* Wall time since the command began: its handlers and the host's
         work between them (a command ends when it returns, so time
         before it is never counted). */
      lua_pushfstring(L, "time limit of one command exceeded (this command, "
                      "with every handler it started, ran for more than %f s)",
                      (lua_Number)h->command_limit);
      break;
    case BH_LIMIT_CLOSED:
      lua_pushliteral(L, "the scene's scripts are closed");
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


void bh__push_reason (lua_State *L, bh_host *h, int reason) {
  push_reason(L, h, reason);
}


void bh__push_limit_message (lua_State *L, bh_host *h) {
  push_reason(L, h, h->spent);
}


static void account (bh_host *h, long long units) {
  if (h->config.instruction_budget > 0 && h->spent == BH_LIMIT_NONE &&
      (h->remaining -= units) <= 0)
    h->spent = BH_LIMIT_INSTRUCTIONS;
}


/* Charges the processor time the watchdog found in script code at the
** rate the window that just ended counted: Lua instructions per ns of the
** code as it runs, C calls and all (C work is charged by itself: units). */
static void price (bh_host *h) {
  long long ns = atomic_exchange_explicit(&h->pending_ns, 0,
                                          memory_order_relaxed);
  if (ns > 0 && h->rate > 0)
    account(h, (long long)((double)ns * h->rate));
}


/* Where a slice's time limit starts: the coarse clock, which costs a
** tenth of the precise one (most of a short callback's bookkeeping), moved
** on by its resolution so that a limit never ends early; it ends at most
** that resolution (a tick, a few milliseconds) late. The coarse clock is
** the monotonic one read at the last tick. */
static long long slice_start_ns (void) {
#if defined(CLOCK_MONOTONIC_COARSE)
  static _Atomic long long resolution = -1;  /* ns; 0: no coarse clock */
  long long r = atomic_load_explicit(&resolution, memory_order_relaxed);
  struct timespec ts;
  if (r < 0) {
    r = (clock_getres(CLOCK_MONOTONIC_COARSE, &ts) == 0 && ts.tv_sec == 0)
        ? ts.tv_nsec : 0;
    atomic_store_explicit(&resolution, r, memory_order_relaxed);
  }
  if (r > 0 && clock_gettime(CLOCK_MONOTONIC_COARSE, &ts) == 0)
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec + r;
#endif
  return bh__now_ns();
}


void bh__check_clock (bh_host *h) {
  if (h->deadline != 0 && h->spent == BH_LIMIT_NONE &&
      bh__now_ns() >= h->deadline)
    h->spent = h->deadline_reason;
}


static int do_nothing (lua_State *L) {
  (void)L;
  return 0;
}


/*
** Raising calls the message handler (bh_pcall's, or an xpcall's) one call
** deeper than the code that ran out, which takes a CallInfo and stack room
** that a spent slice would be refused. Whether Lua still has them from an
** earlier call depends on the collector (it frees unused ones), and
** without them the raise becomes "not enough memory" and the handler, with
** the error's place and advice, never runs. So they are made here: a call
** of nothing leaves its CallInfo to the next call (protected: at the C
** stack's limit it fails, and the raise goes on as it would have). Done
** last, after every allocation that may run the collector.
*/
static void reserve_handler_call (lua_State *L) {
  if (lua_checkstack(L, LUA_MINSTACK + 2)) {
    lua_pushcfunction(L, do_nothing);
    if (lua_pcall(L, 0, 0, 0) != LUA_OK)
      lua_pop(L, 1);
  }
}


/*
** The slice is spent: make the hook fire before every instruction of this
** thread, and raise. Any pcall in the script that catches the error gets
** it again at its very next instruction, so the error reaches the host.
*/
static int raise_spent (lua_State *L, bh_host *h) {
  int enforce = h->enforce;
  h->stopping = 0;
  lua_sethook(L, hook, LUA_MASKCOUNT, 1);
  h->enforce = 0;  /* a spent slice gets no memory: what follows is the host's */
  if (h->spent == BH_LIMIT_MEMORY) {  /* the message is made already */
    bh__push_refused_where(L);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_memmsg);
  }
  else {
    bh__push_spent_where(L, L, 0);
    bh__push_limit_message(L, h);
  }
  lua_concat(L, 2);
  reserve_handler_call(L);
  h->enforce = enforce;
  return lua_error(L);
}


/* The state was closed by a host function the script on L called: the
** script stops there, as a spent slice does, whatever pcalls it is in. */
int bh__stop_closed (lua_State *L) {
  bh_host *h = bh__host(L);
  h->spent = BH_LIMIT_CLOSED;
  return raise_spent(L, h);
}


/* The error of a coroutine the spent slice stopped (on top of L) goes on
** in the thread that resumed it, which is stopped at its next instruction
** too: neither coroutine.resume nor a pcall around it swallows it, and a
** callback that returns straight after it still ends with it. */
int bh__pass_spent (lua_State *L) {
  bh_host *h = bh__host(L);
  int enforce = h->enforce;
  lua_sethook(L, hook, LUA_MASKCOUNT, 1);
  h->enforce = 0;  /* the host's room for the raise (raise_spent) */
  reserve_handler_call(L);
  h->enforce = enforce;
  return lua_error(L);
}


/* Found spent by the hook: go on to where the running loop starts again
** (see stop_here), hearing each new line, each jump back and each return.
** The outermost Lua frame of the thread is noted: its loop is the one
** looked for first. */
static void begin_stop (lua_State *L, bh_host *h) {
  lua_Debug ar;
  int low = 0, high = 1;
  h->stopping = 1;
  h->nstops = 0;
  h->stop_turn = 0;
  h->stop_events = 0;
  h->stop_by = bh__now_ns() + BH_STOP_GRACE_NS;
  h->stop_outer = NULL;
  /* the deepest level (lua_getstack walks from the top: a runaway
     recursion can be deep), then the first Lua frame above it */
  while (lua_getstack(L, high, &ar) && high < (1 << 30)) {
    low = high;
    high *= 2;
  }
  while (high - low > 1) {
    int middle = low + (high - low) / 2;
    if (lua_getstack(L, middle, &ar)) low = middle; else high = middle;
  }
  for (; low >= 0 && lua_getstack(L, low, &ar); low--)
    if (lua_getinfo(L, "S", &ar) && *ar.what != 'C') {
      h->stop_outer = ar.i_ci;
      break;
    }
  lua_sethook(L, hook, LUA_MASKLINE | LUA_MASKRET, 0);
}


/*
** An event of a spent slice. A line event comes at each new line and at
** each jump back; the line each frame (a CallInfo: lua_Debug.i_ci) was
** last at is kept, and the slice raises when the outermost frame goes back
** to a line it was at or before: its loop's next turn, or a tail call of
** itself, the same place on every run wherever the count ran out (a loop
** in a function it calls would stop at a place that depends on where). A
** runaway whose outermost frame does not loop stops at the first turn of
** any loop after BH_STOP_PATIENCE line events. A frame that returns is
** forgotten (its CallInfo serves the next call); once BH_STOP_FRAMES are
** kept, a new frame takes the place of one of them in turn, so a loop
** under a recursion deeper than that is seen too.
**
** A runaway that turns no loop in twice that many line events recurses:
** it stops at its next call of a Lua function, at that function's first
** line (a recursion calls the same one each time). Left to go on, it would
** end in the memory limit, whose error has no line. Past three times as
** many, it stops at any line: the search always ends, and ends at once
** once it has taken BH_STOP_GRACE_NS (a loop of long instructions, whose
** outermost frame is a runner's, heard a line a second).
*/
static void stop_here (lua_State *L, bh_host *h, lua_Debug *ar) {
  int i;
  if (ar->event == LUA_HOOKCALL) {
    if (lua_getinfo(L, "S", ar) && *ar->what != 'C')
      raise_spent(L, h);
    return;
  }
  if (ar->event == LUA_HOOKTAILCALL)
    return;  /* its frame's next line says where it goes */
  if (bh__now_ns() >= h->stop_by)
    raise_spent(L, h);  /* long lines: the search would go on for minutes */
  for (i = 0; i < h->nstops && h->stops[i].frame != ar->i_ci; i++) {}
  if (ar->event == LUA_HOOKRET) {
    if (i < h->nstops)
      h->stops[i] = h->stops[--h->nstops];
    return;
  }
  h->stop_events++;
  if (h->stop_events > 3 * BH_STOP_PATIENCE)
    raise_spent(L, h);
  if (h->stop_events == 2 * BH_STOP_PATIENCE)  /* hear calls too */
    lua_sethook(L, hook, LUA_MASKLINE | LUA_MASKRET | LUA_MASKCALL, 0);
  if (i < h->nstops) {
    if (ar->currentline <= h->stops[i].line &&
        (ar->i_ci == h->stop_outer || h->stop_events > BH_STOP_PATIENCE))
      raise_spent(L, h);
    h->stops[i].line = ar->currentline;
    return;
  }
  if (h->nstops < BH_STOP_FRAMES)
    i = h->nstops++;
  else {  /* all kept: replace one, in turn */
    i = h->stop_turn;
    h->stop_turn = (h->stop_turn + 1) % BH_STOP_FRAMES;
  }
  h->stops[i].frame = ar->i_ci;
  h->stops[i].line = ar->currentline;
}


/*
** The hook with the watchdog. Armed (a count of 1, or a hook left from
** another slice), it opens a window, or lets this thread count in the one
** open; at the window's end it takes the rate, prices the time, and comes
** off. A thread that counts with no window open (a coroutine made during
** one) takes its hook off.
*/
static void count_window (lua_State *L, bh_host *h, lua_Debug *ar) {
  int count = (ar->event == LUA_HOOKCOUNT) ? lua_gethookcount(L) : 0;
  if (count != BH_HOOK_COUNT) {  /* armed: the window prices the time */
    bh__check_clock(h);
    if (h->spent != BH_LIMIT_NONE)
      return;
    if (h->window_left <= 0) {
      h->window_left = BH_WINDOW;
      h->window_cpu = bh__thread_cpu_ns();
      h->window_script_ns = 0;
    }
    lua_sethook(L, hook, LUA_MASKCOUNT, BH_HOOK_COUNT);
    return;
  }
  if (h->window_left > 0 && (h->window_left -= count) <= 0) {
    long long elapsed = h->window_script_ns + bh__thread_cpu_ns() -
                        h->window_cpu;
    if (elapsed > 0)
      h->rate = (double)(BH_WINDOW - h->window_left) / (double)elapsed;
    h->window_left = 0;
    price(h);  /* at the new rate */
    bh__check_clock(h);
    if (h->spent != BH_LIMIT_NONE)
      return;
  }
  if (h->window_left <= 0)
    lua_sethook(L, NULL, 0, 0);
}


void bh__host_time (bh_host *h, int in_script) {
  long long now = bh__thread_cpu_ns();
  if (!in_script)
    atomic_store_explicit(&h->host_since, now, memory_order_relaxed);
  else {
    long long since = atomic_load_explicit(&h->host_since,
                                           memory_order_relaxed);
    if (since != 0)
      atomic_fetch_add_explicit(&h->host_ns, now - since,
                                memory_order_relaxed);
    atomic_store_explicit(&h->host_since, 0, memory_order_relaxed);
  }
}


void bh__window_switch (bh_host *h, int in_script) {
  long long now = bh__thread_cpu_ns();
  if (in_script)
    h->window_cpu = now;
  else
    h->window_script_ns += now - h->window_cpu;
}


/* The watchdog starts once the process's callbacks have counted this many
** instructions one by one (about a millisecond of script code), or once
** this many callbacks have started: a run that does either is no short
** run, and counting every instruction would cost it more than the thread. */
#define BH_WATCH_AFTER         1000000
#define BH_WATCH_AFTER_SLICES  100

static atomic_llong counted_before_watching;
static atomic_int slices_before_watching;


/* The slice on thread L goes on with the watchdog, with no hook. */
static void watch_slice (lua_State *L, bh_host *h) {
  /* a window or a sticky hook of an earlier slice ends here */
  if (lua_gethook(L) != NULL)
    lua_sethook(L, NULL, 0, 0);
  h->window_left = 0;
  atomic_store_explicit(&h->pending_ns, 0, memory_order_relaxed);
  atomic_store_explicit(&h->timing, 0, memory_order_relaxed);
  atomic_store_explicit(&h->host_ns, 0, memory_order_relaxed);
  atomic_store_explicit(&h->host_since, 0, memory_order_relaxed);
  if (h->scene != NULL) {
    h->scene->trace.timing = 0;
    h->scene->trace.listening_ns = 0;
  }
  bh__watch_begin(h);
}


/* The hook without the watchdog: counts every instruction. The callback
** that brings the process's count to BH_WATCH_AFTER starts the watchdog
** and goes on with it (its thread runs no slice begun after this one: a
** callback's host functions end the slices they start). */
static void count_all (lua_State *L, bh_host *h, lua_Debug *ar) {
  int count = (ar->event == LUA_HOOKCOUNT) ? lua_gethookcount(L) : 0;
  account(h, count);
  bh__check_clock(h);
  if (h->spent != BH_LIMIT_NONE)
    return;
  if (h->watchable &&
      (bh__watching() ||
       atomic_fetch_add(&counted_before_watching, count) + count >=
         BH_WATCH_AFTER) &&
      bh__watch_start()) {
    h->fast = 1;
    watch_slice(L, h);
    return;
  }
  if (count != BH_HOOK_COUNT)
    lua_sethook(L, hook, LUA_MASKCOUNT, BH_HOOK_COUNT);  /* was sticky */
}


static void hook (lua_State *L, lua_Debug *ar) {
  bh_host *h = bh__host(L);
  if (h->depth == 0) {  /* no callback is running: nothing to charge */
    if (h->fast)
      lua_sethook(L, NULL, 0, 0);
    return;
  }
  bh__settle_refusal(h);  /* a refusal arms it (state.c, refuse) */
  if (h->spent != BH_LIMIT_NONE) {
    if (h->stopping && ar->event != LUA_HOOKCOUNT)
      stop_here(L, h, ar);
    else
      raise_spent(L, h);
    return;
  }
  if (h->fast)
    count_window(L, h, ar);
  else
    count_all(L, h, ar);
  if (h->spent != BH_LIMIT_NONE)
    begin_stop(L, h);
}


void bh__arm (lua_State *L) {
  lua_sethook(L, hook, LUA_MASKCOUNT, 1);
}


void bh__memory_spent (bh_host *h) {
  h->spent = BH_LIMIT_MEMORY;
  if (h->spent_source[0] == '\0' && h->refused_source[0] != '\0') {
    memcpy(h->spent_source, h->refused_source, LUA_IDSIZE);
    h->spent_line = h->refused_line;
    h->spent_depth = h->nrunning;
  }
}


void bh__settle_refusal (bh_host *h) {
  if (h->refused && h->depth > 0 && h->spent == BH_LIMIT_NONE)
    bh__memory_spent(h);
}


/* Charges C work done for the script, in units. Long work raises once the
** slice is spent; a short call found it spent lets the loop that called it
** go on to where it starts again (stop_here). */
void bh__charge (lua_State *L, long long units) {
  bh_host *h = bh__host(L);
  int long_work = (units >= BH_CHARGE_CHUNK);
  if (h->depth == 0)
    return;
  account(h, units);
  if (long_work)
    bh__check_clock(h);
  if (h->spent == BH_LIMIT_NONE)
    return;
  if (long_work || h->spent == BH_LIMIT_MEMORY)
    raise_spent(L, h);
  else if (!h->stopping)
    begin_stop(L, h);
}


/* The outermost callback starts a new slice on thread L. */
void bh__start_slice (lua_State *L, bh_host *h) {
  double limit = h->config.time_limit;
  /* the command's deadline is checked on the precise clock */
  long long now = (h->command_deadline != 0) ? bh__now_ns()
                  : (limit > 0) ? slice_start_ns() : 0;
  h->spent = BH_LIMIT_NONE;
  h->spent_source[0] = '\0';
  h->refused_source[0] = '\0';
  h->handler_gave_up = 0;
  h->stopping = 0;
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
  h->closing = 0;
  h->refused = 0;
  if (!h->fast && h->watchable &&
      (bh__watching() ||
       (atomic_fetch_add(&slices_before_watching, 1) + 1 >=
          BH_WATCH_AFTER_SLICES && bh__watch_start())))
    h->fast = 1;  /* the watchdog runs (since the state's last slice) */
  if (h->fast)
    watch_slice(L, h);
  /* undoes a sticky hook (the count window goes on: it charges at most
     one window more to this slice) */
  else if (lua_gethookcount(L) != BH_HOOK_COUNT ||
           lua_gethookmask(L) != LUA_MASKCOUNT)
    lua_sethook(L, hook, LUA_MASKCOUNT, BH_HOOK_COUNT);
  if (h->deadline_reason == BH_LIMIT_COMMAND && now >= h->deadline) {
    h->command_refusals++;
    h->spent = BH_LIMIT_COMMAND;  /* the command is over: end at once */
    lua_sethook(L, hook, LUA_MASKCOUNT, 1);
  }
}


void bh__end_slice (bh_host *h) {
  if (h->fast)
    bh__watch_end(h);
}


/* The count hook every thread of a state without the watchdog inherits. */
void bh__count_everything (lua_State *L) {
  lua_sethook(L, hook, LUA_MASKCOUNT, BH_HOOK_COUNT);
}


int bh_counts_by_windows (lua_State *L) {
  return bh__host(L)->fast;
}


unsigned long long bh_slice_serial (lua_State *L) {
  return bh__host(L)->slices;
}


long bh_set_command_deadline (lua_State *L, double seconds) {
  bh_host *h = bh__host(L);
  long skipped = h->command_skipped;
  h->command_skipped = 0;
  h->command_refusals = 0;
  if (seconds > 0) {
    if (seconds > 1e9) seconds = 1e9;  /* keep the nanoseconds in range */
    h->command_deadline = bh__now_ns() + (long long)(seconds * 1e9);
    h->command_limit = seconds;
  }
  else
    h->command_deadline = 0;
  return skipped;
}


double bh_slice_seconds_left (lua_State *L) {
  bh_host *h = bh__host(L);
  long long left;
  if (h->depth == 0 || h->deadline == 0)
    return -1;
  left = h->deadline - bh__now_ns();
  if (h->deadline_reason == BH_LIMIT_TIME && h->config.time_limit > 0 &&
      (double)left / 1e9 > h->config.time_limit)
    return h->config.time_limit;  /* (the start's slack: slice_start_ns) */
  return left > 0 ? (double)left / 1e9 : 0;
}


long long bh_slice_instructions_left (lua_State *L) {
  bh_host *h = bh__host(L);
  long long left;
  if (h->depth == 0 || h->config.instruction_budget <= 0)
    return -1;
  left = h->remaining;
  if (h->fast)  /* what the watchdog found, not yet charged */
    left -= (long long)((double)atomic_load_explicit(&h->pending_ns,
                                                     memory_order_relaxed) *
                        h->rate);
  return left > 0 ? left : 0;
}


/* (A slice that ended, by an error of its own, while the hook looked for
** where to stop it ended within its limits, as far as anyone can tell.) */
int bh_budget_spent (lua_State *L) {
  bh_host *h = bh__host(L);
  return h->spent != BH_LIMIT_NONE && !h->stopping;
}


int bh_limit_reason (lua_State *L) {
  bh_host *h = bh__host(L);
  return h->stopping ? BH_LIMIT_NONE : h->spent;
}


const char *bh_spent_site (lua_State *L, int *line) {
  bh_host *h = bh__host(L);
  *line = h->spent_line;
  return h->spent_source[0] != '\0' ? h->spent_source : NULL;
}
