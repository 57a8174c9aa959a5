/*
** recycle.c: a closed state made again. Opening a state (its libraries,
** the sandbox, the runtime's bridge) costs the same every time, and the
** spec runner opens one for each scene of each spec. So when the host has
** made a state (bh_open, then its bridge installed: bh_keep_for_reuse),
** its memory is copied: the pool's chunks and the larger blocks live then
** (malloc's). Those larger blocks are kept, not freed, when Lua frees
** them later. When the state closes (lua_close has run every finalizer
** and freed everything), it waits in its thread's slot; the next bh_open
** on that thread with the same random seed and preloaded text, and a
** memory limit that would have let the host make it (one a fresh state
** would run out of is left to a fresh state, which says so), copies
** everything back, and the state is the one the host had made, byte for
** byte: nothing a script did to it (globals, libraries, metatables, the
** registry, the random generator, coroutines, upvalues, the collector's
** state, the memory count) is left. The host's half (bh_host) is restored
** from its copy of that moment too, less what belongs to one opening (the
** scene, the anchor, the watchdog's list, texts, queues), and the Swift
** half of the bridge comes back as the host kept it (bh_reused).
*/
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "bh_internal.h"

/* Larger blocks a fresh state may have: past this it is not made again. */
#define MAX_PINNED  64

typedef struct copied {
  void *block;
  size_t size;
  char *copy;
} copied;

typedef struct bh_recycle {
  lua_State *L;
  const char *preload;  /* the text bh_open compiled, and its length */
  size_t preload_length;
  void *kept;           /* the host's, given back by bh_reused */
  void (*release_kept)(void *);
  int sealed;           /* the copy is made: pinned blocks are kept */
  int broken;           /* more larger blocks than MAX_PINNED */
  copied pinned[MAX_PINNED];
  int npinned;
  copied *chunks;       /* the pool's chunks then, newest first */
  int nchunks;
  bh_host saved;        /* the host then */
} bh_recycle;


/*
** {======================================================
** Larger blocks
** =======================================================
*/

static int find_pinned (bh_recycle *r, const void *block) {
  int i;
  for (i = 0; i < r->npinned; i++)
    if (r->pinned[i].block == block)
      return i;
  return -1;
}

void *bh__large_alloc (bh_host *h, size_t size) {
  bh_recycle *r = h->recycle;
  void *p = malloc(size);
  if (p != NULL && r != NULL && !r->sealed) {
    if (r->npinned < MAX_PINNED) {
      r->pinned[r->npinned].block = p;
      r->pinned[r->npinned].size = size;
      r->npinned++;
    }
    else
      r->broken = 1;
  }
  return p;
}

void bh__large_free (bh_host *h, void *block) {
  bh_recycle *r = h->recycle;
  if (r != NULL) {
    int i = find_pinned(r, block);
    if (i >= 0) {
      if (r->sealed)
        return;  /* kept: its copy goes back over it */
      r->pinned[i] = r->pinned[--r->npinned];
    }
  }
  free(block);
}

void *bh__large_resize (bh_host *h, void *block, size_t osize, size_t nsize) {
  bh_recycle *r = h->recycle;
  int i = (r != NULL) ? find_pinned(r, block) : -1;
  void *p;
  if (i < 0)
    return realloc(block, nsize);
  if (!r->sealed) {
    p = realloc(block, nsize);
    if (p != NULL) {
      r->pinned[i].block = p;
      r->pinned[i].size = nsize;
    }
    return p;
  }
  p = malloc(nsize);  /* the pinned block stays as it is */
  if (p != NULL)
    memcpy(p, block, osize < nsize ? osize : nsize);
  return p;
}

/* }====================================================== */


/*
** {======================================================
** The copy
** =======================================================
*/

/* The first state a thread opens is not copied: most threads (a `behave
** run`, a window) open one, and copying it only cost their start a
** memcpy and the pages of the copy. From the second on (a spec runner's
** scenes), states are copied and made again. */
static _Thread_local int opened_here;

bh_recycle *bh__recycle_new (const char *preload, size_t length) {
  bh_recycle *r;
  if (opened_here < 1) {
    opened_here++;
    return NULL;
  }
  r = (bh_recycle *)calloc(1, sizeof(bh_recycle));
  if (r != NULL) {
    r->preload = preload;
    r->preload_length = length;
  }
  return r;
}


/* Bytes of a chunk in use: the newest one's up to its unused part. */
static size_t chunk_used (bh_host *h, void *chunk) {
  return (chunk == h->pool.chunks && h->pool.next != NULL)
             ? (size_t)(h->pool.next - (char *)chunk) : BH_POOL_CHUNK;
}

static void free_copies (bh_recycle *r) {
  int i;
  if (r->release_kept != NULL)
    r->release_kept(r->kept);
  r->kept = NULL;
  r->release_kept = NULL;
  for (i = 0; i < r->npinned; i++) {
    free(r->pinned[i].copy);
    r->pinned[i].copy = NULL;
  }
  for (i = 0; i < r->nchunks; i++)
    free(r->chunks[i].copy);
  free(r->chunks);
  r->chunks = NULL;
  r->nchunks = 0;
}

/* What of a host belongs to one opening of its state, not to the state:
** set again by bh_open and the runtime for each (a copy keeps none of it:
** the scene it retained, the texts it cached, the anchor targets hold,
** its place on the watchdog's list, the queue of what its finalizers
** released). */
static void forget_opening (bh_host *h) {
  h->dispatch = NULL;
  h->context = NULL;
  h->finish = NULL;
  h->scene = NULL;
  h->anchor = NULL;
  h->release = NULL;
  h->released = NULL;
  h->nreleased = h->sizereleased = 0;
  memset(h->texts, 0, sizeof(h->texts));
  memset(h->keys, 0, sizeof(h->keys));
  h->fast = 0;
  h->watchable = 0;
  h->watch_next = NULL;
  h->outer_slice = NULL;
  h->reused = 0;
  h->closed_later = 0;
  h->close_when_idle = 0;
}

/* Copies the state the host has made. When a copy cannot be made, the
** state is not made again (its blocks are all ordinary ones). */
void bh__recycle_seal (bh_host *h, lua_State *L) {
  bh_recycle *r = h->recycle;
  void *chunk;
  int i, n = 0;
  if (r == NULL)
    return;
  if (r->broken)
    goto fail;
  for (chunk = h->pool.chunks; chunk != NULL; chunk = *(void **)chunk)
    n++;
  r->chunks = (copied *)calloc(n > 0 ? (size_t)n : 1, sizeof(copied));
  if (r->chunks == NULL)
    goto fail;
  for (chunk = h->pool.chunks; chunk != NULL; chunk = *(void **)chunk) {
    copied *c = &r->chunks[r->nchunks++];
    c->block = chunk;
    c->size = chunk_used(h, chunk);
    c->copy = (char *)malloc(c->size);
    if (c->copy == NULL)
      goto fail;
    memcpy(c->copy, chunk, c->size);
  }
  for (i = 0; i < r->npinned; i++) {
    copied *c = &r->pinned[i];
    c->copy = (char *)malloc(c->size);
    if (c->copy == NULL)
      goto fail;
    memcpy(c->copy, c->block, c->size);
  }
  r->L = L;
  r->sealed = 1;
  r->saved = *h;
  forget_opening(&r->saved);
  return;
fail:
  free_copies(r);
  free(r);
  h->recycle = NULL;
}

/* After lua_close: the kept blocks are freed with the copy. */
void bh__recycle_drop (bh_host *h) {
  bh_recycle *r = h->recycle;
  int i;
  if (r == NULL)
    return;
  for (i = 0; i < r->npinned; i++)
    free(r->pinned[i].block);
  free_copies(r);
  free(r);
  h->recycle = NULL;
}

/* }====================================================== */


/*
** {======================================================
** The thread's slot
** =======================================================
*/

static pthread_key_t slot_key;
static pthread_once_t slot_once = PTHREAD_ONCE_INIT;

/* A state left in the slot of a thread that ends. */
static void free_kept (void *kept) {
  bh_host *h = (bh_host *)kept;
  bh__pool_release(&h->pool);
  bh__recycle_drop(h);
  free(h);
}

static void make_slot_key (void) {
  (void)pthread_key_create(&slot_key, free_kept);
}

/* Keeps a closed state for the next bh_open on this thread; 0 when it is
** not made again (the caller frees it). */
int bh__recycle_keep (bh_host *h) {
  bh_recycle *r = h->recycle;
  if (r == NULL || !r->sealed || r->broken)
    return 0;
  (void)pthread_once(&slot_once, make_slot_key);
  if (pthread_getspecific(slot_key) != NULL)
    return 0;
  /* chunks made after the copy are not in it */
  while (h->pool.chunks != NULL && h->pool.chunks != r->saved.pool.chunks) {
    void *chunk = h->pool.chunks;
    h->pool.chunks = *(void **)chunk;
    bh__pool_give(chunk);
  }
  return pthread_setspecific(slot_key, h) == 0;
}

/* The state kept on this thread, restored as the host had made it; NULL
** when there is none, when making it asked for more memory than 'config'
** allows (it waits for the next), or when it was made with another seed
** or preloaded another text (it is freed). */
lua_State *bh__recycle_take (const bh_config *config, const char *preload,
                             size_t length) {
  unsigned long long random_seed = (config != NULL) ? config->random_seed : 0;
  size_t limit = (config != NULL) ? config->memory_limit : 0;
  bh_host *h;
  bh_recycle *r;
  int i;
  (void)pthread_once(&slot_once, make_slot_key);
  h = (bh_host *)pthread_getspecific(slot_key);
  if (h == NULL)
    return NULL;
  r = h->recycle;
  /* a fresh state would run out of memory on the way (most_asked counts
     only what was asked under the limit, as the limit refuses it) */
  if (limit != 0 && limit < r->saved.most_asked)
    return NULL;
  (void)pthread_setspecific(slot_key, NULL);
  if (r->saved.config.random_seed != random_seed || r->preload != preload ||
      r->preload_length != length) {
    free_kept(h);
    return NULL;
  }
  for (i = 0; i < r->nchunks; i++)
    memcpy(r->chunks[i].block, r->chunks[i].copy, r->chunks[i].size);
  for (i = 0; i < r->npinned; i++)
    memcpy(r->pinned[i].block, r->pinned[i].copy, r->pinned[i].size);
  *h = r->saved;
  h->reused = 1;
  return r->L;
}


int bh_keep_for_reuse (lua_State *L, void *kept, void (*release)(void *)) {
  bh_host *h = bh__host(L);
  bh_recycle *r = h->recycle;
  if (r == NULL || r->sealed || r->broken || h->reused || lua_gettop(L) != 0)
    return 0;
  bh__recycle_seal(h, L);
  if (h->recycle == NULL)
    return 0;  /* no copy: not made again */
  r->kept = kept;
  r->release_kept = release;
  return 1;
}


void *bh_reused (lua_State *L) {
  bh_host *h = bh__host(L);
  return (h->reused && h->recycle != NULL) ? h->recycle->kept : NULL;
}

/* }====================================================== */
