//! Values that start on a 32-byte boundary, for the AVX2 kernels' aligned loads: the
//! engine's i16 weights and accumulators, the trainer's f32 weights.

use std::ops::{Deref, DerefMut};

/// The boundary, in bytes, the first value starts on: one AVX2 vector.
pub const ALIGNMENT: usize = 32;

/// Owned values whose first one starts on an [`ALIGNMENT`]-byte boundary, so that the AVX2
/// kernels may load and store them with aligned instructions (the compiler splits an
/// unaligned 32-byte access in two for the processors it tunes for). A `Vec` with a few
/// spare values in front of the first; the `Vec` is never resized, so it never moves.
#[derive(Debug)]
pub struct Aligned<T> {
    buffer: Vec<T>,
    start: usize,
    len: usize,
}

/// The engine's network and accumulators.
pub type AlignedValues = Aligned<i16>;

impl<T: Copy + Default> Aligned<T> {
    /// `len` zeros (default values).
    pub fn zeros(len: usize) -> Aligned<T> {
        // For the primitive values this serves, the size is the alignment and divides 32.
        let size = std::mem::size_of::<T>();
        let buffer = vec![T::default(); len + ALIGNMENT / size - 1];
        // A Vec<T>'s buffer starts on a multiple of T's size, so a whole number of values
        // reaches the boundary.
        let past_boundary = buffer.as_ptr() as usize % ALIGNMENT;
        let start = (ALIGNMENT - past_boundary) % ALIGNMENT / size;
        Aligned { buffer, start, len }
    }

    /// A copy of `values`.
    pub fn from_slice(values: &[T]) -> Aligned<T> {
        let mut aligned = Aligned::zeros(values.len());
        aligned.copy_from_slice(values);
        aligned
    }
}

impl<T> Deref for Aligned<T> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        &self.buffer[self.start..self.start + self.len]
    }
}

impl<T> DerefMut for Aligned<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.buffer[self.start..self.start + self.len]
    }
}

/// A clone gets a buffer of its own, aligned anew.
impl<T: Copy + Default> Clone for Aligned<T> {
    fn clone(&self) -> Aligned<T> {
        Aligned::from_slice(self)
    }
}

impl<T: PartialEq> PartialEq for Aligned<T> {
    fn eq(&self, other: &Aligned<T>) -> bool {
        **self == **other
    }
}

impl<T: Eq> Eq for Aligned<T> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_start_on_the_boundary_and_keep_their_contents_through_clones() {
        for len in [0, 1, 15, 16, 17, 256, 768 * 256] {
            let values: Vec<i16> = (0..len).map(|i| (i % 977) as i16 - 400).collect();
            let aligned = AlignedValues::from_slice(&values);
            let copies = [aligned.clone(), aligned.clone().clone()];
            for copy in [&aligned, &copies[0], &copies[1]] {
                assert!((copy.as_ptr() as usize).is_multiple_of(ALIGNMENT), "len {len}");
                assert_eq!(**copy, values[..]);
            }
            let mut zeros = AlignedValues::zeros(len);
            assert!(zeros.iter().all(|&v| v == 0) && zeros.len() == len);
            zeros.copy_from_slice(&values);
            assert_eq!(zeros, aligned);
            let floats: Vec<f32> = values.iter().map(|&v| f32::from(v) / 7.0).collect();
            let aligned = Aligned::from_slice(&floats);
            assert!((aligned.clone().as_ptr() as usize).is_multiple_of(ALIGNMENT), "len {len}");
            assert!(aligned.clone() == aligned && *aligned == floats[..]);
        }
    }
}
