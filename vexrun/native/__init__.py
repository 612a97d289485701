"""The firmware's C library on the host (build/host/libvexcrypt.so) through ctypes: the API's
error codes and sizes as the library exports them (api), its multiprecision and public-key
types (mp), its curve types (ec). The host tests and the bad-input table use it."""
