/* funcname.c: the one spelling of a function name (see funcname.h). A small
 * scanner over demangled C++ and Rust names: brackets are matched with an
 * explicit stack, operator names ("operator<<", "operator()") are read as
 * tokens so their brackets do not count, and nesting deeper than MAX_DEPTH is
 * copied as it is (names come from binaries, which may be hostile). */
#include "profan/funcname.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "profan/diag.h"

#define MAX_DEPTH 32

struct buf {
	char *s;
	size_t len, cap;
};

static void put(struct buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static void put_char(struct buf *b, char c)
{
	put(b, &c, 1);
}

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '$';
}

static bool starts(const char *s, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);
	return n >= k && memcmp(s, prefix, k) == 0;
}

/* ---- operator names ------------------------------------------------------ */

static bool operator_at(const char *s, size_t i, size_t n)
{
	return starts(s + i, n - i, "operator") && (i == 0 || !ident_char(s[i - 1])) &&
	       (i + 8 == n || !ident_char(s[i + 8]));
}

static size_t symbolic_operator(const char *s, size_t n)
{
	static const char *const ops[] = {"<=>", "<<=", ">>=", "->*", "()", "[]", "<<", ">>", "<=", ">=",
					  "==",  "!=",  "&&",  "||",  "++", "--", "+=", "-=", "*=", "/=",
					  "%=",  "&=",  "|=",  "^=",  "->", "<",  ">",  "=",  "+",  "-",
					  "*",   "/",   "%",   "&",   "|",  "^",  "~",  "!",  ","};
	size_t best = 0;
	for (size_t k = 0; k < ARRAY_SIZE(ops); k++) {
		size_t len = strlen(ops[k]);
		if (len > best && starts(s, n, ops[k]))
			best = len;
	}
	return best;
}

static size_t group_end(const char *s, size_t i, size_t n);

/* End of the operator name starting at S[i] ("operator" is there). For a
 * conversion operator ("operator std::string_view") *CONV is where its type
 * starts, else 0. Template arguments after the name are not part of it. */
static size_t operator_end(const char *s, size_t i, size_t n, size_t *conv)
{
	*conv = 0;
	size_t k = i + 8;
	while (k < n && s[k] == ' ')
		k++;
	size_t op = symbolic_operator(s + k, n - k);
	if (op)
		return k + op;
	const char *const words[] = {"new", "delete", "co_await"};
	for (size_t w = 0; w < ARRAY_SIZE(words); w++) {
		size_t len = strlen(words[w]);
		if (starts(s + k, n - k, words[w]) && (k + len == n || !ident_char(s[k + len]))) {
			k += len;
			if (starts(s + k, n - k, "[]"))
				k += 2;
			return k;
		}
	}
	if (starts(s + k, n - k, "\"\"")) { /* a user-defined literal: operator""_km */
		k += 2;
		while (k < n && (s[k] == ' ' || ident_char(s[k])))
			k++;
		return k;
	}
	/* a conversion: its type runs to the parameter list */
	*conv = k;
	size_t j = k;
	while (j < n && s[j] != '(') {
		if (s[j] == '<' || s[j] == '[')
			j = group_end(s, j, n);
		else
			j++;
	}
	while (j > k && s[j - 1] == ' ')
		j--;
	return j;
}

/* ---- brackets ------------------------------------------------------------ */

static char closer_of(char c)
{
	return c == '<' ? '>' : c == '(' ? ')' : c == '[' ? ']' : c == '{' ? '}' : 0;
}

/* Index after the bracket that closes the one at S[i], or N when none does.
 * A closer with no opener on the stack is ignored ("(1>2)"); one that skips
 * openers closes them too ("(1<2)"). */
static size_t group_end(const char *s, size_t i, size_t n)
{
	char stack[256];
	size_t top = 0;
	for (size_t j = i; j < n; j++) {
		char c = s[j];
		if (j > i && operator_at(s, j, n)) {
			size_t k = j + 8;
			while (k < n && s[k] == ' ')
				k++;
			size_t op = symbolic_operator(s + k, n - k);
			if (op) {
				j = k + op - 1;
				continue;
			}
		}
		if (c == '-' && j + 1 < n && s[j + 1] == '>') {
			j++;
			continue;
		}
		char close = closer_of(c);
		if (close) {
			if (top == sizeof(stack))
				return n;
			stack[top++] = close;
			continue;
		}
		if (c == '>' || c == ')' || c == ']' || c == '}') {
			size_t k = top;
			while (k > 0 && stack[k - 1] != c)
				k--;
			if (k == 0)
				continue;
			top = k - 1;
			if (top == 0)
				return j + 1;
		}
	}
	return n;
}

/* ---- the suffixes and decorations around a name ------------------------ */

static bool clone_word(const char *w, size_t len)
{
	static const char *const words[] = {"cold",  "part",  "isra",       "constprop", "lto_priv",
					    "llvm",  "clone", "localalias", "specialized"};
	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		if (strlen(words[i]) == len && memcmp(w, words[i], len) == 0)
			return true;
	return false;
}

/* True if S[0..n) is a chain of ".WORD" and ".DIGITS" starting with a clone word. */
static bool clone_tail(const char *s, size_t n)
{
	bool first = true;
	for (size_t i = 0; i < n;) {
		if (s[i] != '.')
			return false;
		size_t j = i + 1, digits = 0;
		while (j < n && s[j] != '.') {
			digits += isdigit((unsigned char)s[j]) != 0;
			j++;
		}
		bool number = digits == j - i - 1 && digits > 0;
		if (first ? !clone_word(s + i + 1, j - i - 1) : !(number || clone_word(s + i + 1, j - i - 1)))
			return false;
		first = false;
		i = j;
	}
	return !first;
}

/* Length of S once trailing decorations are gone: a symbol version, clone
 * suffixes, a Rust hash, C++ method qualifiers. */
static size_t strip_suffixes(const char *s, size_t n)
{
	const char *at = memchr(s, '@', n);
	if (at && at > s && (at[1] == '@' || isalpha((unsigned char)at[1]) || at[1] == '_'))
		n = (size_t)(at - s);
	for (bool again = true; again;) {
		again = false;
		while (n > 0 && s[n - 1] == ' ')
			n--;
		for (size_t d = 0; d < n; d++) {
			if (s[d] == '.' && d > 0 && clone_tail(s + d, n - d)) {
				n = d;
				again = true;
				break;
			}
		}
		if (n > 1 && s[n - 1] == ']') {
			/* " [clone .isra.0]" as binutils and libiberty print clones */
			const char *open = NULL;
			for (size_t k = n; k-- > 0;)
				if (s[k] == '[') {
					open = s + k;
					break;
				}
			if (open && starts(open, (size_t)(s + n - open), "[clone ")) {
				n = (size_t)(open - s);
				again = true;
				continue;
			}
		}
		if (n > 19 && memcmp(s + n - 19, "::h", 3) == 0) {
			size_t hex = 0;
			while (hex < 16 && isxdigit((unsigned char)s[n - 16 + hex]))
				hex++;
			if (hex == 16) {
				n -= 19;
				again = true;
				continue;
			}
		}
		/* method qualifiers after the parameter list: ") const &", ") noexcept" */
		size_t k = n;
		while (k > 0 && s[k - 1] != ')') {
			size_t w = k;
			while (w > 0 && s[w - 1] != ' ' && s[w - 1] != ')')
				w--;
			static const char *const quals[] = {"const", "volatile", "&", "&&", "noexcept"};
			bool qual = false;
			for (size_t q = 0; q < ARRAY_SIZE(quals); q++)
				qual |= strlen(quals[q]) == k - w && memcmp(s + w, quals[q], k - w) == 0;
			if (!qual)
				break;
			k = w;
			while (k > 0 && s[k - 1] == ' ')
				k--;
		}
		if (k > 0 && k < n && s[k - 1] == ')') {
			n = k;
			again = true;
		}
	}
	return n;
}

/* Where the function's own name lies in S[0..n): after a return type, before a
 * parameter list. */
static void name_span(const char *s, size_t n, size_t *from, size_t *to)
{
	size_t start = 0, params = n;
	for (size_t i = 0; i < n;) {
		if (operator_at(s, i, n)) {
			size_t conv;
			i = operator_end(s, i, n, &conv);
			if (i + 1 < n && s[i] == ' ' && s[i + 1] == '<')
				i++; /* "operator<< <char>" */
			continue;
		}
		char c = s[i];
		if (c == '-' && i + 1 < n && s[i + 1] == '>') {
			i += 2;
			continue;
		}
		if (closer_of(c)) {
			size_t e = group_end(s, i, n);
			if (c == '(' && e == n && i > start)
				params = i;
			i = e;
			continue;
		}
		if (c == ' ')
			start = i + 1;
		i++;
	}
	*from = start < params ? start : 0;
	*to = params;
}

/* ---- the name itself ------------------------------------------------------ */

static bool simple_path(const char *s, size_t n)
{
	if (n == 0 || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!ident_char(s[i]) && s[i] != ':')
			return false;
	return true;
}

static void emit(struct buf *o, const char *s, size_t a, size_t b, int depth);

/* Position of " for " at the top level of S[a..b), or b. */
static size_t top_level_for(const char *s, size_t a, size_t b)
{
	for (size_t i = a; i < b;) {
		if (closer_of(s[i])) {
			i = group_end(s, i, b);
			continue;
		}
		if (starts(s + i, b - i, " for "))
			return i;
		i++;
	}
	return b;
}

/* Legacy Rust "MOD::<impl X>" / "MOD::<impl Tr for X>" (O ends in "MOD::"),
 * written as v0 does: "X" (or "<X>" when X is no plain path) / "<X as Tr>". */
static void emit_impl(struct buf *o, const char *s, size_t a, size_t b, int depth)
{
	size_t len = o->len - 2;
	while (len > 0 && (ident_char(o->s[len - 1]) || o->s[len - 1] == ':'))
		len--;
	o->len = len;
	size_t f = top_level_for(s, a, b);
	if (f < b) {
		put_char(o, '<');
		emit(o, s, f + 5, b, depth + 1);
		put(o, " as ", 4);
		emit(o, s, a, f, depth + 1);
		put_char(o, '>');
		return;
	}
	size_t at = o->len;
	emit(o, s, a, b, depth + 1);
	if (!simple_path(o->s + at, o->len - at)) {
		struct buf t = {0};
		put(&t, o->s + at, o->len - at);
		o->len = at;
		put_char(o, '<');
		put(o, t.s, t.len);
		put_char(o, '>');
		free(t.s);
	}
}

/* The v0 names of compiler-made items in their legacy spelling, but closures, whose "{closure#N}"
 * tells two closures of one function apart; a C++ lambda "{lambda(int const&)#2}" as "{lambda#2}". */
static void emit_braces(struct buf *o, const char *s, size_t a, size_t e)
{
	static const char *const v0[][2] = {{"{shim:vtable#", "{{vtable.shim}}"},
					     {"{shim:reify#", "{{reify.shim}}"},
					     {"{constant#", "{{constant}}"}};
	for (size_t k = 0; k < ARRAY_SIZE(v0); k++) {
		if (starts(s + a, e - a, v0[k][0])) {
			put(o, v0[k][1], strlen(v0[k][1]));
			return;
		}
	}
	if (starts(s + a, e - a, "{lambda(")) {
		size_t hash = e;
		while (hash > a && s[hash - 1] != '#' && s[hash - 1] != ')')
			hash--;
		if (hash > a && s[hash - 1] == '#') {
			put(o, "{lambda#", 8);
			put(o, s + hash, e - hash);
			return;
		}
	}
	put(o, s + a, e - a);
}

static void emit(struct buf *o, const char *s, size_t a, size_t b, int depth)
{
	if (depth > MAX_DEPTH) {
		put(o, s + a, b - a);
		return;
	}
	for (size_t i = a; i < b;) {
		if (operator_at(s, i, b)) {
			size_t conv, e = operator_end(s, i, b, &conv);
			if (conv && conv < e) {
				put(o, "operator ", 9);
				emit(o, s, conv, e, depth + 1);
			} else {
				put(o, s + i, e - i);
			}
			i = e;
			size_t k = i < b && s[i] == ' ' ? i + 1 : i;
			if (k < b && s[k] == '<')
				i = group_end(s, k, b); /* its template arguments */
			continue;
		}
		char c = s[i];
		if (c == '-' && i + 1 < b && s[i + 1] == '>') {
			put(o, "->", 2);
			i += 2;
			continue;
		}
		if (!closer_of(c)) {
			put_char(o, c);
			i++;
			continue;
		}
		size_t e = group_end(s, i, b);
		size_t in_a = i + 1, in_b = e > in_a && s[e - 1] == closer_of(c) ? e - 1 : e;
		char prev = o->len ? o->s[o->len - 1] : 0;
		bool after_colons = o->len >= 2 && prev == ':' && o->s[o->len - 2] == ':';
		if (c == '<') {
			if (after_colons && starts(s + in_a, in_b - in_a, "impl ")) {
				emit_impl(o, s, in_a + 5, in_b, depth);
			} else if (after_colons) {
				o->len -= 2; /* turbofish: "f::<u8>" */
			} else if (ident_char(prev) || prev == '>') {
				/* generic arguments: dropped */
			} else {
				/* a qualified path "<X as Tr>", "<X>" */
				size_t at = o->len;
				put_char(o, '<');
				emit(o, s, in_a, in_b, depth + 1);
				put_char(o, '>');
				bool path_follows = e + 1 < b && s[e] == ':' && s[e + 1] == ':';
				if (path_follows && simple_path(o->s + at + 1, o->len - at - 2)) {
					memmove(o->s + at, o->s + at + 1, o->len - at - 2);
					o->len -= 2;
				}
			}
		} else if (c == '(') {
			bool scope = e + 1 < b && s[e] == ':' && s[e + 1] == ':';
			if (starts(s + i, e - i, "(anonymous namespace)")) {
				put(o, s + i, e - i);
			} else if (!scope) {
				/* the local scope "f(int)::g" is dropped, a type "fn(u8)" kept */
				put_char(o, '(');
				emit(o, s, in_a, in_b, depth + 1);
				if (in_b < e)
					put_char(o, ')');
			}
		} else if (c == '{') {
			emit_braces(o, s, i, e);
		} else {
			put_char(o, c);
			emit(o, s, in_a, in_b, depth + 1);
			if (in_b < e)
				put_char(o, s[in_b]);
		}
		i = e;
	}
}

char *funcname_simplify(const char *name)
{
	/* a PLT stub, "operator delete(void*, unsigned long)@plt": the function's spelling, then @plt */
	size_t len = strlen(name);
	if (len > 4 && strcmp(name + len - 4, "@plt") == 0) {
		char *base = xstrndup(name, len - 4);
		char *simple = funcname_simplify(base);
		char *stub = xasprintf("%s@plt", simple);
		free(base);
		free(simple);
		return stub;
	}
	/* ABI tags go first, wherever they are: "f[abi:cxx11](int)" */
	struct buf in = {0};
	for (const char *p = name; *p;) {
		const char *tag = strstr(p, "[abi:");
		const char *end = tag ? strchr(tag, ']') : NULL;
		if (!end) {
			put(&in, p, strlen(p));
			break;
		}
		put(&in, p, (size_t)(tag - p));
		p = end + 1;
	}
	if (!in.s)
		return xstrdup(name);
	size_t n = strip_suffixes(in.s, in.len), from, to;
	name_span(in.s, n, &from, &to);
	struct buf out = {0};
	emit(&out, in.s, from, to, 0);
	free(in.s);
	if (out.s)
		out.s[out.len] = '\0'; /* truncations above moved only len */
	/* a lambda is its closure type's operator(): "f::{lambda#1}::operator()" is "f::{lambda#1}" */
	static const char call[] = "}::operator()";
	size_t cl = sizeof(call) - 1;
	if (out.s && out.len > cl && strcmp(out.s + out.len - cl, call) == 0) {
		const char *open = NULL;
		for (size_t k = out.len - cl; k-- > 0 && !open;)
			if (out.s[k] == '{')
				open = out.s + k;
		if (open && strncmp(open, "{lambda#", 8) == 0)
			out.s[out.len -= cl - 1] = '\0';
	}
	if (!out.s || out.len == 0) {
		free(out.s);
		return xstrdup(name);
	}
	return out.s;
}
