//! The trainer's two inner loops over the feature rows, with AVX2's aligned loads.
//!
//! The portable loops (`trainer.rs`) compiled for AVX2 load each 8-float vector in two
//! halves: for the processors it tunes the x86-64-v2 build for, the compiler splits every
//! 32-byte access it cannot prove aligned. The network's rows start on 32-byte boundaries
//! (`Aligned`, N a multiple of 32), so these loops load them whole: about a fifth faster
//! training. Each adds the same floats in the same order as the portable loops, so both
//! give the same bits.

// Elsewhere only BLOCK is used: the trainer's portable loops are all there is.
#![cfg_attr(not(target_arch = "x86_64"), allow(dead_code, unused_imports))]

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

use crate::nnue::aligned::ALIGNMENT;

/// Neurons a block: the loops keep a block of sums (or of gradients) in registers while
/// every active row is added. Four AVX2 registers, eight SSE ones.
pub const BLOCK: usize = 32;

/// Floats in one AVX2 register.
const LANES: usize = 8;

/// Whether the aligned loops may run on `rows` (rows of `hidden` floats) for these active
/// features: whole blocks, the first row on a 32-byte boundary (so every row), and every
/// active row inside `rows`.
fn aligned_rows(rows: &[f32], hidden: usize, active: &[usize]) -> bool {
    hidden > 0
        && hidden.is_multiple_of(BLOCK)
        && (rows.as_ptr() as usize).is_multiple_of(ALIGNMENT)
        && active.iter().all(|&feature| (feature + 1) * hidden <= rows.len())
}

/// A block of floats (from anywhere: unaligned loads) in registers.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn load_block(values: &[f32]) -> [__m256; BLOCK / LANES] {
    let mut block = [_mm256_setzero_ps(); BLOCK / LANES];
    for (lanes, values) in block.iter_mut().zip(values.chunks_exact(LANES)) {
        // SAFETY: `values` holds the 8 floats an unaligned 256-bit load reads.
        *lanes = unsafe { _mm256_loadu_ps(values.as_ptr()) };
    }
    block
}

/// `acc = biases + the rows of the active features`, added in that order, if the rows
/// allow the aligned loop (returns whether it ran).
///
/// # Safety
/// The processor supports AVX2 (a `target_feature` function; the rest is checked).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub fn accumulate(rows: &[f32], biases: &[f32], hidden: usize, active: &[usize], acc: &mut [f32]) -> bool {
    if !aligned_rows(rows, hidden, active) || biases.len() < hidden || acc.len() < hidden {
        return false;
    }
    for start in (0..hidden).step_by(BLOCK) {
        let mut block = load_block(&biases[start..start + BLOCK]);
        for &feature in active {
            let row = rows[feature * hidden + start..].as_ptr();
            for (k, sum) in block.iter_mut().enumerate() {
                // SAFETY: the row holds `hidden` floats from `feature * hidden` inside
                // `rows` (checked above), so the 8 from `start + 8k` (below `hidden`) lie
                // inside it, and they start on a 32-byte boundary: `rows` does, and rows
                // and blocks are whole multiples of 8 floats.
                *sum = _mm256_add_ps(*sum, unsafe { _mm256_load_ps(row.add(k * LANES)) });
            }
        }
        for (k, sum) in block.iter().enumerate() {
            let out = &mut acc[start + k * LANES..][..LANES];
            // SAFETY: `out` holds the 8 floats an unaligned 256-bit store writes.
            unsafe { _mm256_storeu_ps(out.as_mut_ptr(), *sum) };
        }
    }
    true
}

/// `rows[f] += d` for each active feature `f`, if the rows allow the aligned loop
/// (returns whether it ran).
///
/// # Safety
/// As [`accumulate`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub fn add_to_rows(rows: &mut [f32], hidden: usize, active: &[usize], d: &[f32]) -> bool {
    if !aligned_rows(rows, hidden, active) || d.len() < hidden {
        return false;
    }
    for start in (0..hidden).step_by(BLOCK) {
        let block = load_block(&d[start..start + BLOCK]);
        for &feature in active {
            let row = rows[feature * hidden + start..].as_mut_ptr();
            for (k, lanes) in block.iter().enumerate() {
                // SAFETY: as in `accumulate`: 8 floats inside the row, on a 32-byte
                // boundary; nothing else refers to `rows` meanwhile.
                unsafe {
                    let w = row.add(k * LANES);
                    _mm256_store_ps(w, _mm256_add_ps(_mm256_load_ps(w), *lanes));
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::aligned::Aligned;

    /// The kernels run on aligned rows and give the plain loops' bits. (The trainer's
    /// tests compare whole gradients of both builds.)
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_kernels_add_as_the_plain_loops_do() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            eprintln!("no AVX2 here: the kernels cannot run");
            return;
        }
        let hidden = 2 * BLOCK;
        let values = |count: usize, seed: usize| -> Vec<f32> {
            (0..count).map(|i| ((i * 7919 + seed * 104_729) % 2001) as f32 / 1000.0 - 1.0).collect()
        };
        let rows = Aligned::from_slice(&values(10 * hidden, 1));
        let (biases, d) = (values(hidden, 2), values(hidden, 3));
        let active = [9, 0, 4, 7];
        let mut plain = biases.clone();
        for &feature in &active {
            plain.iter_mut().zip(&rows[feature * hidden..]).for_each(|(a, &w)| *a += w);
        }
        let mut acc = vec![0.0; hidden];
        // SAFETY: the processor has AVX2 (checked above).
        assert!(unsafe { accumulate(&rows, &biases, hidden, &active, &mut acc) });
        assert!(acc == plain);
        let (mut added, mut plain) = (rows.clone(), rows.to_vec());
        for &feature in &active {
            plain[feature * hidden..(feature + 1) * hidden].iter_mut().zip(&d).for_each(|(w, &d)| *w += d);
        }
        // SAFETY: as above.
        assert!(unsafe { add_to_rows(&mut added, hidden, &active, &d) });
        assert!(*added == plain[..]);
        // Rows off the boundary: the caller's portable loops instead.
        // SAFETY: as above.
        assert!(!unsafe { add_to_rows(&mut added[1..], hidden, &[0], &d) });
    }

    #[test]
    fn only_whole_blocks_of_aligned_rows_inside_the_buffer_qualify() {
        let rows = Aligned::<f32>::zeros(4 * 64);
        assert!(aligned_rows(&rows, 64, &[0, 3]));
        assert!(!aligned_rows(&rows, 64, &[4]), "past the end");
        assert!(!aligned_rows(&rows, 48, &[0]), "not whole blocks");
        assert!(!aligned_rows(&rows[1..], 32, &[0]), "off the boundary");
        assert!(!aligned_rows(&rows, 0, &[]));
    }
}
