// scanlog: the program tests/ownership/crates.py builds against a crate from a cargo
// directory source or vendor/ and records with perf. Its own work (checksum, make_text) and
// memchr's (memmem search, called from count_needles) each take a known part of the time.
use std::hint::black_box;

fn make_text(n: usize) -> Vec<u8> {
    let mut v = Vec::with_capacity(n);
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..n {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        v.push(b'a' + (x % 26) as u8);
    }
    v
}

#[inline(never)]
fn count_needles(hay: &[u8], finder: &memchr::memmem::Finder) -> usize {
    finder.find_iter(hay).count()
}

#[inline(never)]
fn checksum(hay: &[u8]) -> u64 {
    let mut h = 0u64;
    for &b in hay {
        h = h.wrapping_mul(31).wrapping_add(b as u64);
    }
    h
}

fn main() {
    let rounds: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(30);
    let hay = make_text(4 << 20);
    let finder = memchr::memmem::Finder::new(b"qzx");
    let mut total = 0u64;
    for _ in 0..rounds {
        for _ in 0..6 {
            total += count_needles(black_box(&hay), &finder) as u64;
        }
        total = total.wrapping_add(checksum(black_box(&hay)));
    }
    println!("{}", total);
}
