//! The node search: negamax alpha-beta with principal variation search (PVS).
//!
//! `PV` nodes have an open window and keep the principal variation; all other nodes are
//! searched with a null window, only to prove a move is no better than alpha. The const
//! parameter compiles the function twice, once for each kind.

use std::cell::OnceCell;
#[cfg(not(feature = "tune"))]
use std::sync::LazyLock;

use shakmaty::{Move, MoveList, Position as _};

use super::history::{Context, threats};
use super::ordering::MovePicker;
use super::params::*;
use super::searcher::Searcher;
use super::see::see_at_least;
use super::tablebase::tablebase_store_depth;
use crate::movegen::{add_noisy_moves, is_noisy};
use crate::packed_move::{PackedMove, find_move};
use crate::position::{CheckSquares, Position};
use crate::scores::{DRAW, INFINITY, MATE, MATE_BOUND, MAX_PLY, TB_WIN_BOUND};
use crate::tt::{Bound, TtData};

impl Searcher<'_> {
    /// The score of `pos` in the window (alpha, beta) at `depth`, fail-soft: the steps
    /// below in order, each of which may settle the node before the moves are searched.
    pub(super) fn alphabeta<const PV: bool>(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        self.line.pv.clear(ply);
        let in_check = pos.is_check();

        // Step 1. Draws, also at the horizon (never at the root, which must return a move).
        if ply > 0 && self.is_draw(pos, in_check) {
            return DRAW;
        }

        // Step 2. At the horizon, resolve captures (or evaluate, for the minimax tests).
        if depth <= 0 {
            return self.horizon(pos, alpha, beta, ply);
        }

        // Step 3. Count the node; unwind at once once the search is stopped.
        if self.control.visit_node() {
            return 0;
        }
        self.line.seldepth = self.line.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos, ply);
        }

        // Step 3b. Mate distance pruning: no line from here can beat a mate already found
        // closer to the root.
        if ply > 0 {
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }

        let window = MoveWindow { beta, depth, ply, cut_node, in_check, reduce_more: 0 };
        let mut node = Node::new(alpha, window, self.line.stack[ply].excluded);
        // The children's cut-offs are counted afresh for each node; they inherit the
        // line's double extensions (a move's search adds its own).
        self.line.stack[ply + 1].cutoffs = 0;
        self.line.stack[ply + 1].double_extensions = self.line.stack[ply].double_extensions;

        // Steps 4 and 5. The transposition table and the tablebases.
        if let Some(score) = self.probe_tables::<PV>(pos, &mut node) {
            return score;
        }

        // Steps 6 and 6b. The static evaluation; internal iterative reduction.
        self.evaluate_node(pos, &mut node);

        // Steps 7 to 8b. Pruning before any move is searched.
        if let Some(score) = self.prune_before_moves::<PV>(pos, &node) {
            return score;
        }

        // Step 9. The legal moves; none: checkmate or stalemate.
        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { DRAW };
        }
        node.table_move = find_move(&moves, node.tt_move);

        // Step 9b. Singular extension of the table's move (or a multi-cut).
        if let Some(score) = self.singular_extension::<PV>(pos, &mut node) {
            return score;
        }

        // Step 10. The moves.
        if let Some(score) = self.search_moves::<PV>(pos, &mut moves, &mut node) {
            return score;
        }

        // Step 11. Remember the result.
        self.store_result(pos, &node)
    }

    /// Steps 4 and 5: the transposition table and the tablebases. `Some(score)` when
    /// either decides the node; otherwise `node` gets the table's entry and move, and the
    /// tablebases' bounds of a PV node.
    #[inline(always)]
    fn probe_tables<const PV: bool>(&mut self, pos: &Position, node: &mut Node) -> Option<i32> {
        let MoveWindow { beta, depth, ply, .. } = node.window;
        let excluding = node.excluding();

        // Step 4. Transposition table: a deep enough bound ends a null-window node.
        let tt_hit = self.tt.probe(pos.key(), ply);
        if let Some(hit) = tt_hit
            && !PV
            && !excluding
            && self.settings.heuristics.tt_cutoffs
            && hit.depth >= depth
            && cuts_off(hit.bound, hit.score, node.alpha, beta)
        {
            return Some(hit.score);
        }
        node.tt_hit = tt_hit;
        node.tt_move = tt_hit.map_or(PackedMove::NONE, |hit| hit.best_move);

        // Step 5. Tablebases: after a capture or pawn move, the WDL tables know the result.
        // A result that decides the node ends it; otherwise it bounds a PV node's score.
        if !excluding && let Some((score, bound)) = self.probe_tablebase(pos, depth, ply) {
            if cuts_off(bound, score, node.alpha, beta) {
                let depth = tablebase_store_depth(depth);
                self.tt.store(pos.key(), ply, TtData { best_move: PackedMove::NONE, score, eval: None, depth, bound });
                return Some(score);
            }
            match bound {
                Bound::Lower if PV => (node.best_score, node.alpha) = (score, node.alpha.max(score)),
                Bound::Upper if PV => node.max_score = score,
                _ => {}
            }
        }
        None
    }

    /// Steps 6 and 6b: the node's evaluations and whether they are improving, and its
    /// depth after internal iterative reduction.
    #[inline(always)]
    fn evaluate_node(&mut self, pos: &Position, node: &mut Node) {
        let (ply, tt_hit) = (node.window.ply, node.tt_hit);

        // Step 6. Static evaluation (none in check), from the table when it has one. The
        // pruning below uses the table's score instead where its bound says it is nearer
        // the truth; `improving` compares the static evaluations.
        // The table keeps the evaluation uncorrected: the correction changes as the search learns.
        node.raw_eval =
            (!node.window.in_check).then(|| tt_hit.and_then(|hit| hit.eval).unwrap_or_else(|| self.evaluate(pos, ply)));
        node.static_eval = node.raw_eval.map(|eval| self.corrected_eval(pos, eval));
        self.line.stack[ply].eval = node.static_eval;
        node.eval = node.static_eval.map(|eval| tt_hit.map_or(eval, |hit| refined_eval(eval, &hit)));

        // Step 6b. Internal iterative reduction: a node the table knows no move for was
        // not searched before, or not usefully; search it one ply shallower.
        if self.pruning && node.window.depth >= IIR_MIN_DEPTH.get() && node.tt_move.is_none() {
            node.window.depth -= 1;
        }

        // Improving: the static evaluation is better than at this side's previous move, so
        // cut-offs are likelier and pruning may be bolder.
        node.improving = self.improving(ply, node.static_eval);
    }

    /// Steps 7 to 8b, the pruning before any move is searched, all of it in null-window
    /// nodes not in check: `Some(score)` when one of them settles the node (0 when the
    /// search was stopped).
    #[inline(always)]
    fn prune_before_moves<const PV: bool>(&mut self, pos: &Position, node: &Node) -> Option<i32> {
        if PV {
            return None;
        }
        // `None` in check: nothing to prune by.
        let eval = node.eval?;
        let window = node.window;
        let MoveWindow { beta, depth, ply, cut_node, .. } = window;
        let (alpha, excluding) = (node.alpha, node.excluding());

        // Step 7. Reverse futility pruning: near the horizon, a static evaluation that
        // beats beta by a margin per ply will not fall below it.
        if self.pruning
            && depth <= RFP_MAX_DEPTH.get()
            && eval - RFP_MARGIN.get() * (depth - i32::from(node.improving)) >= beta
            && eval < MATE_BOUND
        {
            return Some(eval);
        }

        // Step 7b. Razoring: near the horizon, an evaluation far below alpha is settled by
        // quiescence when quiescence does not lift it above alpha either.
        if !excluding
            && self.pruning
            && self.settings.heuristics.quiescence
            && depth <= RAZOR_MAX_DEPTH.get()
            && eval + RAZOR_MARGIN.get() * depth <= alpha
            && alpha.abs() < TB_WIN_BOUND
        {
            let score = self.qsearch(pos, alpha, alpha + 1, ply);
            if self.control.stopped {
                return Some(0);
            }
            if score <= alpha {
                return Some(score);
            }
        }

        // Step 8. Null-move pruning: if passing the move still fails high with a reduced
        // search, a real move will too.
        if !excluding && self.may_pass(pos, ply, depth, eval, beta) {
            if let Some(score) = self.null_move_search(pos, depth, eval, beta, ply, cut_node) {
                return Some(score);
            }
            if self.control.stopped {
                return Some(0);
            }
        }

        // Step 8b. ProbCut: a good capture that beats beta by a margin in a much shallower
        // search will beat beta in the full one.
        if !excluding
            && self.pruning
            && depth >= PROBCUT_MIN_DEPTH.get()
            && beta.abs() < TB_WIN_BOUND
            && !node.tt_hit.is_some_and(|hit| {
                hit.depth > depth - PROBCUT_REDUCTION.get() && hit.score < beta + PROBCUT_MARGIN.get()
            })
        {
            if let Some(score) = self.probcut(pos, eval, node.raw_eval, &window) {
                return Some(score);
            }
            if self.control.stopped {
                return Some(0);
            }
        }
        None
    }

    /// Step 9b. Singular extension: when the table's move is much better than every
    /// other (searched without it, at half depth, they all fail low against a margin
    /// below its score), it is searched one ply deeper. When the others still beat
    /// beta too, the node cuts off at once (multi-cut): `Some(score)` (0 when the search
    /// was stopped); when only the table move was expected to, it is searched one ply
    /// shallower instead. The extension goes to `node`.
    #[inline(always)]
    fn singular_extension<const PV: bool>(&mut self, pos: &Position, node: &mut Node) -> Option<i32> {
        let MoveWindow { beta, depth, ply, cut_node, .. } = node.window;
        if let Some(hit) = node.tt_hit
            && self.pruning
            && ply > 0
            && !node.excluding()
            && depth >= SE_MIN_DEPTH.get()
            && hit.depth >= depth - SE_TT_DEPTH_MARGIN.get()
            && hit.bound != Bound::Upper
            && hit.score.abs() < TB_WIN_BOUND
            && node.table_move.is_some()
        {
            let singular_beta = hit.score - SE_MARGIN.get() * depth;
            self.line.stack[ply].excluded = node.tt_move;
            let score = self.alphabeta::<false>(pos, singular_beta - 1, singular_beta, (depth - 1) / 2, ply, cut_node);
            self.line.stack[ply].excluded = PackedMove::NONE;
            if self.control.stopped {
                return Some(0);
            }
            if score < singular_beta {
                let doubled = !PV
                    && score < singular_beta - DOUBLE_EXT_MARGIN.get()
                    && i32::from(self.line.stack[ply].double_extensions) < DOUBLE_EXT_LIMIT.get();
                node.singular_extension = if doubled { 2 } else { 1 };
            } else if singular_beta >= beta {
                return Some(singular_beta);
            } else if hit.score >= beta {
                node.singular_extension = -1;
            }
        }
        None
    }

    /// Step 10. Search the moves, best first; later moves with a null window, re-searched
    /// with the full window only when they beat alpha. The best score and move go to
    /// `node`; `Some(0)` when the search was stopped.
    #[inline(always)]
    fn search_moves<const PV: bool>(&mut self, pos: &Position, moves: &mut MoveList, node: &mut Node) -> Option<i32> {
        // A copy: the moves' searches get its address, which `node` need not share.
        let mut window = node.window;
        // Late moves are reduced more where a cut-off is likelier to come from elsewhere:
        // in cut nodes, when the evaluation is not improving, after a noisy table move.
        let tt_move_is_noisy = node.table_move.is_some_and(is_noisy);
        window.reduce_more = i32::from(window.cut_node) + i32::from(!node.improving) + i32::from(tt_move_is_noisy);
        let MoveWindow { beta, depth, ply, .. } = window;
        self.line.stack[ply].threats = threats(pos.chess());
        let context = self.quiet_context(pos.turn(), ply);
        let mut picker = MovePicker::new(pos.chess(), moves, node.tt_move, self.history, &context, ply);
        let mut quiets_tried = MoveList::new();
        let mut noisies_tried = MoveList::new();
        let mut searched = 0;
        let mut facts = NodeFacts::new(node);
        while let Some(m) = picker.next_move() {
            let code = PackedMove::new(m);
            if code == node.excluded {
                continue;
            }
            let extension = if code == node.tt_move { node.singular_extension } else { 0 };
            let mut node_move = NodeMove::new(m, searched, extension);
            if node.best_score > -TB_WIN_BOUND
                && self.pruning
                && self.is_pruned::<PV>(pos, &mut node_move, &mut facts, &context, quiets_tried.len())
            {
                continue;
            }
            let score = self.search_move::<PV>(pos, node_move, node.alpha, &window);
            if self.control.stopped {
                return Some(0);
            }
            searched += 1;

            if score > node.best_score {
                node.best_score = score;
                if score > node.alpha {
                    node.best_move = Some(m);
                    if PV {
                        self.line.pv.update(ply, m);
                    }
                    if score >= beta {
                        self.history.reward_cutoff(&context, ply, m, &quiets_tried, &noisies_tried, depth);
                        let cutoffs = &mut self.line.stack[ply].cutoffs;
                        *cutoffs = cutoffs.saturating_add(1);
                        break;
                    }
                    node.alpha = score;
                }
            }
            if is_noisy(m) {
                noisies_tried.push(m);
            } else {
                quiets_tried.push(m);
            }
        }
        None
    }

    /// Step 11. Remember the result: in the table and, where it shows the evaluation was
    /// wrong, in the correction history. Returns the node's score.
    #[inline(always)]
    fn store_result(&mut self, pos: &Position, node: &Node) -> i32 {
        if node.excluding() {
            // No move but the excluded one: the others are no better than alpha.
            return node.best_score.max(node.alpha);
        }
        let MoveWindow { beta, depth, ply, .. } = node.window;
        let best_score = node.best_score.min(node.max_score);
        let bound = if best_score >= beta {
            Bound::Lower
        } else if node.best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if let (Some(eval), Some(raw_eval)) = (node.static_eval, node.raw_eval)
            && node.best_move.is_none_or(|m| !is_noisy(m))
            && corrects(bound, best_score, eval)
        {
            self.history.correction.update(pos, depth, raw_eval, best_score);
        }
        let best_move = node.best_move.map_or(PackedMove::NONE, PackedMove::new);
        self.tt.store(pos.key(), ply, TtData { best_move, score: best_score, eval: node.raw_eval, depth, bound });
        best_score
    }

    /// The static evaluation corrected by the correction history: by the errors searches
    /// of positions with the same pawn structure found.
    #[inline]
    pub(super) fn corrected_eval(&self, pos: &Position, eval: i32) -> i32 {
        let corrected = self.history.correction.correct(pos, eval);
        corrected.clamp(-TB_WIN_BOUND + 1, TB_WIN_BOUND - 1)
    }

    /// ProbCut's searches: each capture that wins enough material by static exchange is
    /// searched by quiescence and, if that beats `beta + PROBCUT_MARGIN`, by a search
    /// `PROBCUT_REDUCTION` plies shallower; the first to beat it there proves a cut-off.
    fn probcut(&mut self, pos: &Position, eval: i32, raw_eval: Option<i32>, window: &MoveWindow) -> Option<i32> {
        let &MoveWindow { beta, depth, ply, cut_node, .. } = window;
        let probcut_beta = beta + PROBCUT_MARGIN.get();
        let mut moves = MoveList::new();
        add_noisy_moves(pos.chess(), &mut moves);
        let mut picker = MovePicker::noisy(&mut moves);
        while let Some(m) = picker.next_move() {
            if !see_at_least(pos.chess(), m, probcut_beta - eval) {
                continue;
            }
            let child = self.enter_child(pos, m, ply);
            let mut score = -self.qsearch(&child, -probcut_beta, -probcut_beta + 1, ply + 1);
            if score >= probcut_beta {
                let reduced = depth - PROBCUT_REDUCTION.get();
                score = -self.alphabeta::<false>(&child, -probcut_beta, -probcut_beta + 1, reduced, ply + 1, !cut_node);
            }
            self.leave_child();
            if self.control.stopped {
                return None;
            }
            if score >= probcut_beta {
                let depth = depth - PROBCUT_REDUCTION.get() + 1;
                let result =
                    TtData { best_move: PackedMove::new(m), score, eval: raw_eval, depth, bound: Bound::Lower };
                self.tt.store(pos.key(), ply, result);
                return Some(score);
            }
        }
        None
    }

    /// Whether the static evaluation at `ply` is better than two plies before (four, when
    /// that side was in check then; true when neither is known). Never in check.
    #[inline]
    fn improving(&self, ply: usize, eval: Option<i32>) -> bool {
        let Some(eval) = eval else { return false };
        let earlier = |plies: usize| ply.checked_sub(plies).and_then(|earlier| self.line.stack[earlier].eval);
        earlier(2).or_else(|| earlier(4)).is_none_or(|before| eval > before)
    }

    /// Shallow-depth pruning of a move once a move has a score above a lost bound
    /// (`quiets_tried` quiet moves searched before it): late move pruning, which once it
    /// starts skips every later quiet move, futility and history pruning of a quiet move,
    /// which judge each move on its own, and, in
    /// null-window nodes not in check, static exchange pruning of quiet moves and captures
    /// that lose too much material. Quiet moves that give check are never pruned
    /// (sacrifices with check start most short mates).
    ///
    /// Futility pruning judges each quiet move at its LMR depth (the depth late move
    /// reductions would search it at, `searched` moves into the node), and history pruning
    /// skips quiet moves with a bad history there.
    #[inline]
    fn is_pruned<const PV: bool>(
        &self,
        pos: &Position,
        node_move: &mut NodeMove,
        node: &mut NodeFacts,
        context: &Context,
        quiets_tried: usize,
    ) -> bool {
        let m = node_move.m;
        let depth = node.depth;
        // A null-window node not in check.
        let prunable_node = !PV && node.eval.is_some();
        if is_noisy(m) {
            return prunable_node
                && depth <= SEE_CAPTURE_MAX_DEPTH.get()
                && !see_at_least(pos.chess(), m, -SEE_CAPTURE_MARGIN.get() * depth);
        }
        // Late move pruning: once enough quiet moves have failed, the later ones are not
        // searched at all.
        node.skip_quiets |= quiets_tried as i32 >= node.late_move_limit;
        // A quiet check is never pruned. Whether the move checks is asked only once a rule
        // would prune it: it costs more than the tests before it.
        if node.skip_quiets {
            return !node.gives_check(pos, m);
        }
        if !prunable_node {
            return false;
        }
        let MoveHistory { score: history, reduction } = self.move_history(node_move, context, depth);
        let lmr_depth = (depth - 1 - reduction.max(0)).max(0);
        let futile =
            node.eval.is_some_and(|eval| eval + FUTILITY_BASE.get() + FUTILITY_MARGIN.get() * lmr_depth <= node.alpha);
        let bad_history = history < -HISTORY_PRUNING_MARGIN.get() * depth;
        if (lmr_depth <= FUTILITY_MAX_DEPTH.get() && futile)
            || (lmr_depth <= HISTORY_PRUNING_MAX_DEPTH.get() && bad_history)
        {
            return !node.gives_check(pos, m);
        }
        depth <= SEE_QUIET_MAX_DEPTH.get()
            && !node.gives_check(pos, m)
            && !see_at_least(pos.chess(), m, -SEE_QUIET_MARGIN.get() * depth)
    }

    /// The value at the horizon: quiescence, or (for the minimax tests) the evaluation.
    #[inline]
    fn horizon(&mut self, pos: &Position, alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.settings.heuristics.quiescence { self.qsearch(pos, alpha, beta, ply) } else { self.evaluate(pos, ply) }
    }

    /// Searches a move of the node `pos`: the first with the node's window, later ones
    /// with a null window at a depth reduced by late move reductions, re-searched at full
    /// depth and then (in PV nodes) with the full window when they beat alpha. A check
    /// extends the move by at least one ply.
    pub(super) fn search_move<const PV: bool>(
        &mut self,
        pos: &Position,
        node_move: NodeMove,
        alpha: i32,
        window: &MoveWindow,
    ) -> i32 {
        let NodeMove { m, searched, extension, .. } = node_move;
        let &MoveWindow { beta, depth, ply, cut_node, .. } = window;
        let child = self.enter_child(pos, m, ply);
        // Once per move: finding the checkers is not free.
        let gives_check = child.is_check();
        let reduction = self.late_move_reduction::<PV>(pos, node_move, window, gives_check);
        let extension = self.extension(gives_check, extension, ply);
        let doubles = self.line.stack[ply].double_extensions + u8::from(extension >= 2);
        self.line.stack[ply + 1].double_extensions = doubles;
        let new_depth = depth - 1 + extension;
        let score = if searched == 0 {
            // The first move of a PV node is a PV node; of a cut node, an all node; of an
            // all node, a cut node.
            -self.alphabeta::<PV>(&child, -beta, -alpha, new_depth, ply + 1, !PV && !cut_node)
        } else {
            // Reduced, but never straight into quiescence.
            let reduced = if reduction > 0 { (new_depth - reduction).clamp(1, new_depth) } else { new_depth };
            // A late move is expected to fail low, so its reply to cut off.
            let mut score = -self.alphabeta::<false>(&child, -alpha - 1, -alpha, reduced, ply + 1, true);
            if reduced < new_depth && score > alpha {
                score = -self.alphabeta::<false>(&child, -alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
            }
            if PV && score > alpha && score < beta {
                score = -self.alphabeta::<true>(&child, -beta, -alpha, new_depth, ply + 1, false);
            }
            score
        };
        self.leave_child();
        score
    }

    /// Late move reductions: quiet moves and losing captures late in the ordering rarely
    /// turn out best, so they are first searched less deep: more the deeper the node and
    /// the later the move, and by the node's `reduce_more`; less in PV nodes, for checks,
    /// killers and moves with good history.
    #[inline]
    fn late_move_reduction<const PV: bool>(
        &self,
        pos: &Position,
        mut node_move: NodeMove,
        window: &MoveWindow,
        gives_check: bool,
    ) -> i32 {
        let NodeMove { m, searched, .. } = node_move;
        let &MoveWindow { depth, ply, in_check, reduce_more, .. } = window;
        let late = searched >= LMR_MIN_MOVES.get() as usize + usize::from(PV);
        if !self.pruning || depth < LMR_MIN_DEPTH.get() || !late || in_check {
            return 0;
        }
        // Captures and promotions are reduced only when they lose material.
        if is_noisy(m) && see_at_least(pos.chess(), m, 0) {
            return 0;
        }
        let context = self.quiet_context(pos.turn(), ply);
        let mut reduction = self.move_history(&mut node_move, &context, depth).reduction;
        reduction -= i32::from(PV);
        reduction += reduce_more;
        reduction -= i32::from(gives_check);
        reduction -= i32::from(self.history.killers(ply).contains(&Some(m)));
        // Many children failing high say this node's moves are being refuted.
        reduction += i32::from(i32::from(self.line.stack[ply + 1].cutoffs) > LMR_CUTOFF_COUNT.get());
        reduction.max(0)
    }

    /// The move's quiet history and the base late move reduction at `depth` it gives,
    /// worked out the first time pruning or the reduction asks.
    #[inline]
    fn move_history(&self, node_move: &mut NodeMove, context: &Context, depth: i32) -> MoveHistory {
        let (m, searched) = (node_move.m, node_move.searched);
        *node_move.history.get_or_insert_with(|| {
            let score = self.history.quiet_score(context, m);
            MoveHistory { score, reduction: history_reduction(depth, searched, score) }
        })
    }

    /// The extension of a move: `singular` (from the singular extension), but at least one
    /// ply after a check; extensions only while the line is not yet twice the iteration's
    /// depth (so that long checking sequences cannot run away).
    #[inline]
    fn extension(&self, gives_check: bool, singular: i32, ply: usize) -> i32 {
        if (ply as i32) >= 2 * self.root.depth {
            return singular.min(0);
        }
        let check = i32::from(self.settings.heuristics.check_extension && gives_check);
        singular.max(check)
    }

    /// Whether null-move pruning may be tried: not twice in a row, not in pawn endings
    /// (zugzwang), not while a null-move cut-off of this side is being verified, and only
    /// when the static evaluation already beats beta.
    #[inline]
    fn may_pass(&self, pos: &Position, ply: usize, depth: i32, eval: i32, beta: i32) -> bool {
        let board = pos.chess().board();
        let side = pos.turn();
        let pieces = board.by_color(side) & !(board.pawns() | board.kings());
        self.pruning
            && depth >= NMP_MIN_DEPTH.get()
            && eval >= beta
            && beta > -TB_WIN_BOUND
            && ply > 0
            && !self.line.stack[ply - 1].passed
            && pieces.any()
            && self.null_move_verification.allows(side, ply)
    }

    /// Searches the null move with a reduced depth; `Some(score)` when it proves a cut-off.
    /// Deep cut-offs are verified by a reduced search without null moves for this side.
    fn null_move_search(
        &mut self,
        pos: &Position,
        depth: i32,
        eval: i32,
        beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> Option<i32> {
        let child = self.enter_null_child(pos, ply)?;
        let reduction = NMP_REDUCTION_BASE.get()
            + depth / NMP_REDUCTION_DIVISOR.get()
            + ((eval - beta) / NMP_EVAL_DIVISOR.get()).min(NMP_EVAL_MAX.get());
        let reduced = (depth - reduction).max(0);
        let score = -self.alphabeta::<false>(&child, -beta, -beta + 1, reduced, ply + 1, !cut_node);
        self.leave_child();
        if self.control.stopped || score < beta {
            return None;
        }
        // A mate (or tablebase win) found after passing is not one we can claim.
        let score = if score >= TB_WIN_BOUND { beta } else { score };
        if depth < NMP_VERIFY_DEPTH.get() {
            return Some(score);
        }
        self.null_move_verification.start(pos.turn(), ply + 3 * reduced as usize / 4);
        let verified = self.alphabeta::<false>(pos, beta - 1, beta, reduced, ply, false);
        self.null_move_verification.end();
        (!self.control.stopped && verified >= beta).then_some(score)
    }
}

/// The static evaluation, or the table's score where its bound shows the evaluation is
/// too low (a lower bound above it) or too high (an upper bound below it). Mate and
/// tablebase scores are left out: they are not evaluations.
#[inline]
pub(crate) fn refined_eval(eval: i32, hit: &TtData) -> i32 {
    let fits = match hit.bound {
        Bound::Exact => true,
        Bound::Lower => hit.score > eval,
        Bound::Upper => hit.score < eval,
    };
    if fits && hit.score.abs() < TB_WIN_BOUND { hit.score } else { eval }
}

/// Whether a node's result says the static evaluation `eval` was wrong, so the correction
/// history should learn from it: a score that is not a mate or tablebase result and whose
/// bound lies on the far side of the evaluation (a fail-high above it, a fail-low below it,
/// or an exact score).
#[inline]
fn corrects(bound: Bound, score: i32, eval: i32) -> bool {
    score.abs() < TB_WIN_BOUND
        && match bound {
            Bound::Exact => true,
            Bound::Lower => score > eval,
            Bound::Upper => score < eval,
        }
}

/// Whether a score with this bound decides a node with the window (alpha, beta).
#[inline]
pub(crate) fn cuts_off(bound: Bound, score: i32, alpha: i32, beta: i32) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    }
}

/// The base late move reduction of the `number`-th move at `depth`, growing with the
/// logarithms of both.
fn base_reduction(depth: usize, number: usize) -> i32 {
    let base = f64::from(LMR_BASE_PERCENT.get()) / 100.0;
    let divisor = f64::from(LMR_DIVISOR_PERCENT.get()) / 100.0;
    if depth == 0 || number == 0 {
        return 0;
    }
    (base + (depth as f64).ln() * (number as f64).ln() / divisor) as i32
}

/// `REDUCTIONS[depth][move number]`: [`base_reduction`] worked out once.
#[cfg(not(feature = "tune"))]
static REDUCTIONS: LazyLock<[[i32; 64]; 64]> = LazyLock::new(|| {
    let mut table = [[0; 64]; 64];
    for (depth, row) in table.iter_mut().enumerate() {
        for (number, entry) in row.iter_mut().enumerate() {
            *entry = base_reduction(depth, number);
        }
    }
    table
});

/// In a tuning build the table follows the options: rebuilt whenever an LMR parameter is
/// set (between searches, as `setoption` waits for the search to end).
#[cfg(feature = "tune")]
static TUNED_REDUCTIONS: [[std::sync::atomic::AtomicI32; 64]; 64] =
    [const { [const { std::sync::atomic::AtomicI32::new(0) }; 64] }; 64];
#[cfg(feature = "tune")]
static TUNED_REDUCTIONS_BUILT: std::sync::Once = std::sync::Once::new();

#[cfg(feature = "tune")]
pub(super) fn rebuild_reductions() {
    for (depth, row) in TUNED_REDUCTIONS.iter().enumerate() {
        for (number, entry) in row.iter().enumerate() {
            entry.store(base_reduction(depth, number), std::sync::atomic::Ordering::Relaxed);
        }
    }
}

#[inline]
fn table_reduction(depth: usize, number: usize) -> i32 {
    #[cfg(not(feature = "tune"))]
    {
        REDUCTIONS[depth][number]
    }
    #[cfg(feature = "tune")]
    {
        TUNED_REDUCTIONS_BUILT.call_once(rebuild_reductions);
        TUNED_REDUCTIONS[depth][number].load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// The late move reduction of the `searched`-th move of a node at `depth` before the
/// node's own adjustments: the table's, one ply less per `LMR_HISTORY_DIVISOR` of history.
/// Also what the shallow pruning judges a quiet move's LMR depth by.
#[inline]
fn history_reduction(depth: i32, searched: usize, history: i32) -> i32 {
    table_reduction(depth.min(63) as usize, searched.min(63)) - history / LMR_HISTORY_DIVISOR.get()
}

/// Late move pruning: how many quiet moves a node of this depth searches (half as many
/// when the evaluation is not improving).
#[inline]
fn late_move_count(depth: i32, improving: bool) -> i32 {
    let count = LMP_BASE.get() + depth * depth;
    if improving { count } else { count / 2 }
}

/// What the search of each move of a node needs to know about the node (the node's alpha
/// changes from move to move and is passed beside it).
#[derive(Clone, Copy)]
pub(super) struct MoveWindow {
    pub beta: i32,
    /// The node's depth (after any reduction of the node itself).
    pub depth: i32,
    pub ply: usize,
    /// A null-window node expected to fail high.
    pub cut_node: bool,
    /// The side to move is in check (no late move reductions then).
    pub in_check: bool,
    /// Plies more by which this node's late moves are reduced (set when its moves begin).
    pub reduce_more: i32,
}

/// A move of a node and its place there: what its pruning and its search need to know
/// about it besides the node.
#[derive(Clone, Copy)]
pub(super) struct NodeMove {
    pub m: Move,
    /// How many of the node's moves were searched before it (0: the first).
    pub searched: usize,
    /// Its singular extension (or reduction, when negative); a check may extend it more.
    pub extension: i32,
    /// Its quiet history and the late move reduction that gives, once pruning or the
    /// reduction has asked (both ask the same of it, at the node's depth).
    pub history: Option<MoveHistory>,
}

impl NodeMove {
    pub fn new(m: Move, searched: usize, extension: i32) -> NodeMove {
        NodeMove { m, searched, extension, history: None }
    }
}

/// A move's quiet history score and the base late move reduction it leads to.
#[derive(Clone, Copy)]
pub(super) struct MoveHistory {
    pub score: i32,
    pub reduction: i32,
}

/// A node's facts as the steps of `alphabeta` find them, one step after another.
struct Node {
    /// Raised by mate distance pruning, the tablebases and each move that beats it.
    alpha: i32,
    /// Beta, ply and the rest; the depth after internal iterative reduction from step 6b.
    window: MoveWindow,
    /// The move a singular extension's search leaves out (none in other nodes). Such a
    /// node must not take its result from the table or leave one there: both are about
    /// all moves.
    excluded: PackedMove,
    tt_hit: Option<TtData>,
    /// The table's move (none without one).
    tt_move: PackedMove,
    /// The table's move as a legal move of the position, once step 9 has found it.
    table_move: Option<Move>,
    /// The static evaluation as the table keeps it, uncorrected; `None` in check.
    raw_eval: Option<i32>,
    /// The static evaluation, corrected; `None` in check.
    static_eval: Option<i32>,
    /// What the pruning judges by: the static evaluation, or the table's score where its
    /// bound says it is nearer the truth.
    eval: Option<i32>,
    improving: bool,
    /// The table move's singular extension (or reduction).
    singular_extension: i32,
    /// The best score so far: a PV node's tablebase lower bound before any move.
    best_score: i32,
    /// The move that raised alpha last.
    best_move: Option<Move>,
    /// The tablebases' upper bound of a PV node's score.
    max_score: i32,
}

impl Node {
    #[inline]
    fn new(alpha: i32, window: MoveWindow, excluded: PackedMove) -> Node {
        Node {
            alpha,
            window,
            excluded,
            tt_hit: None,
            tt_move: PackedMove::NONE,
            table_move: None,
            raw_eval: None,
            static_eval: None,
            eval: None,
            improving: false,
            singular_extension: 0,
            best_score: -INFINITY,
            best_move: None,
            max_score: INFINITY,
        }
    }

    /// Whether this is a singular extension's search, without the table's move.
    #[inline]
    fn excluding(&self) -> bool {
        !self.excluded.is_none()
    }
}

/// What the pruning of a node's moves needs to know about the node, as it was when its
/// moves began.
struct NodeFacts {
    depth: i32,
    alpha: i32,
    /// The static evaluation; `None` in check.
    eval: Option<i32>,
    /// Late move pruning: the quiet moves tried after which the rest are skipped
    /// (`i32::MAX` above its depths); worked out once, not for each move.
    late_move_limit: i32,
    /// Which moves give check, worked out the first time a move's pruning asks.
    check_squares: OnceCell<CheckSquares>,
    /// Set once late move pruning starts: every later quiet move is skipped.
    skip_quiets: bool,
}

impl NodeFacts {
    #[inline]
    fn new(node: &Node) -> NodeFacts {
        NodeFacts {
            depth: node.window.depth,
            alpha: node.alpha,
            eval: node.eval,
            late_move_limit: if node.window.depth <= LMP_MAX_DEPTH.get() {
                late_move_count(node.window.depth, node.improving)
            } else {
                i32::MAX
            },
            check_squares: OnceCell::new(),
            skip_quiets: false,
        }
    }

    #[inline]
    fn gives_check(&self, pos: &Position, m: Move) -> bool {
        self.check_squares.get_or_init(|| pos.check_squares()).gives_check(pos, m)
    }
}
