//! The network built into the binary: what `EvalFile` `<default>` means.
//!
//! `nets/bramble-1.nnue`, (768 -> 32) x 2 -> 1, trained on this project's own self-play
//! data (`~/bramble-data/d13.txt` to `d16.txt` less each file's last line, which may be
//! cut short: 635,451 positions, FEN | score | result) with the commands below (20 epochs,
//! about 25 seconds on one core; the same seed and thread count give the same file).
//! README's "NNUE" section has the same lines.
//!
//! ```text
//! head -q -n -1 ~/bramble-data/d13.txt ~/bramble-data/d14.txt ~/bramble-data/d15.txt ~/bramble-data/d16.txt > /tmp/tune3.txt
//! bramble convert --to binary /tmp/tune3.txt /tmp/nnue-train.bin
//! bramble train --data /tmp/nnue-train.bin --hidden 32 --epochs 20 --threads 1 --seed 1 \
//!     --batch 16384 --lr 0.001 --lr-drop-epoch 8 --result-weight 0 --validation 0.05 \
//!     --out nets/bramble-1.nnue
//! ```

use std::sync::{Arc, LazyLock};

use super::format::Network;

/// The file's bytes, inside the binary.
const BYTES: &[u8] = include_bytes!("../../nets/bramble-1.nnue");

/// Parsed once, on first use; a test checks that it parses.
static BUILTIN: LazyLock<Result<Arc<Network>, String>> = LazyLock::new(|| Network::from_bytes(BYTES).map(Arc::new));

/// The built-in network (shared, not copied), or why it could not be read.
pub fn builtin() -> Result<Arc<Network>, String> {
    BUILTIN.clone()
}

#[cfg(test)]
mod tests {
    use shakmaty::{Chess, Position as _};

    use super::*;
    use crate::position::Position;

    fn score(fen: &str) -> i32 {
        let (pos, _) = Position::from_fen(fen, shakmaty::CastlingMode::Standard).expect("a legal FEN");
        let chess: &Chess = pos.chess();
        builtin().expect("the built-in network parses").evaluate_full(chess.board(), chess.turn())
    }

    #[test]
    fn the_builtin_network_parses_and_scores_sanely() {
        assert_eq!(builtin().expect("parses").hidden(), 32);
        let start = score("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(start.abs() < 100, "start position {start}");
        // White has an extra queen (Black's is missing): good for White, bad for Black.
        let queen_up = score("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(queen_up > 300, "a queen up {queen_up}");
        let queen_down = score("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        assert!(queen_down < -300, "a queen down {queen_down}");
    }
}
