//! Every tunable number of the search, declared once. The names follow one vocabulary:
//!
//! - `..._DEPTH`: a depth (in plies) at or below / at or above which a technique applies.
//! - `..._MARGIN`: a score margin in centipawns, usually per ply of depth.
//! - `..._BASE`, `..._DIVISOR`, `..._FACTOR`: the terms of a formula.
//!
//! The measured worth of each technique is written where it lives, in `alphabeta.rs`,
//! `qsearch.rs`, `ordering.rs` and `driver.rs`.

/// Reverse futility pruning: up to this depth, with this margin per ply.
pub const RFP_MAX_DEPTH: i32 = 7;
pub const RFP_MARGIN: i32 = 80;

/// Null-move pruning: tried from this depth on.
pub const NMP_MIN_DEPTH: i32 = 3;
/// Null-move pruning: the reduction is `NMP_REDUCTION_BASE + depth / NMP_REDUCTION_DIVISOR`
/// plus one per `NMP_EVAL_DIVISOR` the static evaluation exceeds beta (at most `NMP_EVAL_MAX`).
pub const NMP_REDUCTION_BASE: i32 = 3;
pub const NMP_REDUCTION_DIVISOR: i32 = 3;
pub const NMP_EVAL_DIVISOR: i32 = 200;
pub const NMP_EVAL_MAX: i32 = 3;
/// Null-move pruning: from this depth on a cut-off is verified by a search without null moves.
pub const NMP_VERIFY_DEPTH: i32 = 12;

/// Late move reductions: from this depth on, after this many moves (one more in PV nodes).
pub const LMR_MIN_DEPTH: i32 = 3;
pub const LMR_MIN_MOVES: usize = 2;
/// Late move reductions: the base reduction is `LMR_BASE + ln(depth) ln(move number) / LMR_DIVISOR`,
/// one ply less per `LMR_HISTORY_DIVISOR` of history score.
pub const LMR_BASE: f64 = 0.75;
pub const LMR_DIVISOR: f64 = 2.25;
pub const LMR_HISTORY_DIVISOR: i32 = 8_192;
/// Late move reductions: one ply less for a move that gives check, one more in a node
/// whose evaluation is not improving and one more when its table move is a capture.
/// Off: on (bench 1,515,830), SPRT [0, 10] at 5+0.05 against off was stopped at 115
/// games, W-D-L 23-65-27, -12 Elo [-54, +30], LLR about -0.4: no sign of a gain, so the
/// three are to be tried one at a time (issue 25, step 5). On, the last mate of the
/// mate-in-2 file is found at depth 5 instead of 13. Each has its switch, all off.
pub const LMR_LESS_FOR_CHECKS: bool = false;
pub const LMR_MORE_NOT_IMPROVING: bool = false;
pub const LMR_MORE_AFTER_TT_CAPTURE: bool = false;
/// Late move reductions: one ply more in a cut node (a null-window node expected to fail
/// high: the reply to a late move, or the first reply in an all node), where the late
/// moves matter least. Off: together with `SEE_PRUNING_SPARES_CAPTURE_CHECKS` (both on:
/// bench 1,727,276) against both off, SPRT [0, 10] at 5+0.05 stopped at 205 games, W-D-L
/// 42-119-44, -3.4 Elo [-34.3, +27.5], LLR about -0.3 (session 18): no sign of the gain the
/// SEE switch shows alone. Alone (on: bench 1,478,951) against off, SPRT [0, 10] at
/// 30,000 nodes a move (`sprt --nodes`: the switch does not change the cost of a node)
/// stopped at 587 games, W-D-L 161-269-157, +2.4 Elo [-18.3, +23.1] (fastchess at 500:
/// +4.2 +/- 22.1, LLR -0.07): no gain worth a place.
pub const LMR_MORE_AT_CUT_NODES: bool = false;

/// Correction history: the static evaluation is corrected by the errors searches of the
/// same pawn structure found (`correction.rs`). Off: with `CAPTURE_HISTORY`, SPRT [0, 10]
/// at 5+0.05 against both off was stopped at 441 games, W-D-L 110-220-111, -0.8 Elo
/// [-23.8, +22.2], LLR about -0.4: no gain together. Alone, against the evaluation before
/// its retuning: stopped at 353 games, W-D-L 92-181-80, +11.8 Elo [-13.5, +37.2]. Alone,
/// against the retuned evaluation (on: bench 1,609,505): stopped at 307 games (sessions 13
/// and 14), W-D-L 84-148-75, +10.2 Elo [-17.8, +38.3], LLR about +0.3. Both undecided.
/// On (session 18, bench 1,575,266) against off at 92da513, SPRT [0, 10] at 30,000 nodes
/// a move (`sprt --nodes`): 696 games, W-D-L 247-271-178, +34.6 +/- 19.6 Elo, LLR 2.97,
/// H1 accepted. The same builds at 5+0.05 then: stopped at 151 games (the end of the
/// session), W-D-L 32-77-42, -23.0 Elo [-62.3, +15.6]. Better per node, not yet shown
/// better per second: the pawn key was then rebuilt from the board at every node (about
/// 8% of the speed); it is now kept by make-move. On at c26eeea (incremental pawn key)
/// against off, SPRT [0, 10] at 5+0.05 (session 19): stopped at 663 games, W-D-L
/// 172-338-153, +10.0 Elo [-8.5, +28.5] (fastchess at 600: +12.2 +/- 19.2, LLR 0.75, the
/// LLR flat from game 500 on); same time per move (0.119 s), depth 14.62 against 14.75.
/// About +10 Elo a second, half its gain per node: not decidable in a 2-core session
/// (about 2,000 games); stays off until a longer run (the device machine) accepts it.
/// On together with `CORRECTION_NON_PAWN` and `TIME_NODE_SHARE` (bench 1,658,609) against
/// all three off at 4101bf1, SPRT [0, 10] at 5+0.05 (session 22): stopped at 418 games,
/// W-D-L 111-199-108, +2.5 Elo [-21.1, +26.1] (pentanomial), LLR -0.17: no gain shown.
/// With the network as the evaluator (session 32), on together with
/// `QSEARCH_TT_MOVE_AND_DELTA` and `SEE_PRUNING_SPARES_CAPTURE_CHECKS` (bench 1,472,577)
/// against all three off at 4c9a684, SPRT [0, 10] at 5+0.05: stopped at 165 games, W-D-L
/// 28-96-41, -29.7 Elo [-66.1, +6.0], LLR -1.05: no gain; the three stay off.
pub const CORRECTION_HISTORY: bool = false;
/// Correction history by each side's pieces other than pawns too (two more tables, keyed
/// by those pieces; half of each of their entries is added to the pawn table's). Needs
/// `CORRECTION_HISTORY`. Off: measured with it and `TIME_NODE_SHARE` (see there), no gain.
pub const CORRECTION_NON_PAWN: bool = false;

/// Capture history: captures that win or break even are ordered by the victim's value
/// and then by how well the same capture did before (`history.rs`). On, measured with
/// `PROBCUT` (see there). With the tables it was measured with `CORRECTION_HISTORY`
/// (see there), no gain together.
pub const CAPTURE_HISTORY: bool = true;
/// Capture history: one victim's worth of ordering is this many history points.
pub const CAPTURE_HISTORY_VICTIM: i32 = 2_048;

/// ProbCut: from this depth on, in null-window nodes, a capture that beats beta plus this
/// margin in a search this many plies shallower cuts the node off. With the tables: on
/// (bench 1,700,970), SPRT [0, 10] at 5+0.05 against off was stopped at 107 games, W-D-L
/// 20-61-26, -19.5 Elo [-63.2, +23.6], LLR about -0.5. With the network (session 32),
/// together with `CAPTURE_HISTORY` (both on: bench 1,506,858) against both off at 4c9a684,
/// SPRT [0, 10] at 5+0.05: 522 games, W-D-L 140-295-87, +35.4 +/- 19.6 Elo (pentanomial
/// 9-42-117-73-20), LLR 2.95, H1 accepted. On.
pub const PROBCUT: bool = true;
pub const PROBCUT_MIN_DEPTH: i32 = 5;
pub const PROBCUT_MARGIN: i32 = 200;
pub const PROBCUT_REDUCTION: i32 = 4;

/// Internal iterative reduction: from this depth on, a node without a table move is
/// searched one ply shallower.
pub const IIR_MIN_DEPTH: i32 = 4;

/// Singular extensions: from this depth on, when the table's entry is at most
/// `SE_TT_DEPTH_MARGIN` plies shallower; the other moves must stay below the table score
/// minus `SE_MARGIN` per ply.
pub const SE_MIN_DEPTH: i32 = 8;
pub const SE_TT_DEPTH_MARGIN: i32 = 3;
pub const SE_MARGIN: i32 = 2;
/// Singular extensions, more of them: in null-window nodes a table move whose rivals all
/// stay `SE_DOUBLE_MARGIN` below the singular bound is extended two plies; in a cut node
/// a table move that is not singular is searched one ply shallower. Off: on (bench
/// 1,676,010) against off, SPRT [0, 10] at 30,000 nodes a move (session 19) stopped at
/// 688 games, W-D-L 209-274-205, +2.0 Elo [-18.1, +22.2] (fastchess at 600: +5.2 +/- 21.1,
/// LLR 0.02): no gain shown per node.
pub const SE_DOUBLE_AND_CUT_NODE: bool = false;
pub const SE_DOUBLE_MARGIN: i32 = 20;

/// Futility pruning of quiet moves: up to this depth, when the static evaluation plus
/// `FUTILITY_BASE + FUTILITY_MARGIN * depth` does not reach alpha.
pub const FUTILITY_MAX_DEPTH: i32 = 8;
pub const FUTILITY_BASE: i32 = 100;
pub const FUTILITY_MARGIN: i32 = 100;

/// Shallow pruning II (issue 25, step 3 refined): futility pruning judged per quiet move
/// at the depth late move reductions would leave it (its "LMR depth", history included)
/// instead of the node's depth, and history pruning of quiet moves whose history is below
/// `-HISTORY_PRUNING_MARGIN` per ply at an LMR depth up to `HISTORY_PRUNING_MAX_DEPTH`.
/// Measured together with `RAZORING` (both on: bench 1,564,827; both off: 1,671,858) at
/// 55d4e12, SPRT [0, 10] at 5+0.05 (session 23), stopped undecided at the session's match
/// deadline: 892 games, W-D-L 195-538-159, +14.0 Elo [-0.5, +28.6] (LLR about 1.6;
/// fastchess at 800 games: +13.5 +/- 15.3, LLR 1.36). Landed on that estimate, to be
/// confirmed by a longer run. (`PRUNING_II` alone, razoring off: bench 1,711,665, not
/// measured.)
pub const PRUNING_II: bool = true;
/// Razoring: up to `RAZOR_MAX_DEPTH`, a null-window node whose evaluation is
/// `RAZOR_MARGIN` per ply below alpha is settled by quiescence when quiescence agrees.
/// Measured with `PRUNING_II` (see there). It delays one mate in 2 of the mate file
/// (8/2r2pk1/3p2p1/3Pb3/2P1P2K/6r1/1R2B3/1R6 b) from depth 14 to depth 16: quiescence does
/// not see the quiet mating moves below a razored node.
pub const RAZORING: bool = true;
pub const HISTORY_PRUNING_MAX_DEPTH: i32 = 3;
pub const HISTORY_PRUNING_MARGIN: i32 = 2_048;
pub const RAZOR_MAX_DEPTH: i32 = 3;
pub const RAZOR_MARGIN: i32 = 250;

/// Static exchange pruning in the main search: up to these depths, quiet moves that lose
/// more than `SEE_QUIET_MARGIN` per ply and captures that lose more than
/// `SEE_CAPTURE_MARGIN` per ply are not searched.
pub const SEE_QUIET_MAX_DEPTH: i32 = 8;
pub const SEE_QUIET_MARGIN: i32 = 60;
pub const SEE_CAPTURE_MAX_DEPTH: i32 = 6;
pub const SEE_CAPTURE_MARGIN: i32 = 100;
/// Whether captures that give check are spared the static exchange pruning, as quiet
/// checks are (most WAC misses at 1 s are sacrifices with check: Qxh7+, Qxg7+, Rxh2+).
/// Off: on (bench 1,804,466 at f5f7b2c), SPRT [0, 10] at 5+0.05 against off, two runs of
/// the same two builds of f5f7b2c (session 17): stopped at 535 games (W-D-L 136-288-111)
/// and at 215 (69-100-46); together 750 games, W-D-L 205-388-157, +22.3 Elo [+5.0, +39.6],
/// LLR about +2.2 (trinomial): not yet accepted. A third run (session 18): 125 games,
/// W-D-L 29-63-33; all three 875 games, W-D-L 234-451-190, +17.5 Elo [+1.5, +33.6], LLR
/// about +1.9. On at 92da513 (bench 1,779,426) against off: stopped at 127 games, W-D-L
/// 24-61-42, -49.6 Elo [-94.2, -6.5]. All four runs: 1,002 games, W-D-L 258-512-232,
/// about +9 Elo [-6, +24], LLR about +0.7: no gain shown; left off and no longer tested.
/// WAC at 1 s with a build running beside: 274/300 on, 270 off.
/// With the network: measured with `CORRECTION_HISTORY` and the other of these two
/// switches (see there), -29.7 Elo [-66.1, +6.0] in 165 games together.
pub const SEE_PRUNING_SPARES_CAPTURE_CHECKS: bool = false;

/// Quiescence: the table's move is tried first, and a capture (not a promotion) whose
/// victim plus `QSEARCH_DELTA_MARGIN` does not lift the stand-pat score to alpha is not
/// searched (delta pruning). Off: on (bench 1,607,111) against off, SPRT [0, 10] at
/// 30,000 nodes a move (session 19) stopped at 1,257 games, W-D-L 378-524-355, +6.4 Elo
/// [-8.3, +21.0] (fastchess at 1,200: +4.9 +/- 14.4, LLR -0.01): no gain shown per node.
/// With the network: measured with `CORRECTION_HISTORY` and the other of these two
/// switches (see there), -29.7 Elo [-66.1, +6.0] in 165 games together.
pub const QSEARCH_TT_MOVE_AND_DELTA: bool = false;
pub const QSEARCH_DELTA_MARGIN: i32 = 200;
/// Quiescence: at its first ply (the main search's horizon), quiet moves that give check
/// are searched too (that do not lose material by static exchange), for the mating
/// attacks WAC's misses are. Off: on (bench 1,741,110, 2.16M nps) WAC at 1 s (two halves
/// side by side) 280/300 against 279 off, the same session: the misses are not for want
/// of checks at the horizon. Not measured by SPRT (session 33).
pub const QSEARCH_CHECKS: bool = false;

/// Late move pruning: up to this depth a node searches at most `LMP_BASE + depth^2` quiet
/// moves, half as many when the evaluation is not improving.
pub const LMP_MAX_DEPTH: i32 = 8;
pub const LMP_BASE: i32 = 3;

/// Aspiration windows: from this depth on, the first window is the previous score plus or
/// minus this margin; it doubles on each fail.
pub const ASPIRATION_MIN_DEPTH: i32 = 4;
pub const ASPIRATION_DELTA: i32 = 25;

/// Time use: the soft time limit is scaled by `TIME_STABILITY_FACTOR[n]` when the best
/// move has stood for `n` iterations after the one that found it (the last entry for more),
/// and grows by `TIME_SCORE_DROP_FACTOR` per centipawn the score fell in the last iteration
/// (counting at most `TIME_SCORE_DROP_MAX`). The hard limit stays as it is.
pub const TIME_STABILITY_FACTOR: [f64; 5] = [1.8, 1.4, 1.1, 0.9, 0.75];
pub const TIME_SCORE_DROP_FACTOR: f64 = 0.01;
pub const TIME_SCORE_DROP_MAX: i32 = 50;
/// Time use by node share: with the switch on, the soft time limit is also scaled by
/// `(TIME_NODE_SHARE_BASE - share) * TIME_NODE_SHARE_FACTOR`, where `share` is the part of
/// this thread's nodes spent under the best move: a best move that took most of the
/// search is settled, one that took little may be overtaken. Off: measured with
/// `CORRECTION_HISTORY` (see there), no gain together.
/// Alone, with the network (session 32, bench identical), against off at 4c9a684, SPRT
/// [0, 10] at 5+0.05: stopped at 149 games, W-D-L 26-90-33, -18.8 Elo [-47.9, +10.0],
/// LLR -1.10: no gain.
pub const TIME_NODE_SHARE: bool = false;
pub const TIME_NODE_SHARE_BASE: f64 = 1.5;
pub const TIME_NODE_SHARE_FACTOR: f64 = 1.35;
