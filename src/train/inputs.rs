//! The network's inputs of a training record: the trainer's side of
//! [`crate::nnue::features`].
//!
//! A training record is already stored as the side to move sees it, so its pieces give the
//! side to move's indices directly, and the same flip and swap give the other side's.

use crate::nnue::features::{Features, View};
use crate::train::trainingdata::Record;

/// The inputs of a training record for a network of `king_buckets` king buckets
/// (checked by `trainingdata::decode`: at most 32 pieces, role codes 0 to 5).
pub fn record_features(record: &Record, king_buckets: usize) -> Features {
    record_features_with(record, 0, king_buckets)
}

/// The inputs of a training record's board mirrored left to right (files a and h swapped).
/// Without castling rights, which the network does not see, the mirrored position is the
/// same position for play, so the trainer may learn from it as well (`TrainOptions::mirror`).
/// With king buckets, which mirror each perspective's board onto its king's half, these
/// are the same inputs as the record's own.
pub fn record_features_mirrored(record: &Record, king_buckets: usize) -> Features {
    record_features_with(record, 7, king_buckets)
}

/// `square_xor` 0 keeps each square, 7 mirrors its file.
fn record_features_with(record: &Record, square_xor: usize, king_buckets: usize) -> Features {
    // The kings first: they pick each perspective's view. A record without a king (never
    // a legal position) takes the first bucket for that side.
    let (mut ours, mut theirs) = (0, 0);
    for (piece, square) in *record {
        if king_buckets > 1 && piece & 7 == KING {
            let square = usize::from(square) ^ square_xor;
            if piece & 8 == 0 { ours = square } else { theirs = square }
        }
    }
    // The other side's view of its own king: the board flipped.
    let mut features = Features::new(View::new(king_buckets, ours), View::new(king_buckets, theirs ^ 56));
    for (piece, square) in *record {
        features.push(piece & 8 != 0, usize::from(piece & 7), usize::from(square) ^ square_xor);
    }
    features
}

/// The role code of a king in a record (pawn 0 ... king 5).
const KING: u8 = 5;

#[cfg(test)]
mod tests {
    use shakmaty::Position as _;

    use super::*;
    use crate::nnue::features::{KING_BUCKETS, features};
    use crate::testing::{chess, sorted};
    use crate::train::trainingdata::pack;

    #[test]
    fn a_record_and_its_board_give_the_same_inputs() {
        for fen in [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 4 4",
            "8/8/4k3/8/2K5/8/3P4/8 b - - 0 60",
        ] {
            let pos = chess(fen);
            for king_buckets in [1, KING_BUCKETS] {
                let from_board = features(pos.board(), pos.turn(), king_buckets);
                let from_record = record_features(&pack(&pos, 0, 0.5), king_buckets);
                assert_eq!(sorted(from_board.stm().to_vec()), sorted(from_record.stm().to_vec()), "{fen}");
                assert_eq!(sorted(from_board.nstm().to_vec()), sorted(from_record.nstm().to_vec()), "{fen}");
            }
        }
    }

    #[test]
    fn a_mirrored_record_gives_the_mirrored_boards_inputs() {
        for fen in
            ["r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", "8/8/4k3/8/2K5/8/3P4/8 b - - 0 60"]
        {
            let pos = chess(fen);
            let mut mirrored = pos.board().clone();
            mirrored.flip_horizontal();
            let from_board = features(&mirrored, pos.turn(), 1);
            let from_record = record_features_mirrored(&pack(&pos, 0, 0.5), 1);
            assert_eq!(sorted(from_board.stm().to_vec()), sorted(from_record.stm().to_vec()), "{fen}");
            assert_eq!(sorted(from_board.nstm().to_vec()), sorted(from_record.nstm().to_vec()), "{fen}");
            let plain = record_features(&pack(&pos, 0, 0.5), 1);
            assert_ne!(sorted(plain.stm().to_vec()), sorted(from_record.stm().to_vec()), "{fen}: not symmetric");
            // King buckets mirror each side onto its king's half: the same inputs.
            let record = pack(&pos, 0, 0.5);
            let (plain, mirrored) =
                (record_features(&record, KING_BUCKETS), record_features_mirrored(&record, KING_BUCKETS));
            assert_eq!(sorted(plain.stm().to_vec()), sorted(mirrored.stm().to_vec()), "{fen}");
            assert_eq!(sorted(plain.nstm().to_vec()), sorted(mirrored.nstm().to_vec()), "{fen}");
        }
    }
}
