#!/usr/bin/env python3
"""gen-bigdwarf.py DIR UNITS FUNCS [TYPES]: C sources of a program with a lot of DWARF, for bench/symbolize-big.

Seeded (the same sources every time). Each of UNITS files has FUNCS external functions; each
function calls 2-5 of the unit's 24 `static inline __attribute__((always_inline))` helpers, and
helpers call helpers three levels deep, so an address in a function sits under an inline chain of
up to 3 frames, as in a Rust program built with `debug = 2`. TYPES structs per unit (default 0),
kept by -fno-eliminate-unused-debug-types, add the type DIEs such programs carry (generics
expanded once per use) without adding code to compile. DIR/main.c calls one function; the build
(bench/run.py: bigdwarf()) compiles with -g -O2 and links without --gc-sections, so every function
stays."""
import os
import random
import sys

LEVELS = (8, 8, 8)  # helpers per inline level: level 0 leaves, level k calls level k-1


def unit(u, nfuncs, ntypes, rng):
	out = ["/* generated: unit %d of bench/gen-bigdwarf.py */" % u, "#include <stdint.h>"]
	out.append("struct u%d_s {\n\tuint64_t f0;\n\tuint32_t f1;\n\tdouble f2;\n};" % u)
	for t in range(ntypes):
		fields = "".join("\t%s m%d;\n" % (rng.choice(("uint64_t", "uint32_t", "double", "int16_t", "char *")), k)
				 for k in range(rng.randrange(4, 12)))
		out.append("struct u%d_t%d {\n%s};" % (u, t, fields))
	names = []
	for level, count in enumerate(LEVELS):
		here = []
		for h in range(count):
			name = "u%d_l%d_h%d" % (u, level, h)
			body = ["\tuint64_t acc = x * %du + s->f0;" % (rng.getrandbits(31) | 1)]
			if level:
				body.append("\tif (acc & %du)" % (1 << rng.randrange(16)))
				body.append("\t\tacc ^= %s(s, acc >> %d);" % (rng.choice(names[level - 1]), rng.randrange(1, 9)))
			body.append("\tacc = (acc << %d) | (acc >> %d);" % ((r := rng.randrange(1, 63)), 64 - r))
			body.append("\treturn acc + s->f1;")
			out.append("static inline __attribute__((always_inline)) uint64_t %s(const struct u%d_s *s, uint64_t x)"
				   "\n{\n%s\n}" % (name, u, "\n".join(body)))
			here.append(name)
		names.append(here)
	callable = [n for level in names for n in level]
	for f in range(nfuncs):
		body = ["\tstruct u%d_s s = {a, (uint32_t)b, (double)a};" % u, "\tuint64_t r = a ^ b;"]
		for _ in range(rng.randrange(2, 6)):
			if rng.random() < 0.5:
				body.append("\tif (r & %du)" % (1 << rng.randrange(16)))
			body.append("\tr += %s(&s, r ^ %du);" % (rng.choice(callable), rng.getrandbits(30)))
		body.append("\treturn r;")
		out.append("uint64_t u%d_f%d(uint64_t a, uint64_t b)\n{\n%s\n}" % (u, f, "\n".join(body)))
	return "\n".join(out) + "\n"


def main():
	if len(sys.argv) not in (4, 5):
		sys.exit(__doc__)
	d, units, funcs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
	types = int(sys.argv[4]) if len(sys.argv) == 5 else 0
	rng = random.Random(33)
	os.makedirs(d, exist_ok=True)
	for u in range(units):
		with open(os.path.join(d, "u%d.c" % u), "w") as f:
			f.write(unit(u, funcs, types, rng))
	with open(os.path.join(d, "main.c"), "w") as f:
		f.write("#include <stdint.h>\nuint64_t u0_f0(uint64_t, uint64_t);\n"
			"int main(int c, char **v)\n{\n\t(void)v;\n\treturn (int)u0_f0((uint64_t)c, 3);\n}\n")


if __name__ == "__main__":
	main()
