/*
** watchdog.c: the thread that keeps the budgets of running callbacks
** (budget.c, "Counting"). One per process, started with the first state
** that counts this way. While some callback runs it wakes every
** millisecond: for each running slice it adds the processor time the
** slice's thread spent since the last look, less what the host's code took
** (its functions, its listeners), and sends that thread BH_WATCH_SIGNAL,
** whose handler arms the budget hook of the Lua thread running the script.
** With no callback running for a while, it sleeps until one starts.
**
** It starts when the process's callbacks have run long or many (budget.c,
** BH_WATCH_AFTER): until then states count every instruction, so a short run
** (`behave run` with a tap, a quick tool) never pays for a thread, which
** took a third of such a run's time on a busy machine (the exit waits for
** it to be scheduled and end).
**
** A slice's state (bh_host.watch) tells the watchdog when it may signal the
** slice's thread: only while the slice runs, and the slice does not end
** (nor its thread exit) while a signal is being sent. Hosts are added and
** removed under watch_lock, which the watchdog holds while it looks.
**
** Linux only (a thread's processor clock, real-time signals). Elsewhere, or
** when the signal is taken by the app, states count every instruction.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <time.h>

#include "bh_internal.h"


long long bh__thread_cpu_ns (void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}


#if defined(__linux__)

/* Wakes per second while callbacks run, and idle wakes before sleeping. */
#define TICK_NS        1000000L
#define IDLE_TICKS     50

static pthread_mutex_t watch_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t watch_wake = PTHREAD_COND_INITIALIZER;
static bh_host *watched;       /* the hosts counting this way */
static atomic_int sleeping;    /* the watchdog waits for a slice to start */
static atomic_int started;     /* 1 running, -1 could not start */

/* The innermost slice this thread runs (a callback can start another
** state's, as a spec builds a scene); what the signal handler arms. */
static _Thread_local bh_host *slice_here;
static _Thread_local int unblocked_here;


static void on_signal (int sig) {
  int saved = errno;
  bh_host *h = slice_here;
  (void)sig;
  if (h != NULL && atomic_load_explicit(&h->in_script, memory_order_relaxed)) {
    lua_State *L = atomic_load_explicit(&h->scripting, memory_order_relaxed);
    /* not counting already; or counting, with the deadline past and not
       yet seen: a window looks at the clock every thousand instructions,
       and one instruction may take long (two long strings compared). Once
       seen, the hook looks for where to stop, and is left to it. */
    if (L != NULL && (lua_gethook(L) == NULL ||
                      (h->spent == BH_LIMIT_NONE && h->deadline != 0 &&
                       bh__now_ns() >= h->deadline)))
      bh__arm(L);
  }
  errno = saved;
}


/* The processor time the host's code has taken in the slice since the
** watchdog began to time it: its functions, and the listeners the scene's
** C half calls (a change, a trace entry). 'cpu' is the thread's processor
** clock now. Read while the slice runs, so an estimate. */
static long long host_time (bh_host *h, long long cpu) {
  volatile bh_trace *trace = (h->scene != NULL) ? &h->scene->trace : NULL;
  long long ns = atomic_load_explicit(&h->host_ns, memory_order_relaxed);
  long long since = atomic_load_explicit(&h->host_since, memory_order_relaxed);
  if (since != 0 && cpu > since)
    ns += cpu - since;
  if (trace != NULL) {
    long long listening = trace->listening_since;
    ns += trace->listening_ns;
    if (listening != 0 && cpu > listening)
      ns += cpu - listening;
  }
  return ns;
}


/* Looks at one host: whether it runs a slice. The processor time of its
** thread since the last look, less what the host's code took, is the
** script's; the first look at a slice starts timing the host's code (a
** slice that ends sooner never pays for the clock). A thread in script code
** is signalled, to arm its hook. */
static int look (bh_host *h) {
  int state = BH_WATCH_RUNNING;
  clockid_t clock;
  struct timespec ts;
  if (!atomic_compare_exchange_strong(&h->watch, &state, BH_WATCH_SIGNALLING))
    return 0;  /* idle (only this thread signals) */
  if (pthread_getcpuclockid(h->thread, &clock) == 0 &&
      clock_gettime(clock, &ts) == 0) {
    long long cpu = (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
    long long host = host_time(h, cpu);
    if (h->watch_serial == h->slices) {
      long long script = (cpu - h->watch_cpu) - (host - h->watch_host);
      if (script > 0)
        atomic_fetch_add_explicit(&h->pending_ns, script,
                                  memory_order_relaxed);
    }
    else {
      atomic_store_explicit(&h->timing, 1, memory_order_relaxed);
      if (h->scene != NULL)
        ((volatile bh_trace *)&h->scene->trace)->timing = 1;
    }
    h->watch_serial = h->slices;
    h->watch_cpu = cpu;
    h->watch_host = host;
  }
  if (atomic_load_explicit(&h->in_script, memory_order_relaxed))
    pthread_kill(h->thread, BH_WATCH_SIGNAL);
  atomic_store(&h->watch, BH_WATCH_RUNNING);
  return 1;
}


static void *watch (void *arg) {
  struct timespec tick = {0, TICK_NS};
  int idle = 0;
  (void)arg;
  pthread_mutex_lock(&watch_lock);
  for (;;) {
    int busy = 0;
    bh_host *h;
    pthread_mutex_unlock(&watch_lock);
    nanosleep(&tick, NULL);
    pthread_mutex_lock(&watch_lock);
    for (h = watched; h != NULL; h = h->watch_next)
      busy |= look(h);
    idle = busy ? 0 : idle + 1;
    if (idle >= IDLE_TICKS) {
      /* a slice that starts from now on sees 'sleeping' and wakes this
         thread, or this thread sees the slice (both are sequentially
         consistent): no slice is left unwatched */
      atomic_store(&sleeping, 1);
      for (h = watched; h != NULL && !busy; h = h->watch_next)
        busy = (atomic_load(&h->watch) != BH_WATCH_IDLE);
      if (!busy)
        pthread_cond_wait(&watch_wake, &watch_lock);
      atomic_store(&sleeping, 0);
      idle = 0;
    }
  }
  return NULL;
}


/* Installs the handler and starts the thread; under watch_lock. */
static int start (void) {
  struct sigaction action, old;
  pthread_attr_t attr;
  pthread_t thread;
  sigset_t all, before;
  int failed;
  if (sigaction(BH_WATCH_SIGNAL, NULL, &old) != 0 ||
      (old.sa_handler != SIG_DFL && old.sa_handler != on_signal))
    return -1;  /* the app uses the signal */
  memset(&action, 0, sizeof(action));
  action.sa_handler = on_signal;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  if (sigaction(BH_WATCH_SIGNAL, &action, NULL) != 0)
    return -1;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_attr_setstacksize(&attr, 64 * 1024);
  sigfillset(&all);  /* the watchdog takes no signals: it inherits this */
  pthread_sigmask(SIG_SETMASK, &all, &before);
  failed = pthread_create(&thread, &attr, watch, NULL);
  pthread_sigmask(SIG_SETMASK, &before, NULL);
  pthread_attr_destroy(&attr);
  return failed ? -1 : 1;
}


/* A state joins the list whether or not the thread runs yet: it counts
** every instruction until then (its slices stay idle to the watchdog). */
int bh__watch_register (bh_host *h) {
  int running;
  pthread_mutex_lock(&watch_lock);
  h->watchable = (started != -1);
  if (h->watchable) {
    atomic_store(&h->watch, BH_WATCH_IDLE);
    h->watch_next = watched;
    watched = h;
  }
  running = (started == 1);
  pthread_mutex_unlock(&watch_lock);
  return running;
}


int bh__watch_start (void) {
  int running;
  int now = atomic_load(&started);
  if (now != 0)
    return now == 1;
  pthread_mutex_lock(&watch_lock);
  if (started == 0)
    started = start();
  running = (started == 1);
  pthread_mutex_unlock(&watch_lock);
  return running;
}


int bh__watching (void) {
  return atomic_load_explicit(&started, memory_order_relaxed) == 1;
}


void bh__watch_unregister (bh_host *h) {
  bh_host **p;
  pthread_mutex_lock(&watch_lock);
  for (p = &watched; *p != NULL; p = &(*p)->watch_next)
    if (*p == h) {
      *p = h->watch_next;
      break;
    }
  pthread_mutex_unlock(&watch_lock);
  /* a state closed inside its own callback leaves this thread's list */
  if (slice_here == h)
    slice_here = h->outer_slice;
}


void bh__watch_begin (bh_host *h) {
  h->thread = pthread_self();
  h->outer_slice = slice_here;
  slice_here = h;
  if (!unblocked_here) {  /* a thread of the app may block signals */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, BH_WATCH_SIGNAL);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    unblocked_here = 1;
  }
  atomic_exchange(&h->watch, BH_WATCH_RUNNING);
  if (atomic_load(&sleeping)) {
    pthread_mutex_lock(&watch_lock);
    pthread_cond_signal(&watch_wake);
    pthread_mutex_unlock(&watch_lock);
  }
}


void bh__watch_end (bh_host *h) {
  /* waits while the watchdog signals this thread (microseconds) */
  for (;;) {
    int state = BH_WATCH_RUNNING;
    if (atomic_compare_exchange_weak(&h->watch, &state, BH_WATCH_IDLE) ||
        state == BH_WATCH_IDLE)
      break;
  }
  slice_here = h->outer_slice;
}

#else

int bh__watch_register (bh_host *h) {
  h->watchable = 0;
  return 0;
}

int bh__watch_start (void) { return 0; }
int bh__watching (void) { return 0; }

void bh__watch_unregister (bh_host *h) { (void)h; }
void bh__watch_begin (bh_host *h) { (void)h; }
void bh__watch_end (bh_host *h) { (void)h; }

#endif
