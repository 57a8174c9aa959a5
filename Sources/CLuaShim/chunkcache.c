/*
** chunkcache.c: compiled chunks kept for the process. Every scene has a
** Lua state of its own, and each compiles the same prelude, libraries and
** scripts from text again: a thousand specs with a scene each spent most
** of their time in the parser. A chunk that compiled is dumped here (with
** its debug information, so messages keep their lines), and the next load
** of the very same text under the very same name loads the dump instead.
**
** Only dumps of the parser's own output are ever loaded as binary: those
** made here, and those the build made from the runtime's own embedded Lua
** (bh_seed_chunk), which are part of the binary. No byte of a binary chunk
** comes from outside the process. A dump that does not load (another Lua
** than the build's) is passed over: the text is compiled instead.
*/
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bh_internal.h"


/* Texts longer than this are compiled every time; once the kept bytes
** pass CACHE_BYTES the cache starts again empty, so it stays bounded in a
** long session that reloads edited scripts. */
#define MAX_SOURCE    (256 << 10)
#define CACHE_BYTES   (16 << 20)
#define CACHE_SLOTS   256

typedef struct chunk {
  struct chunk *next;        /* same slot */
  unsigned long hash;
  char *name;                /* chunkname, NUL-terminated */
  char *source;
  size_t sourcelen;
  char *dump;
  size_t dumplen;
  int loads;                 /* loads of it under way (outside the lock) */
  int retired;               /* out of the cache: freed when 'loads' is 0 */
} chunk;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static chunk *slots[CACHE_SLOTS];
static size_t kept;          /* bytes held by all chunks */


/* A hash of the name and the text, eight bytes at a time (a match is
** confirmed byte by byte, so it need only spread texts over the slots). */
static unsigned long hash_of (const char *name, const char *s, size_t len) {
  uint64_t h = 14695981039346656037u;
  size_t i = 0;
  for (; *name != '\0'; name++)
    h = (h ^ (unsigned char)*name) * 1099511628211u;
  for (; i + 8 <= len; i += 8) {
    uint64_t w;
    memcpy(&w, s + i, 8);
    h = (h ^ w) * 1099511628211u;
    h ^= h >> 29;
  }
  for (; i < len; i++)
    h = (h ^ (unsigned char)s[i]) * 1099511628211u;
  return (unsigned long)h;
}


static chunk *find (unsigned long h, const char *name, const char *s,
                    size_t len) {
  chunk *c;
  for (c = slots[h % CACHE_SLOTS]; c != NULL; c = c->next)
    if (c->hash == h && c->sourcelen == len && strcmp(c->name, name) == 0 &&
        memcmp(c->source, s, len) == 0)
      return c;
  return NULL;
}


static void free_chunk (chunk *c) {
  free(c->name);
  free(c->source);
  free(c->dump);
  free(c);
}


/* Empties the cache; a chunk being loaded is freed by its last load. */
static void retire_all (void) {
  int i;
  for (i = 0; i < CACHE_SLOTS; i++) {
    while (slots[i] != NULL) {
      chunk *c = slots[i];
      slots[i] = c->next;
      c->retired = 1;
      if (c->loads == 0)
        free_chunk(c);
    }
  }
  kept = 0;
}


int bh__load_cached (lua_State *L, const char *source, size_t length,
                     const char *chunkname, int *status) {
  chunk *c;
  unsigned long h;
  if (chunkname == NULL || length > MAX_SOURCE)
    return 0;
  h = hash_of(chunkname, source, length);
  pthread_mutex_lock(&lock);
  c = find(h, chunkname, source, length);
  if (c != NULL)
    c->loads++;  /* so that a reset meanwhile does not free it */
  pthread_mutex_unlock(&lock);
  if (c == NULL)
    return 0;
  /* outside the lock: scenes on other threads load at the same time */
  *status = luaL_loadbufferx(L, c->dump, c->dumplen, chunkname, "b");
  pthread_mutex_lock(&lock);
  if (--c->loads == 0 && c->retired)
    free_chunk(c);
  pthread_mutex_unlock(&lock);
  if (*status != LUA_OK) {
    lua_pop(L, 1);
    return 0;
  }
  return 1;
}


/* A growing buffer for lua_dump (plain malloc: it outlives the state). */
typedef struct dumpbuf {
  char *bytes;
  size_t len, size;
  int failed;
} dumpbuf;


static int write_dump (lua_State *L, const void *p, size_t n, void *ud) {
  dumpbuf *b = (dumpbuf *)ud;
  (void)L;
  if (b->failed)
    return 1;
  if (b->len + n > b->size) {
    size_t size = b->size * 2 + n;
    char *bytes = (char *)realloc(b->bytes, size);
    if (bytes == NULL) {
      b->failed = 1;
      return 1;
    }
    b->bytes = bytes;
    b->size = size;
  }
  memcpy(b->bytes + b->len, p, n);
  b->len += n;
  return 0;
}


/* Keeps 'dump' (malloc'd; the cache owns it from here) as what 'source'
** compiles to under 'chunkname'. */
static void keep (const char *chunkname, const char *source, size_t length,
                  char *dump, size_t dumplen) {
  chunk *c;
  size_t namelen = strlen(chunkname);
  c = (chunk *)malloc(sizeof(chunk));
  if (c != NULL) {
    c->name = (char *)malloc(namelen + 1);
    c->source = (char *)malloc(length + 1);
  }
  if (c == NULL || c->name == NULL || c->source == NULL) {
    if (c != NULL) { free(c->name); free(c->source); free(c); }
    free(dump);
    return;
  }
  memcpy(c->name, chunkname, namelen + 1);
  memcpy(c->source, source, length);
  c->sourcelen = length;
  c->dump = dump;
  c->dumplen = dumplen;
  c->hash = hash_of(chunkname, source, length);
  pthread_mutex_lock(&lock);
  if (find(c->hash, chunkname, source, length) != NULL) {  /* another thread */
    pthread_mutex_unlock(&lock);
    free_chunk(c);
    return;
  }
  c->loads = 0;
  c->retired = 0;
  if (kept + length + dumplen + namelen > CACHE_BYTES)
    retire_all();
  c->next = slots[c->hash % CACHE_SLOTS];
  slots[c->hash % CACHE_SLOTS] = c;
  kept += length + dumplen + namelen;
  pthread_mutex_unlock(&lock);
}


void bh__keep_chunk (lua_State *L, const char *source, size_t length,
                     const char *chunkname) {
  dumpbuf b = { NULL, 0, 0, 0 };
  if (chunkname == NULL || length > MAX_SOURCE || !lua_isfunction(L, -1))
    return;
  if (lua_dump(L, write_dump, &b, 0) != 0 || b.failed) {
    free(b.bytes);
    return;
  }
  keep(chunkname, source, length, b.bytes, b.len);
}


/* A dump begins with a header of fixed size (signature, version, format,
** check bytes, three sizes, a check integer and a check float), then the
** main function's number of upvalues and its source name: the chunk name
** it was compiled under (the functions inside name none of their own). A
** size is written 7 bits a byte, high bits first, the last byte marked by
** its top bit; a string's is its length plus one. */
#define DUMP_HEADER  (4 + 1 + 1 + 6 + 3 + 8 + 8)

static size_t put_size (unsigned char *out, size_t x) {
  unsigned char bytes[sizeof(size_t) * 8 / 7 + 1];
  size_t n = 0, i;
  do {
    bytes[n++] = (unsigned char)(x & 0x7f);
    x >>= 7;
  } while (x != 0);
  for (i = 0; i < n; i++)
    out[i] = bytes[n - 1 - i];
  out[n - 1] |= 0x80;
  return n;
}


int bh_seed_chunk (const char *chunkname, const char *source, size_t length,
                   const char *dump, size_t dumplen) {
  size_t at = DUMP_HEADER + 1, size = 0, rest, namelen, n;
  unsigned char *renamed;
  int known;
  if (chunkname == NULL || length > MAX_SOURCE || dumplen <= at ||
      memcmp(dump, LUA_SIGNATURE, 4) != 0)
    return 0;
  for (;;) {  /* the old name's size */
    unsigned char byte;
    if (at >= dumplen || size > ((size_t)-1 >> 7))
      return 0;
    byte = (unsigned char)dump[at++];
    size = (size << 7) | (byte & 0x7f);
    if (byte & 0x80)
      break;
  }
  if (size == 0 || size - 1 > dumplen - at)
    return 0;
  rest = at + size - 1;
  namelen = strlen(chunkname);
  pthread_mutex_lock(&lock);
  known = find(hash_of(chunkname, source, length), chunkname, source, length) != NULL;
  pthread_mutex_unlock(&lock);
  if (known)
    return 1;
  renamed = (unsigned char *)malloc(DUMP_HEADER + 1 + 16 + namelen + (dumplen - rest));
  if (renamed == NULL)
    return 0;
  memcpy(renamed, dump, DUMP_HEADER + 1);
  n = DUMP_HEADER + 1;
  n += put_size(renamed + n, namelen + 1);
  memcpy(renamed + n, chunkname, namelen);
  n += namelen;
  memcpy(renamed + n, dump + rest, dumplen - rest);
  n += dumplen - rest;
  keep(chunkname, source, length, (char *)renamed, n);
  return 1;
}
