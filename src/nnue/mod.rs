//! The neural network evaluation (NNUE): its file format, its incremental evaluation in
//! the search and the network built into the engine. Inference only: the trainer and its
//! data are in the training wing (`src/train/`), which imports from here.
//!
//! - [`features`]: which inputs of the network a position switches on.
//! - [`format`](mod@format): the quantised network the engine runs, its file layout and a scalar
//!   evaluation from scratch.
//! - [`accumulator`]: the accumulators kept up to date move by move, and the output.
//! - [`kernels`]: the inner loops of both, with an AVX2 build picked at run time.
//! - [`aligned`]: values on a 32-byte boundary, which the AVX2 kernels load whole.
//! - [`quant`]: the scales of the quantised integers (QA, QB, SCALE).
//! - [`builtin`]: the network inside the binary (`nets/`).

pub mod accumulator;
pub mod aligned;
pub mod builtin;
pub mod features;
pub mod format;
pub mod kernels;
pub mod quant;
#[cfg(test)]
pub(crate) mod test_networks;

pub use accumulator::AccumulatorStack;
pub use features::{Features, INPUTS, MAX_ACTIVE};
pub use format::Network;
pub use quant::{QA, QB, SCALE};
