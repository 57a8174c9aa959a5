/*
** pool.c: a state's small blocks. Most of what Lua allocates is small
** (strings, tables, closures, upvalues) and a scene's state is made and
** closed whole, so blocks of up to BH_POOL_LARGEST bytes are cut from
** chunks the state owns, kept by size class in lists of freed blocks,
** and returned with the chunks when it closes. No block has a header: Lua
** says the size of a block whenever it frees or resizes it. Chunks a
** thread's closed states gave back are kept for its next states.
*/
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "bh_internal.h"

/* A chunk's first BH_POOL_GRAIN bytes link it to the state's next one. */
#define CHUNK_BYTES   BH_POOL_CHUNK
/* Chunks a thread keeps for its next states. */
#define SPARE_CHUNKS  32

typedef struct spare_list {
  void *first;
  int count;
} spare_list;

static pthread_key_t spare_key;
static pthread_once_t spare_once = PTHREAD_ONCE_INIT;

static void free_spares (void *list) {
  spare_list *s = (spare_list *)list;
  while (s->first != NULL) {
    void *next = *(void **)s->first;
    free(s->first);
    s->first = next;
  }
  free(s);
}

static void make_spare_key (void) {
  (void)pthread_key_create(&spare_key, free_spares);
}

/* This thread's spare chunks; NULL when they cannot be kept. */
static spare_list *spares (int make) {
  spare_list *s;
  (void)pthread_once(&spare_once, make_spare_key);
  s = (spare_list *)pthread_getspecific(spare_key);
  if (s == NULL && make) {
    s = (spare_list *)calloc(1, sizeof(spare_list));
    if (s != NULL && pthread_setspecific(spare_key, s) != 0) {
      free(s);
      s = NULL;
    }
  }
  return s;
}

static size_t size_class (size_t size) {
  return (size - 1) / BH_POOL_GRAIN;
}

/* Files what is left of the newest chunk under the largest class it fills
** (the rest, less than a grain, is never used). */
static void file_rest (bh_pool *p) {
  size_t rest = (size_t)(p->end - p->next);
  if (rest >= BH_POOL_GRAIN) {
    size_t c = rest / BH_POOL_GRAIN - 1;
    if (c >= BH_POOL_CLASSES)
      c = BH_POOL_CLASSES - 1;
    *(void **)p->next = p->free[c];
    p->free[c] = p->next;
  }
  p->next = p->end = NULL;
}

static int new_chunk (bh_pool *p) {
  spare_list *s = spares(0);
  char *chunk;
  if (s != NULL && s->first != NULL) {
    chunk = (char *)s->first;
    s->first = *(void **)chunk;
    s->count--;
  }
  else {
    chunk = (char *)malloc(CHUNK_BYTES);
    if (chunk == NULL)
      return 0;
  }
  file_rest(p);
  *(void **)chunk = p->chunks;
  p->chunks = chunk;
  p->next = chunk + BH_POOL_GRAIN;
  p->end = chunk + CHUNK_BYTES;
  return 1;
}

void *bh__pool_alloc (bh_pool *p, size_t size) {
  size_t c = size_class(size);
  size_t bytes = (c + 1) * BH_POOL_GRAIN;
  void *block = p->free[c];
  if (block != NULL) {
    p->free[c] = *(void **)block;
    return block;
  }
  if ((size_t)(p->end - p->next) < bytes && !new_chunk(p))
    return NULL;
  block = p->next;
  p->next += bytes;
  return block;
}

void bh__pool_free (bh_pool *p, void *block, size_t size) {
  bh__pool_put(p, block, size);
}

void bh__pool_give (void *chunk) {
  spare_list *s = spares(1);
  if (s != NULL && s->count < SPARE_CHUNKS) {
    *(void **)chunk = s->first;
    s->first = chunk;
    s->count++;
  }
  else
    free(chunk);
}

void bh__pool_release (bh_pool *p) {
  while (p->chunks != NULL) {
    void *chunk = p->chunks;
    p->chunks = *(void **)chunk;
    bh__pool_give(chunk);
  }
  memset(p, 0, sizeof(*p));
}
