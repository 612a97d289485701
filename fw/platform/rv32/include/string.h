/* The part of <string.h> the firmware uses; implemented in platform/rv32/libc.c (the Debian
 * cross compiler ships no C library). */
#ifndef VEXCRYPT_RV32_STRING_H
#define VEXCRYPT_RV32_STRING_H
#include <stddef.h>
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
#endif
