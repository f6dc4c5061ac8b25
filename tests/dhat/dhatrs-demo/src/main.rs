//! dhatrs-demo: a program with a known allocation pattern, profiled with the `dhat` crate.
//!
//! Built twice: `--features dhat-heap` (heap profile, dhat-heap.json) and `--features dhat-ad-hoc`
//! (ad-hoc events, dhat-ad-hoc.json). The numbers below follow from the code, not from any tool;
//! README.md beside this file derives them step by step.
//!
//! Heap, live at t-gmax (the last allocation in `crunch`), 1,696,755 bytes in 1,007 blocks:
//!   crunch        1,572,864 B in    2 blocks (Box<[u64; 65536]> + Vec<u8> with capacity 1 MiB)
//!   load_users       67,600 B in    1 block  (HashMap<u32, String> with capacity 1000)
//!   make_name        48,000 B in 1000 blocks (String with capacity 48, called by load_users)
//!   leak_cache        4,096 B in    1 block  (vec![0u64; 512], leaked)
//!   collect_ids       4,096 B in    1 block  (Vec<u32> grown by push to capacity 1024)
//!   make_config          88 B in    1 block  (Box<Config>)
//!   make_config          11 B in    1 block  (String "demo-config")
//!   warm_up               0 B                (ten 100-byte Strings, all freed before the peak)
//! At t-end only the leaked cache is live: 4,096 B in 1 block (leak_cache).
//!
//! Ad hoc: make_name 1000 events of weight 48, collect_ids 1000 events of weight 1, crunch one
//! event of weight 1,048,576: 2,001 events, 1,097,576 units.
use std::collections::HashMap;
use std::hint::black_box;

#[cfg(feature = "dhat-heap")]
#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

const N_USERS: u32 = 1000;
const NAME_LEN: usize = 48;

struct Config {
    weights: [u32; 16],
    label: String,
}

fn ad_hoc(_weight: usize) {
    #[cfg(feature = "dhat-ad-hoc")]
    dhat::ad_hoc_event(_weight);
}

#[inline(never)]
fn make_name(i: u32) -> String {
    let mut s = String::with_capacity(NAME_LEN);
    s.push_str("user-");
    while s.len() < NAME_LEN {
        s.push(char::from(b'a' + (i % 26) as u8));
    }
    ad_hoc(NAME_LEN);
    s
}

#[inline(never)]
fn load_users() -> HashMap<u32, String> {
    let mut users = HashMap::with_capacity(N_USERS as usize);
    for i in 0..N_USERS {
        users.insert(i, make_name(i));
    }
    users
}

#[inline(never)]
fn collect_ids(users: &HashMap<u32, String>) -> Vec<u32> {
    let mut ids = Vec::new();
    for (&id, _) in users.iter() {
        ids.push(id);
        ad_hoc(1);
    }
    ids
}

#[inline(never)]
fn make_config() -> Box<Config> {
    Box::new(Config { weights: [3; 16], label: String::from("demo-config") })
}

#[inline(never)]
fn warm_up() -> usize {
    let mut n = 0;
    for _ in 0..10 {
        let s = black_box("x".repeat(100));
        n += s.len();
    }
    n
}

#[inline(never)]
fn leak_cache() -> &'static mut [u64] {
    vec![0u64; 512].leak()
}

/// The peak: 1.5 MiB of scratch space on top of everything above, freed on return.
#[inline(never)]
fn crunch(users: &HashMap<u32, String>, ids: &[u32], config: &Config) -> u64 {
    let mut scratch: Box<[u64; 65536]> = black_box(Box::new([0u64; 65536]));
    let mut buf: Vec<u8> = black_box(Vec::with_capacity(1 << 20));
    for (k, &id) in ids.iter().enumerate() {
        let name = &users[&id];
        scratch[k] = id as u64 * config.weights[k % 16] as u64;
        buf.extend_from_slice(name.as_bytes());
    }
    buf.resize(1 << 20, 0);
    ad_hoc(buf.len());
    scratch.iter().sum::<u64>() + buf.iter().map(|&b| b as u64).sum::<u64>()
}

fn main() {
    #[cfg(feature = "dhat-heap")]
    let _profiler = dhat::Profiler::new_heap();
    #[cfg(feature = "dhat-ad-hoc")]
    let _profiler = dhat::Profiler::new_ad_hoc();

    let warm = warm_up();
    let cache = leak_cache();
    let config = make_config();
    let users = load_users();
    let ids = collect_ids(&users);
    let sum = crunch(&users, &ids, &config);
    cache[0] = sum + warm as u64 + config.label.len() as u64;
    black_box(&cache);
}
