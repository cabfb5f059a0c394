//! Bramble, a UCI chess engine.
//!
//! The binary speaks UCI on stdin/stdout ([`uci::run`]) and runs the test tools
//! ([`cli`]). Everything else lives in this library so the tests reach it.

pub mod bench;
pub mod book;
pub mod cli;
pub mod datagen;
pub mod dataset;
pub mod engine;
pub mod epd;
pub mod eval;
pub mod gamefile;
pub mod genfens;
pub mod movegen;
pub mod nnue;
pub mod packed_move;
pub mod perft;
pub mod position;
pub mod scores;
pub mod search;
pub mod strength;
pub mod syzygy;
pub mod time;
pub mod trainingdata;
pub mod tt;
pub mod tune;
pub mod uci;
pub mod wdl;
