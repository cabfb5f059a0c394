//! The network's inner loops: the accumulator update of a move and the output's sum.
//!
//! Each loop is written once, in plain Rust the compiler vectorises, and compiled twice:
//! for the build's baseline (x86-64-v2: 128-bit SSE) and, on x86-64, for AVX2 (256-bit),
//! picked at run time when the processor has it. Both compute exactly the same integers:
//! the same wrapping i16 sums and the same exact i32 products added in i64.

/// `child = parent - sum(off) + sum(on)`, element by element with wrapping i16 arithmetic,
/// in one pass over the memory. Every slice is as long as `child`.
#[inline]
pub fn update(child: &mut [i16], parent: &[i16], off: &[&[i16]], on: &[&[i16]]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has just been found to support AVX2, the only
        // requirement of a `target_feature(enable = "avx2")` function.
        unsafe { avx2::update(child, parent, off, on) };
        return;
    }
    portable::update(child, parent, off, on);
}

/// The largest output weight (in size) of the fast output sum: `QA * 128` fits i16. The
/// trainer's weights are within ±1.98 * QB = ±127.
pub const SMALL_WEIGHT: u16 = 128;

/// `sum clamp(acc[i], 0, QA)^2 * weights[i]` (see `accumulator.rs` for the ranges).
/// `small`: every weight is within ±[`SMALL_WEIGHT`], which allows the faster sum.
#[inline]
pub fn screlu_dot(acc: &[i16], weights: &[i16], small: bool) -> i64 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: as in `update`.
        return unsafe { if small { avx2::screlu_dot_small(acc, weights) } else { avx2::screlu_dot(acc, weights) } };
    }
    portable::screlu_dot(acc, weights)
}

/// The loops themselves, inlined into each build.
mod portable {
    use crate::nnue::quant::QA;

    #[inline(always)]
    pub fn update(child: &mut [i16], parent: &[i16], off: &[&[i16]], on: &[&[i16]]) {
        // The common moves get a loop of their own, which the compiler vectorises: a quiet
        // move (one off, one on) and a capture (two off, one on).
        match (off, on) {
            ([a], [b]) => {
                for (((c, &p), &a), &b) in child.iter_mut().zip(parent).zip(*a).zip(*b) {
                    *c = p.wrapping_sub(a).wrapping_add(b);
                }
            }
            ([a, x], [b]) => {
                for ((((c, &p), &a), &x), &b) in child.iter_mut().zip(parent).zip(*a).zip(*x).zip(*b) {
                    *c = p.wrapping_sub(a).wrapping_sub(x).wrapping_add(b);
                }
            }
            _ => {
                child.copy_from_slice(parent);
                for row in off {
                    for (c, &w) in child.iter_mut().zip(*row) {
                        *c = c.wrapping_sub(w);
                    }
                }
                for row in on {
                    for (c, &w) in child.iter_mut().zip(*row) {
                        *c = c.wrapping_add(w);
                    }
                }
            }
        }
    }

    #[inline(always)]
    pub fn screlu_dot(acc: &[i16], weights: &[i16]) -> i64 {
        const LANES: usize = 16;
        // Each product fits i32; the lanes add them up in i64.
        let product = |a: i16, w: i16| {
            let clipped = i32::from(a).clamp(0, QA);
            i64::from(clipped * clipped * i32::from(w))
        };
        let mut lanes = [0i64; LANES];
        let (acc_chunks, weight_chunks) = (acc.chunks_exact(LANES), weights.chunks_exact(LANES));
        let tail: i64 =
            acc_chunks.remainder().iter().zip(weight_chunks.remainder()).map(|(&a, &w)| product(a, w)).sum();
        for (a, w) in acc_chunks.zip(weight_chunks) {
            for ((lane, &a), &w) in lanes.iter_mut().zip(a).zip(w) {
                *lane += product(a, w);
            }
        }
        lanes.iter().sum::<i64>() + tail
    }
}

/// The same loops compiled for AVX2, and the output sum for small weights written with
/// its instructions.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    use crate::nnue::quant::QA;

    #[target_feature(enable = "avx2")]
    pub fn update(child: &mut [i16], parent: &[i16], off: &[&[i16]], on: &[&[i16]]) {
        super::portable::update(child, parent, off, on);
    }

    #[target_feature(enable = "avx2")]
    pub fn screlu_dot(acc: &[i16], weights: &[i16]) -> i64 {
        super::portable::screlu_dot(acc, weights)
    }

    /// `screlu_dot` for weights within ±`SMALL_WEIGHT`: `c = clamp(a, 0, QA)`, then
    /// `c * w` fits i16 (at most 255 * 128 = 32640), and `vpmaddwd` multiplies that by `c`
    /// again and adds neighbouring pairs into i32 (at most 2 * 255 * 32640 = 16,646,400).
    /// Each i32 lane adds one pair sum per 16 values; a block of 1024 values gives a lane
    /// 64 of them (at most 1,065,369,600), then the block's lanes are added up in i64.
    #[target_feature(enable = "avx2")]
    pub fn screlu_dot_small(acc: &[i16], weights: &[i16]) -> i64 {
        const VALUES: usize = 16;
        const BLOCK: usize = 1024;
        let (zero, qa) = (_mm256_setzero_si256(), _mm256_set1_epi16(QA as i16));
        let mut total = 0i64;
        let len = acc.len().min(weights.len());
        let (acc, weights) = (&acc[..len], &weights[..len]);
        for (acc_block, weight_block) in acc.chunks(BLOCK).zip(weights.chunks(BLOCK)) {
            let mut sum = _mm256_setzero_si256();
            let (acc_vectors, weight_vectors) = (acc_block.chunks_exact(VALUES), weight_block.chunks_exact(VALUES));
            for (&a, &w) in acc_vectors.remainder().iter().zip(weight_vectors.remainder()) {
                let c = i64::from(a.clamp(0, QA as i16));
                total += c * c * i64::from(w);
            }
            for (a, w) in acc_vectors.zip(weight_vectors) {
                // SAFETY: each chunk holds exactly 16 i16 (32 bytes), what an unaligned
                // 256-bit load reads.
                let (a, w) = unsafe {
                    (_mm256_loadu_si256(a.as_ptr().cast::<__m256i>()), _mm256_loadu_si256(w.as_ptr().cast::<__m256i>()))
                };
                let clipped = _mm256_min_epi16(_mm256_max_epi16(a, zero), qa);
                let times_weight = _mm256_mullo_epi16(clipped, w);
                sum = _mm256_add_epi32(sum, _mm256_madd_epi16(times_weight, clipped));
            }
            let mut lanes = [0i32; 8];
            // SAFETY: `lanes` is 32 bytes, what an unaligned 256-bit store writes.
            unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast::<__m256i>(), sum) };
            total += lanes.iter().map(|&lane| i64::from(lane)).sum::<i64>();
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    use super::*;
    use crate::nnue::quant::QA;

    fn values(rng: &mut StdRng, count: usize) -> Vec<i16> {
        // The full i16 range, so that wrapping and clamping both happen.
        (0..count).map(|_| rng.random_range(i16::MIN..=i16::MAX)).collect()
    }

    /// The dispatched loops (AVX2 where the processor has it) give the portable ones'
    /// results, for every shape of move and sizes that are not multiples of the lanes.
    #[test]
    fn the_chosen_build_agrees_with_the_portable_one() {
        let mut rng = StdRng::seed_from_u64(25);
        for hidden in [1, 8, 17, 64, 128, 200, 256, 1040, 8192] {
            let parent = values(&mut rng, hidden);
            let rows: Vec<Vec<i16>> = (0..4).map(|_| values(&mut rng, hidden)).collect();
            let row = |i: usize| rows[i].as_slice();
            for (off, on) in [(1, 1), (2, 1), (2, 2), (1, 0), (0, 1), (0, 0)] {
                let off_rows: Vec<&[i16]> = (0..off).map(row).collect();
                let on_rows: Vec<&[i16]> = (off..off + on).map(row).collect();
                let mut chosen = vec![0; hidden];
                let mut portable = vec![0; hidden];
                update(&mut chosen, &parent, &off_rows, &on_rows);
                portable::update(&mut portable, &parent, &off_rows, &on_rows);
                assert_eq!(chosen, portable, "hidden {hidden}, {off} off, {on} on");
                // And both are the plain definition.
                let expected: Vec<i16> = (0..hidden)
                    .map(|i| {
                        let minus = off_rows.iter().fold(parent[i], |v, r| v.wrapping_sub(r[i]));
                        on_rows.iter().fold(minus, |v, r| v.wrapping_add(r[i]))
                    })
                    .collect();
                assert_eq!(portable, expected, "hidden {hidden}, {off} off, {on} on");
            }
            let weights = values(&mut rng, hidden);
            let expected: i64 = parent
                .iter()
                .zip(&weights)
                .map(|(&a, &w)| i64::from(a.clamp(0, QA as i16)).pow(2) * i64::from(w))
                .sum();
            assert_eq!(portable::screlu_dot(&parent, &weights), expected, "hidden {hidden}");
            assert_eq!(screlu_dot(&parent, &weights, false), expected, "hidden {hidden}");
            // Small weights, up to the bound of both signs, and the largest sums there are.
            let limit = SMALL_WEIGHT as i16;
            let small: Vec<i16> = (0..hidden).map(|_| rng.random_range(-limit..=limit)).collect();
            for (acc, weights) in [
                (&parent, &small),
                (&vec![QA as i16; hidden], &vec![limit; hidden]),
                (&vec![i16::MAX; hidden], &vec![-limit; hidden]),
            ] {
                let expected = portable::screlu_dot(acc, weights);
                assert_eq!(screlu_dot(acc, weights, true), expected, "hidden {hidden}, small weights");
            }
        }
    }
}
