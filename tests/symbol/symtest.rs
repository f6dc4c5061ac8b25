// symtest.rs: the Rust program of the symbolication fixture: generics whose
// identical monomorphizations LLVM folds into one body, #[inline(always)]
// helpers inside a module, a closure and recursion.

mod shapes {
    pub trait Shape {
        fn area(&self) -> f64;
    }
    pub struct Square(pub f64);
    impl Shape for Square {
        fn area(&self) -> f64 {
            self.0 * self.0 // LINE_SQUARE
        }
    }

    #[inline(always)]
    pub fn scale(x: u64) -> u64 {
        x.wrapping_mul(0x9e3779b97f4a7c15) ^ (x >> 29) // LINE_SCALE
    }

    #[inline(never)]
    pub fn churn(n: u64) -> u64 {
        let mut acc = 1u64;
        for i in 0..n {
            acc = acc.wrapping_add(scale(acc ^ i)); // LINE_CHURN
        }
        acc
    }
}

#[inline(never)]
fn vec_len<T>(v: &Vec<T>) -> usize {
    v.len()
}

#[inline(never)]
fn depth(n: u32) -> u32 {
    if n == 0 {
        return 0;
    }
    1 + depth(std::hint::black_box(n - 1)) // LINE_DEPTH
}

fn main() {
    use shapes::Shape;
    use std::hint::black_box;
    let n: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let a = vec![1u8; 3];
    let b = vec![1u32; 4];
    let c = vec![1u64; 5];
    let d = vec![1i16; 6];
    let total = vec_len(black_box(&a)) + vec_len(black_box(&b)) + vec_len(black_box(&c)) + vec_len(black_box(&d));
    let sq: Box<dyn Shape> = Box::new(shapes::Square(n as f64));
    let f = |x: u64| shapes::churn(x) + 1;
    println!("{} {} {} {}", total, sq.area(), f(n), depth(black_box(10)));
}
