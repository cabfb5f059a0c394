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

/// The largest output weight (in size) of the fast output sum: `QA * 128` fits i16. A
/// network's larger weights add their excess apart (`format.rs`).
pub const SMALL_WEIGHT: u16 = 128;

/// `sum clamp(acc[i], 0, QA)^2 * weights[i]` (see `accumulator.rs` for the ranges), for
/// weights within ±[`SMALL_WEIGHT`] (the AVX2 sum's i16 products need it; the portable
/// one takes any).
#[inline]
pub fn screlu_dot(acc: &[i16], weights: &[i16]) -> i64 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: as in `update`.
        return unsafe { avx2::screlu_dot_small(acc, weights) };
    }
    portable::screlu_dot(acc, weights)
}

/// One term of [`screlu_dot`], for any weight: `clamp(a, 0, QA)^2 * w` fits i32.
#[inline(always)]
pub fn screlu_product(a: i16, w: i16) -> i64 {
    let clipped = i32::from(a).clamp(0, crate::nnue::quant::QA);
    i64::from(clipped * clipped * i32::from(w))
}

/// The loops themselves, inlined into each build.
mod portable {

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
        let product = super::screlu_product;
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

    use crate::nnue::aligned::ALIGNMENT;
    use crate::nnue::quant::QA;

    /// i16 values in one 256-bit vector.
    const VALUES: usize = 16;

    /// Whether `values` holds `len` values from a 32-byte boundary (the accumulators and
    /// the network's rows do when N is a multiple of 16: `aligned.rs`).
    #[inline]
    fn is_aligned(values: &[i16], len: usize) -> bool {
        values.len() == len && (values.as_ptr() as usize).is_multiple_of(ALIGNMENT)
    }

    /// The moves' shapes (quiet, capture, castling) with aligned loads and stores where
    /// every slice allows them, the portable loops otherwise.
    #[target_feature(enable = "avx2")]
    pub fn update(child: &mut [i16], parent: &[i16], off: &[&[i16]], on: &[&[i16]]) {
        let len = child.len();
        let aligned = len.is_multiple_of(VALUES)
            && is_aligned(child, len)
            && is_aligned(parent, len)
            && off.iter().chain(on).all(|row| is_aligned(row, len));
        // SAFETY (each call): `aligned` checked what `update_aligned` requires.
        match (off, on) {
            (&[a], &[b]) if aligned => unsafe { update_aligned(child, parent, [a], [b]) },
            (&[a, x], &[b]) if aligned => unsafe { update_aligned(child, parent, [a, x], [b]) },
            (&[a, x], &[b, y]) if aligned => unsafe { update_aligned(child, parent, [a, x], [b, y]) },
            _ => super::portable::update(child, parent, off, on),
        }
    }

    /// `update` for rows known in number.
    ///
    /// # Safety
    /// Every slice holds `child.len()` values, a multiple of 16, from a 32-byte boundary.
    #[target_feature(enable = "avx2")]
    unsafe fn update_aligned<const OFF: usize, const ON: usize>(
        child: &mut [i16],
        parent: &[i16],
        off: [&[i16]; OFF],
        on: [&[i16]; ON],
    ) {
        for i in (0..child.len() / VALUES).map(|vector| vector * VALUES) {
            // SAFETY: by the caller's promise, the 16 values from `i` lie within every
            // slice and start on a 32-byte boundary, what an aligned 256-bit load or
            // store touches.
            unsafe {
                let mut sum = _mm256_load_si256(parent.as_ptr().add(i).cast::<__m256i>());
                for row in off {
                    sum = _mm256_sub_epi16(sum, _mm256_load_si256(row.as_ptr().add(i).cast::<__m256i>()));
                }
                for row in on {
                    sum = _mm256_add_epi16(sum, _mm256_load_si256(row.as_ptr().add(i).cast::<__m256i>()));
                }
                _mm256_store_si256(child.as_mut_ptr().add(i).cast::<__m256i>(), sum);
            }
        }
    }

    /// `screlu_dot` for weights within ±`SMALL_WEIGHT`: `c = clamp(a, 0, QA)`, then
    /// `c * w` fits i16 (at most 255 * 128 = 32640), and `vpmaddwd` multiplies that by `c`
    /// again and adds neighbouring pairs into i32 (at most 2 * 255 * 32640 = 16,646,400).
    /// Each i32 lane adds one pair sum per 16 values; a block of 1024 values gives a lane
    /// 64 of them (at most 1,065,369,600), then the block's lanes are added up in i64.
    #[target_feature(enable = "avx2")]
    pub fn screlu_dot_small(acc: &[i16], weights: &[i16]) -> i64 {
        let len = acc.len().min(weights.len());
        if len.is_multiple_of(VALUES) && is_aligned(&acc[..len], len) && is_aligned(&weights[..len], len) {
            screlu_dot_small_loads::<true>(acc, weights)
        } else {
            screlu_dot_small_loads::<false>(acc, weights)
        }
    }

    /// `screlu_dot_small` with aligned loads (`ALIGNED`: both slices start on a 32-byte
    /// boundary, which the caller checked) or unaligned ones.
    #[target_feature(enable = "avx2")]
    fn screlu_dot_small_loads<const ALIGNED: bool>(acc: &[i16], weights: &[i16]) -> i64 {
        const BLOCK_VECTORS: usize = 1024 / VALUES;
        let (zero, qa) = (_mm256_setzero_si256(), _mm256_set1_epi16(QA as i16));
        let len = acc.len().min(weights.len());
        let vectors = len / VALUES;
        let whole = vectors * VALUES;
        let mut total: i64 = acc[whole..len]
            .iter()
            .zip(&weights[whole..len])
            .map(|(&a, &w)| i64::from(a.clamp(0, QA as i16)).pow(2) * i64::from(w))
            .sum();
        for block in (0..vectors).step_by(BLOCK_VECTORS) {
            let mut sum = zero;
            for vector in block..(block + BLOCK_VECTORS).min(vectors) {
                let i = vector * VALUES;
                // SAFETY: the 16 values from `i` lie within both slices (`i + 16` is at
                // most `whole`), what a 256-bit load reads; with ALIGNED both slices start
                // on a 32-byte boundary, and so does each run of 16 values from it.
                let (a, w) = unsafe {
                    let (a, w) = (acc.as_ptr().add(i).cast::<__m256i>(), weights.as_ptr().add(i).cast::<__m256i>());
                    if ALIGNED {
                        (_mm256_load_si256(a), _mm256_load_si256(w))
                    } else {
                        (_mm256_loadu_si256(a), _mm256_loadu_si256(w))
                    }
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
    use crate::nnue::aligned::{ALIGNMENT, AlignedValues};
    use crate::nnue::quant::QA;

    fn values(rng: &mut StdRng, count: usize) -> Vec<i16> {
        // The full i16 range, so that wrapping and clamping both happen.
        (0..count).map(|_| rng.random_range(i16::MIN..=i16::MAX)).collect()
    }

    /// With every slice on a 32-byte boundary (as the engine's accumulators and rows are)
    /// the AVX2 build takes its aligned loops, one value past it its unaligned ones; both
    /// give the portable results.
    #[test]
    fn aligned_and_unaligned_slices_agree_with_the_portable_build() {
        let mut rng = StdRng::seed_from_u64(54);
        let limit = SMALL_WEIGHT as i16;
        for hidden in [16, 256, 1040] {
            for shift in [0, 1] {
                let buffer = |rng: &mut StdRng| AlignedValues::from_slice(&values(rng, hidden + shift));
                let parent_buffer = buffer(&mut rng);
                let row_buffers: Vec<AlignedValues> = (0..4).map(|_| buffer(&mut rng)).collect();
                let parent = &parent_buffer[shift..];
                let rows: Vec<&[i16]> = row_buffers.iter().map(|row| &row[shift..]).collect();
                assert_eq!((parent.as_ptr() as usize).is_multiple_of(ALIGNMENT), shift == 0);
                for (off, on) in [(1, 1), (2, 1), (2, 2), (1, 0)] {
                    let (off, on) = (&rows[..off], &rows[off..off + on]);
                    let mut chosen = AlignedValues::zeros(hidden + shift);
                    let mut portable = vec![0; hidden];
                    update(&mut chosen[shift..], parent, off, on);
                    portable::update(&mut portable, parent, off, on);
                    assert_eq!(chosen[shift..], portable[..], "hidden {hidden}, shift {shift}, {off:?} off");
                }
                let small: Vec<i16> = (0..hidden + shift).map(|_| rng.random_range(-limit..=limit)).collect();
                let small_buffer = AlignedValues::from_slice(&small);
                let small = &small_buffer[shift..];
                let expected = portable::screlu_dot(parent, small);
                assert_eq!(screlu_dot(parent, small), expected, "hidden {hidden}, shift {shift}");
            }
        }
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
            // Small weights, up to the bound of both signs, and the largest sums there are.
            let limit = SMALL_WEIGHT as i16;
            let small: Vec<i16> = (0..hidden).map(|_| rng.random_range(-limit..=limit)).collect();
            for (acc, weights) in [
                (&parent, &small),
                (&vec![QA as i16; hidden], &vec![limit; hidden]),
                (&vec![i16::MAX; hidden], &vec![-limit; hidden]),
            ] {
                let expected = portable::screlu_dot(acc, weights);
                assert_eq!(screlu_dot(acc, weights), expected, "hidden {hidden}, small weights");
            }
        }
    }
}
