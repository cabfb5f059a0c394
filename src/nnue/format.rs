//! The quantised network the engine runs, and its file (`.nnue`).
//!
//! # Architecture: (768K -> N) x 2 -> 1 (of B output buckets), SCReLU, perspective
//!
//! Each side's 768 inputs in each of K king buckets (K = 1, or 4: [`crate::nnue::features`])
//! feed one shared layer of N neurons: that side's accumulator. The output neuron reads the side to move's
//! accumulator with the first N output weights and the other side's with the last N.
//! A network may have B sets of output weights and bias (output buckets); the number of
//! pieces on the board picks one ([`output_bucket`]), so the output can weigh the same
//! neurons differently in the middlegame and in the endgame:
//!
//! ```text
//! acc      = feature_biases + sum of the feature_weights rows of the inputs on
//! screlu(x) = clamp(x, 0, QA)^2
//! b        = output_bucket(pieces on the board, B)
//! out      = (sum screlu(acc_stm[i]) * w[b][i] + sum screlu(acc_nstm[i]) * w[b][N + i]) / QA + output_bias[b]
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
//! | 8-11 | version | u32, 1 (one output bucket), 2 (output buckets) or 3 (king buckets) |
//! | 12-15 | hidden | u32, N (1 to 4096) |
//! | 16-19 | buckets | u32, B (1 to 16); versions 2 and 3, version 1 has B = 1 and no field |
//! | 20-23 | king buckets | u32, K (4); version 3 only, versions 1 and 2 have K = 1 and no field |
//! | .. +1536KN | feature weights | i16 `[768K][N]`, input-major: input `f`'s N weights together |
//! | .. +2N | feature biases | i16 `[N]` |
//! | .. +4NB | output weights | i16 `[B][2N]`: per bucket, the side to move's accumulator, then the other side's |
//! | .. +2B | output biases | i16 `[B]` |
//!
//! So a version 1 file is `16 + 2 * (768N + N + 2N + 1)` bytes (98,706 for N = 64), and
//! a version 2 file `20 + 2 * (768N + N + 2NB + B)`, a version 3 file
//! `24 + 2 * (768KN + N + 2NB + B)`. A network is written in the lowest version that holds
//! it, so the files of earlier builds load and write back the same.

use shakmaty::{Board, Color};

use super::aligned::AlignedValues;
use super::features::{Features, INPUTS, KING_BUCKETS, features};
use super::kernels;
use super::quant::{QA, QB, SCALE};

const MAGIC: &[u8; 8] = b"BRMBNNUE";
/// One output bucket, no bucket field.
const VERSION_ONE_BUCKET: u32 = 1;
/// With the bucket count in the header.
const VERSION_BUCKETS: u32 = 2;
/// With the bucket count and the king bucket count in the header.
const VERSION_KING_BUCKETS: u32 = 3;
/// Hidden sizes a file may state (bounds the allocation a bad header could ask for).
pub const MAX_HIDDEN: usize = 4096;
/// Output buckets a file may state.
pub const MAX_BUCKETS: usize = 16;

/// The output bucket of a position with `pieces` pieces (kings included) among
/// `buckets`: the range 2-32 cut into equal parts, so with 8 buckets 2-5 pieces use
/// bucket 0, 6-9 bucket 1, ... 30-32 bucket 7.
#[inline]
pub fn output_bucket(pieces: usize, buckets: usize) -> usize {
    (pieces.saturating_sub(2) * buckets / 32).min(buckets.saturating_sub(1))
}

/// The quantised network: i16 weights in the layout of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    hidden: usize,
    /// K: 1, or [`KING_BUCKETS`].
    king_buckets: usize,
    /// `[768K][N]`; on a 32-byte boundary, as is each row when N is a multiple of 16.
    feature_weights: AlignedValues,
    feature_biases: Vec<i16>,
    /// `[B][2N]`, aligned as the feature weights.
    output_weights: AlignedValues,
    /// `[B]`: one bias a bucket, so their count is B.
    output_biases: Vec<i16>,
    /// The output weights clamped to ±[`kernels::SMALL_WEIGHT`], laid out and aligned as
    /// they are, so that the output always takes the fast i16 products (`kernels.rs`)...
    clamped_output_weights: AlignedValues,
    /// ... and, per bucket, what the clamp took off the weights beyond it (the trainer
    /// does not clip them; a trained network has a few at most): (index in the bucket's
    /// 2N, weight less its clamped value, which fits i16).
    output_excess: Vec<Vec<(usize, i16)>>,
}

/// Bytes of the weights of a file with `hidden` neurons, `buckets` output buckets and
/// `king_buckets` king buckets.
fn weight_bytes(hidden: usize, buckets: usize, king_buckets: usize) -> usize {
    2 * (INPUTS * king_buckets * hidden + hidden + 2 * hidden * buckets + buckets)
}

/// The version a network is written as: the lowest that holds it.
fn version_for(buckets: usize, king_buckets: usize) -> u32 {
    if king_buckets > 1 {
        VERSION_KING_BUCKETS
    } else if buckets > 1 {
        VERSION_BUCKETS
    } else {
        VERSION_ONE_BUCKET
    }
}

/// Bytes of a file's header: version 2 adds the bucket count, version 3 the king buckets'.
fn header_bytes(version: u32) -> usize {
    match version {
        VERSION_ONE_BUCKET => 16,
        VERSION_BUCKETS => 20,
        _ => 24,
    }
}

/// Bytes of a file with `hidden` neurons, `buckets` output buckets and `king_buckets`
/// king buckets, as written.
pub fn file_bytes(hidden: usize, buckets: usize, king_buckets: usize) -> usize {
    header_bytes(version_for(buckets, king_buckets)) + weight_bytes(hidden, buckets, king_buckets)
}

/// The output weights clamped to ±[`kernels::SMALL_WEIGHT`], and per bucket of `width`
/// weights the index and excess of each weight beyond the bound.
fn clamp_output_weights(weights: &[i16], width: usize) -> (Vec<i16>, Vec<Vec<(usize, i16)>>) {
    let bound = i32::from(kernels::SMALL_WEIGHT);
    let clamped: Vec<i16> = weights.iter().map(|&w| i32::from(w).clamp(-bound, bound) as i16).collect();
    let excess = weights
        .chunks(width)
        .zip(clamped.chunks(width))
        .map(|(bucket, clamped)| {
            let pairs = bucket.iter().zip(clamped).enumerate();
            pairs.filter(|(_, (w, c))| w != c).map(|(i, (&w, &c))| (i, w - c)).collect()
        })
        .collect();
    (clamped, excess)
}

impl Network {
    /// A network from its weights; the lengths must fit `hidden` (1 to [`MAX_HIDDEN`])
    /// and the number of output biases, which is the number of buckets (1 to
    /// [`MAX_BUCKETS`]). The feature weights' count says the king buckets: `768 * N` for
    /// one, `768 * 4 * N` for [`KING_BUCKETS`].
    pub fn new(
        hidden: usize,
        feature_weights: Vec<i16>,
        feature_biases: Vec<i16>,
        output_weights: Vec<i16>,
        output_biases: Vec<i16>,
    ) -> Result<Network, String> {
        if !(1..=MAX_HIDDEN).contains(&hidden) {
            return Err(format!("hidden size {hidden} is not 1 to {MAX_HIDDEN}"));
        }
        let buckets = output_biases.len();
        if !(1..=MAX_BUCKETS).contains(&buckets) {
            return Err(format!("{buckets} output buckets, not 1 to {MAX_BUCKETS}"));
        }
        let king_buckets = if feature_weights.len() == INPUTS * KING_BUCKETS * hidden { KING_BUCKETS } else { 1 };
        let lengths = [feature_weights.len(), feature_biases.len(), output_weights.len()];
        if lengths != [INPUTS * king_buckets * hidden, hidden, 2 * hidden * buckets] {
            return Err(format!("weight counts {lengths:?} do not fit hidden size {hidden} and {buckets} buckets"));
        }
        let (clamped, output_excess) = clamp_output_weights(&output_weights, 2 * hidden);
        let clamped_output_weights = AlignedValues::from_slice(&clamped);
        let (feature_weights, output_weights) =
            (AlignedValues::from_slice(&feature_weights), AlignedValues::from_slice(&output_weights));
        Ok(Network {
            hidden,
            king_buckets,
            feature_weights,
            feature_biases,
            output_weights,
            output_biases,
            clamped_output_weights,
            output_excess,
        })
    }

    /// N, the neurons of each accumulator.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// K, the king buckets: 1, or [`KING_BUCKETS`].
    pub fn king_buckets(&self) -> usize {
        self.king_buckets
    }

    /// Its shape in words: "256 hidden neurons", with ", 8 output buckets" and
    /// ", 4 king buckets" where it has them.
    pub fn describe(&self) -> String {
        let mut words = format!("{} hidden neurons", self.hidden);
        if self.buckets() > 1 {
            words += &format!(", {} output buckets", self.buckets());
        }
        if self.king_buckets > 1 {
            words += &format!(", {} king buckets", self.king_buckets);
        }
        words
    }

    /// The N weights of input `feature` (below 768K).
    pub fn feature_row(&self, feature: usize) -> &[i16] {
        &self.feature_weights[feature * self.hidden..(feature + 1) * self.hidden]
    }

    pub fn feature_biases(&self) -> &[i16] {
        &self.feature_biases
    }

    /// B, the output buckets.
    pub fn buckets(&self) -> usize {
        self.output_biases.len()
    }

    /// The output bucket of a position with `pieces` pieces.
    #[inline]
    pub fn bucket(&self, pieces: usize) -> usize {
        output_bucket(pieces, self.buckets())
    }

    /// Bucket `bucket`'s 2N weights: the side to move's accumulator's, then the other side's.
    pub fn output_weights(&self, bucket: usize) -> &[i16] {
        let width = 2 * self.hidden;
        &self.output_weights[bucket * width..(bucket + 1) * width]
    }

    /// Bucket `bucket`'s 2N weights clamped to ±[`kernels::SMALL_WEIGHT`], and the index
    /// and excess of each weight beyond that bound (none in most networks): their sum is
    /// [`Network::output_weights`].
    pub fn split_output_weights(&self, bucket: usize) -> (&[i16], &[(usize, i16)]) {
        let width = 2 * self.hidden;
        (&self.clamped_output_weights[bucket * width..(bucket + 1) * width], &self.output_excess[bucket])
    }

    pub fn output_bias(&self, bucket: usize) -> i16 {
        self.output_biases[bucket]
    }

    /// Reads a file, checking its magic, version, hidden size, buckets and exact length.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        let too_short =
            |version| format!("{} bytes: too short for the {}-byte header", bytes.len(), header_bytes(version));
        if bytes.len() < header_bytes(VERSION_ONE_BUCKET) {
            return Err(too_short(VERSION_ONE_BUCKET));
        }
        if &bytes[0..8] != MAGIC {
            return Err("not a Bramble network: the file does not start with BRMBNNUE".into());
        }
        let word = |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        let version = word(8);
        if !(VERSION_ONE_BUCKET..=VERSION_KING_BUCKETS).contains(&version) {
            return Err(format!(
                "format version {version}, this build reads versions {VERSION_ONE_BUCKET} to {VERSION_KING_BUCKETS}"
            ));
        }
        if bytes.len() < header_bytes(version) {
            return Err(too_short(version));
        }
        let buckets = if version == VERSION_ONE_BUCKET { 1 } else { word(16) as usize };
        let king_buckets = if version == VERSION_KING_BUCKETS { word(20) as usize } else { 1 };
        if version == VERSION_KING_BUCKETS && king_buckets != KING_BUCKETS {
            return Err(format!("{king_buckets} king buckets, this build knows {KING_BUCKETS}"));
        }
        let hidden = word(12) as usize;
        if !(1..=MAX_HIDDEN).contains(&hidden) {
            return Err(format!("hidden size {hidden} is not 1 to {MAX_HIDDEN}"));
        }
        // Version 2 with one bucket is never written, but reads as it says.
        if !(1..=MAX_BUCKETS).contains(&buckets) {
            return Err(format!("{buckets} output buckets, not 1 to {MAX_BUCKETS}"));
        }
        let header = header_bytes(version);
        let expected = header + weight_bytes(hidden, buckets, king_buckets);
        if bytes.len() != expected {
            let what = if bytes.len() < expected { "truncated" } else { "extra bytes at the end" };
            return Err(format!(
                "{what}: {} bytes, hidden size {hidden}, {buckets} buckets and {king_buckets} king buckets need {expected}",
                bytes.len()
            ));
        }
        let mut values = bytes[header..].chunks_exact(2).map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        let mut take = |count: usize| values.by_ref().take(count).collect::<Vec<i16>>();
        let feature_weights = take(INPUTS * king_buckets * hidden);
        let feature_biases = take(hidden);
        let output_weights = take(2 * hidden * buckets);
        let output_biases = take(buckets);
        Network::new(hidden, feature_weights, feature_biases, output_weights, output_biases)
    }

    /// Reads a network file (`EvalFile`). A file longer than the largest network is
    /// refused before it is read.
    pub fn from_file(path: &std::path::Path) -> Result<Network, String> {
        let size = std::fs::metadata(path).map_err(|error| format!("cannot read it: {error}"))?.len();
        let largest = file_bytes(MAX_HIDDEN, MAX_BUCKETS, KING_BUCKETS);
        if size > largest as u64 {
            return Err(format!("{size} bytes: larger than any network ({largest} bytes at most)"));
        }
        let bytes = std::fs::read(path).map_err(|error| format!("cannot read it: {error}"))?;
        Network::from_bytes(&bytes)
    }

    /// The file's bytes: version 1 for one bucket, 2 for output buckets, 3 for king buckets.
    pub fn to_bytes(&self) -> Vec<u8> {
        let (buckets, king_buckets) = (self.buckets(), self.king_buckets);
        let version = version_for(buckets, king_buckets);
        let mut bytes = Vec::with_capacity(file_bytes(self.hidden, buckets, king_buckets));
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&version.to_le_bytes());
        bytes.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        if version >= VERSION_BUCKETS {
            bytes.extend_from_slice(&(buckets as u32).to_le_bytes());
        }
        if version >= VERSION_KING_BUCKETS {
            bytes.extend_from_slice(&(king_buckets as u32).to_le_bytes());
        }
        let values = self.feature_weights.iter().chain(&self.feature_biases).chain(self.output_weights.iter());
        for value in values.chain(&self.output_biases) {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        bytes
    }

    /// The evaluation in centipawns for the side to move, from scratch.
    pub fn evaluate_full(&self, board: &Board, side_to_move: Color) -> i32 {
        self.evaluate_features(&features(board, side_to_move, self.king_buckets))
    }

    /// The evaluation of the inputs of a position, from scratch.
    pub fn evaluate_features(&self, features: &Features) -> i32 {
        let stm = self.accumulator(features.stm());
        let nstm = self.accumulator(features.nstm());
        // Each input on is one piece.
        let bucket = self.bucket(features.stm().len());
        let (ours, theirs) = self.output_weights(bucket).split_at(self.hidden);
        let screlu = |x: i32| i64::from(x.clamp(0, QA) * x.clamp(0, QA));
        let sum: i64 = stm.iter().zip(ours).map(|(&a, &w)| screlu(a) * i64::from(w)).sum::<i64>()
            + nstm.iter().zip(theirs).map(|(&a, &w)| screlu(a) * i64::from(w)).sum::<i64>();
        let out = sum / i64::from(QA) + i64::from(self.output_bias(bucket));
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
    use shakmaty::Position as _;

    use super::*;
    use crate::nnue::test_networks;
    use crate::testing::chess;

    /// One output bucket.
    fn random_network(hidden: usize, seed: u64) -> Network {
        test_networks::random_network(hidden, &[-1234], seed)
    }

    /// `buckets` output buckets, each with its own bias.
    fn random_bucketed(hidden: usize, buckets: usize, seed: u64) -> Network {
        let biases: Vec<i16> = (0..buckets as i16).map(|b| -1000 + 300 * b).collect();
        test_networks::random_network(hidden, &biases, seed)
    }

    #[test]
    fn bytes_round_trip() {
        let net = random_network(8, 1);
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), file_bytes(8, 1, 1));
        assert_eq!(&bytes[0..8], b"BRMBNNUE");
        assert_eq!(bytes[8..12], 1u32.to_le_bytes());
        assert_eq!(bytes[12..16], 8u32.to_le_bytes());
        // The first weight: input 0, neuron 0; the last two bytes: the output bias.
        assert_eq!(bytes[16..18], net.feature_row(0)[0].to_le_bytes());
        assert_eq!(bytes[bytes.len() - 2..], (-1234i16).to_le_bytes());
        assert_eq!(Network::from_bytes(&bytes), Ok(net));
        assert_eq!(file_bytes(64, 1, 1), 98_706);
    }

    #[test]
    fn bucketed_networks_round_trip_as_version_two() {
        let net = random_bucketed(8, 3, 4);
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), file_bytes(8, 3, 1));
        assert_eq!(bytes.len(), 20 + 2 * (768 * 8 + 8 + 2 * 8 * 3 + 3));
        assert_eq!(bytes[8..12], 2u32.to_le_bytes());
        assert_eq!(bytes[16..20], 3u32.to_le_bytes());
        // The last bucket's bias ends the file.
        assert_eq!(bytes[bytes.len() - 2..], (-400i16).to_le_bytes());
        let read = Network::from_bytes(&bytes).expect("reads");
        assert_eq!((read.buckets(), read.output_bias(1)), (3, -700));
        assert_eq!(read, net);
        // A version 2 file of one bucket (never written) reads as the version 1 file.
        let one = random_network(8, 1);
        let v1 = one.to_bytes();
        let v2 = [&v1[..8], &2u32.to_le_bytes(), &v1[12..16], &1u32.to_le_bytes(), &v1[16..]].concat();
        assert_eq!(Network::from_bytes(&v2), Ok(one));
    }

    #[test]
    fn buckets_cut_the_piece_counts_into_equal_parts() {
        let of = |buckets: usize| (2..=32).map(|pieces| output_bucket(pieces, buckets)).collect::<Vec<usize>>();
        assert!(of(1).iter().all(|&b| b == 0));
        let eight = of(8);
        // 2-5 pieces bucket 0, 6-9 bucket 1, ..., 30-32 bucket 7.
        assert_eq!(&eight[..4], [0, 0, 0, 0]);
        assert_eq!(&eight[4..8], [1, 1, 1, 1]);
        assert_eq!(&eight[28..], [7, 7, 7]);
        assert!(eight.windows(2).all(|pair| pair[0] <= pair[1]));
        assert_eq!(of(16).last(), Some(&15));
        assert_eq!(output_bucket(40, 8), 7, "more pieces than chess has stay in the last bucket");
    }

    #[test]
    fn the_piece_count_picks_the_output_bucket() {
        let net = random_bucketed(16, 8, 5);
        let with_bucket = |bucket: usize| {
            let weights = net.output_weights(bucket).to_vec();
            Network::new(
                16,
                net.feature_weights.to_vec(),
                net.feature_biases.clone(),
                weights,
                vec![net.output_bias(bucket)],
            )
            .expect("sizes fit")
        };
        for (fen, bucket) in [
            ("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", 7),
            ("8/8/4k3/8/2K5/8/3P4/8 b - - 0 60", 0),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 2),
            ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", 1),
        ] {
            let pos = chess(fen);
            assert_eq!(net.bucket(pos.board().occupied().count()), bucket, "{fen}");
            let eval = net.evaluate_full(pos.board(), pos.turn());
            assert_eq!(eval, with_bucket(bucket).evaluate_full(pos.board(), pos.turn()), "{fen}");
            assert_ne!(eval, with_bucket((bucket + 1) % 8).evaluate_full(pos.board(), pos.turn()), "{fen}");
        }
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
        version[8] = 4;
        assert!(error(&version).contains("version 4"));
        let mut hidden = bytes;
        hidden[12] = 5; // a valid size that the length does not fit
        assert!(error(&hidden).starts_with("truncated"));
        hidden[12..16].copy_from_slice(&0u32.to_le_bytes());
        assert!(error(&hidden).contains("hidden size 0"));

        let bucketed = random_bucketed(4, 2, 3).to_bytes();
        assert!(error(&bucketed[..bucketed.len() - 1]).starts_with("truncated"));
        assert!(error(&bucketed[..18]).contains("too short for the 20-byte header"));
        for buckets in [0u32, 17, u32::MAX] {
            let mut wrong = bucketed.clone();
            wrong[16..20].copy_from_slice(&buckets.to_le_bytes());
            assert!(error(&wrong).contains(&format!("{buckets} output buckets")), "{buckets}");
        }
        let mut as_version_one = bucketed;
        as_version_one[8] = 1;
        assert!(error(&as_version_one).starts_with("extra bytes"));
        assert!(Network::new(4, vec![0; INPUTS * 4], vec![0; 4], vec![0; 8], vec![]).is_err());
        assert!(Network::new(4, vec![0; INPUTS * 4], vec![0; 4], vec![0; 8], vec![0, 0]).is_err());

        let king_bucketed = test_networks::random_king_bucketed(4, &[5, 6], KING_BUCKETS, 4).to_bytes();
        assert!(error(&king_bucketed[..king_bucketed.len() - 1]).starts_with("truncated"));
        assert!(error(&king_bucketed[..22]).contains("too short for the 24-byte header"));
        for king_buckets in [0u32, 1, 2, 8, u32::MAX] {
            let mut wrong = king_bucketed.clone();
            wrong[20..24].copy_from_slice(&king_buckets.to_le_bytes());
            assert!(error(&wrong).contains(&format!("{king_buckets} king buckets")), "{king_buckets}");
        }
        let mut as_version_two = king_bucketed;
        as_version_two[8] = 2;
        assert!(error(&as_version_two).starts_with("extra bytes"));
        // Feature weights for two king buckets: no network has that many.
        assert!(Network::new(4, vec![0; INPUTS * 2 * 4], vec![0; 4], vec![0; 8], vec![0]).is_err());
    }

    #[test]
    fn king_bucketed_networks_round_trip_as_version_three() {
        let net = test_networks::random_king_bucketed(8, &[-5, 9, 100], KING_BUCKETS, 2);
        assert_eq!(net.king_buckets(), KING_BUCKETS);
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), file_bytes(8, 3, KING_BUCKETS));
        assert_eq!(bytes.len(), 24 + 2 * (768 * 4 * 8 + 8 + 2 * 8 * 3 + 3));
        assert_eq!(bytes[8..12], 3u32.to_le_bytes());
        assert_eq!(bytes[16..20], 3u32.to_le_bytes());
        assert_eq!(bytes[20..24], 4u32.to_le_bytes());
        assert_eq!(bytes[bytes.len() - 2..], 100i16.to_le_bytes());
        assert_eq!(net.describe(), "8 hidden neurons, 3 output buckets, 4 king buckets");
        assert_eq!(random_network(8, 1).describe(), "8 hidden neurons");
        assert_eq!(Network::from_bytes(&bytes), Ok(net));
        // One output bucket is still version 3 (the king buckets need the field).
        let single = test_networks::random_king_bucketed(8, &[1], KING_BUCKETS, 3).to_bytes();
        assert_eq!((single[8..12].to_vec(), single.len()), (3u32.to_le_bytes().to_vec(), file_bytes(8, 1, 4)));
    }

    /// King buckets mirror each side's board onto its king's half: a position and its
    /// mirror image (files a-h swapped) score the same. Without them they need not.
    #[test]
    fn king_buckets_make_left_and_right_the_same() {
        let bucketed = test_networks::random_king_bucketed(16, &[0], KING_BUCKETS, 6);
        let plain = random_network(16, 6);
        let mut differ = 0;
        for fen in [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "8/8/4k3/8/2K5/8/3P4/8 b - - 0 60",
            "r4rk1/1pp2ppp/p1n5/8/8/2N5/PPP2PPP/2KR3R w - - 0 14",
        ] {
            let pos = chess(fen);
            let mut mirrored = pos.board().clone();
            mirrored.flip_horizontal();
            let eval = bucketed.evaluate_full(pos.board(), pos.turn());
            assert_eq!(eval, bucketed.evaluate_full(&mirrored, pos.turn()), "{fen}");
            differ +=
                usize::from(plain.evaluate_full(pos.board(), pos.turn()) != plain.evaluate_full(&mirrored, pos.turn()));
        }
        assert_eq!(differ, 3);
    }

    #[test]
    fn a_colour_flipped_position_scores_the_same() {
        let net = random_network(16, 3);
        for fen in [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "8/8/4k3/8/2K5/8/3P4/8 b - - 0 60",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ] {
            let pos = chess(fen);
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
    fn output_weights_beyond_the_fast_bound_are_kept_apart() {
        let split = |largest: i16| {
            let mut output = vec![0; 2 * 4 * 2];
            output[5] = -3;
            output[8 + 5] = largest;
            let net = Network::new(4, vec![0; INPUTS * 4], vec![0; 4], output, vec![0, 0]).expect("sizes fit");
            let (first, none) = net.split_output_weights(0);
            assert_eq!((first[5], none), (-3, &[][..]));
            let (clamped, excess) = net.split_output_weights(1);
            (clamped[5], excess.to_vec())
        };
        assert_eq!(split(128), (128, vec![]));
        assert_eq!(split(-128), (-128, vec![]));
        assert_eq!(split(129), (128, vec![(5, 1)]));
        assert_eq!(split(i16::MIN), (-128, vec![(5, -32640)]));
        // A trained network has few weights beyond the bound (bramble-10: 9 of 6,144; bramble-11: 14), so
        // the output is nearly all the fast sum.
        let builtin = crate::nnue::builtin::builtin().expect("parses");
        let beyond: usize = (0..builtin.buckets()).map(|bucket| builtin.split_output_weights(bucket).1.len()).sum();
        assert!(beyond <= 16, "{beyond} output weights beyond ±{}", kernels::SMALL_WEIGHT);
    }

    #[test]
    fn the_evaluation_follows_the_formula() {
        // One neuron, by hand: bias 100, the white king's input (ours on e1) +50, an
        // output weight of 64 (1.0) for ours, 0 for theirs, output bias 0.
        let mut fw = vec![0; INPUTS];
        fw[5 * 64 + 4] = 50;
        let net = Network::new(1, fw, vec![100], vec![64, 0], vec![0]).expect("sizes fit");
        let pos = chess("3k4/8/8/8/8/8/8/4K3 w - - 0 1");
        // acc 150: 150^2 * 64 / 255 = 5647, * 400 / (255 * 64) = 138.
        assert_eq!(net.evaluate_full(pos.board(), Color::White), 5647 * 400 / (255 * 64));
        // Black to move: his king is ours on d1 from his side (no weight), so his
        // accumulator is the bias: 100^2 * 64 / 255 = 2509 -> 61.
        assert_eq!(net.evaluate_full(pos.board(), Color::Black), 2509 * 400 / (255 * 64));
    }
}
