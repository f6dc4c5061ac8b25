//! rsnames: a Rust program for profan's DHAT naming test (issue 28, tests/ownership/dhat_names.py).
//! Each function and closure is a region between "// region NAME" and "// end" (the checker
//! credits an allocating line to the innermost region around it). Built with several codegen
//! units, valgrind names the closure of `words::make_strings` UnknownInlinedFun (inlined from
//! another unit) and the closure of `labels` {closure#0}.
use std::collections::HashMap;

mod words {
	pub fn make_strings(n: usize) -> Vec<String> { // region rsnames::words::make_strings
		(0..n)
			.map(|i| { // region rsnames::words::make_strings::{closure#0}
				format!("item-{:06}-{}", i * 7919 % 100_000, i % 13)
			}) // end
			.collect()
	} // end

	pub fn grow(v: &mut Vec<Vec<u64>>, i: usize) { // region rsnames::words::grow
		v.push(vec![i as u64; 512 + i % 64]);
	} // end
}

mod table {
	use std::collections::HashMap;
	pub fn index(words: &[String]) -> HashMap<String, usize> { // region rsnames::table::index
		let mut m = HashMap::new();
		for (i, w) in words.iter().enumerate() {
			m.entry(w.clone()).or_insert(i);
		}
		m
	} // end
}

#[inline(never)]
fn labels(n: usize) -> Vec<String> { // region rsnames::labels
	(0..n)
		.map(|i| { // region rsnames::labels::{closure#0}
			format!("label {} of {}", i, n)
		}) // end
		.collect()
} // end

#[inline(never)]
fn spike(n: usize) -> Vec<Vec<u64>> { // region rsnames::spike
	let mut out = Vec::new();
	for i in 0..n {
		words::grow(&mut out, i);
	}
	out
} // end

fn main() { // region rsnames::main
	let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(2000);
	let words = words::make_strings(n);
	let m: HashMap<String, usize> = table::index(&words);
	let big = spike(n / 10);
	let names = labels(n / 2);
	let lens: Vec<usize> = words.iter().map(|w| w.len() + m.len()).collect();
	let mut keep: Vec<String> = words.iter().filter(|w| w.ends_with('3')).cloned().collect();
	keep.sort_by(|a, b| b.cmp(a));
	println!("{} {} {} {} {}", m.len(), big.len(), names.len(), lens.iter().sum::<usize>(), keep.len());
} // end
