// symtest.cpp: the C++ program of the symbolication fixture: namespaces, a
// class template, a static (internal-linkage) template whose DWARF has no
// linkage name, a lambda, std::vector and std::sort inlined from libstdc++.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace geo {
template <typename T> static inline T mix(T x)
{
	return x * T(2654435761u) ^ (x >> 3); // LINE_MIX
}

template <typename T> struct Acc {
	std::vector<T> v;
	__attribute__((noinline)) T total(unsigned n)
	{
		for (unsigned i = 0; i < n; i++)
			v.push_back(mix<T>(T(i))); // LINE_PUSH
		std::sort(v.begin(), v.end());
		T s = 0;
		for (T x : v)
			s += x;
		return s;
	}
};
} // namespace geo

__attribute__((noinline)) static unsigned long run(unsigned n)
{
	geo::Acc<unsigned long> a;
	auto twice = [&](unsigned k) { return a.total(k) * 2; }; // LINE_LAMBDA
	return twice(n);
}

int main(int argc, char **argv)
{
	unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 1000u;
	printf("%lu\n", run(n));
	return 0;
}
