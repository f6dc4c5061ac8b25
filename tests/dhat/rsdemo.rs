// rsdemo.rs: allocations through Rust's alloc/RawVec plumbing (see run.py for the expected numbers).
//
// Live at the peak: a Vec<u64> with capacity 1000 (8000 bytes) made by fill_vec, and a
// Box<[u8; 4096]> made by boxed. Built with -C opt-level=0 -g.
use std::hint::black_box;

#[inline(never)]
fn fill_vec() -> Vec<u64> {
    let mut v = Vec::with_capacity(1000);
    for i in 0..1000u64 {
        v.push(i);
    }
    v
}

#[inline(never)]
fn boxed() -> Box<[u8; 4096]> {
    Box::new([7u8; 4096])
}

fn main() {
    let v = fill_vec();
    let b = boxed();
    black_box(&v);
    black_box(&b);
}
