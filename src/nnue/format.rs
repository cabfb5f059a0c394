//! The quantised network the engine runs, and its file (`.nnue`).
//!
//! # Architecture: (768 -> N) x 2 -> 1, SCReLU, perspective
//!
//! Each side's 768 inputs ([`crate::nnue::features`]) feed one shared layer of N
//! neurons: that side's accumulator. The output neuron reads the side to move's
//! accumulator with the first N output weights and the other side's with the last N:
//!
//! ```text
//! acc      = feature_biases + sum of the feature_weights rows of the inputs on
//! screlu(x) = clamp(x, 0, QA)^2
//! out      = (sum screlu(acc_stm[i]) * w[i] + sum screlu(acc_nstm[i]) * w[N + i]) / QA + output_bias
//! eval     = out * SCALE / (QA * QB)          (centipawns, for the side to move)
//! ```
//!
//! The trainer's float weights are multiplied by QA = 255 (feature weights and biases),
//! QB = 64 (output weights) and QA * QB (output bias), rounded, and clamped to the i16
//! range (the trainer reports how many were clamped). The trainer keeps float feature
//! weights and biases within ±1.98, so each quantised one is within ±505 and an
//! accumulator of 32 inputs and a bias within ±33 * 505 = ±16665: i16 accumulators (the
//! engine's incremental ones) cannot overflow. [`Network::evaluate_full`] sums the
//! accumulators in i32 and the output in i64 all the same, so any file loads safely.
//!
//! # File layout, all numbers little-endian
//!
//! | Bytes | Field | Meaning |
//! |---|---|---|
//! | 0-7 | magic | `BRMBNNUE` |
//! | 8-11 | version | u32, 1 |
//! | 12-15 | hidden | u32, N (1 to 4096) |
//! | 16 .. +1536N | feature weights | i16 `[768][N]`, input-major: input `f`'s N weights together |
//! | .. +2N | feature biases | i16 `[N]` |
//! | .. +4N | output weights | i16 `[2N]`: the side to move's accumulator, then the other side's |
//! | .. +2 | output bias | i16 |
//!
//! So a file is `16 + 2 * (768N + N + 2N + 1)` bytes: 98,706 for N = 64.

use shakmaty::{Board, Color};

use super::features::{Features, INPUTS, features};
use super::kernels;

/// Feature weights and biases are scaled by QA; SCReLU's ceiling.
pub const QA: i32 = 255;
/// Output weights are scaled by QB.
pub const QB: i32 = 64;
/// The output (a win-probability logit) times SCALE is centipawns.
pub const SCALE: i32 = 400;

const MAGIC: &[u8; 8] = b"BRMBNNUE";
const VERSION: u32 = 1;
const HEADER_BYTES: usize = 16;
/// Hidden sizes a file may state (bounds the allocation a bad header could ask for).
pub const MAX_HIDDEN: usize = 4096;

/// The quantised network: i16 weights in the layout of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    hidden: usize,
    feature_weights: Vec<i16>,
    feature_biases: Vec<i16>,
    output_weights: Vec<i16>,
    output_bias: i16,
    /// Every output weight is within ±[`kernels::SMALL_WEIGHT`], as the trainer's always
    /// are: the output may then take the faster i16 products (`kernels.rs`).
    small_output_weights: bool,
}

/// Bytes of a file with `hidden` neurons.
pub fn file_bytes(hidden: usize) -> usize {
    HEADER_BYTES + 2 * (INPUTS * hidden + hidden + 2 * hidden + 1)
}

impl Network {
    /// A network from its weights; the lengths must fit `hidden` (1 to [`MAX_HIDDEN`]).
    pub fn new(
        hidden: usize,
        feature_weights: Vec<i16>,
        feature_biases: Vec<i16>,
        output_weights: Vec<i16>,
        output_bias: i16,
    ) -> Result<Network, String> {
        if !(1..=MAX_HIDDEN).contains(&hidden) {
            return Err(format!("hidden size {hidden} is not 1 to {MAX_HIDDEN}"));
        }
        let lengths = [feature_weights.len(), feature_biases.len(), output_weights.len()];
        if lengths != [INPUTS * hidden, hidden, 2 * hidden] {
            return Err(format!("weight counts {lengths:?} do not fit hidden size {hidden}"));
        }
        let small_output_weights = output_weights.iter().all(|w| w.unsigned_abs() <= kernels::SMALL_WEIGHT);
        Ok(Network { hidden, feature_weights, feature_biases, output_weights, output_bias, small_output_weights })
    }

    /// N, the neurons of each accumulator.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The N weights of input `feature` (below 768).
    pub fn feature_row(&self, feature: usize) -> &[i16] {
        &self.feature_weights[feature * self.hidden..(feature + 1) * self.hidden]
    }

    pub fn feature_biases(&self) -> &[i16] {
        &self.feature_biases
    }

    /// 2N weights: the side to move's accumulator's, then the other side's.
    pub fn output_weights(&self) -> &[i16] {
        &self.output_weights
    }

    /// Whether every output weight is within ±[`kernels::SMALL_WEIGHT`].
    pub fn small_output_weights(&self) -> bool {
        self.small_output_weights
    }

    pub fn output_bias(&self) -> i16 {
        self.output_bias
    }

    /// Reads a file, checking its magic, version, hidden size and exact length.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        if bytes.len() < HEADER_BYTES {
            return Err(format!("{} bytes: too short for the {HEADER_BYTES}-byte header", bytes.len()));
        }
        if &bytes[0..8] != MAGIC {
            return Err("not a Bramble network: the file does not start with BRMBNNUE".into());
        }
        let word = |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        let version = word(8);
        if version != VERSION {
            return Err(format!("format version {version}, this build reads version {VERSION}"));
        }
        let hidden = word(12) as usize;
        if !(1..=MAX_HIDDEN).contains(&hidden) {
            return Err(format!("hidden size {hidden} is not 1 to {MAX_HIDDEN}"));
        }
        let expected = file_bytes(hidden);
        if bytes.len() != expected {
            let what = if bytes.len() < expected { "truncated" } else { "extra bytes at the end" };
            return Err(format!("{what}: {} bytes, hidden size {hidden} needs {expected}", bytes.len()));
        }
        let mut values = bytes[HEADER_BYTES..].chunks_exact(2).map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        let mut take = |count: usize| values.by_ref().take(count).collect::<Vec<i16>>();
        let feature_weights = take(INPUTS * hidden);
        let feature_biases = take(hidden);
        let output_weights = take(2 * hidden);
        let output_bias = take(1).first().copied().unwrap_or_default();
        Network::new(hidden, feature_weights, feature_biases, output_weights, output_bias)
    }

    /// Reads a network file (`EvalFile`). A file longer than the largest network is
    /// refused before it is read.
    pub fn from_file(path: &std::path::Path) -> Result<Network, String> {
        let size = std::fs::metadata(path).map_err(|error| format!("cannot read it: {error}"))?.len();
        let largest = file_bytes(MAX_HIDDEN);
        if size > largest as u64 {
            return Err(format!("{size} bytes: larger than any network ({largest} bytes at most)"));
        }
        let bytes = std::fs::read(path).map_err(|error| format!("cannot read it: {error}"))?;
        Network::from_bytes(&bytes)
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(file_bytes(self.hidden));
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        let values = self.feature_weights.iter().chain(&self.feature_biases).chain(&self.output_weights);
        for value in values.chain(std::iter::once(&self.output_bias)) {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        bytes
    }

    /// The evaluation in centipawns for the side to move, from scratch.
    pub fn evaluate_full(&self, board: &Board, side_to_move: Color) -> i32 {
        self.evaluate_features(&features(board, side_to_move))
    }

    /// The evaluation of the inputs of a position, from scratch.
    pub fn evaluate_features(&self, features: &Features) -> i32 {
        let stm = self.accumulator(features.stm());
        let nstm = self.accumulator(features.nstm());
        let (ours, theirs) = self.output_weights.split_at(self.hidden);
        let screlu = |x: i32| i64::from(x.clamp(0, QA) * x.clamp(0, QA));
        let sum: i64 = stm.iter().zip(ours).map(|(&a, &w)| screlu(a) * i64::from(w)).sum::<i64>()
            + nstm.iter().zip(theirs).map(|(&a, &w)| screlu(a) * i64::from(w)).sum::<i64>();
        let out = sum / i64::from(QA) + i64::from(self.output_bias);
        (out * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }

    fn accumulator(&self, active: &[usize]) -> Vec<i32> {
        let mut acc: Vec<i32> = self.feature_biases.iter().map(|&b| i32::from(b)).collect();
        for &feature in active {
            for (a, &w) in acc.iter_mut().zip(self.feature_row(feature)) {
                *a += i32::from(w);
            }
        }
        acc
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position as _};

    use super::*;

    fn random_network(hidden: usize, seed: u64) -> Network {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut values = |count: usize, range: i16| (0..count).map(|_| rng.random_range(-range..=range)).collect();
        let (fw, fb, ow) = (values(INPUTS * hidden, 40), values(hidden, 100), values(2 * hidden, 60));
        Network::new(hidden, fw, fb, ow, -1234).expect("sizes fit")
    }

    fn position(fen: &str) -> Chess {
        let fen: Fen = fen.parse().expect("a FEN");
        fen.into_position(CastlingMode::Standard).expect("legal")
    }

    #[test]
    fn bytes_round_trip() {
        let net = random_network(8, 1);
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), file_bytes(8));
        assert_eq!(&bytes[0..8], b"BRMBNNUE");
        assert_eq!(bytes[8..12], 1u32.to_le_bytes());
        assert_eq!(bytes[12..16], 8u32.to_le_bytes());
        // The first weight: input 0, neuron 0; the last two bytes: the output bias.
        assert_eq!(bytes[16..18], net.feature_row(0)[0].to_le_bytes());
        assert_eq!(bytes[bytes.len() - 2..], (-1234i16).to_le_bytes());
        assert_eq!(Network::from_bytes(&bytes), Ok(net));
        assert_eq!(file_bytes(64), 98_706);
    }

    #[test]
    fn damaged_files_are_rejected() {
        let bytes = random_network(4, 2).to_bytes();
        let error = |bytes: &[u8]| Network::from_bytes(bytes).expect_err("rejected");
        assert!(error(&bytes[..bytes.len() - 1]).starts_with("truncated"));
        assert!(error(&bytes[..10]).contains("too short"));
        assert!(error(&[bytes.as_slice(), &[0, 0]].concat()).starts_with("extra bytes"));
        let mut magic = bytes.clone();
        magic[0] = b'X';
        assert!(error(&magic).contains("BRMBNNUE"));
        let mut version = bytes.clone();
        version[8] = 2;
        assert!(error(&version).contains("version 2"));
        let mut hidden = bytes;
        hidden[12] = 5; // a valid size that the length does not fit
        assert!(error(&hidden).starts_with("truncated"));
        hidden[12..16].copy_from_slice(&0u32.to_le_bytes());
        assert!(error(&hidden).contains("hidden size 0"));
    }

    #[test]
    fn a_colour_flipped_position_scores_the_same() {
        let net = random_network(16, 3);
        for fen in [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "8/8/4k3/8/2K5/8/3P4/8 b - - 0 60",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ] {
            let pos = position(fen);
            let mut flipped = pos.board().clone();
            flipped.flip_vertical();
            flipped.swap_colors();
            let eval = net.evaluate_full(pos.board(), pos.turn());
            assert_eq!(eval, net.evaluate_full(&flipped, pos.turn().other()), "{fen}");
            // Not the same score for the other side to move: the perspective matters.
            assert_ne!(eval, net.evaluate_full(pos.board(), pos.turn().other()), "{fen}");
        }
    }

    #[test]
    fn output_weights_within_the_bound_take_the_fast_sum() {
        let net = |largest: i16| {
            let mut output = vec![0; 2 * 4];
            output[5] = largest;
            Network::new(4, vec![0; INPUTS * 4], vec![0; 4], output, 0).expect("sizes fit")
        };
        assert!(net(128).small_output_weights() && net(-128).small_output_weights());
        assert!(!net(129).small_output_weights() && !net(i16::MIN).small_output_weights());
        // The built-in network (the trainer keeps output weights within ±127) takes it.
        assert!(crate::nnue::builtin::builtin().expect("parses").small_output_weights());
    }

    #[test]
    fn the_evaluation_follows_the_formula() {
        // One neuron, by hand: bias 100, the white king's input (ours on e1) +50, an
        // output weight of 64 (1.0) for ours, 0 for theirs, output bias 0.
        let mut fw = vec![0; INPUTS];
        fw[5 * 64 + 4] = 50;
        let net = Network::new(1, fw, vec![100], vec![64, 0], 0).expect("sizes fit");
        let pos = position("3k4/8/8/8/8/8/8/4K3 w - - 0 1");
        // acc 150: 150^2 * 64 / 255 = 5647, * 400 / (255 * 64) = 138.
        assert_eq!(net.evaluate_full(pos.board(), Color::White), 5647 * 400 / (255 * 64));
        // Black to move: his king is ours on d1 from his side (no weight), so his
        // accumulator is the bias: 100^2 * 64 / 255 = 2509 -> 61.
        assert_eq!(net.evaluate_full(pos.board(), Color::Black), 2509 * 400 / (255 * 64));
    }
}
