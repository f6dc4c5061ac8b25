#!/usr/bin/env python3
"""check_text.py: is what profan wrote safe and well-formed, whatever the names in the input?

    check_text.py KIND FILE...

KIND is one of
  utf8      the file is strict UTF-8 (Python's decoder: no overlong forms, no surrogates,
            nothing past U+10FFFF)
  folded    strict UTF-8, and every line is "frame;frame;... COUNT [COUNT]" without a C0 control
            character or DEL
  svg       a well-formed XML document (expat checks the encoding too)
  pprof     a gzipped profile.proto whose string table is strict UTF-8
  json      strict UTF-8 JSON without a raw control character (C0 but the layout's \\n and \\t,
            DEL, C1) anywhere
  terminal  text for a terminal: strict UTF-8, no control character but \\n (and \\t), no C1 and
            no bidirectional control (U+202A..U+202E, U+2066..U+2069, U+200E, U+200F, U+061C),
            so no escape sequence, carriage return or backspace can reach the screen
  diag      like terminal, and every line is one diagnostic starting with "profan: "
Prints what is wrong and exits 1, or exits 0 silently. Independent of profan: only the
Python standard library."""
import gzip
import json
import re
import sys
import xml.dom.minidom


def fail(path, what):
    print(f"{path}: {what}")
    return False


def strict(path, data):
    try:
        return data.decode("utf-8", errors="strict")
    except UnicodeDecodeError as e:
        fail(path, f"not UTF-8 at byte {e.start}: {data[max(0, e.start - 8):e.start + 8]!r}")
        return None


BIDI = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A)) | {0x200E, 0x200F, 0x061C}


def controls(text, allowed, c1=True):
    """The first control character of TEXT (C0, DEL, or C1 and bidirectional controls when C1)
    that is not in ALLOWED, or None."""
    for i, ch in enumerate(text):
        o = ord(ch)
        if (o < 0x20 or o == 0x7F or (c1 and (0x80 <= o <= 0x9F or o in BIDI))) and ch not in allowed:
            return i, ch
    return None


def check_utf8(path, data):
    return strict(path, data) is not None


def check_folded(path, data):
    text = strict(path, data)
    if text is None:
        return False
    for n, line in enumerate(text.split("\n")[:-1], 1):
        if not re.fullmatch(r"[^\n]* -?\d+( -?\d+)?", line):
            return fail(path, f"line {n} is not 'stack COUNT': {line[:80]!r}")
        bad = controls(line, "", c1=False)  # a file, not a terminal: C1 is just a character
        if bad:
            return fail(path, f"line {n}: control character {bad[1]!r} at column {bad[0]}")
    return True


def check_svg(path, data):
    try:
        xml.dom.minidom.parseString(data)
    except Exception as e:  # expat's error says where
        return fail(path, f"not well-formed XML: {e}")
    return True


def varint(buf, i):
    v = shift = 0
    while True:
        b = buf[i]
        i += 1
        v |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            return v, i


def check_pprof(path, data):
    buf = gzip.decompress(data)
    i = 0
    strings = 0
    while i < len(buf):
        key, i = varint(buf, i)
        field, wire = key >> 3, key & 7
        if wire == 0:
            _, i = varint(buf, i)
        elif wire == 2:
            n, i = varint(buf, i)
            if field == 6 and strict(f"{path}: string_table[{strings}]", buf[i:i + n]) is None:
                return False
            strings += field == 6
            i += n
        elif wire == 1:
            i += 8
        elif wire == 5:
            i += 4
        else:
            return fail(path, f"bad wire type {wire} at byte {i}")
    return strings > 0 or fail(path, "no string table")


def check_json(path, data):
    text = strict(path, data)
    if text is None:
        return False
    bad = controls(text, "\n\t")  # the indentation; inside strings they are escaped
    if bad:
        return fail(path, f"raw control character {bad[1]!r} at {bad[0]}")
    try:
        json.loads(text)
    except ValueError as e:
        return fail(path, f"not JSON: {e}")
    return True


def check_terminal(path, data):
    text = strict(path, data)
    if text is None:
        return False
    bad = controls(text, "\n\t")
    if bad:
        i = bad[0]
        return fail(path, f"control character {bad[1]!r} reaches the terminal: {text[max(0, i - 30):i + 10]!r}")
    return True


def check_diag(path, data):
    if not check_terminal(path, data):
        return False
    for n, line in enumerate(data.decode().split("\n")[:-1], 1):
        if not line.startswith("profan: "):
            return fail(path, f"line {n} is not a diagnostic: {line[:80]!r}")
    return True


def main():
    kind, files = sys.argv[1], sys.argv[2:]
    check = globals().get("check_" + kind)
    if check is None or not files:
        print(__doc__, file=sys.stderr)
        return 2
    ok = True
    for f in files:
        with open(f, "rb") as fh:
            ok = check(f, fh.read()) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
