//! rsown: a Rust program for profan's ownership tests (issue 13). std only.
//!
//! Design (shares of CPU, see tests/ownership/EXPECTED.md for the measured ones):
//! three worker threads (`worker`), each running the same pipeline on its own data;
//! - `hot_checksum`: the dominant user function (~40%), a tight loop whose body is
//!   std helpers inlined into it (`wrapping_mul`, `rotate_left`, `wrapping_add`,
//!   slice iterator `next`, `enumerate`);
//! - `make_records`: the user's allocation hot spot: a `format!` String and a collected
//!   Vec<u32> per record, pushed to a Vec that grows by doubling (realloc);
//! - `index_records`: HashMap<String, u64> growth (std's vendored hashbrown), SipHash,
//!   one String clone per lookup (malloc + free);
//! - `sort_records`: `sort_by` with a closure comparing Strings (memcmp in libc);
//! - `render_report`: `write!` formatting into a String (core::fmt).
//! `main` joins the workers and prints one line, so nothing is optimised away.
use std::collections::HashMap;
use std::fmt::Write as _;
use std::hint::black_box;
use std::thread;

struct Record {
	key: String,
	score: u64,
	tags: Vec<u32>,
}

#[inline(never)]
fn hot_checksum(data: &[u64], rounds: u32) -> u64 {
	let mut h: u64 = 0x9e37_79b9_7f4a_7c15;
	for r in 0..rounds {
		for (i, &x) in data.iter().enumerate() {
			h = (h ^ x).wrapping_mul(0x0000_0100_0000_01b3).rotate_left(23);
			h = h.wrapping_add(i as u64 ^ r as u64);
		}
	}
	h
}

#[inline(never)]
fn make_records(n: usize, seed: u64) -> Vec<Record> {
	let mut out = Vec::new();
	let mut s = seed;
	for i in 0..n {
		s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
		let key = format!("key-{:05}-{}", (s >> 33) % 20000, i % 7);
		let tags: Vec<u32> = (0..(i % 9) as u32).map(|t| t ^ (s as u32)).collect();
		out.push(Record { key, score: s >> 40, tags });
	}
	out
}

#[inline(never)]
fn index_records(recs: &[Record]) -> HashMap<String, u64> {
	let mut m = HashMap::new();
	for r in recs {
		*m.entry(r.key.clone()).or_insert(0) += r.score;
	}
	m
}

#[inline(never)]
fn sort_records(recs: &mut [Record]) {
	recs.sort_by(|a, b| a.key.cmp(&b.key).then(b.score.cmp(&a.score)));
}

#[inline(never)]
fn render_report(index: &HashMap<String, u64>, recs: &[Record]) -> String {
	let mut s = String::new();
	for r in recs.iter().step_by(3) {
		let total = index.get(&r.key).copied().unwrap_or(0);
		writeln!(s, "{:>16} {:>10} {:#x} {:?}", r.key, r.score, total, r.tags).unwrap();
	}
	s
}

fn worker(id: u64, scale: usize) -> u64 {
	let data: Vec<u64> = (0..4096u64).map(|i| i.wrapping_mul(id + 3)).collect();
	let mut acc = 0u64;
	for round in 0..scale {
		let mut recs = make_records(12_000, id * 1000 + round as u64);
		let index = index_records(&recs);
		sort_records(&mut recs);
		let report = render_report(&index, &recs);
		acc ^= report.len() as u64 ^ index.len() as u64;
		acc ^= hot_checksum(black_box(&data), 900);
	}
	acc
}

fn main() {
	let scale: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(12);
	let handles: Vec<_> = (0..3u64).map(|id| thread::spawn(move || worker(id, scale))).collect();
	let total = handles.into_iter().fold(0u64, |a, h| a ^ h.join().unwrap());
	println!("rsown: {total:#x}");
}
