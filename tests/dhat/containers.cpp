// containers.cpp: allocations made through libstdc++ plumbing (see run.sh for the expected numbers).
//
// Live at the peak: a std::vector<uint64_t> reserved to 1000 elements (8000 B) filled by
// fill_vector, and a std::string of 100 characters built by make_string (libstdc++ allocates
// length + 1 = 101 B). Built with -O0, so the allocator helpers stay real calls and frames.
#include <cstdint>
#include <string>
#include <vector>

static std::vector<uint64_t> *volatile keep_vec;
static std::string *volatile keep_str;

__attribute__((noinline)) static void fill_vector(std::vector<uint64_t> &v)
{
	v.reserve(1000);
	for (uint64_t i = 0; i < 1000; i++)
		v.push_back(i);
}

__attribute__((noinline)) static void make_string(std::string &s)
{
	s.assign(100, 'x');
}

int main()
{
	std::vector<uint64_t> v;
	std::string s;
	fill_vector(v);
	make_string(s);
	keep_vec = &v;
	keep_str = &s;
	return 0;
}
