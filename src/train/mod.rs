//! Making data and training: everything the engine does not run. The engine's modules
//! never import this wing; it imports from them (the search plays datagen's games, the
//! tuner reads the evaluation's terms, the trainer writes the network's format).
//!
//! - [`datagen`]: self-play games and positions (`bramble datagen`).
//! - [`gamefile`]: the compact games format (`datagen --format games`, `data/`).
//! - [`pgn`]: games of a tournament runner's PGN (OpenBench's datagen) as `GameRecord`s.
//! - [`trainingdata`]: the binary training records (bulletformat) and their text form.
//! - [`dataset`]: `data/` and its manifest (`bramble data verify`, `describe`).
//! - [`loader`]: training positions read from records or games, filtered.
//! - [`inputs`]: the network's inputs of a training record.
//! - [`trainer`]: the float network and its training (`bramble train`).
//! - [`kernels`]: the trainer's inner loops with AVX2's aligned loads.
//! - [`tune`]: Texel tuning of the evaluation's weights (`bramble tune`).

pub mod datagen;
pub mod dataset;
pub mod gamefile;
pub mod inputs;
pub mod kernels;
pub mod loader;
pub mod pgn;
pub mod trainer;
pub mod trainingdata;
pub mod tune;
