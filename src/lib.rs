//! Bramble, a UCI chess engine.
//!
//! The binary speaks UCI on stdin/stdout ([`uci::run`]) and runs the test tools
//! ([`cli`]). Everything else lives in this library so the tests reach it.

pub mod bench;
pub mod book;
pub mod cli;
pub mod cpu;
pub mod engine;
pub mod epd;
pub mod eval;
pub mod genfens;
pub mod movegen;
pub mod nnue;
pub mod openings;
pub mod packed_move;
pub mod perft;
pub mod position;
pub mod scores;
pub mod search;
pub mod strength;
pub mod syzygy;
#[cfg(test)]
mod testing;
pub mod time;
pub mod train;
pub mod tt;
pub mod uci;
pub mod wdl;
