//! i16 values that start on a 32-byte boundary, for the AVX2 kernels' aligned loads.

use std::ops::{Deref, DerefMut};

/// The boundary, in bytes, the first value starts on: one AVX2 vector.
pub const ALIGNMENT: usize = 32;

/// Owned i16 values whose first one starts on an [`ALIGNMENT`]-byte boundary, so that the
/// AVX2 kernels may load and store them with aligned instructions (the compiler splits an
/// unaligned 32-byte access in two for the processors it tunes for). A `Vec` with up to 15
/// spare values in front of the first; the `Vec` is never resized, so it never moves.
#[derive(Debug)]
pub struct AlignedValues {
    buffer: Vec<i16>,
    start: usize,
    len: usize,
}

impl AlignedValues {
    /// `len` zeros.
    pub fn zeros(len: usize) -> AlignedValues {
        let buffer = vec![0; len + ALIGNMENT / 2 - 1];
        // A Vec<i16>'s buffer starts on an even address, so a whole number of values
        // reaches the boundary.
        let past_boundary = buffer.as_ptr() as usize % ALIGNMENT;
        let start = (ALIGNMENT - past_boundary) % ALIGNMENT / 2;
        AlignedValues { buffer, start, len }
    }

    /// A copy of `values`.
    pub fn from_slice(values: &[i16]) -> AlignedValues {
        let mut aligned = AlignedValues::zeros(values.len());
        aligned.copy_from_slice(values);
        aligned
    }
}

impl Deref for AlignedValues {
    type Target = [i16];

    #[inline]
    fn deref(&self) -> &[i16] {
        &self.buffer[self.start..self.start + self.len]
    }
}

impl DerefMut for AlignedValues {
    #[inline]
    fn deref_mut(&mut self) -> &mut [i16] {
        &mut self.buffer[self.start..self.start + self.len]
    }
}

/// A clone gets a buffer of its own, aligned anew.
impl Clone for AlignedValues {
    fn clone(&self) -> AlignedValues {
        AlignedValues::from_slice(self)
    }
}

impl PartialEq for AlignedValues {
    fn eq(&self, other: &AlignedValues) -> bool {
        **self == **other
    }
}

impl Eq for AlignedValues {}

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
        }
    }
}
