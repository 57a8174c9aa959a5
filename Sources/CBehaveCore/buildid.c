/*
** buildid.c: the GNU build ID of the running program (the linker's digest
** of its output, in a PT_NOTE segment as the note "GNU", type 3), read from
** the program's own memory. It tells one build from another however the
** program was started: through the dynamic loader, /proc/self/exe names
** the loader, not the program; dl_iterate_phdr names the program first.
*/
#define _GNU_SOURCE
#include <elf.h>
#include <link.h>
#include <string.h>

#include "BehaveCoreC.h"


typedef struct {
  uint8_t *out;
  size_t capacity;
  size_t count;
} found_id;

/* A note's name and description are each padded to the segment's alignment
** (4, or 8 for the notes a linker aligns so). */
static size_t padded (size_t n, size_t align) {
  return (n + align - 1) & ~(align - 1);
}

static int in_program (struct dl_phdr_info *info, size_t size, void *data) {
  found_id *found = data;
  (void)size;
  for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
    if (segment->p_type != PT_NOTE) continue;
    size_t align = segment->p_align == 8 ? 8 : 4;
    const uint8_t *at = (const uint8_t *)(info->dlpi_addr + segment->p_vaddr);
    const uint8_t *end = at + segment->p_memsz;
    while ((size_t)(end - at) >= sizeof(ElfW(Nhdr))) {
      const ElfW(Nhdr) *note = (const ElfW(Nhdr) *)at;
      const uint8_t *name = at + sizeof(ElfW(Nhdr));
      size_t namesz = padded(note->n_namesz, align), descsz = padded(note->n_descsz, align);
      if (namesz > (size_t)(end - name) || descsz > (size_t)(end - name) - namesz) break;
      if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 && memcmp(name, "GNU", 4) == 0
          && note->n_descsz > 0 && note->n_descsz <= found->capacity) {
        memcpy(found->out, name + namesz, note->n_descsz);
        found->count = note->n_descsz;
        return 1;
      }
      at = name + namesz + descsz;
    }
  }
  return 1;  /* the program is the first object: the libraries are not asked */
}

size_t bh_program_build_id (uint8_t *out, size_t capacity) {
  found_id found = { out, capacity, 0 };
  dl_iterate_phdr(in_program, &found);
  return found.count;
}
