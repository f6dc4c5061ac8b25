/* test_funcname.c: funcname_simplify() on the spellings real tools give one
 * function. The inputs are copied from tests/ownership/EVIDENCE.md (nm -C of
 * fixtures/ownership/rsown and cppown, llvm-dwarfdump names, valgrind's
 * frames), the .a2l files of fixtures/elf (binutils addr2line) and libiberty's output;
 * the expected forms are the rules of funcname.h applied by hand. */
#include <stdlib.h>

#include "check.h"
#include "profan/funcname.h"

static void check_simple(const char *name, const char *want)
{
	char *got = funcname_simplify(name);
	CHECK_STR(got, want);
	if (got && want && strcmp(got, want) != 0)
		fprintf(stderr, "  for %.200s\n", name);
	free(got);
}

/* EVIDENCE.md §6: one source function, four machine-code copies and a DWARF name. */
static void rust_spellings_of_finish_grow_are_one(void)
{
	const char *want = "alloc::raw_vec::RawVecInner::finish_grow";
	check_simple("<alloc::raw_vec::RawVecInner>::finish_grow", want);                         /* v0 */
	check_simple("<alloc::raw_vec::RawVecInner<std::alloc::System>>::finish_grow", want);     /* v0, System */
	check_simple("alloc::raw_vec::RawVecInner<A>::finish_grow", want);                         /* legacy */
	check_simple("alloc::raw_vec::RawVecInner<A>::finish_grow.llvm.15113148388679770791", want); /* ThinLTO */
	check_simple("alloc::raw_vec::RawVecInner<A>::finish_grow::hefa602929fb0f210", want);     /* hash kept */
	check_simple("hashbrown::raw::RawTable<T,A>::reserve_rehash", "hashbrown::raw::RawTable::reserve_rehash");
	check_simple("<hashbrown::raw::RawTableInner>::find_insert_index",
		     "hashbrown::raw::RawTableInner::find_insert_index");
}

static void rust_generics_impls_and_closures(void)
{
	/* turbofish of v0 (binutils, symtest-rust.a2l) against the legacy name */
	check_simple("core::ptr::copy_nonoverlapping::<u8>", "core::ptr::copy_nonoverlapping");
	check_simple("core::sync::atomic::atomic_load::<*mut *const u8>", "core::sync::atomic::atomic_load");
	/* inherent impls on primitives: v0 "<u64>::f", legacy "core::num::<impl u64>::f" */
	check_simple("<u64>::wrapping_mul", "u64::wrapping_mul");
	check_simple("core::num::<impl u64>::wrapping_mul", "u64::wrapping_mul");
	check_simple("<[u8]>::to_vec_in::<alloc::alloc::Global>", "<[u8]>::to_vec_in");
	check_simple("alloc::slice::<impl [T]>::to_vec_in", "<[T]>::to_vec_in"); /* T against u8: not unified */
	/* trait impls: legacy "<impl Tr for X>" written as v0 writes them */
	check_simple("core::iter::range::<impl core::iter::traits::iterator::Iterator for core::ops::range::Range<A>>::next",
		     "<core::ops::range::Range as core::iter::traits::iterator::Iterator>::next");
	check_simple("<core::ops::range::Range<u32> as core::iter::traits::iterator::Iterator>::next",
		     "<core::ops::range::Range as core::iter::traits::iterator::Iterator>::next");
	check_simple("<alloc::boxed::Box<dyn core::ops::function::FnOnce<(), Output = ()> + core::marker::Send> as "
		     "core::ops::function::FnOnce<()>>::call_once",
		     "<alloc::boxed::Box as core::ops::function::FnOnce>::call_once");
	check_simple("<&mut W as core::fmt::Write::write_fmt::SpecWriteFmt>::spec_write_fmt",
		     "<&mut W as core::fmt::Write::write_fmt::SpecWriteFmt>::spec_write_fmt");
	/* shims: legacy spelling for both manglings; closures keep v0's index, which tells two closures
	 * of one function apart (legacy names have none to give) */
	check_simple("rsown::main::{{closure}}::{{closure}}", "rsown::main::{{closure}}::{{closure}}");
	check_simple("rsown::main::{closure#0}::{closure#0}", "rsown::main::{closure#0}::{closure#0}");
	check_simple("rsown::main::{closure#1}::{closure#0}", "rsown::main::{closure#1}::{closure#0}");
	check_simple("<std::thread::Thread>::new::thread_start", "std::thread::Thread::new::thread_start");
	check_simple("core::ops::function::FnOnce::call_once{{vtable.shim}}",
		     "core::ops::function::FnOnce::call_once{{vtable.shim}}");
	check_simple("<F as core::ops::function::FnOnce<A>>::call_once::{shim:vtable#0}",
		     "<F as core::ops::function::FnOnce>::call_once::{{vtable.shim}}");
	check_simple("std::sys::backtrace::__rust_begin_short_backtrace::<rsown::main::{closure#0}::{closure#0}, u64>",
		     "std::sys::backtrace::__rust_begin_short_backtrace");
	/* drop glue of every type is the one generic function */
	check_simple("core::ptr::drop_in_place<rsown::Record>", "core::ptr::drop_in_place");
	check_simple("__rustc::__rust_alloc", "__rustc::__rust_alloc");
}

/* EVIDENCE.md §4, §5 and fixtures/elf (llvm-addr2line against the symbol table). */
static void cpp_parameters_templates_and_clones(void)
{
	check_simple("run(unsigned int)", "run");
	check_simple("geo::Acc<unsigned long>::total(unsigned int)", "geo::Acc::total");
	check_simple("geo::mix<long unsigned int>", "geo::mix");          /* DWARF's spelling */
	check_simple("geo::mix<unsigned long>(unsigned long)", "geo::mix"); /* the demangler's */
	check_simple("hot_score(std::vector<unsigned long, std::allocator<unsigned long> > const&, unsigned int) "
		     "[clone .constprop.0]",
		     "hot_score");
	check_simple("sort_words(Node const*)", "sort_words");
	check_simple("Node::~Node()", "Node::~Node");
	check_simple("void std::__introsort_loop<__gnu_cxx::__normal_iterator<std::string*, std::vector<std::string> >, "
		     "long, __gnu_cxx::__ops::_Iter_comp_iter<sort_words(Node const*)::{lambda(std::string const&, "
		     "std::string const&)#1}> >(__gnu_cxx::__normal_iterator<std::string*, std::vector<std::string> >, "
		     "long)",
		     "std::__introsort_loop");
	check_simple("sort_words(Node const*)::{lambda(std::string const&, std::string const&)#1}::operator()("
		     "std::string const&, std::string const&) const",
		     "sort_words::{lambda#1}");
	/* symbolication's DWARF spelling of the same lambda, and a second one of another signature */
	check_simple("sort_words(Node const*)::{lambda#1}::operator()", "sort_words::{lambda#1}");
	check_simple("rank(std::vector<int>&)::{lambda(int)#2}", "rank::{lambda#2}");
	check_simple("std::__cxx11::basic_ostringstream<char, std::char_traits<char>, std::allocator<char> >::str() "
		     "const &",
		     "std::__cxx11::basic_ostringstream::str");
	check_simple("decltype ((__char_traits_cmp_cat<std::char_traits<char> >)(0)) std::operator<=><char, "
		     "std::char_traits<char>, std::allocator<char> >(std::__cxx11::basic_string<char> const&, "
		     "std::__cxx11::basic_string<char> const&)",
		     "std::operator<=>");
	check_simple("std::basic_ostream<char, std::char_traits<char> >& std::operator<< <std::char_traits<char> >("
		     "std::basic_ostream<char, std::char_traits<char> >&, char)",
		     "std::operator<<");
	check_simple("std::vector<int, std::allocator<int> >::operator[](unsigned long)", "std::vector::operator[]");
	check_simple("std::less<std::string>::operator()(std::string const&, std::string const&) const",
		     "std::less::operator()");
	check_simple("std::operator<(int, int)", "std::operator<");
	check_simple("Foo::operator bool() const", "Foo::operator bool");
	check_simple("(anonymous namespace)::helper(int)", "(anonymous namespace)::helper");
	check_simple("std::__cxx11::basic_string<char>::_M_create[abi:cxx11](unsigned long&, unsigned long)",
		     "std::__cxx11::basic_string::_M_create");
}

static void allocator_operators_keep_their_form(void)
{
	check_simple("operator new(unsigned long)", "operator new");
	check_simple("operator new(unsigned long, std::nothrow_t const&)", "operator new");
	check_simple("operator delete[](void*, unsigned long, std::align_val_t)", "operator delete[]");
	check_simple("operator new", "operator new");
}

static void c_names_lose_only_versions_and_clone_suffixes(void)
{
	check_simple("mix_block.constprop.0", "mix_block");
	check_simple("msort_with_tmp.part.0", "msort_with_tmp");
	check_simple("build_list.constprop.0.isra.0", "build_list");
	check_simple("make_nodes.cold", "make_nodes");
	check_simple("memcpy@@GLIBC_2.14", "memcpy");
	check_simple("cfree@GLIBC_2.2.5", "cfree");
	check_simple("pthread_getattr_np@@GLIBC_2.32", "pthread_getattr_np");
	check_simple("__GI___libc_free", "__GI___libc_free");
	check_simple("main", "main");
	/* valgrind's and profan's own placeholders are not touched */
	check_simple("(below main)", "(below main)");
	check_simple("[root]", "[root]");
	check_simple("???", "???");
	check_simple("UnknownInlinedFun", "UnknownInlinedFun");
	check_simple("a.b.c", "a.b.c"); /* dots that are no clone suffix */
}

/* Hostile names: unbalanced brackets, deep nesting, long input; never a crash. */
static void hostile_names_are_survived(void)
{
	check_simple("f<<<", "f");
	check_simple("f(((", "f"); /* an unclosed parameter list runs to the end */
	check_simple(">>>)))", ">>>)))");
	check_simple("operator", "operator");
	check_simple("x::operator", "x::operator");
	check_simple("<", "<>");
	size_t n = 100000;
	char *deep = malloc(2 * n + 8);
	memcpy(deep, "f", 1);
	for (size_t i = 0; i < n; i++)
		deep[1 + i] = '<';
	for (size_t i = 0; i < n; i++)
		deep[1 + n + i] = '>';
	strcpy(deep + 1 + 2 * n, "::g");
	/* nesting deeper than the bracket stack counts as unclosed: the arguments run to the end */
	char *out = funcname_simplify(deep);
	CHECK(out != NULL && strcmp(out, "f") == 0);
	free(out);
	for (size_t i = 0; i < n; i++)
		deep[i] = i % 2 ? '<' : '(';
	deep[n] = '\0';
	out = funcname_simplify(deep);
	CHECK(out != NULL);
	free(out);
	free(deep);
}

int main(void)
{
	RUN(rust_spellings_of_finish_grow_are_one);
	RUN(rust_generics_impls_and_closures);
	RUN(cpp_parameters_templates_and_clones);
	RUN(allocator_operators_keep_their_form);
	RUN(c_names_lose_only_versions_and_clone_suffixes);
	RUN(hostile_names_are_survived);
	return check_summary();
}
