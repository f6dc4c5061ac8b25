/* ownership.c: whose code each function is (see ownership.h for the rules and
 * docs/ownership.md for the evidence behind them). Reads the model only; the
 * views decide what to show with it. */
#include "profan/ownership.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profan/funcname.h"
#include "profan/path.h"
#include "profan/regex.h"
#include "profan/report.h"
#include "ownership_test.h"

static bool starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

static bool in_list(const char *s, size_t len, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(list[i]) == len && memcmp(s, list[i], len) == 0)
			return true;
	return false;
}

#define IN_LIST(s, len, list) in_list((s), (len), (list), ARRAY_SIZE(list))

/* ---- libraries ------------------------------------------------------------ */

/* Library file names of language runtimes (a prefix up to ".so" or "-"). */
static bool runtime_library(const char *base)
{
	static const char *const names[] = {"libstdc++.so", "libc++.so",    "libc++abi.so", "libgcc_s.so",
					    "libsupc++",    "libstd-",      "libunwind.so", "libgfortran.so",
					    "libgo.so",     "libobjc.so",   "libatomic.so"};
	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (starts(base, names[i]))
			return true;
	return false;
}

/* The C library and the loader, wherever they lie (NixOS keeps them in /nix/store). */
static bool system_library(const char *base)
{
	static const char *const names[] = {"libc.so",   "libm.so",       "libpthread.so", "libdl.so",
					    "librt.so",  "libresolv.so",  "libutil.so",    "libnss_",
					    "ld-linux",  "ld64.so",       "ld-musl",       "libc.musl",
					    "linux-vdso", "linux-gate",   "libmvec.so",    "libanl.so",
					    "libcrypt.so", "libBrokenLocale.so"};
	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (starts(base, names[i]))
			return true;
	return starts(base, "ld-") && strstr(base, ".so") != NULL;
}

static bool system_directory(const char *path)
{
	static const char *const dirs[] = {"/usr/lib",     "/usr/lib32",  "/usr/lib64", "/usr/libx32", "/lib",
					   "/lib32",       "/lib64",      "/libx32",    "/usr/libexec", "/usr/local/lib",
					   "/usr/share",   "/nix/store",  "/gnu/store", "/snap",       "/System",
					   "/usr/bin",     "/bin",        "/usr/sbin",  "/sbin",       "/opt/homebrew/lib"};
	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++)
		if (path_is_under(path, dirs[i]))
			return true;
	return false;
}

/* A folder that holds many programs: never "the program's tree". */
static bool shared_root(const char *dir)
{
	static const char *const roots[] = {"/", "/usr", "/usr/local", "/opt", "/home", "/tmp", "/nix/store",
					    "/gnu/store", "/snap", "/bin", "/usr/bin", "/usr/sbin", "/sbin"};
	for (size_t i = 0; i < ARRAY_SIZE(roots); i++)
		if (strcmp(dir, roots[i]) == 0)
			return true;
	return false;
}

static const char *lib_path(const struct profile *p, const struct pf_lib *l)
{
	const char *path = profile_str(p, l->path);
	return *path ? path : profile_str(p, l->name);
}

static bool is_main(const struct profile *p, const struct pf_lib *l, const char *binary)
{
	if (!binary)
		return l->flags & PF_LIB_MAIN;
	return strcmp(profile_str(p, l->name), binary) == 0 || strcmp(base_name(lib_path(p, l)), binary) == 0;
}

/* The program's folders: each main binary's directory and, when that is a bin/
 * directory, the tree above it (a toolchain's bin/rustc and lib/librustc_driver.so). */
struct homes {
	VEC(char *) dirs;
};

static void homes_add(struct homes *h, const char *dir)
{
	if (dir[0] != '/' || shared_root(dir))
		return;
	for (size_t i = 0; i < h->dirs.len; i++)
		if (strcmp(h->dirs.items[i], dir) == 0)
			return;
	vec_push(&h->dirs, xstrdup(dir));
}

static void homes_of(struct homes *h, const struct profile *p, const char *binary)
{
	for (size_t i = 0; i < p->libs.len; i++) {
		const struct pf_lib *l = &p->libs.items[i];
		if (!is_main(p, l, binary))
			continue;
		char *path = path_normalize(lib_path(p, l));
		char *slash = strrchr(path, '/');
		if (slash && slash > path) {
			*slash = '\0';
			homes_add(h, path);
			if (strcmp(base_name(path), "bin") == 0 && (slash = strrchr(path, '/')) != NULL && slash > path) {
				*slash = '\0';
				homes_add(h, path);
			}
		}
		free(path);
	}
}

static enum own_place place_of(const struct profile *p, const struct pf_lib *l, const struct homes *h,
			       const char *binary)
{
	const char *name = profile_str(p, l->name);
	if (l->flags & PF_LIB_SCRIPT)
		return OWN_PLACE_NONE; /* a script's URL: its file decides */
	if ((l->flags & PF_LIB_KERNEL) || strcmp(name, "[kernel.kallsyms]") == 0)
		return OWN_PLACE_KERNEL;
	if (strcmp(name, "[vdso]") == 0 || strcmp(name, "[vsyscall]") == 0)
		return OWN_PLACE_SYSTEM;
	if (is_main(p, l, binary))
		return OWN_PLACE_PROGRAM;
	const char *path = lib_path(p, l), *base = base_name(path);
	if ((l->flags & PF_LIB_SPECIAL) || name[0] == '[' || (starts(base, "perf-") && strstr(base, ".map")) ||
	    (starts(base, "jit-") && strstr(base, ".dump")))
		return OWN_PLACE_JIT;
	if (runtime_library(base))
		return OWN_PLACE_RUNTIME;
	char *norm = path_normalize(path);
	bool home = false;
	for (size_t i = 0; i < h->dirs.len && !home; i++)
		home = path_is_under(norm, h->dirs.items[i]);
	bool system = system_library(base) || system_directory(norm);
	free(norm);
	if (home && !(l->flags & PF_LIB_TOOL))
		return OWN_PLACE_PROGRAM;
	return system ? OWN_PLACE_SYSTEM : OWN_PLACE_OTHER;
}

/* ---- paths ---------------------------------------------------------------- */

struct verdict {
	enum own_class cls;
	char package[128];   /* "" when none */
	bool plain;          /* a runtime's label is "[PACKAGE]", not "[std PACKAGE]" */
	const char *label;   /* a fixed label, or NULL: made from cls and package */
};

static bool hex_run(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i]))
			return false;
	return true;
}

/* "/rustc/<40 hex>/" at the start of FILE: its length, else 0. */
static size_t rustc_prefix(const char *file)
{
	if (!starts(file, "/rustc/") || strlen(file) < 7 + 40 + 1 || !hex_run(file + 7, 40) || file[47] != '/')
		return 0;
	return 48;
}

/* The crate of a "CRATE-X.Y.Z" folder name (up to the last "-<digit>"). */
static void crate_of(const char *seg, size_t len, char *out, size_t cap)
{
	size_t cut = len;
	for (size_t i = len; i-- > 1;)
		if (seg[i - 1] == '-' && isdigit((unsigned char)seg[i])) {
			cut = i - 1;
			break;
		}
	snprintf(out, cap, "%.*s", (int)cut, seg);
}

/* The path segment after the first MARKER in FILE, or NULL; *LEN its length. */
static const char *segment_after(const char *file, const char *marker, size_t skip, size_t *len)
{
	const char *m = strstr(file, marker);
	if (!m)
		return NULL;
	const char *s = m + strlen(marker);
	for (; skip > 0; skip--) {
		s = strchr(s, '/');
		if (!s)
			return NULL;
		s++;
	}
	*len = strcspn(s, "/");
	return *len && s[*len] == '/' ? s : NULL;
}

/* A C++ standard library header by its bare name, as DHAT prints files without
 * --fullpath-after= ("tuple", "new_allocator.h", "vector.tcc"). */
static bool cxx_header(const char *name)
{
	static const char *const headers[] = {
		"algorithm", "any", "array", "atomic", "barrier", "bit", "bitset", "charconv", "chrono",
		"codecvt", "compare", "complex", "concepts", "condition_variable", "coroutine", "deque",
		"exception", "execution", "expected", "filesystem", "format", "forward_list", "fstream",
		"functional", "future", "initializer_list", "iomanip", "ios", "iosfwd", "iostream", "istream",
		"iterator", "latch", "limits", "list", "locale", "map", "memory", "memory_resource", "mutex",
		"new", "numbers", "numeric", "optional", "ostream", "print", "queue", "random", "ranges",
		"ratio", "regex", "scoped_allocator", "semaphore", "set", "shared_mutex", "source_location",
		"span", "spanstream", "sstream", "stack", "stacktrace", "stdexcept", "stop_token", "streambuf",
		"string", "string_view", "syncstream", "system_error", "thread", "tuple", "type_traits",
		"typeindex", "typeinfo", "unordered_map", "unordered_set", "utility", "valarray", "variant",
		"vector", "version",
		/* libstdc++'s bits/ */
		"new_allocator.h", "alloc_traits.h", "allocator.h", "basic_string.h", "char_traits.h",
		"unique_ptr.h", "shared_ptr.h", "shared_ptr_base.h", "ptr_traits.h", "move.h", "invoke.h",
		"std_function.h", "hashtable.h", "hashtable_policy.h", "basic_ios.h", "locale_facets.h",
		"streambuf_iterator.h", "predefined_ops.h", "range_access.h", "refwrap.h", "charconv.h",
		"functional_hash.h", "uniform_int_dist.h", "std_mutex.h", "atomic_base.h"};
	size_t len = strlen(name);
	if (len > 4 && strcmp(name + len - 4, ".tcc") == 0)
		return true;
	return starts(name, "stl_") || IN_LIST(name, len, headers);
}

/* ---- names ---------------------------------------------------------------- */

/* The first path segment of the crate or namespace NAME belongs to: for
 * "<X as Tr>::f" X's, or Tr's when X is no path (a type parameter, a
 * reference, a primitive); "core" for inherent impls on primitives ("<[u8]>::f",
 * "u64::wrapping_mul" has none: returns 0). *OUT points into NAME. */
static size_t crate_segment(const char *name, const char **out)
{
	const char *s = name;
	if (s[0] == '<') {
		s++;
		static const char *const refs[] = {"&mut ", "&", "*const ", "*mut ", "dyn "};
		for (bool again = true; again;) {
			again = false;
			for (size_t i = 0; i < ARRAY_SIZE(refs); i++)
				if (starts(s, refs[i])) {
					s += strlen(refs[i]);
					again = true;
				}
		}
		size_t seg = strcspn(s, ":<> [");
		bool path = seg > 0 && s[seg] == ':' && s[seg + 1] == ':';
		if (!path) {
			const char *as = strstr(s, " as ");
			if (as) {
				s = as + 4;
			} else {
				*out = "core"; /* "<[u8]>::to_vec_in", "<*const T>::add": impls on primitives */
				return 4;
			}
		}
	}
	size_t seg = strcspn(s, ":<> (");
	if (seg == 0 || s[seg] != ':' || s[seg + 1] != ':')
		return 0;
	*out = s;
	return seg;
}

static bool runtime_namespace(const char *seg, size_t len)
{
	static const char *const names[] = {"std",          "core",         "alloc",        "proc_macro",
					    "test",         "panic_unwind", "panic_abort",  "compiler_builtins",
					    "std_detect",   "unwind",       "__rustc",      "rustc_std_workspace_core",
					    "__gnu_cxx",    "__cxxabiv1",   "__gnu_debug",  "__pstl",
					    "__cxx11",      "rustc_std_workspace_alloc",
					    /* inherent impls on primitives: only core has them ("u64::wrapping_mul") */
					    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128",
					    "isize", "f32", "f64", "bool", "char", "str"};
	if (len > 8 && memcmp(seg, "__rustc[", 8) == 0) /* c++filt: __rustc[b7974e8690430dd9] */
		return true;
	return IN_LIST(seg, len, names);
}

/* ---- frame texts (PF_FUNC_TEXT, PF_FUNC_FILE_TAIL) ----------------------------- */

/* Valgrind prints a frame as "name (file:line)" or "name (in OBJECT)", its files bare without
 * --fullpath-after=, and no compilation directory: the place and DWARF rows decide little. What
 * the program is comes from the frame text itself: a source file no system or standard library
 * has is the program's, unless the frame's address lies among the shared objects. */

static bool ends(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a >= b && strcmp(s + a - b, suffix) == 0;
}

/* Source files of libc, the C++ and Rust standard libraries and valgrind, whole or (without
 * --fullpath-after=) by their bare names. */
static bool text_system_file(const char *file)
{
	static const char *const dirs[] = {"/usr/",   "/lib/",        "/lib64/",
					   "/rustc/", "/build/glibc", "library/"};
	static const char *const parts[] = {"/.cargo/registry/", "/.rustup/", "/rustlib/", "/bits/", "/c++/",
					    "/glibc-", "/valgrind/"};
	static const char *const names[] = {"libc-start.c",  "libc_start_call_main.h", "new_allocator.h",
					    "alloc_traits.h", "allocator.h",           "basic_string.h",
					    "char_traits.h", "unique_ptr.h",           "ptr_traits.h",
					    "move.h",        "invoke.h",               "std_function.h",
					    "malloc.c",      "arena.c",                "obmalloc.c",
					    "rtld-malloc.h"};
	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++)
		if (starts(file, dirs[i]))
			return true;
	for (size_t i = 0; i < ARRAY_SIZE(parts); i++)
		if (strstr(file, parts[i]))
			return true;
	const char *b = base_name(file);
	if (IN_LIST(b, strlen(b), names) || starts(file, "bits/") || starts(file, "ext/") || ends(b, ".tcc"))
		return true;
	return starts(b, "stl_") || starts(b, "hashtable") || starts(b, "shared_ptr") || starts(b, "dl-") ||
	       starts(b, "rtld") || starts(b, "vg_replace_");
}

/* Names of the runtime and the system as valgrind prints them, placeholders included. */
static bool text_system_name(const char *name)
{
	static const char *const prefixes[] = {"std::",        "__gnu_cxx::", "__cxxabiv1::", "__cxx11::",
					       "alloc::",      "core::",      "<alloc::",     "<core::",
					       "<std::",       "hashbrown::", "<hashbrown::", "[root]",
					       "(below main)", "_dl_",        "__libc_"};
	for (size_t i = 0; i < ARRAY_SIZE(prefixes); i++)
		if (starts(name, prefixes[i]))
			return true;
	return false;
}

/* Rust inlines its std into the program under DWARF's short names with bare file names
 * ("call_once (function.rs:287)"); the program's own functions are named with their path. */
static bool text_rust_std_inline(const char *name, const char *file)
{
	if (!ends(file, ".rs") || strchr(file, '/') != NULL)
		return false;
	const char *p = name[0] == '<' ? name + 1 : name;
	size_t path_len = strcspn(p, "<");
	for (size_t i = 0; i + 1 < path_len; i++)
		if (p[i] == ':' && p[i + 1] == ':')
			return false;
	return true;
}

/* A valgrind frame text of the program: in the command's own object, or a source file no system
 * or standard library has, not among the shared objects. */
static bool text_program(const struct profile *p, uint32_t fi)
{
	const struct pf_func *f = &p->funcs.items[fi];
	const char *name = profile_func_name(p, fi), *file = profile_str(p, f->file);
	if (text_system_name(name))
		return false;
	if (f->lib < p->libs.len)
		return (p->libs.items[f->lib].flags & PF_LIB_MAIN) != 0;
	return *file && !(f->flags & PF_FUNC_SHARED_OBJECT) && !text_system_file(file) &&
	       !text_rust_std_inline(name, file);
}

/* The dhat crate keeps the last three components of a file ("proj/src/main.rs", a registry
 * crate's "dhat-0.3.3/src/lib.rs", std's "alloc/src/alloc.rs"): what tells the program's frames
 * is the crate in the names, and the command names the program's crate. */

/* The crate of a simplified Rust name ("<X as Tr>::f": X's), or NULL; *LEN its length. */
static const char *tail_crate(const char *name, size_t *len)
{
	const char *s = name;
	if (*s == '<') {
		s++;
		static const char *const refs[] = {"&mut ", "&", "*const ", "*mut ", "dyn "};
		for (size_t i = 0; i < ARRAY_SIZE(refs); i++)
			if (starts(s, refs[i]))
				s += strlen(refs[i]), i = (size_t)-1;
	}
	size_t n = 0;
	while (isalnum((unsigned char)s[n]) || s[n] == '_')
		n++;
	if (n == 0 || s[n] != ':' || s[n + 1] != ':')
		return NULL;
	*len = n;
	return s;
}

/* "CRATE-1.2.3": a registry crate's folder. */
static bool versioned(const char *dir, size_t len)
{
	for (size_t i = 1; i + 1 < len; i++)
		if (dir[i] == '-' && isdigit((unsigned char)dir[i + 1]) && memchr(dir + i, '.', len - i))
			return true;
	return false;
}

/* The first component of FILE when FILE has three (a project or crate folder), else 0. */
static size_t tail_project_dir(const char *file)
{
	const char *a = strchr(file, '/');
	if (a == NULL || strchr(a + 1, '/') == NULL)
		return 0;
	size_t n = (size_t)(a - file);
	static const char *const std_dirs[] = {"src",          "alloc",      "core", "std",
					       "library",      "panic_unwind", "proc_macro", "sys",
					       "collections",  "sync",       "hashbrown", "backtrace"};
	if (IN_LIST(file, n, std_dirs))
		return 0;
	return versioned(file, n) ? 0 : n;
}

struct names {
	VEC(char *) items;
};

static bool names_has(const struct names *l, const char *s, size_t len)
{
	for (size_t i = 0; i < l->items.len; i++)
		if (strlen(l->items.items[i]) == len && memcmp(l->items.items[i], s, len) == 0)
			return true;
	return false;
}

static void names_add(struct names *l, const char *s, size_t len)
{
	if (!names_has(l, s, len))
		vec_push(&l->items, xstrndup(s, len));
}

static void names_free(struct names *l)
{
	for (size_t i = 0; i < l->items.len; i++)
		free(l->items.items[i]);
	vec_free(&l->items);
}

/* Is crate C (LEN bytes) the program's, whose crate is K? The binary's own crate, and a
 * workspace's crates named after it ("K_lib", "K_core"). */
static bool related_crate(const char *c, size_t len, const char *k)
{
	size_t kl = strlen(k);
	return len >= kl && memcmp(c, k, kl) == 0 && (len == kl || c[kl] == '_');
}

/* Marks in PROGRAM the functions with three-component files (PF_FUNC_FILE_TAIL) that are the
 * program's: of the crate the command names (p->program without cargo's "-<16 hex>", "-" as
 * "_") and the crates around it, of the crates whose files lie in the same project folders, and
 * functions without a crate in those folders (or, with dhat-rs 0.2's bare file names, in
 * "CRATE.rs"). */
static void tail_program(const struct profile *p, bool *program)
{
	const char *prog = p->program ? p->program : "";
	size_t kl = strlen(prog), dash = kl;
	while (dash > 0 && isxdigit((unsigned char)prog[dash - 1]))
		dash--;
	if (dash > 0 && prog[dash - 1] == '-' && kl - dash == 16)
		kl = dash - 1;
	char *k = xstrndup(prog, kl);
	for (char *c = k; *c; c++)
		if (*c == '-')
			*c = '_';
	struct names crates = {0}, dirs = {0};
	for (int round = 0; round < 2; round++) {
		for (size_t i = 0; i < p->funcs.len; i++) {
			const struct pf_func *f = &p->funcs.items[i];
			if (!(f->flags & PF_FUNC_FILE_TAIL))
				continue;
			size_t cl, dl = tail_project_dir(profile_str(p, f->file));
			const char *c = tail_crate(profile_str(p, f->name), &cl);
			if (c == NULL)
				continue;
			bool mine = names_has(&crates, c, cl) || (round == 0 && related_crate(c, cl, k)) ||
				    (round == 1 && dl && names_has(&dirs, profile_str(p, f->file), dl));
			if (!mine)
				continue;
			names_add(&crates, c, cl);
			if (round == 0 && dl)
				names_add(&dirs, profile_str(p, f->file), dl);
		}
	}
	char *own_file = xasprintf("%s.rs", k);
	for (size_t i = 0; i < p->funcs.len; i++) {
		const struct pf_func *f = &p->funcs.items[i];
		const char *file = profile_str(p, f->file);
		size_t cl, dl = tail_project_dir(file);
		const char *c = tail_crate(profile_str(p, f->name), &cl);
		bool mine = c ? names_has(&crates, c, cl)
			      : (dl && names_has(&dirs, file, dl)) || strcmp(file, own_file) == 0;
		if ((f->flags & PF_FUNC_FILE_TAIL) && mine)
			program[i] = true;
	}
	free(own_file);
	free(k);
	names_free(&crates);
	names_free(&dirs);
}

bool *ownership_program_evidence(const struct profile *p)
{
	bool *program = xcalloc(p->funcs.len + 1, sizeof(*program)), tail = false;
	for (uint32_t fi = 0; fi < p->funcs.len; fi++) {
		const struct pf_func *f = &p->funcs.items[fi];
		tail = tail || (f->flags & PF_FUNC_FILE_TAIL);
		if (f->flags & PF_FUNC_OWNED) {
			program[fi] = true;
		} else if ((f->flags & PF_FUNC_TEXT) && !(f->flags & PF_FUNC_FILE_TAIL)) {
			program[fi] = text_program(p, fi);
		}
	}
	if (tail)
		tail_program(p, program);
	return program;
}

/* ---- the rules -------------------------------------------------------------- */

struct classifier {
	struct profile *p;
	struct ownership *o;
	struct regex *ours;
	struct homes homes;
	bool rust_program;
	struct u64map bare_rs; /* DHAT's bare ".rs" files: 1 the program's, 2 std's or both */
	struct u64map rust_files; /* relative "DIR/x.rs" files without a library: 1 a function of the program's
				   * crate named whole lies there, else 2 + another crate's name (interned) */
	const char *rust_crate;   /* the program's crate: CRATE of a function CRATE::main without a library */
	size_t rust_crate_len;
	uint32_t other_crate;     /* the one other crate with functions in rust_files (interned), or 0 */
	bool jemalloc;         /* a je_ function (or jemalloc's own internal) is in the profile: it is linked */
	const char *binary;    /* --binary NAME, or NULL: PF_LIB_MAIN says */
	VEC(char *) families;  /* the program's crate families: "rustc" of rustc_driver_impl::main */
	const char *workspace; /* the compilation directory of the program's entry (CRATE::main), or NULL */
	uint32_t workspace_len;
	bool *program;         /* per function: the program's by the loader's evidence */
};

/* What the rules read of one function, and the verdict they fill. */
struct facts {
	const struct classifier *c;
	const struct pf_func *f;
	const char *raw;     /* its name as the model has it */
	const char *file;    /* "" when none */
	const char *libname; /* "" when none */
	enum own_place place;
	char *simple;        /* funcname_simplify(raw), made on first use */
	struct verdict v;
};

static const char *simple_name(struct facts *x)
{
	if (!x->simple)
		x->simple = funcname_simplify(x->raw);
	return x->simple;
}

static bool set_pkg(struct facts *x, const char *package, size_t len)
{
	len = len < sizeof(x->v.package) ? len : sizeof(x->v.package) - 1; /* a 4 MiB name: what fits */
	snprintf(x->v.package, sizeof(x->v.package), "%.*s", (int)len, package ? package : "");
	return true;
}

static bool set_str(struct facts *x, const char *package)
{
	return set_pkg(x, package, strlen(package));
}

/* The label is "[PACKAGE]", not "[std PACKAGE]": a library, a script runtime, the compiler. */
static bool set_plain(struct facts *x, const char *package)
{
	x->v.plain = true;
	return set_str(x, package ? package : "runtime");
}

static bool has_flag(const struct facts *x, uint32_t flag)
{
	return (x->f->flags & flag) != 0;
}

/* A native function's name: the name rules apply (not script code, not a bare address). */
static bool native_name(const struct facts *x)
{
	return !has_flag(x, PF_FUNC_UNRESOLVED | PF_FUNC_SCRIPT);
}

static bool bare_rs(const struct facts *x)
{
	size_t n = strlen(x->file);
	return x->place == OWN_PLACE_NONE && x->c->rust_program && n > 3 &&
	       strcmp(x->file + n - 3, ".rs") == 0 && !strchr(x->file, '/');
}

/* The allocator NAME belongs to, by its symbol ("je_", "mi_", glibc's internals, the entries
 * malloc, free...), or NULL. JEMALLOC: jemalloc is linked (a je_ name seen), so its static
 * helpers without a prefix (tcache_event, arena_slab_reg_alloc_batch) are its too. */
static const char *allocator_of(const char *name, bool jemalloc)
{
	static const struct {
		const char *prefix, *allocator;
	} prefixes[] = {{"je_", "jemalloc"},        {"_rjem_", "jemalloc"},   {"rjem_", "jemalloc"},
			{"mi_", "mimalloc"},        {"_mi_", "mimalloc"},     {"tc_", "tcmalloc"},
			{"tcmalloc::", "tcmalloc"}, {"snmalloc::", "snmalloc"}, {"sn_rust_", "snmalloc"},
			{"rpmalloc", "rpmalloc"},   {"_rpmalloc", "rpmalloc"}, {"rpfree", "rpmalloc"},
			{"rpcalloc", "rpmalloc"},   {"rprealloc", "rpmalloc"}, {"rpaligned", "rpmalloc"},
			{"__rg_", "#[global_allocator]"}};
	static const char *const glibc[] = {
		"_int_malloc", "_int_free", "_int_realloc", "_int_memalign", "malloc_consolidate", "sysmalloc",
		"systrim", "heap_trim", "new_heap", "tcache_init", "tcache_thread_shutdown", "arena_get2",
		"arena_get_retry", "unlink_chunk", "malloc_printerr", "ptmalloc_init", "mremap_chunk",
		"munmap_chunk", "_int_free_chunk", "_int_free_merge_chunk", "_int_free_create_chunk",
		"_int_free_maybe_consolidate", "__malloc_arena_thread_freeres", "malloc_init", "__libc_malloc",
		"__libc_free", "__libc_calloc", "__libc_realloc", "__libc_memalign"};
	static const char *const je_modules[] = {"tcache_", "arena_", "extent_", "emap_", "edata_", "pa_",
						 "pac_", "hpa_", "sec_", "san_", "large_", "te_", "prof_",
						 "base_", "bin_", "sz_", "ecache_", "eset_", "rtree_", "witness_",
						 "malloc_mutex_", "tsd_", "imalloc", "ifree", "isfree", "ialloc",
						 "idalloc", "iralloc", "ixalloc", "ipalloc", "malloc_default",
						 "free_default", "ticker_", "batcher_", "cache_bin_", "psset_",
						 "malloc_", "background_thread", "bitmap_", "buf_writer", "ckh_",
						 "counter_", "ctl_", "decay_", "div_", "ehooks_", "exp_grow", "hook_",
						 "hpdata_", "inspect_", "mutex_", "nstime_", "pages_", "peak_",
						 "safety_check", "sc_", "stats_", "thread_event", "thread_alloc",
						 "thread_dalloc", "tsd_", "fxp_", "prng_", "emitter_", "edata_cache", "os_pages_",
						 "os_overcommits", "mallocx", "rallocx", "xallocx", "sallocx", "dallocx",
						 "sdallocx", "nallocx", "mallctl", "do_rallocx", "a0", "arenas_", "opt_",
						 "config_", "experimental_", "tctx_", "tdata_", "gctx_", "size_class",
						 "jemalloc_", "default_junk_", "extents_", "decrement_recent_count",
						 "init_opt_stats_opts", "x2s"};
	for (size_t i = 0; i < ARRAY_SIZE(prefixes); i++)
		if (starts(name, prefixes[i].prefix))
			return prefixes[i].allocator;
	if (IN_LIST(name, strlen(name), glibc))
		return "glibc";
	for (size_t i = 0; jemalloc && i < ARRAY_SIZE(je_modules); i++)
		if (starts(name, je_modules[i]))
			return "jemalloc";
	size_t len = strlen(name);
	if (jemalloc && len > 4 && strcmp(name + len - 4, "_ctl") == 0) /* mallctl's handlers */
		return "jemalloc";
	/* rustc's shims with std's files (__rdl_alloc, __rust_alloc) stay std's */
	/* malloc, free...: jemalloc's own when it is linked and the entry has no file, like its other functions */
	if (!starts(name, "__rust") && !starts(name, "__rdl_") && ownership_is_alloc_entry(name))
		return jemalloc ? "jemalloc" : "malloc";
	return NULL;
}

/* Each rule: true when it applies to the function (and then fills the package). */
static bool r_engine(struct facts *x)
{
	return has_flag(x, PF_FUNC_ENGINE) && set_plain(x, x->c->p->script_engine);
}
static bool r_synthetic(struct facts *x)
{
	return has_flag(x, PF_FUNC_SYNTHETIC);
}
static bool r_host(struct facts *x)
{
	return has_flag(x, PF_FUNC_HOST) && set_plain(x, x->c->p->script_host);
}
static bool r_lib_kernel(struct facts *x)
{
	return x->place == OWN_PLACE_KERNEL;
}
/* A stub of the procedure linkage table (symbol/plt.c: "symbol@plt"): the dynamic linker's glue,
 * neither the code that calls it nor the library it jumps to. */
static bool r_plt_stub(struct facts *x)
{
	size_t n = strlen(x->raw);
	x->v.label = "[plt]";
	return native_name(x) && n > 4 && strcmp(x->raw + n - 4, "@plt") == 0 && set_str(x, "plt");
}
static bool r_lib_system(struct facts *x)
{
	return x->place == OWN_PLACE_SYSTEM && set_str(x, x->libname);
}
static bool r_lib_runtime(struct facts *x)
{
	return x->place == OWN_PLACE_RUNTIME && set_plain(x, x->libname);
}
static bool r_lib_jit(struct facts *x)
{
	return x->place == OWN_PLACE_JIT;
}
static bool r_rust_std(struct facts *x)
{
	return rustc_prefix(x->file) && set_str(x, "std");
}
static bool r_rust_std_deps(struct facts *x)
{
	size_t len;
	const char *seg;
	if (!starts(x->file, "/rust/deps/") || (seg = segment_after(x->file, "/rust/deps/", 0, &len)) == NULL)
		return false;
	crate_of(seg, len, x->v.package, sizeof(x->v.package));
	return true;
}
static bool r_rust_std_short(struct facts *x)
{
	static const char *const std_crates[] = {"core", "alloc", "std", "proc_macro", "panic_unwind",
						 "panic_abort", "test", "compiler-builtins", "stdarch",
						 "portable-simd", "backtrace", "unwind"};
	const char *file = x->file;
	size_t len;
	return starts(file, "library/") && (len = strcspn(file + 8, "/")) > 0 && file[8 + len] == '/' &&
	       IN_LIST(file + 8, len, std_crates) && set_str(x, "std");
}
static bool r_crate_short(struct facts *x)
{
	const char *file = x->file;
	size_t len = strcspn(file, "/"), dash = len;
	if (file[0] == '/' || len <= 2 || file[len] != '/' || strncmp(file + len, "/src/", 5) != 0)
		return false;
	while (dash > 0 && file[dash - 1] != '-')
		dash--;
	if (dash <= 1 || !isdigit((unsigned char)file[dash]) || !memchr(file + dash, '.', len - dash))
		return false;
	crate_of(file, len, x->v.package, sizeof(x->v.package));
	return true;
}
static bool r_cargo_registry(struct facts *x)
{
	size_t len;
	const char *seg = segment_after(x->file, "/registry/src/", 1, &len);
	if (!seg)
		return false;
	crate_of(seg, len, x->v.package, sizeof(x->v.package));
	return true;
}
static bool r_cargo_git(struct facts *x)
{
	size_t len, cut;
	const char *seg = segment_after(x->file, "/git/checkouts/", 0, &len);
	if (!seg)
		return false;
	for (cut = len; cut > 0 && seg[cut - 1] != '-';)
		cut--;
	return set_pkg(x, seg, cut > 1 && hex_run(seg + cut, len - cut) ? cut - 1 : len); /* REPO-<hex> */
}
static bool r_vendor_crate(struct facts *x)
{
	const char *v = NULL;
	for (const char *q = strstr(x->file, "/vendor/"); q; q = strstr(q + 1, "/vendor/"))
		v = q + 8; /* the innermost: vendor/a/vendor/b */
	size_t len = v ? strcspn(v, "/") : 0;
	return len && v[len] == '/' && set_pkg(x, v, len);
}
static bool r_workspace(struct facts *x)
{
	const struct classifier *c = x->c;
	return c->workspace && strncmp(x->file, c->workspace, c->workspace_len) == 0 &&
	       x->file[c->workspace_len] == '/';
}
/* A folder named CRATE-X.Y.Z (a semantic version: digits, '.', digits, '.', digits...). */
static bool crate_folder(const char *seg, size_t len)
{
	size_t dash = len;
	while (dash > 0 && seg[dash - 1] != '-')
		dash--;
	if (dash < 2)
		return false;
	size_t dots = 0, i = dash;
	for (; i < len && (isdigit((unsigned char)seg[i]) || seg[i] == '.'); i++)
		dots += seg[i] == '.';
	return dots >= 2 && isdigit((unsigned char)seg[dash]) && (i == len || seg[i] == '-' || seg[i] == '+');
}
static bool r_crate_folder(struct facts *x)
{
	const char *file = x->file, *best = NULL, *end = strrchr(file, '/');
	size_t best_len = 0;
	for (const char *s = file; end && s < end;) {
		size_t len = strcspn(s, "/");
		if (len && crate_folder(s, len))
			best = s, best_len = len; /* the innermost */
		s += len + 1;
	}
	if (!best || file[0] != '/')
		return false;
	crate_of(best, best_len, x->v.package, sizeof(x->v.package));
	return true;
}
static bool r_node_modules(struct facts *x)
{
	const char *nm = NULL;
	size_t len;
	/* node_modules/a/node_modules/b: the innermost package; Windows writes node_modules\a\ */
	for (const char *q = strstr(x->file, "node_modules"); q; q = strstr(q + 1, "node_modules"))
		if ((q == x->file || q[-1] == '/' || q[-1] == '\\') && (q[12] == '/' || q[12] == '\\'))
			nm = q + 13;
	if (!nm || (len = strcspn(nm, "/\\")) == 0)
		return false;
	if (nm[0] == '@' && (nm[len] == '/' || nm[len] == '\\'))
		len += 1 + strcspn(nm + len + 1, "/\\");
	return set_pkg(x, nm, len);
}
static bool r_cxx_header_bare(struct facts *x)
{
	return !strchr(x->file, '/') && cxx_header(x->file) && set_str(x, "std");
}
static bool r_node_internal(struct facts *x)
{
	return (starts(x->file, "node:") || starts(x->file, "internal/")) && set_plain(x, "node");
}
/* Scripts a host or a tool puts beside the program's: Electron's built-in modules and the
 * bootloader VS Code's JavaScript debugger injects with --require (either slash). */
static bool r_tool_script(struct facts *x)
{
	const char *f = x->file;
	if (starts(f, "electron/js2c/") || strstr(f, "/electron/js2c/"))
		return set_plain(x, "electron");
	const char *d = strstr(f, "ms-vscode.js-debug");
	return d && strstr(d, "bootloader.js") && set_plain(x, "js-debug");
}
static bool r_cxx_include(struct facts *x)
{
	const char *file = x->file;
	bool cxx = starts(file, "/usr/include/c++/") || starts(file, "/usr/local/include/c++/") ||
		   (starts(file, "/usr/include/") && strstr(file, "/c++/")) || strstr(file, "/include/c++/v1/");
	return cxx && set_str(x, "std");
}
static bool r_compiler_include(struct facts *x)
{
	const char *file = x->file;
	bool compiler = starts(file, "/usr/lib/gcc/") ||
			(starts(file, "/usr/lib/llvm") && strstr(file, "/include/"));
	return compiler && set_plain(x, "compiler");
}
/* /usr/include/DIR/...: DIR's length, and whether it is the C library's own */
static size_t include_dir(const char *file, const char **sub, bool *libc)
{
	if (!starts(file, "/usr/include/") && !starts(file, "/usr/local/include/"))
		return 0;
	*sub = file + (starts(file, "/usr/include/") ? 13 : 19);
	size_t len = strcspn(*sub, "/");
	static const char *const libc_dirs[] = {"bits", "sys", "gnu", "asm", "asm-generic", "linux",
						"net", "netinet", "arpa", "rpc", "scsi", "protocols"};
	bool triple = false; /* x86_64-linux-gnu */
	for (size_t i = 0; i + 7 <= len && !triple; i++)
		triple = memcmp(*sub + i, "-linux-", 7) == 0;
	*libc = (*sub)[len] != '/' || IN_LIST(*sub, len, libc_dirs) || triple;
	return len ? len : 1;
}
static bool r_libc_include(struct facts *x)
{
	const char *sub;
	bool libc;
	return include_dir(x->file, &sub, &libc) && libc && set_str(x, "libc");
}
static bool r_include_dep(struct facts *x)
{
	const char *sub;
	bool libc;
	size_t len = include_dir(x->file, &sub, &libc);
	return len && !libc && set_pkg(x, sub, len);
}
static bool r_allocator(struct facts *x)
{
	const char *name = native_name(x) ? simple_name(x) : NULL;
	const char *a = name ? allocator_of(name, x->c->jemalloc && !*x->file) : NULL;
	x->v.label = "[alloc]";
	return a && set_str(x, a);
}
static bool r_comp_dir(struct facts *x)
{
	return *x->file && x->f->comp_dir_len;
}
static bool r_page_url(struct facts *x)
{
	return x->place == OWN_PLACE_NONE && !has_flag(x, PF_FUNC_SCRIPT) &&
	       (starts(x->file, "https://") || starts(x->file, "http://") || starts(x->file, "file://"));
}
static bool whole_path(const struct facts *x)
{
	return x->place == OWN_PLACE_NONE && x->file[0] == '/' && !has_flag(x, PF_FUNC_SCRIPT);
}
static bool r_whole_path_system(struct facts *x)
{
	return whole_path(x) && (system_directory(x->file) || starts(x->file, "/usr/"));
}
static bool r_whole_path(struct facts *x)
{
	return whole_path(x) && strcmp(x->raw, "UnknownInlinedFun") != 0; /* no function at all: unknown-inlined */
}
static bool r_unknown_inlined(struct facts *x)
{
	return !has_flag(x, PF_FUNC_SCRIPT) && strcmp(x->raw, "UnknownInlinedFun") == 0;
}
static bool r_crt(struct facts *x)
{
	static const char *const crt[] = {"_start",        "_init",          "_fini",
					  "__libc_csu_init", "__libc_csu_fini", "__do_global_dtors_aux",
					  "frame_dummy",   "register_tm_clones", "deregister_tm_clones",
					  "__libc_start_main", "__libc_start_call_main", "_dl_relocate_static_pie",
					  "__do_global_ctors_aux", "_start_c"};
	return native_name(x) && IN_LIST(simple_name(x), strlen(simple_name(x)), crt) && set_str(x, "crt");
}
static bool r_rust_c_main(struct facts *x)
{
	return native_name(x) && x->c->rust_program && !*x->file && strcmp(simple_name(x), "main") == 0 &&
	       set_str(x, "std");
}
static bool r_runtime_crate(struct facts *x)
{
	const char *seg;
	size_t len = native_name(x) ? crate_segment(simple_name(x), &seg) : 0;
	return len && runtime_namespace(seg, len) && set_str(x, "std");
}
static bool r_runtime_symbol(struct facts *x)
{
	static const char *const prefixes[] = {"operator new", "operator delete", "__cxa_", "__gxx_", "_Unwind_",
					       "__rust_", "__rdl_", "__rg_", "rust_begin_unwind", "rust_panic",
					       "__dynamic_cast"};
	if (!native_name(x))
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(prefixes); i++)
		if (starts(simple_name(x), prefixes[i]))
			return set_str(x, "std");
	return false;
}
/* libgcc's and compiler-rt's arithmetic helpers: __popcountdi2, __udivti3, __mulodi4 */
static bool r_compiler_builtin(struct facts *x)
{
	static const char *const suffixes[] = {"si2", "di2", "ti2", "si3", "di3", "ti3", "si4", "di4", "ti4"};
	const char *name = native_name(x) ? simple_name(x) : "";
	size_t n = strlen(name);
	if (n < 7 || !starts(name, "__") || !isalpha((unsigned char)name[2]))
		return false;
	return IN_LIST(name + n - 3, 3, suffixes) && set_plain(x, "compiler");
}
/* Libraries of another project that toolchains ship beside their own (rustc's sysroot has
 * lib/libLLVM.so.22.1-rust-1.95.0-stable beside librustc_driver): by file name, that project. */
static bool r_shipped_library(struct facts *x)
{
	static const struct {
		const char *prefix, *project;
	} shipped[] = {{"libLLVM", "LLVM"},   {"libLTO.so", "LLVM"},   {"libRemarks.so", "LLVM"},
		       {"libPolly", "LLVM"},  {"libclang", "Clang"},   {"liblldb", "LLDB"},
		       {"libMLIR", "MLIR"},
		       /* LLVM's programs in rustc's sysroot (lib/rustlib/TARGET/bin/), LLVM linked in */
		       {"rust-lld", "LLVM"},  {"llvm-", "LLVM"}};
	if (x->place != OWN_PLACE_PROGRAM && x->place != OWN_PLACE_OTHER)
		return false;
	const struct pf_lib *l = &x->c->p->libs.items[x->f->lib];
	const char *base = base_name(lib_path(x->c->p, l));
	for (size_t i = 0; i < ARRAY_SIZE(shipped); i++)
		if (starts(base, shipped[i].prefix) && !is_main(x->c->p, l, x->c->binary))
			return set_str(x, shipped[i].project);
	return false;
}
/* A Rust function without a file (no DWARF: a toolchain's shipped library) in a library beside the
 * program, of a crate outside the program's families (rustc's: rustc_driver_impl::main makes every
 * rustc_* crate its own): a crate it depends on, hashbrown or rayon_core in librustc_driver. */
static bool r_crate_beside(struct facts *x)
{
	const struct classifier *c = x->c;
	const char *seg;
	size_t len;
	if (x->place != OWN_PLACE_PROGRAM || *x->file || !native_name(x) || c->families.len == 0 ||
	    is_main(c->p, &c->p->libs.items[x->f->lib], c->binary) ||
	    !(len = crate_segment(simple_name(x), &seg)) || runtime_namespace(seg, len))
		return false;
	for (size_t i = 0; i < c->families.len; i++) {
		size_t n = strlen(c->families.items[i]);
		if (len >= n && memcmp(seg, c->families.items[i], n) == 0 && (len == n || seg[n] == '_'))
			return false;
	}
	return set_pkg(x, seg, len);
}
static bool r_program_library(struct facts *x)
{
	return x->place == OWN_PLACE_PROGRAM;
}
static bool r_other_library(struct facts *x)
{
	return x->place == OWN_PLACE_OTHER && set_str(x, x->libname);
}
static bool r_script_builtin(struct facts *x)
{
	return has_flag(x, PF_FUNC_SCRIPT) && !*x->file && x->f->lib == PF_NONE &&
	       set_plain(x, x->c->p->script_engine);
}
/* Valgrind without --fullpath-after= writes a crate's files as its DWARF does, relative to the crate
 * ("src/map.rs"): an unqualified (inlined) function in one where no function of the program's crate
 * named whole lies is another crate's, named after a crate whose functions lie there when one does. */
static bool r_rust_other_file(struct facts *x)
{
	const char *file = x->file, *seg;
	size_t n = strlen(file);
	if (x->place != OWN_PLACE_NONE || !native_name(x) || !x->c->rust_crate || file[0] == '/' ||
	    !strchr(file, '/') || n < 4 || strcmp(file + n - 3, ".rs") != 0 || crate_segment(simple_name(x), &seg))
		return false;
	uint32_t mark = u64map_get(&x->c->rust_files, x->f->file);
	if (mark == 1)
		return false;
	uint32_t other = x->c->other_crate; /* else the only other crate that has files there */
	return set_str(x, mark != HTAB_NONE ? profile_str(x->c->p, mark - 2)
			  : other && other != UINT32_MAX ? profile_str(x->c->p, other) : "?");
}
static bool r_loader_owned(struct facts *x)
{
	return has_flag(x, PF_FUNC_OWNED);
}
/* The program's by a frame text's evidence (ownership_program_evidence): valgrind's, the dhat crate's. */
static bool evidence_program(const struct facts *x)
{
	return x->c->program[x->f - x->c->p->funcs.items];
}
static bool r_text_source(struct facts *x)
{
	return has_flag(x, PF_FUNC_TEXT) && !has_flag(x, PF_FUNC_FILE_TAIL) && evidence_program(x);
}
static bool r_tail_crate(struct facts *x)
{
	return has_flag(x, PF_FUNC_FILE_TAIL) && evidence_program(x);
}
static bool r_script_other(struct facts *x)
{
	return has_flag(x, PF_FUNC_SCRIPT) && set_plain(x, x->c->p->script_host);
}
static bool r_named_crate(struct facts *x)
{
	const char *seg;
	size_t len = x->place == OWN_PLACE_NONE && native_name(x) ? crate_segment(simple_name(x), &seg) : 0;
	return len && set_pkg(x, seg, len);
}
static bool r_bare_rs_yours(struct facts *x)
{
	return bare_rs(x) && u64map_get(&x->c->bare_rs, x->f->file) == 1;
}
static bool r_bare_rs_std(struct facts *x)
{
	return bare_rs(x) && set_str(x, "std");
}
static bool r_leftover_system(struct facts *x)
{
	return *x->file || x->f->lib != PF_NONE;
}
static bool r_leftover(struct facts *x)
{
	(void)x;
	return true;
}

/* The rules, first match wins; docs/ownership.md lists the same rows with the same reasons
 * (tests/ownership/check_rules_doc.py holds them to each other). */
static const struct own_rule {
	const char *id;
	bool (*applies)(struct facts *x);
	uint8_t cls;  /* enum own_class */
	uint8_t kind; /* enum own_evidence */
	const char *why;
} rules[] = {
	{"engine", r_engine, OWN_RUNTIME, OWN_BY_LOADER,
	 "the loader says the script engine's own (V8's natives, GC)"},
	{"synthetic", r_synthetic, OWN_UNKNOWN, OWN_BY_DEFAULT,
	 "a placeholder, no code: (root), [root]"},
	{"host", r_host, OWN_RUNTIME, OWN_BY_LOADER,
	 "the loader says the host runtime's script (Node's modules)"},
	{"plt-stub", r_plt_stub, OWN_SYSTEM, OWN_BY_NAME,
	 "a stub of the procedure linkage table (puts@plt): the dynamic linker's glue"},
	{"lib-kernel", r_lib_kernel, OWN_KERNEL, OWN_BY_LIBRARY,
	 "in the kernel"},
	{"lib-system", r_lib_system, OWN_SYSTEM, OWN_BY_LIBRARY,
	 "a system library (libc, ld.so, /usr/lib, /lib)"},
	{"lib-runtime", r_lib_runtime, OWN_RUNTIME, OWN_BY_LIBRARY,
	 "a language runtime's library (libstdc++, libstd)"},
	{"lib-jit", r_lib_jit, OWN_UNKNOWN, OWN_BY_LIBRARY,
	 "JIT code without a map"},
	{"rust-std", r_rust_std, OWN_RUNTIME, OWN_BY_PATH,
	 "a file of /rustc/<hash>/: Rust's std"},
	{"rust-std-deps", r_rust_std_deps, OWN_RUNTIME, OWN_BY_PATH,
	 "a file of /rust/deps/CRATE-X.Y.Z/: a crate std vendors"},
	{"rust-std-short", r_rust_std_short, OWN_RUNTIME, OWN_BY_PATH,
	 "library/core/... without its folder: Rust's std"},
	{"crate-short", r_crate_short, OWN_DEPENDENCY, OWN_BY_PATH,
	 "CRATE-X.Y.Z/src/... with nothing above it: a registry crate"},
	{"cargo-registry", r_cargo_registry, OWN_DEPENDENCY, OWN_BY_PATH,
	 "a file of cargo's registry/src/INDEX/CRATE-X.Y.Z/"},
	{"cargo-git", r_cargo_git, OWN_DEPENDENCY, OWN_BY_PATH,
	 "a file of cargo's git/checkouts/REPO-<hex>/"},
	{"vendor-crate", r_vendor_crate, OWN_DEPENDENCY, OWN_BY_PATH,
	 "a file of vendor/CRATE/ (cargo vendor, vendored sources): a dependency"},
	{"workspace", r_workspace, OWN_YOURS, OWN_BY_PATH,
	 "a file below the compilation directory of the program's entry (CRATE::main): its workspace"},
	{"crate-folder", r_crate_folder, OWN_DEPENDENCY, OWN_BY_PATH,
	 "a file of a folder CRATE-X.Y.Z (a cargo directory source, /usr/share/cargo/registry/)"},
	{"node-modules", r_node_modules, OWN_DEPENDENCY, OWN_BY_PATH,
	 "a file of node_modules/PKG/ (either slash): an npm package"},
	{"cxx-header-bare", r_cxx_header_bare, OWN_RUNTIME, OWN_BY_PATH,
	 "a C++ standard header by its bare name (tuple, stl_vector.h)"},
	{"node-internal", r_node_internal, OWN_RUNTIME, OWN_BY_PATH,
	 "node:... or internal/...: Node's own modules"},
	{"tool-script", r_tool_script, OWN_RUNTIME, OWN_BY_PATH,
	 "electron/js2c/... or VS Code's js-debug bootloader: the host's or a tool's script"},
	{"cxx-include", r_cxx_include, OWN_RUNTIME, OWN_BY_PATH,
	 "a header of /usr/include/c++/ or libc++'s include/c++/v1/"},
	{"compiler-include", r_compiler_include, OWN_RUNTIME, OWN_BY_PATH,
	 "a compiler's own header (/usr/lib/gcc/, LLVM's include/)"},
	{"libc-include", r_libc_include, OWN_SYSTEM, OWN_BY_PATH,
	 "a C library header (/usr/include/bits/, sys/, <triple>/)"},
	{"include-dep", r_include_dep, OWN_DEPENDENCY, OWN_BY_PATH,
	 "a header of /usr/include/DIR/: the package DIR"},
	{"allocator", r_allocator, OWN_RUNTIME, OWN_BY_NAME,
	 "an allocator's function (malloc, je_*, mi_*, tc_*, glibc's _int_malloc), wherever linked"},
	{"comp-dir", r_comp_dir, OWN_YOURS, OWN_BY_PATH,
	 "a file below its unit's compilation directory: built here"},
	{"page-url", r_page_url, OWN_YOURS, OWN_BY_PATH,
	 "a page's script (http://, https://, file://) in a browser profile"},
	{"whole-path-system", r_whole_path_system, OWN_SYSTEM, OWN_BY_PATH,
	 "a whole path under /usr or a system folder, no library"},
	{"whole-path", r_whole_path, OWN_YOURS, OWN_BY_PATH,
	 "a whole path elsewhere, no library (valgrind's): the program's source"},
	{"unknown-inlined", r_unknown_inlined, OWN_UNKNOWN, OWN_BY_NAME,
	 "UnknownInlinedFun: valgrind's name for any inlined code"},
	{"crt", r_crt, OWN_SYSTEM, OWN_BY_NAME,
	 "the C runtime's start files (_start, _init, frame_dummy)"},
	{"rust-c-main", r_rust_c_main, OWN_RUNTIME, OWN_BY_NAME,
	 "main without a file in a Rust program: rustc's generated C main"},
	{"runtime-crate", r_runtime_crate, OWN_RUNTIME, OWN_BY_NAME,
	 "a crate or namespace of the runtime (std::, core::, __gnu_cxx::)"},
	{"runtime-symbol", r_runtime_symbol, OWN_RUNTIME, OWN_BY_NAME,
	 "a runtime symbol (operator new, __cxa_*, _Unwind_*, __rust_*)"},
	{"compiler-builtin", r_compiler_builtin, OWN_RUNTIME, OWN_BY_NAME,
	 "a compiler's arithmetic helper (libgcc's __popcountdi2, __udivti3)"},
	{"shipped-library", r_shipped_library, OWN_DEPENDENCY, OWN_BY_LIBRARY,
	 "another project's library shipped beside the program (libLLVM in rustc's sysroot): that project"},
	{"crate-beside", r_crate_beside, OWN_DEPENDENCY, OWN_BY_NAME,
	 "a crate outside the program's (CRATE_*::main) in a library beside it, no file: a dependency"},
	{"program-library", r_program_library, OWN_YOURS, OWN_BY_DEFAULT,
	 "the program's binary or a library beside it"},
	{"other-library", r_other_library, OWN_DEPENDENCY, OWN_BY_DEFAULT,
	 "a library elsewhere: a dependency"},
	{"script-builtin", r_script_builtin, OWN_RUNTIME, OWN_BY_LOADER,
	 "script code without a script or file: the engine's builtin"},
	{"rust-other-file", r_rust_other_file, OWN_DEPENDENCY, OWN_BY_PATH,
	 "a Rust function without its path in a relative file (src/map.rs) of no function of the program's crate"},
	{"loader-owned", r_loader_owned, OWN_YOURS, OWN_BY_LOADER,
	 "the loader says the program's (a user script, the functions of --binary)"},
	{"text-source", r_text_source, OWN_YOURS, OWN_BY_PATH,
	 "valgrind's frame text: a source file of no system or standard library, not in a shared object"},
	{"tail-crate", r_tail_crate, OWN_YOURS, OWN_BY_NAME,
	 "a file of three components: a crate the command names (CRATE, CRATE_*), or in their folders"},
	{"script-other", r_script_other, OWN_RUNTIME, OWN_BY_LOADER,
	 "another script: the host runtime's"},
	{"named-crate", r_named_crate, OWN_DEPENDENCY, OWN_BY_NAME,
	 "no library, a crate or namespace in the name: that package"},
	{"bare-rs-yours", r_bare_rs_yours, OWN_YOURS, OWN_BY_PATH,
	 "a bare .rs file where the program's named functions lie"},
	{"bare-rs-std", r_bare_rs_std, OWN_RUNTIME, OWN_BY_LOADER,
	 "another bare .rs file in a Rust program: std inlined"},
	{"leftover-system", r_leftover_system, OWN_SYSTEM, OWN_BY_LOADER,
	 "a file or library no rule claims"},
	{"leftover", r_leftover, OWN_UNKNOWN, OWN_BY_LOADER,
	 "no evidence at all"},
};

_Static_assert(ARRAY_SIZE(rules) < OWN_RULE_OURS, "own_func.rule holds a row of rules[]");

static uint32_t label_for(struct profile *p, const struct verdict *v)
{
	if (v->cls == OWN_YOURS)
		return 0;
	if (v->label)
		return profile_intern(p, v->label);
	switch (v->cls) {
	case OWN_KERNEL:
		return profile_intern(p, "[kernel]");
	case OWN_DEPENDENCY:
		return profile_intern(p, profile_printf(p, "[dep %s]", v->package[0] ? v->package : "?"));
	case OWN_RUNTIME:
		if (strcmp(v->package, "std") == 0 || !v->package[0])
			return profile_intern(p, "[std]");
		if (v->plain)
			return profile_intern(p, profile_printf(p, "[%s]", v->package));
		return profile_intern(p, profile_printf(p, "[std %s]", v->package)); /* a crate std vendors */
	case OWN_SYSTEM:
		return profile_intern(p, profile_printf(p, "[%s]", v->package[0] ? v->package : "system"));
	case OWN_UNKNOWN:
		return profile_intern(p, "[unknown]");
	case OWN_YOURS:
		break;
	}
	return 0;
}

/* The first rule of the table that applies to function FI: its verdict in *V, its index returned. */
static size_t decide(const struct classifier *c, uint32_t fi, struct verdict *v)
{
	const struct profile *p = c->p;
	const struct pf_func *f = &p->funcs.items[fi];
	struct facts x = {.c = c,
			  .f = f,
			  .raw = profile_func_name(p, fi),
			  .file = profile_str(p, f->file),
			  .libname = f->lib < p->libs.len ? profile_str(p, p->libs.items[f->lib].name) : "",
			  .place = f->lib < c->o->lib_count ? (enum own_place)c->o->lib_place[f->lib] : OWN_PLACE_NONE};
	size_t r = 0;
	while (r + 1 < ARRAY_SIZE(rules) && !rules[r].applies(&x)) {
		memset(&x.v, 0, sizeof(x.v));
		r++;
	}
	free(x.simple);
	*v = x.v;
	v->cls = (enum own_class)rules[r].cls;
	return r;
}


/* DHAT's bare ".rs" files (no --fullpath-after=) whose functions named whole (symbol tables) are
 * the program's by the loader's evidence (rsown::main in rsown.rs) and none std's (std::rt:: in rt.rs). */
static void bare_rs_files(struct classifier *c)
{
	const struct profile *p = c->p;
	for (uint32_t fi = 0; fi < p->funcs.len; fi++) {
		const struct pf_func *f = &p->funcs.items[fi];
		const char *file = profile_str(p, f->file), *seg;
		size_t n = strlen(file);
		if (f->lib != PF_NONE || n < 4 || strcmp(file + n - 3, ".rs") != 0 || strchr(file, '/'))
			continue;
		char *simple = funcname_simplify(profile_func_name(p, fi));
		size_t len = crate_segment(simple, &seg);
		uint32_t mark = !len ? 0 : runtime_namespace(seg, len) || !c->program[fi] ? 2 : 1;
		free(simple);
		if (mark) {
			uint32_t *slot = u64map_slot(&c->bare_rs, f->file);
			*slot = *slot == HTAB_NONE ? mark : *slot | mark;
		}
	}
}

/* The program's crate (CRATE::main without a library: DHAT's frames) and, for each relative "DIR/x.rs"
 * file, whether a function of that crate named whole lies there, or another crate's. */
static void rust_files(struct classifier *c)
{
	struct profile *p = c->p;
	for (uint32_t fi = 0; fi < p->funcs.len && !c->rust_crate; fi++) {
		const char *name = profile_func_name(p, fi), *seg;
		size_t n = strlen(name), len = crate_segment(name, &seg);
		if (p->funcs.items[fi].lib == PF_NONE && len && seg == name && n == len + 6 &&
		    strcmp(name + len, "::main") == 0 && !runtime_namespace(seg, len))
			c->rust_crate = seg, c->rust_crate_len = len;
	}
	for (uint32_t fi = 0; c->rust_crate && fi < p->funcs.len; fi++) {
		const struct pf_func *f = &p->funcs.items[fi];
		const char *file = profile_str(p, f->file), *seg;
		if (f->lib != PF_NONE || file[0] == '/' || !strchr(file, '/') || (f->flags & PF_FUNC_SCRIPT))
			continue;
		char *simple = funcname_simplify(profile_func_name(p, fi));
		size_t len = crate_segment(simple, &seg);
		if (len) {
			bool ours = len == c->rust_crate_len && memcmp(seg, c->rust_crate, len) == 0;
			uint32_t *slot = u64map_slot(&c->rust_files, f->file);
			if (ours)
				*slot = 1;
			else if (*slot == HTAB_NONE && !runtime_namespace(seg, len))
				*slot = 2 + profile_intern(p, profile_printf(p, "%.*s", (int)len, seg));
			if (!ours && !runtime_namespace(seg, len)) {
				uint32_t id = profile_intern(p, profile_printf(p, "%.*s", (int)len, seg));
				c->other_crate = c->other_crate == 0 || c->other_crate == id ? id : UINT32_MAX;
			}
		}
		free(simple);
	}
}

/* Without --fullpath-after= valgrind names a crate's files as its DWARF does, relative to the
 * crate ("src/raw/mod.rs"), and its inlined functions by their short names, so std's hashbrown
 * reads like the program's src/. But a function inlined only into functions of one other crate
 * (hashbrown::raw::RawTable::reserve_rehash, named whole: symbol tables), from files in the same
 * folder as theirs, is that crate's own helper. Closures are left alone: the program's are
 * inlined into std's and dependencies' generic code (sort_by, retain). */
static bool inlined_helper_candidate(const struct classifier *c, uint32_t fi)
{
	const struct profile *p = c->p;
	const struct pf_func *f = &p->funcs.items[fi];
	const struct own_func *of = &c->o->funcs[fi];
	const char *file = profile_str(p, f->file), *name = profile_func_name(p, fi), *seg;
	if (f->lib != PF_NONE || (f->flags & PF_FUNC_SCRIPT) || !strchr(file, '/') || file[0] == '/' ||
	    strstr(name, "closure"))
		return false;
	if (strcmp(name, "UnknownInlinedFun") == 0)
		return of->cls == OWN_UNKNOWN;
	char *simple = funcname_simplify(name);
	bool crate = crate_segment(simple, &seg) > 0;
	free(simple);
	const char *rule = ownership_rule_id(of->rule);
	bool evidence = of->cls == OWN_YOURS && rule &&
			(strcmp(rule, "loader-owned") == 0 || strcmp(rule, "text-source") == 0 ||
			 strcmp(rule, "tail-crate") == 0);
	return (evidence || (rule && strcmp(rule, "rust-other-file") == 0)) && !crate;
}

static bool same_folder(const char *a, const char *b)
{
	const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
	return sa && sb && sa - a == sb - b && memcmp(a, b, (size_t)(sa - a)) == 0;
}

static void dhat_inlined_helpers(struct classifier *c)
{
	struct profile *p = c->p;
	struct ownership *o = c->o;
	enum { UNSEEN, CANDIDATE, HOSTED, REJECTED };
	uint8_t *state = xcalloc(p->funcs.len + 1, 1);
	uint32_t *host = xcalloc(p->funcs.len + 1, sizeof(*host));
	bool any = false;
	for (uint32_t fi = 0; fi < p->funcs.len; fi++)
		if (inlined_helper_candidate(c, fi))
			state[fi] = CANDIDATE, any = true;
	for (size_t n = 0; any && n < p->stacks.len; n++) {
		const struct pf_frame *fr = &p->frames.items[p->stacks.items[n].frame];
		uint32_t fi = fr->func;
		if (state[fi] != CANDIDATE && state[fi] != HOSTED)
			continue;
		uint32_t m = p->stacks.items[n].parent;
		bool inlined = fr->flags & PF_FRAME_INLINED;
		while (inlined && m != PF_NONE && (p->frames.items[p->stacks.items[m].frame].flags & PF_FRAME_INLINED))
			m = p->stacks.items[m].parent;
		uint32_t h = m != PF_NONE ? p->frames.items[p->stacks.items[m].frame].func : PF_NONE;
		bool ok = inlined && h != PF_NONE && (o->funcs[h].cls == OWN_DEPENDENCY || o->funcs[h].cls == OWN_RUNTIME) &&
			  p->funcs.items[h].lib == PF_NONE && o->funcs[h].package &&
			  same_folder(profile_str(p, p->funcs.items[fi].file), profile_str(p, p->funcs.items[h].file)) &&
			  (state[fi] == CANDIDATE || o->funcs[host[fi]].package == o->funcs[h].package);
		state[fi] = ok ? HOSTED : REJECTED;
		host[fi] = h;
	}
	for (uint32_t fi = 0; fi < p->funcs.len; fi++)
		if (state[fi] == HOSTED) {
			struct own_func *of = &o->funcs[fi];
			of->cls = o->funcs[host[fi]].cls;
			of->package = o->funcs[host[fi]].package;
			of->label = o->funcs[host[fi]].label;
			of->evidence = OWN_BY_PATH;
		}
	free(state);
	free(host);
}

/* The folder your files without a compilation directory (valgrind's whole paths) are shown
 * relative to: the one above their common folder, so /home/dev/build/src/a.rs reads src/a.rs as
 * it does from DWARF. 0 when they have none in common. */
static uint32_t yours_root(struct ownership *o, const struct profile *p)
{
	const char *first = NULL;
	size_t common = 0; /* first[0, common) is the common folder; first[common] is a '/' */
	for (uint32_t fi = 0; fi < p->funcs.len; fi++) {
		const struct pf_func *f = &p->funcs.items[fi];
		const char *file = profile_str(p, f->file);
		if (o->funcs[fi].cls != OWN_YOURS || f->comp_dir_len || file[0] != '/' || (f->flags & PF_FUNC_SCRIPT))
			continue;
		size_t dir = (size_t)(strrchr(file, '/') - file);
		if (first == NULL) {
			first = file;
			common = dir;
			continue;
		}
		size_t n = 0;
		while (n < common && n < dir && first[n] == file[n])
			n++;
		while (n > 0 && !(first[n] == '/' && file[n] == '/'))
			n--; /* back to a whole folder */
		common = n;
	}
	size_t up = common;
	while (up > 0 && first[--up] != '/')
		;
	o->root = first;
	return (uint32_t)up;
}

/* The folder of the program's own sources: the compilation directory of its entry, CRATE::main
 * in the main binary (cargo compiles a workspace's crates from its root, a dependency's from the
 * dependency's own folder). Not a folder that holds many programs (/, /tmp). */
static void find_workspace(struct classifier *c)
{
	const struct profile *p = c->p;
	for (uint32_t fi = 0; fi < p->funcs.len; fi++) {
		const struct pf_func *f = &p->funcs.items[fi];
		const char *name = profile_func_name(p, fi), *file = profile_str(p, f->file);
		size_t n = strlen(name);
		if (f->lib >= c->o->lib_count || c->o->lib_place[f->lib] != OWN_PLACE_PROGRAM || !f->comp_dir_len ||
		    n < 7 || strcmp(name + n - 6, "::main") != 0 || strstr(name, "::") != name + n - 6 ||
		    strpbrk(name, "<> "))
			continue;
		char *dir = xstrndup(file, f->comp_dir_len);
		bool shared = shared_root(dir);
		free(dir);
		if (!shared) {
			c->workspace = file;
			c->workspace_len = f->comp_dir_len;
			return;
		}
	}
}

/* The crate families of the entries (CRATE::main) in the program's libraries: CRATE up to its first
 * '_' ("rustc" of rustc_driver_impl), so rustc_middle is rustc's own and hashbrown is not. */
static void find_families(struct classifier *c)
{
	const struct profile *p = c->p;
	for (uint32_t fi = 0; fi < p->funcs.len; fi++) {
		const struct pf_func *f = &p->funcs.items[fi];
		const char *name = profile_func_name(p, fi), *seg;
		size_t n = strlen(name), len = crate_segment(name, &seg);
		if (f->lib >= c->o->lib_count || c->o->lib_place[f->lib] != OWN_PLACE_PROGRAM ||
		    (f->flags & (PF_FUNC_SCRIPT | PF_FUNC_UNRESOLVED)) || !len || seg != name || n != len + 6 ||
		    strcmp(name + len, "::main") != 0 || runtime_namespace(seg, len))
			continue;
		size_t fam = strcspn(seg, "_");
		fam = fam == 0 || fam > len ? len : fam;
		bool seen = false;
		for (size_t i = 0; i < c->families.len && !seen; i++)
			seen = strlen(c->families.items[i]) == fam && memcmp(c->families.items[i], seg, fam) == 0;
		if (!seen)
			vec_push(&c->families, xstrndup(seg, fam));
	}
}

/* Step 0: RE's verdict on function FI, or -1 after an error line. */
static int ours_match(struct classifier *c, uint32_t fi)
{
	struct profile *p = c->p;
	const struct pf_func *f = &p->funcs.items[fi];
	const char *subjects[3] = {profile_func_name(p, fi), profile_str(p, f->file),
				   f->lib < p->libs.len ? lib_path(p, &p->libs.items[f->lib]) : ""};
	char err[256];
	for (size_t i = 0; i < 3; i++) {
		if (!*subjects[i] && i > 0)
			continue;
		int rc = regex_match(c->ours, subjects[i], strlen(subjects[i]), err, sizeof(err));
		if (rc < 0) {
			pf_error("--ours: %s", err);
			return -1;
		}
		if (rc)
			return 1;
	}
	return 0;
}

int ownership_classify(struct ownership *o, struct profile *p, const struct ownership_opts *opts)
{
	static const struct ownership_opts none = {0};
	opts = opts ? opts : &none;
	memset(o, 0, sizeof(*o));
	o->explain = opts->explain;
	struct classifier c = {.p = p, .o = o};
	if (opts->ours) {
		char err[256];
		c.ours = regex_compile(opts->ours, err, sizeof(err));
		if (!c.ours) {
			pf_error("--ours: %s", err);
			return -1;
		}
	}
	c.program = ownership_program_evidence(p);
	for (size_t i = 0; i < p->funcs.len && !c.rust_program; i++) {
		const char *name = profile_func_name(p, (uint32_t)i);
		const char *file = profile_str(p, p->funcs.items[i].file);
		c.rust_program = !(p->funcs.items[i].flags & PF_FUNC_SCRIPT) &&
				 (starts(name, "std::rt::lang_start") || rustc_prefix(file));
	}
	if (c.rust_program) {
		bare_rs_files(&c);
		rust_files(&c);
	}
	c.binary = opts->binary;
	homes_of(&c.homes, p, opts->binary);
	o->lib_count = p->libs.len;
	o->lib_place = xcalloc(p->libs.len ? p->libs.len : 1, 1);
	for (size_t i = 0; i < p->libs.len; i++)
		o->lib_place[i] = (uint8_t)place_of(p, &p->libs.items[i], &c.homes, opts->binary);
	find_workspace(&c);
	find_families(&c);
	/* jemalloc is linked: a je_ name, or one of its own internals when it replaces malloc unprefixed
	 * (rustc's: malloc_init_hard, static, beside a plain malloc) */
	static const char *const je_own[] = {"malloc_init_hard", "malloc_tsd_boot0", "malloc_default",
					     "tsd_fetch_slow", "arena_choose_hard", "tcache_alloc_small_hard"};
	for (uint32_t fi = 0; fi < p->funcs.len && !c.jemalloc; fi++) {
		const char *name = profile_func_name(p, fi);
		c.jemalloc = starts(name, "je_") || starts(name, "_rjem_") || IN_LIST(name, strlen(name), je_own);
	}
	o->func_count = p->funcs.len;
	o->funcs = xcalloc(p->funcs.len ? p->funcs.len : 1, sizeof(*o->funcs));
	int rc = 0;
	for (uint32_t fi = 0; fi < p->funcs.len; fi++) {
		struct verdict v;
		size_t rule = decide(&c, fi, &v);
		enum own_evidence ev = (enum own_evidence)rules[rule].kind;
		if (c.ours && v.cls != OWN_KERNEL) {
			int m = ours_match(&c, fi);
			if (m < 0) {
				rc = -1;
				break;
			}
			if (m) {
				v.cls = OWN_YOURS;
				ev = OWN_BY_OURS;
				rule = OWN_RULE_OURS;
			} else if (v.cls == OWN_YOURS) {
				v.cls = OWN_DEPENDENCY;
				v.package[0] = '\0';
				v.label = "[not --ours]";
				ev = OWN_BY_OURS;
				rule = OWN_RULE_OURS;
			}
		}
		struct own_func *of = &o->funcs[fi];
		of->cls = (uint8_t)v.cls;
		of->evidence = (uint8_t)ev;
		of->rule = (uint8_t)rule;
		of->program = c.program[fi];
		of->package = v.package[0] ? profile_intern(p, v.package) : 0;
		of->label = label_for(p, &v);
		uint32_t no_code = PF_FUNC_SYNTHETIC | PF_FUNC_UNRESOLVED | PF_FUNC_SCRIPT;
		of->alloc_entry = !(p->funcs.items[fi].flags & no_code) && ownership_is_alloc_entry(profile_func_name(p, fi));
	}
	if (rc == 0 && !c.ours)
		dhat_inlined_helpers(&c);
	if (rc == 0)
		o->root_len = yours_root(o, p);
	for (size_t i = 0; i < c.homes.dirs.len; i++)
		free(c.homes.dirs.items[i]);
	vec_free(&c.homes.dirs);
	for (size_t i = 0; i < c.families.len; i++)
		free(c.families.items[i]);
	vec_free(&c.families);
	regex_free(c.ours);
	u64map_release(&c.bare_rs);
	u64map_release(&c.rust_files);
	free(c.program);
	if (rc < 0)
		ownership_release(o);
	return rc;
}

void ownership_release(struct ownership *o)
{
	free(o->funcs);
	free(o->lib_place);
	memset(o, 0, sizeof(*o));
}

void ownership_explain(const struct ownership *o, const struct profile *p, struct report *r)
{
	struct group {
		uint32_t lib, label;
		uint8_t rule, cls;
		int64_t funcs;
	};
	VEC(struct group) groups = {0};
	bool *used = xcalloc(p->funcs.len + 1, sizeof(*used));
	for (size_t n = 0; n < p->stacks.len; n++)
		used[profile_stack_func(p, (uint32_t)n)] = true;
	for (uint32_t f = 0; f < p->funcs.len && f < o->func_count; f++) {
		if (!used[f])
			continue;
		const struct own_func *of = &o->funcs[f];
		uint32_t lib = p->funcs.items[f].lib;
		size_t g = 0;
		while (g < groups.len && !(groups.items[g].lib == lib && groups.items[g].label == of->label &&
					   groups.items[g].rule == of->rule && groups.items[g].cls == of->cls))
			g++;
		if (g == groups.len)
			vec_push(&groups, ((struct group){lib, of->label, of->rule, of->cls, 0}));
		groups.items[g].funcs++;
	}
	free(used);
	struct report_table *t = report_add_table(r, "ownership", "Whose code: by library and package, and the rule",
						  "Library [package]");
	report_table_col(t, "Functions", PF_UNIT_COUNT, 0);
	for (size_t g = 0; g < groups.len; g++) {
		const struct group *e = &groups.items[g];
		const char *lib = e->lib < p->libs.len ? profile_str(p, p->libs.items[e->lib].name) : "(no library)";
		const char *label = profile_str(p, e->label);
		size_t n = strlen(lib);
		bool same = strlen(label) == n + 2 && label[0] == '[' && strncmp(label + 1, lib, n) == 0; /* [libc.so.6] */
		const char *name = *label && !same ? report_printf(r, "%s %s", lib, label) : report_strdup(r, lib);
		struct report_row *row = report_table_row(
			r, t, name,
			report_printf(r, "%s by %s: %s", ownership_class_name((enum own_class)e->cls),
				      ownership_rule_id(e->rule), ownership_rule_why(e->rule)));
		row->values[0] = e->funcs;
	}
	report_table_finish(t);
	vec_free(&groups);
}

const char *ownership_rule_id(unsigned rule)
{
	return rule == OWN_RULE_OURS ? "ours" : rule < ARRAY_SIZE(rules) ? rules[rule].id : NULL;
}

const char *ownership_rule_why(unsigned rule)
{
	return rule == OWN_RULE_OURS ? "--ours RE finds its name, file or library (or not)"
	       : rule < ARRAY_SIZE(rules) ? rules[rule].why
					 : NULL;
}

const char *ownership_class_name(enum own_class c)
{
	switch (c) {
	case OWN_YOURS:
		return "yours";
	case OWN_DEPENDENCY:
		return "dependency";
	case OWN_RUNTIME:
		return "runtime";
	case OWN_SYSTEM:
		return "system";
	case OWN_KERNEL:
		return "kernel";
	case OWN_UNKNOWN:
		break;
	}
	return "unknown";
}

void ownership_nearest_yours(const struct ownership *o, const struct profile *p, uint32_t *out)
{
	for (size_t s = 0; s < p->stacks.len; s++) {
		uint32_t parent = p->stacks.items[s].parent;
		if (ownership_is_yours(o, profile_stack_func(p, (uint32_t)s)))
			out[s] = (uint32_t)s;
		else
			out[s] = parent != PF_NONE && parent < s ? out[parent] : PF_NONE;
	}
}

/* ---- allocator entries ------------------------------------------------------ */

static const char *const c_entries[] = {"malloc",  "calloc", "realloc",        "reallocarray", "free",
					"cfree",   "valloc", "pvalloc",        "memalign",     "aligned_alloc",
					"posix_memalign", "free_sized", "free_aligned_sized"};
static const char *const rust_entries[] = {"__rust_alloc", "__rust_dealloc", "__rust_realloc",
					   "__rust_alloc_zeroed", "__rdl_alloc", "__rdl_dealloc",
					   "__rdl_realloc", "__rdl_alloc_zeroed", "__rg_alloc",
					   "__rg_dealloc", "__rg_realloc", "__rg_alloc_zeroed"};

static bool rust_entry(const char *s, size_t len)
{
	if (len >= 32 && memcmp(s, "__rust_no_alloc_shim_is_unstable", 32) == 0)
		return true;
	return IN_LIST(s, len, rust_entries);
}

/* A mangled Rust name whose last identifier is an allocator shim: v0 writes
 * "12___rust_alloc" (the length, then "_" before an identifier that starts
 * with "_"), legacy "12__rust_alloc" before its "17h<hash>E". */
static bool mangled_rust_entry(const char *name, size_t len)
{
	if (len > 20 && name[len - 1] == 'E' && memcmp(name + len - 20, "17h", 3) == 0 && hex_run(name + len - 17, 16))
		len -= 20;
	else if (len > 1 && name[len - 1] == 'E' && starts(name, "_ZN"))
		len -= 1;
	for (size_t k = 0; k < ARRAY_SIZE(rust_entries) + 1; k++) {
		const char *id = k < ARRAY_SIZE(rust_entries) ? rust_entries[k] : NULL;
		char v0[64], legacy[64];
		if (!id) {
			/* __rust_no_alloc_shim_is_unstable, _v2...: the name only starts so */
			const char *q = name;
			while ((q = strstr(q, "__rust_no_alloc_shim_is_unstable")) != NULL && q < name + len) {
				if (q > name && (isdigit((unsigned char)q[-1]) || q[-1] == '_'))
					return true;
				q++;
			}
			return false;
		}
		size_t n = strlen(id);
		int a = snprintf(v0, sizeof(v0), "%zu_%s", n, id), b = snprintf(legacy, sizeof(legacy), "%zu%s", n, id);
		for (int form = 0; form < 2; form++) {
			const char *suffix = form ? legacy : v0;
			size_t sl = (size_t)(form ? b : a);
			if (len > sl && memcmp(name + len - sl, suffix, sl) == 0 && !isdigit((unsigned char)name[len - sl - 1]))
				return true;
		}
	}
	return false;
}

static bool prefixed_entry(const char *s, size_t len)
{
	static const char *const je[] = {"malloc",  "calloc",  "realloc",   "free",    "mallocx",
					 "rallocx", "xallocx", "sdallocx",  "dallocx", "posix_memalign",
					 "aligned_alloc", "memalign", "valloc", "sdallocx_noflags", "nallocx"};
	static const char *const tc[] = {"malloc", "calloc", "realloc", "free", "cfree", "memalign",
					 "posix_memalign", "valloc", "pvalloc", "new", "newarray", "delete",
					 "deletearray", "malloc_skip_new_handler"};
	static const char *const mi[] = {"malloc",   "calloc",    "realloc",  "free",           "zalloc",
					 "new",      "mallocn",   "callocn",  "reallocn",       "reallocf",
					 "rezalloc", "recalloc",  "expand",   "posix_memalign", "aligned_alloc",
					 "memalign", "valloc",    "pvalloc",  "new_n",          "new_aligned",
					 "new_nothrow", "new_realloc", "new_reallocn", "cfree", "free_size",
					 "free_aligned", "free_size_aligned"};
	if (len > 5 && memcmp(s, "rjem_", 5) == 0)
		return IN_LIST(s + 5, len - 5, je);
	if (len > 3 && memcmp(s, "je_", 3) == 0)
		return IN_LIST(s + 3, len - 3, je);
	if (len > 3 && memcmp(s, "tc_", 3) == 0) {
		/* tc_new_nothrow, tc_delete_sized, tc_newarray_aligned_nothrow... */
		size_t base = strcspn(s + 3, "_");
		if (IN_LIST(s + 3, len - 3, tc))
			return true;
		return base < len - 3 && IN_LIST(s + 3, base, tc);
	}
	if (len > 3 && memcmp(s, "mi_", 3) == 0) {
		const char *b = s + 3;
		size_t n = len - 3;
		if (n > 5 && memcmp(b, "heap_", 5) == 0) {
			b += 5;
			n -= 5;
		}
		if (IN_LIST(b, n, mi))
			return true;
		/* mi_malloc_aligned, mi_zalloc_aligned_at, mi_malloc_small... */
		size_t base = strcspn(b, "_");
		if (base >= n || !IN_LIST(b, base, mi))
			return false;
		return (n - base >= 8 && memcmp(b + base, "_aligned", 8) == 0) ||
		       (n - base >= 6 && memcmp(b + base, "_small", 6) == 0);
	}
	static const char *const bare[] = {"mallocx", "rallocx", "xallocx", "sdallocx", "dallocx"};
	return IN_LIST(s, len, bare);
}

bool ownership_is_alloc_entry(const char *name)
{
	size_t len = strcspn(name, "@"); /* free@GLIBC_2.2.5, malloc@@GLIBC_2.2.5 */
	if (strcmp(name + len, "@plt") == 0)
		return false; /* the stub that jumps to the allocator: its caller is the requester */
	while (len > 0 && name[len - 1] == ' ')
		len--;
	if (len == 0)
		return false;
	if (len > 4 && (starts(name, "_Znw") || starts(name, "_Zna") || starts(name, "_Zdl") || starts(name, "_Zda")))
		return true;
	if (starts(name, "_R") || starts(name, "_ZN")) {
		size_t l = strcspn(name, "."); /* .llvm.NNN */
		return mangled_rust_entry(name, l < len ? l : len);
	}
	/* C++: the global operators, in any form ("::operator new", "operator delete[](void*)") */
	const char *s = name;
	if (starts(s, "::"))
		s += 2;
	if (starts(s, "operator new") || starts(s, "operator delete")) {
		char c = s[starts(s, "operator new") ? 12 : 15];
		return c == '\0' || c == '(' || c == '[' || c == ' ' || c == '@';
	}
	/* Rust: the last path segment ("__rustc::__rust_alloc", "__rustc[b7974e8690430dd9]::__rust_alloc") */
	const char *last = s;
	for (const char *q = s; q + 1 < name + len; q++)
		if (q[0] == ':' && q[1] == ':')
			last = q + 2;
	size_t n = (size_t)(name + len - last);
	if (rust_entry(last, n))
		return true;
	if (last != s || memchr(s, ' ', n) || memchr(s, '(', n))
		return false;
	/* C: glibc's aliases __libc_free, __GI___libc_free, __posix_memalign, and prefixed allocators */
	while (starts(s, "__GI_"))
		s += 5;
	while (*s == '_')
		s++;
	if (starts(s, "libc_"))
		s += 5;
	while (*s == '_')
		s++;
	n = (size_t)(name + len - s);
	return IN_LIST(s, n, c_entries) || prefixed_entry(s, n);
}

/* ---- display ---------------------------------------------------------------- */

const char *ownership_short_path(const char *file, uint32_t comp_dir_len)
{
	size_t r = rustc_prefix(file), len;
	if (r)
		return starts(file + r, "library/") ? file + r + 8 : file + r;
	if (starts(file, "/rust/deps/") && file[11])
		return file + 11;
	const char *seg = segment_after(file, "/registry/src/", 1, &len);
	if (seg)
		return seg;
	if ((seg = segment_after(file, "/git/checkouts/", 0, &len)) != NULL)
		return seg;
	/* an absolute compilation directory only: glibc's relative ones ("malloc" for
	 * "malloc/malloc.c") already leave the path relative to its source tree */
	size_t n = strlen(file);
	if (file[0] == '/' && comp_dir_len > 1 && comp_dir_len + 1 < n && file[comp_dir_len] == '/')
		return file + comp_dir_len + 1;
	if (file[0] == '/' && comp_dir_len == 1 && n > 1)
		return file + 1; /* compiled in "/" */
	return file;
}

const char *ownership_shown_file(const struct ownership *o, const struct profile *p, uint32_t func)
{
	const struct pf_func *f = &p->funcs.items[func];
	const char *file = profile_str(p, f->file);
	if (ownership_class(o, func) == OWN_DEPENDENCY && file[0] == '/') {
		/* a dependency's own folder, which may be its compilation directory: shown from there */
		const char *dep = NULL, *end = strrchr(file, '/');
		for (const char *q = file + 1; q < end; q += strcspn(q, "/") + 1) {
			size_t len = strcspn(q, "/");
			if (crate_folder(q, len) || (len == 6 && memcmp(q, "vendor", 6) == 0))
				dep = q;
		}
		if (dep)
			return dep;
	}
	if (!f->comp_dir_len && o->root_len && ownership_is_yours(o, func) &&
	    strncmp(file, o->root, o->root_len) == 0 && file[o->root_len] == '/' && file[o->root_len + 1])
		return file + o->root_len + 1;
	return ownership_short_path(file, f->comp_dir_len);
}
