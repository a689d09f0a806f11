/*
 * The small jobs every layer needs once: memory that is there or the program stops (an
 * engine out of memory has no better answer), the monotonic clock, and whole numbers read
 * from text with their range checked.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* malloc, calloc, realloc and strdup that abort instead of returning NULL; a size of 0
 * asks for 1, so the result is never NULL. */
void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);

/* The monotonic clock, in milliseconds and in microseconds from an arbitrary origin. */
int64_t clock_now_ms(void);
int64_t clock_now_us(void);

/* Writes a one-line error into err (size bytes) and returns false, so that a parser can
 * `return fail_with(err, size, ...)`. */
bool fail_with(char *err, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Reads the whole of `s` as a decimal number from lo to hi into *out; false, *out as it
 * was, for anything else (empty, trailing characters, out of range, overflow). */
bool parse_int(const char *s, long long lo, long long hi, long long *out);

/* Little-endian 32-bit values in files (nets, training data), whatever the host's order. */
static inline uint32_t le32_read(const unsigned char *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static inline void le32_write(unsigned char *b, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        b[i] = (unsigned char)(v >> (8 * i));
}
