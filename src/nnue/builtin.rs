//! The network built into the binary: what `EvalFile` `<default>` means.
//!
//! `nets/bramble-11.nnue`, (768 -> 384) x 2 -> 1 with 8 output buckets (the output layer
//! picked by the number of pieces), trained on this project's own self-play games in
//! `data/` (d40 to d111 but d56: 67,567,708 positions; `data/manifest.txt` has the
//! command, build and seed of each file) with the command below (40 epochs, the rate a
//! tenth after epoch 16, a tenth of each target the game's result, each position mirrored
//! left to right in about half of them, validated on d56; about 58 minutes on two cores;
//! the same seed and thread count give the same file). docs/networks.md (bramble-11) has
//! the same lines.
//!
//! ```text
//! bramble train --data $(ls data/d[4-9]?.games.xz data/d10?.games.xz data/d11[01].games.xz | grep -v d56 | paste -sd,) \
//!     --validation-data data/d56.games.xz --hidden 384 --output-buckets 8 --epochs 40 --lr-drop-epoch 16 \
//!     --threads 2 --seed 1 --result-weight 0.1 --out nets/bramble-11.nnue
//! ```

use std::sync::{Arc, LazyLock};

use super::format::Network;

/// The file's bytes, inside the binary: `nets/bramble-11.nnue`, or the file `make
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
        // Eight output buckets: the bucketed layout (version 2) writes back byte for byte too.
        let net = builtin().expect("parses");
        assert_eq!(net.buckets(), 8);
        assert!(net.to_bytes() == BYTES, "the built-in file does not round-trip");
    }

    #[test]
    fn the_builtin_network_parses_and_scores_sanely() {
        assert_eq!(builtin().expect("parses").hidden(), 384);
        let start = score("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(start.abs() < 100, "start position {start}");
        // White has an extra queen (Black's is missing): good for White, bad for Black.
        let queen_up = score("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(queen_up > 300, "a queen up {queen_up}");
        let queen_down = score("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        assert!(queen_down < -300, "a queen down {queen_down}");
    }
}
