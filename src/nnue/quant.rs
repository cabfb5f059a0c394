//! The quantisation: the scales between the trainer's floats and the engine's integers
//! (`format.rs` explains them). Their own module, under both `format.rs` and the inner
//! loops of `kernels.rs`, so that neither imports the other back.

/// Feature weights and biases are scaled by QA; SCReLU's ceiling.
pub const QA: i32 = 255;
/// Output weights are scaled by QB.
pub const QB: i32 = 64;
/// The output (a win-probability logit) times SCALE is centipawns.
pub const SCALE: i32 = 400;
