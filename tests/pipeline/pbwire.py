"""pbwire.py: just enough of protobuf's wire format to read profan's pprof exports back
(check_exports.py, check_pprof_main.py): no protobuf library needed."""


def varint(buf, i):
    shift = value = 0
    while True:
        b = buf[i]
        i += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            return value, i


def fields(buf):
    i = 0
    while i < len(buf):
        key, i = varint(buf, i)
        num, wt = key >> 3, key & 7
        if wt == 0:
            v, i = varint(buf, i)
        elif wt == 2:
            n, i = varint(buf, i)
            v = buf[i:i + n]
            i += n
        else:
            raise ValueError(f"wire type {wt}")
        yield num, wt, v
