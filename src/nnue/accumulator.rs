//! The network in the search: each side's accumulator kept up to date move by move, and
//! the output computed from the two.
//!
//! A position's accumulators are the feature biases plus the feature rows of its pieces,
//! one sum from White's side and one from Black's ([`crate::nnue::features`]). A move
//! changes at most four pieces (castling: king and rook off, king and rook on), so the
//! child's accumulators are the parent's plus and minus those few rows instead of a sum
//! over all 32 pieces. [`AccumulatorStack`] keeps one pair per ply of the line searched.
//! In a network with king buckets, a king move that takes its side into another bucket
//! or across the board's middle (mirroring it) changes every input of that side's
//! perspective: that accumulator is built again instead, from the last one built in
//! that bucket and half (`RefreshCache`): only the pieces that moved since then count.
//!
//! # Integer ranges
//!
//! The accumulators are i16, added with wrapping arithmetic: for the files the trainer
//! writes they never come near the limit (see `format.rs`: within ±16665), and for any
//! other file that `Network::from_bytes` accepts they wrap rather than panic (such a file
//! then evaluates differently from `evaluate_full`'s i32 sums: badly, but safely).
//! Wrapping sums do not depend on the order of the additions, so the incremental
//! accumulators are always exactly the ones built from scratch.
//!
//! In the output, `clamp(acc, 0, QA)^2 * w` is at most `255^2 * 32768 = 2_130_739_200`
//! in size, below `i32::MAX`, so each product is exact in i32; the sum of up to 8192 of
//! them is not, so the products are added in i64.

use std::sync::Arc;

use shakmaty::{Board, ByColor, Color, Move, Piece, Role, Square};

use super::aligned::AlignedValues;
use super::features::{VIEWS, View, oriented};
use super::format::Network;
use super::kernels;
use super::quant::{QA, QB, SCALE};
use crate::position::en_passant_victim;

/// The input of `piece` on `square` as `perspective` sees it through `view` (its king
/// bucket and mirror; see `features.rs`).
#[inline]
pub fn feature(view: View, perspective: Color, piece: Piece, square: Square) -> usize {
    // shakmaty's roles count from 1 (pawn).
    view.index(piece.color != perspective, usize::from(piece.role) - 1, oriented(perspective, square))
}

/// The square a move takes its side's king from, if it moves the king.
#[inline]
fn king_from(m: &Move) -> Option<Square> {
    match *m {
        Move::Normal { role: Role::King, from, .. } => Some(from),
        Move::Castle { king, .. } => Some(king),
        _ => None,
    }
}

/// The pieces a move takes off and puts on: at most two each.
#[derive(Clone, Copy, Debug)]
struct Change {
    off: [(Piece, Square); 2],
    off_count: usize,
    on: [(Piece, Square); 2],
    on_count: usize,
}

impl Change {
    fn of(turn: Color, m: &Move) -> Change {
        let placeholder = (Role::Pawn.of(turn), Square::A1);
        let mut change = Change { off: [placeholder; 2], off_count: 0, on: [placeholder; 2], on_count: 0 };
        let them = turn.other();
        match *m {
            Move::Normal { role, from, capture, to, promotion } => {
                change.take_off(role.of(turn), from);
                if let Some(captured) = capture {
                    change.take_off(captured.of(them), to);
                }
                change.put_on(promotion.unwrap_or(role).of(turn), to);
            }
            Move::EnPassant { from, to } => {
                change.take_off(Role::Pawn.of(turn), from);
                // The captured pawn stands beside the capturing one: its file, our rank.
                change.take_off(Role::Pawn.of(them), en_passant_victim(from, to));
                change.put_on(Role::Pawn.of(turn), to);
            }
            Move::Castle { king, rook } => {
                // Standard and Chess960 alike: the king and rook land on the castling
                // side's squares (either may start on the other's target square).
                let side = shakmaty::CastlingSide::from_queen_side(rook < king);
                change.take_off(Role::King.of(turn), king);
                change.take_off(Role::Rook.of(turn), rook);
                change.put_on(Role::King.of(turn), side.king_to(turn));
                change.put_on(Role::Rook.of(turn), side.rook_to(turn));
            }
            // Drops (crazyhouse) never occur in standard chess; counted all the same.
            Move::Put { role, to } => change.put_on(role.of(turn), to),
        }
        change
    }

    fn take_off(&mut self, piece: Piece, square: Square) {
        self.off[self.off_count] = (piece, square);
        self.off_count += 1;
    }

    fn put_on(&mut self, piece: Piece, square: Square) {
        self.on[self.on_count] = (piece, square);
        self.on_count += 1;
    }
}

/// The accumulators of every ply of a line: `plies` pairs (White's, Black's) of N
/// values each, in one allocation made once per search.
#[derive(Clone, Debug)]
pub struct AccumulatorStack {
    net: Arc<Network>,
    hidden: usize,
    /// Ply-major: ply `p`'s White accumulator, then its Black one; each on a 32-byte
    /// boundary when N is a multiple of 16.
    values: AlignedValues,
    /// With king buckets, the last accumulator built in each view.
    cache: Option<RefreshCache>,
}

/// For a network with king buckets: per perspective and view ([`View::slot`]), the
/// accumulator of the board last built in that view, and that board. Building a
/// perspective's accumulator for a new board then costs the pieces that differ from it,
/// a few after a king move, instead of all 32 (the idea Stockfish calls "Finny tables").
#[derive(Clone, Debug)]
struct RefreshCache {
    /// `[2][VIEWS][N]`: White's perspective's views, then Black's.
    values: AlignedValues,
    boards: Vec<Board>,
}

impl RefreshCache {
    /// Every entry the biases of an empty board.
    fn new(net: &Network) -> RefreshCache {
        let hidden = net.hidden();
        let mut values = AlignedValues::zeros(2 * VIEWS * hidden);
        values.chunks_exact_mut(hidden).for_each(|entry| entry.copy_from_slice(net.feature_biases()));
        RefreshCache { values, boards: vec![Board::empty(); 2 * VIEWS] }
    }
}

impl AccumulatorStack {
    /// A stack for plies 0 to `plies - 1`, all zero until refreshed.
    pub fn new(net: Arc<Network>, plies: usize) -> AccumulatorStack {
        let hidden = net.hidden();
        let cache = (net.king_buckets() > 1).then(|| RefreshCache::new(&net));
        let values = AlignedValues::zeros(plies.max(1) * 2 * hidden);
        AccumulatorStack { net, hidden, values, cache }
    }

    pub fn network(&self) -> &Network {
        &self.net
    }

    fn plies(&self) -> usize {
        self.values.len() / (2 * self.hidden)
    }

    fn offset(&self, ply: usize, perspective: Color) -> usize {
        (2 * ply + usize::from(perspective == Color::Black)) * self.hidden
    }

    /// `perspective`'s accumulator at `ply`.
    pub fn perspective(&self, ply: usize, perspective: Color) -> &[i16] {
        let start = self.offset(ply, perspective);
        &self.values[start..start + self.hidden]
    }

    /// Builds `ply`'s accumulators for `board`, not from a parent's.
    pub fn refresh(&mut self, ply: usize, board: &Board) {
        for perspective in Color::ALL {
            self.refresh_perspective(ply, perspective, board);
        }
    }

    /// Builds `perspective`'s accumulator of `ply` for `board`: from scratch, or with king
    /// buckets from the cached one of its view.
    fn refresh_perspective(&mut self, ply: usize, perspective: Color, board: &Board) {
        let view = View::of(self.net.king_buckets(), board, perspective);
        let start = self.offset(ply, perspective);
        let (net, acc) = (&self.net, &mut self.values[start..start + self.hidden]);
        let Some(cache) = &mut self.cache else {
            acc.copy_from_slice(net.feature_biases());
            for (square, piece) in board {
                add_row(acc, net.feature_row(feature(view, perspective, piece, square)));
            }
            return;
        };
        let entry = usize::from(perspective == Color::Black) * VIEWS + view.slot();
        let cached = &mut cache.values[entry * self.hidden..(entry + 1) * self.hidden];
        let was = &cache.boards[entry];
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece { color, role };
                let (now, before) = (board.by_piece(piece), was.by_piece(piece));
                for square in now & !before {
                    add_row(cached, net.feature_row(feature(view, perspective, piece, square)));
                }
                for square in before & !now {
                    sub_row(cached, net.feature_row(feature(view, perspective, piece, square)));
                }
            }
        }
        cache.boards[entry] = board.clone();
        acc.copy_from_slice(cached);
    }

    /// Ply `ply + 1`'s accumulators: ply `ply`'s after `turn` plays `m`, which leaves
    /// `board`. Beyond the last ply (the search never goes there) nothing is done.
    pub fn play(&mut self, ply: usize, turn: Color, m: &Move, board: &Board) {
        if ply + 1 >= self.plies() {
            return;
        }
        let king_buckets = self.net.king_buckets();
        let views = ByColor::new_with(|perspective| View::of(king_buckets, board, perspective));
        // A king move into another bucket or across the middle: the mover's side built
        // again (never without king buckets, where every view is the plain one).
        let rebuilt =
            king_from(m).is_some_and(|from| View::new(king_buckets, oriented(turn, from)) != *views.get(turn));
        if rebuilt {
            self.refresh_perspective(ply + 1, turn, board);
        }
        let change = Change::of(turn, m);
        let pair = 2 * self.hidden;
        let (parents, children) = self.values.split_at_mut((ply + 1) * pair);
        let parent = &parents[ply * pair..];
        let child = &mut children[..pair];
        for (perspective, (acc, parent)) in
            Color::ALL.into_iter().zip(child.chunks_exact_mut(self.hidden).zip(parent.chunks_exact(self.hidden)))
        {
            if rebuilt && perspective == turn {
                continue;
            }
            let view = *views.get(perspective);
            // Unused slots hold a placeholder piece: a valid row, never passed on.
            let row =
                |&(piece, square): &(Piece, Square)| self.net.feature_row(feature(view, perspective, piece, square));
            let off: [&[i16]; 2] = [row(&change.off[0]), row(&change.off[1])];
            let on: [&[i16]; 2] = [row(&change.on[0]), row(&change.on[1])];
            kernels::update(acc, parent, &off[..change.off_count], &on[..change.on_count]);
        }
    }

    /// Ply `ply + 1`'s accumulators after a null move: the same pieces, so the same sums
    /// (the side to move, which orders them in the output, is the position's).
    pub fn pass(&mut self, ply: usize) {
        if ply + 1 >= self.plies() {
            return;
        }
        let pair = 2 * self.hidden;
        self.values.copy_within(ply * pair..(ply + 1) * pair, (ply + 1) * pair);
    }

    /// The evaluation at `ply` in centipawns for `turn`, the side to move there, with
    /// `pieces` pieces on the board (which pick the output bucket).
    pub fn evaluate(&self, ply: usize, turn: Color, pieces: usize) -> i32 {
        evaluate(&self.net, self.perspective(ply, turn), self.perspective(ply, turn.other()), pieces)
    }
}

#[inline]
fn add_row(acc: &mut [i16], row: &[i16]) {
    for (a, &w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(w);
    }
}

#[inline]
fn sub_row(acc: &mut [i16], row: &[i16]) {
    for (a, &w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(w);
    }
}

/// The network's output in centipawns for the side to move, from its accumulator
/// (`stm`) and the other side's (`nstm`) in a position of `pieces` pieces: the formula
/// of `format.rs`.
pub fn evaluate(net: &Network, stm: &[i16], nstm: &[i16], pieces: usize) -> i32 {
    let bucket = net.bucket(pieces);
    let (clamped, excess) = net.split_output_weights(bucket);
    let (ours, theirs) = clamped.split_at(net.hidden());
    let mut sum = kernels::screlu_dot(stm, ours) + kernels::screlu_dot(nstm, theirs);
    // The weights beyond the fast sum's bound add the rest one by one.
    for &(i, excess) in excess {
        let value = if i < net.hidden() { stm[i] } else { nstm[i - net.hidden()] };
        sum += kernels::screlu_product(value, excess);
    }
    let out = sum / i64::from(QA) + i64::from(net.output_bias(bucket));
    // At most 8192 * 2^31 / 255 * 400 / 16320 (about 1.7e9) in size: fits i32.
    (out * i64::from(SCALE) / i64::from(QA * QB)) as i32
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    use shakmaty::{Chess, Position as _};

    use super::*;
    use crate::nnue::features::KING_BUCKETS;
    use crate::nnue::{INPUTS, test_networks};
    use crate::testing::chess;

    /// One output bucket.
    fn random_network(hidden: usize, seed: u64) -> Arc<Network> {
        random_bucketed(hidden, 1, seed)
    }

    /// `buckets` output buckets, each with its own bias.
    fn random_bucketed(hidden: usize, buckets: usize, seed: u64) -> Arc<Network> {
        let biases: Vec<i16> = (0..buckets as i16).map(|b| 321 - 250 * b).collect();
        Arc::new(test_networks::random_network(hidden, &biases, seed))
    }

    fn fresh(net: &Arc<Network>, board: &Board) -> AccumulatorStack {
        let mut stack = AccumulatorStack::new(Arc::clone(net), 1);
        stack.refresh(0, board);
        stack
    }

    /// The accumulators at `ply` are those of `pos` from scratch, and so is the score.
    fn check(stack: &AccumulatorStack, ply: usize, pos: &Chess, context: &str) {
        let scratch = fresh(&stack.net, pos.board());
        for color in Color::ALL {
            assert_eq!(stack.perspective(ply, color), scratch.perspective(0, color), "{context}");
        }
        let eval = stack.evaluate(ply, pos.turn(), pos.board().occupied().count());
        assert_eq!(eval, stack.net.evaluate_full(pos.board(), pos.turn()), "{context}");
    }

    /// Random games from positions rich in castling, en passant and (under)promotions,
    /// preferring those moves when they are legal, checked at every ply; a third of them
    /// with output buckets, a third with king buckets (whose king moves rebuild one side).
    #[test]
    fn incremental_accumulators_equal_a_refresh_at_every_ply() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "r1n1k2r/1P4P1/8/2pP4/8/8/1p4p1/R1N1K2R w KQkq c6 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ];
        // Output buckets change as pieces are taken; king buckets as kings move.
        let (net, bucketed) = (random_network(24, 7), random_bucketed(24, 8, 6));
        let king_bucketed = Arc::new(test_networks::random_king_bucketed(24, &[77], KING_BUCKETS, 5));
        let mut rebuilt_views = 0;
        let mut rng = StdRng::seed_from_u64(2024);
        let (mut castles, mut en_passants, mut promotions, mut under_captures) = (0, 0, 0, 0);
        for game in 0..300 {
            let start = starts[game % starts.len()];
            let mut pos = chess(start);
            let net = [&net, &bucketed, &king_bucketed][game % 3];
            let mut stack = AccumulatorStack::new(Arc::clone(net), 81);
            stack.refresh(0, pos.board());
            for ply in 0..80 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let special: Vec<&Move> =
                    moves.iter().filter(|m| m.is_castle() || m.is_en_passant() || m.is_promotion()).collect();
                let m = if !special.is_empty() && rng.random_bool(0.7) {
                    *special[rng.random_range(0..special.len())]
                } else {
                    moves[rng.random_range(0..moves.len())]
                };
                castles += usize::from(m.is_castle());
                en_passants += usize::from(m.is_en_passant());
                promotions += usize::from(m.is_promotion());
                under_captures += usize::from(m.is_capture() && m.promotion().is_some_and(|role| role != Role::Queen));
                let turn = pos.turn();
                pos.play_unchecked(m);
                stack.play(ply, turn, &m, pos.board());
                // A king move into another bucket or half: the mover's side was rebuilt.
                if let (Some(from), Some(to)) = (king_from(&m), pos.board().king_of(turn)) {
                    let view = |square| View::new(KING_BUCKETS, oriented(turn, square));
                    rebuilt_views += usize::from(net.king_buckets() > 1 && view(from) != view(to));
                }
                check(&stack, ply + 1, &pos, &format!("{start}, game {game}, ply {ply}, {m}"));
            }
        }
        assert!(
            castles > 100 && en_passants > 30 && promotions > 200 && under_captures > 30 && rebuilt_views > 200,
            "{castles} {en_passants} {promotions} {under_captures} {rebuilt_views}"
        );
    }

    #[test]
    fn a_null_move_keeps_the_accumulators() {
        let net = random_network(16, 8);
        let pos = chess("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let mut stack = AccumulatorStack::new(Arc::clone(&net), 4);
        stack.refresh(0, pos.board());
        let passed = pos.clone().swap_turn().expect("not in check");
        stack.pass(0);
        for color in Color::ALL {
            assert_eq!(stack.perspective(0, color), stack.perspective(1, color));
        }
        check(&stack, 1, &passed, "after a null move");
        let pieces = pos.board().occupied().count();
        assert_ne!(
            stack.evaluate(0, pos.turn(), pieces),
            stack.evaluate(1, passed.turn(), pieces),
            "the side to move matters"
        );
    }

    #[test]
    fn the_last_ply_is_never_written_past() {
        let net = random_network(8, 9);
        let pos = Chess::default();
        let mut stack = AccumulatorStack::new(net, 2);
        stack.refresh(0, pos.board());
        let m = pos.legal_moves()[0];
        let after = pos.clone().play(m).expect("legal");
        stack.play(1, pos.turn(), &m, after.board());
        stack.pass(1);
        stack.play(0, pos.turn(), &m, after.board());
        assert_eq!(stack.perspective(1, Color::White).len(), 8);
    }

    #[test]
    fn extreme_weights_give_the_full_evaluation_without_overflow() {
        // Every weight at the i16 limits: the output must not overflow and must agree
        // with the reference (the accumulators of a bare-kings board do not wrap).
        let hidden = 40;
        let net = Network::new(
            hidden,
            vec![0; INPUTS * hidden],
            vec![i16::MAX; hidden],
            vec![i16::MIN; 2 * hidden],
            vec![i16::MAX],
        )
        .expect("sizes fit");
        let pos = chess("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        let net = Arc::new(net);
        let stack = fresh(&net, pos.board());
        assert_eq!(stack.evaluate(0, Color::White, 2), net.evaluate_full(pos.board(), Color::White));
        assert!(stack.evaluate(0, Color::White, 2) < -1_000_000);
    }
}
