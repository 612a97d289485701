"""The value types of vexrun's options: each parses one option's text or refuses it with a
one-line reason (argparse prints it as "vexrun: argument ...: <reason>")."""

import argparse
import re

MAX_BENCH_BYTES = 65504                 # the firmware's benchmark buffer, less room for padding


def count(text):
    try:
        v = int(text.replace("_", ""), 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer")
    if v < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is negative")
    return v


def timestamp(text):
    """YYYYMMDDHHMMSS (UTC), 14 digits, as the firmware's time fields take it: an integer."""
    if not re.fullmatch(r"\d{14}", text):
        raise argparse.ArgumentTypeError(f"{text!r}: YYYYMMDDHHMMSS, 14 digits")
    return int(text)


def mhz(text):
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a clock in MHz")
    if not v > 0:
        raise argparse.ArgumentTypeError(f"{text!r}: a clock above 0 MHz")
    return v


def size_list(text):
    try:
        sizes = [int(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a comma-separated list of byte counts")
    if any(n < 0 or n > MAX_BENCH_BYTES for n in sizes):
        raise argparse.ArgumentTypeError(f"sizes must be 0..{MAX_BENCH_BYTES} bytes")
    return text


def mode_list(text):
    bad = [m for m in text.split(",") if m not in ("ecb", "cbc", "ctr")]
    if bad:
        raise argparse.ArgumentTypeError(f"unknown mode {bad[0]!r}: valid modes are ecb, cbc, ctr")
    return text


def slice_arg(text):
    """"I/N" (1 <= I <= N <= 64) as (I - 1, N)."""
    i, _, n = text.partition("/")
    if not (i.isdigit() and n.isdigit() and 1 <= int(i) <= int(n) <= 64):
        raise argparse.ArgumentTypeError(f"{text!r}: give I/N with 1 <= I <= N <= 64")
    return int(i) - 1, int(n)
