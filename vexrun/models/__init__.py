"""Independent pure-Python models of the primitives, written from their specifications."""
