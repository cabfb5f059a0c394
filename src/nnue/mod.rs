//! The neural network evaluation (NNUE): its file format and its trainer.
//!
//! - [`features`]: which inputs of the network a position switches on.
//! - [`format`]: the quantised network the engine runs, its file layout and a scalar
//!   evaluation from scratch.
//! - [`data`]: training positions read from bulletformat files, filtered.
//! - [`trainer`]: the float network and its training (`bramble train`).

pub mod data;
pub mod features;
pub mod format;
pub mod trainer;

pub use features::{Features, INPUTS, MAX_ACTIVE};
pub use format::{Network, QA, QB, SCALE};
