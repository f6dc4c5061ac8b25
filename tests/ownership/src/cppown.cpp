// cppown: a C++ program for profan's ownership tests (issue 13).
//
// Design (shares of CPU, see tests/ownership/EXPECTED.md for the measured ones), one thread:
// - hot_score: the dominant user function (~40%), a loop over a std::vector whose body is
//   libstdc++ helpers inlined into it (std::rotl, vector::operator[], std::min);
// - make_nodes: the user's allocation hot spot: a direct `new Node` per item, a heap
//   std::string (longer than the 15-byte small-string buffer) and a std::vector<int> that
//   grows by push_back; freed again by free_nodes (`delete`);
// - index_words: std::map<std::string, long> insertion and lookup (operator new per node,
//   std::string comparisons through char_traits::compare -> memcmp);
// - sort_words: std::sort with a lambda comparing std::strings;
// - render: std::ostringstream formatting (code in libstdc++.so).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>
#include <vector>

struct Node {
	std::string name;
	std::vector<int> vals;
	Node *next;
};

__attribute__((noinline)) static uint64_t hot_score(const std::vector<uint64_t> &data, unsigned rounds)
{
	uint64_t h = 0x9e3779b97f4a7c15ULL;
	for (unsigned r = 0; r < rounds; r++)
		for (size_t i = 0; i < data.size(); i++) {
			h = std::rotl((h ^ data[i]) * 0x100000001b3ULL, 23);
			h += std::min<uint64_t>(i, r);
		}
	return h;
}

__attribute__((noinline)) static Node *make_nodes(size_t n, uint64_t seed)
{
	Node *head = nullptr;
	uint64_t s = seed;
	for (size_t i = 0; i < n; i++) {
		s = s * 6364136223846793005ULL + 1442695040888963407ULL;
		Node *nd = new Node;
		nd->name = "node-name-" + std::to_string((s >> 33) % 20000) + "-" + std::to_string(i % 7);
		for (size_t k = 0; k < i % 11; k++)
			nd->vals.push_back((int)(s >> k));
		nd->next = head;
		head = nd;
	}
	return head;
}

__attribute__((noinline)) static void free_nodes(Node *head)
{
	while (head) {
		Node *next = head->next;
		delete head;
		head = next;
	}
}

__attribute__((noinline)) static std::map<std::string, long> index_words(const Node *head)
{
	std::map<std::string, long> m;
	for (const Node *nd = head; nd; nd = nd->next)
		m[nd->name] += (long)nd->vals.size();
	return m;
}

__attribute__((noinline)) static std::vector<std::string> sort_words(const Node *head)
{
	std::vector<std::string> words;
	for (const Node *nd = head; nd; nd = nd->next)
		words.push_back(nd->name);
	std::sort(words.begin(), words.end(), [](const std::string &a, const std::string &b) {
		return a.size() != b.size() ? a.size() < b.size() : a < b;
	});
	return words;
}

__attribute__((noinline)) static size_t render(const std::map<std::string, long> &m)
{
	std::ostringstream out;
	for (const auto &[k, v] : m)
		out << k << ' ' << v << ' ' << (double)v / 3.0 << '\n';
	return out.str().size();
}

int main(int argc, char **argv)
{
	int scale = argc > 1 ? atoi(argv[1]) : 10;
	std::vector<uint64_t> data(4096);
	for (size_t i = 0; i < data.size(); i++)
		data[i] = i * 0x9e3779b97f4a7c15ULL;
	uint64_t acc = 0;
	for (int round = 0; round < scale; round++) {
		Node *head = make_nodes(20000, (uint64_t)round);
		auto m = index_words(head);
		auto words = sort_words(head);
		acc ^= render(m) ^ words.size() ^ words[words.size() / 2].size();
		free_nodes(head);
		acc ^= hot_score(data, 3600);
	}
	printf("cppown: %#llx\n", (unsigned long long)acc);
	return 0;
}
