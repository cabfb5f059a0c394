//! The network built into the binary: what `EvalFile` `<default>` means.
//!
//! `nets/bramble-5.nnue`, (768 -> 256) x 2 -> 1, trained on this project's own self-play
//! data (`~/bramble-data/d24.txt` to `d35.txt` but d33: 7,635,841 positions, FEN | score |
//! result, the `datagen` commands in docs/tuning.md and docs/networks.md) with the
//! commands below (20 epochs, a tenth of each target the game's result, each position
//! mirrored left to right in about half of them, validated on d33; about 200 seconds on
//! two cores; the same seed and thread count give the same file). docs/networks.md
//! (bramble-5) has the same lines.
//!
//! ```text
//! for f in d24 d25 d26 d27 d28 d29 d30 d31 d32 d33 d34 d35; do bramble convert --to binary ~/bramble-data/$f.txt $f.bin; done
//! bramble train --data d24.bin,d25.bin,d26.bin,d27.bin,d28.bin,d29.bin,d30.bin,d31.bin,d32.bin,d34.bin,d35.bin \
//!     --validation-data d33.bin --hidden 256 --epochs 20 --threads 2 --seed 1 --result-weight 0.1 --mirror \
//!     --out nets/bramble-5.nnue
//! ```

use std::sync::{Arc, LazyLock};

use super::format::Network;

/// The file's bytes, inside the binary: `nets/bramble-5.nnue`, or the file `make
/// EVALFILE=...` named (`build.rs`).
const BYTES: &[u8] = include_bytes!(env!("BRAMBLE_BUILTIN_NET"));

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
    fn the_builtin_network_writes_back_its_own_bytes() {
        // One output bucket: the version 1 layout, unchanged by the bucketed format.
        let net = builtin().expect("parses");
        assert_eq!(net.buckets(), 1);
        assert!(net.to_bytes() == BYTES, "the built-in file does not round-trip");
    }

    #[test]
    fn the_builtin_network_parses_and_scores_sanely() {
        assert_eq!(builtin().expect("parses").hidden(), 256);
        let start = score("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(start.abs() < 100, "start position {start}");
        // White has an extra queen (Black's is missing): good for White, bad for Black.
        let queen_up = score("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(queen_up > 300, "a queen up {queen_up}");
        let queen_down = score("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        assert!(queen_down < -300, "a queen down {queen_down}");
    }
}
