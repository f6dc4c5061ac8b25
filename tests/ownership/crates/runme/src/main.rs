// runme: the program a build runs (tests/ownership/cargo_run.py records `cargo run --release` of
// this crate whole: cargo, rustc, the linker, then runme). It must run for less CPU than rustc
// takes to compile it, so the busiest process of the recording is the compiler, not the program.
// Two functions of its own do the work, each a loop of integer arithmetic that calls nothing:
// every sample of theirs has its innermost frame in this file (std's wrapping_mul and
// rotate_left inlined into them count for them in "Top self, your code").
use std::hint::black_box;

#[inline(never)]
fn mix_rounds(n: u64) -> u64 {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for i in 0..n {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(i).rotate_left(7);
    }
    x
}

#[inline(never)]
fn fold_bits(n: u64) -> u64 {
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..n {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
    }
    x
}

fn main() {
    let n = black_box(50_000_000u64);
    let a = mix_rounds(n);
    let b = fold_bits(n);
    println!("{}", a ^ b);
}
