// plt_prog.cpp: a program whose calls go through PLT stubs (tests/symbol/plt.py):
// libc's (memcmp, malloc, free, printf) and libstdc++'s (operator new, operator delete).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

int main(int argc, char **argv)
{
	std::vector<char> a(64, 1), b(64, 1);
	long same = 0;
	for (long i = 0; i < 1000; i++) {
		same += memcmp(a.data(), b.data(), a.size()) == 0;
		void *p = malloc(16 + (size_t)(i & 7));
		free(p);
	}
	printf("%ld %s\n", same, argv[argc - 1]);
	return 0;
}
