/* LiteX's generated csr.h includes <system.h> from LiteX's libbase; vexcrypt's firmware needs
 * nothing from it, so this empty header stands in. The CSR accessors are in platform.c. */
