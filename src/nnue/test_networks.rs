//! Seeded random networks for the tests of `nnue/`: the same weights on every run.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::INPUTS;
use super::format::Network;

/// A network of `hidden` neurons with one output bucket per entry of `biases`, its weights
/// drawn from `seed`. The ranges are wide enough that the activation clips some neurons,
/// so the tests see that path too.
pub fn random_network(hidden: usize, biases: &[i16], seed: u64) -> Network {
    random_king_bucketed(hidden, biases, 1, seed)
}

/// The same with `king_buckets` king buckets (1 or `KING_BUCKETS`).
pub fn random_king_bucketed(hidden: usize, biases: &[i16], king_buckets: usize, seed: u64) -> Network {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut values = |count: usize, range: i16| (0..count).map(|_| rng.random_range(-range..=range)).collect();
    let (fw, fb) = (values(INPUTS * king_buckets * hidden, 300), values(hidden, 300));
    let ow = values(2 * hidden * biases.len(), 2000);
    Network::new(hidden, fw, fb, ow, biases.to_vec()).expect("sizes fit")
}
