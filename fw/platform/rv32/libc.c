/* The few C library functions the firmware uses (the Debian cross compiler has no libc).
 * Built with -fno-tree-loop-distribute-patterns so GCC does not turn these loops back into
 * calls to themselves. */
#include <stddef.h>
#include <string.h>
#include <stdint.h>

void *memcpy(void *dst, const void *src, size_t n)
{
  uint8_t *d = dst;
  const uint8_t *s = src;
  if ((((uintptr_t)d | (uintptr_t)s) & 3) == 0) {
    for (; n >= 4; n -= 4, d += 4, s += 4)
      *(uint32_t *)d = *(const uint32_t *)s;
  }
  while (n--)
    *d++ = *s++;
  return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
  uint8_t *d = dst;
  const uint8_t *s = src;
  if (d <= s || d >= s + n)
    return memcpy(dst, src, n);
  while (n--)
    d[n] = s[n];
  return dst;
}

void *memset(void *dst, int c, size_t n)
{
  uint8_t *d = dst;
  if (((uintptr_t)d & 3) == 0) {     /* word stores: contexts of kilobytes are cleared per call */
    uint32_t w = (uint8_t)c * 0x01010101u;
    for (; n >= 4; n -= 4, d += 4)
      *(uint32_t *)d = w;
  }
  while (n--)
    *d++ = (uint8_t)c;
  return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
  const uint8_t *x = a, *y = b;
  for (; n; n--, x++, y++)
    if (*x != *y)
      return *x - *y;
  return 0;
}

size_t strlen(const char *s)
{
  const char *p = s;
  while (*p)
    p++;
  return (size_t)(p - s);
}

int strcmp(const char *a, const char *b)
{
  while (*a && *a == *b)
    a++, b++;
  return (unsigned char)*a - (unsigned char)*b;
}
