//! The opening book and the endgame tablebases: loading them when their options change,
//! and the book move of a `go`.

use std::fmt::Write as _;
use std::sync::Arc;

use super::Controller;
use crate::book::{self, Book, BookMove};
use crate::syzygy::{self, Tablebases};
use crate::uci::command::GoParams;

impl Controller {
    /// Loads the book while `OwnBook` is on (and drops it when off). A book that cannot be
    /// used gets one line, and the engine plays on without one; a user's file that loads
    /// says so.
    pub(super) fn load_book(&mut self) {
        self.book = None;
        if !self.settings.own_book {
            return;
        }
        let file = self.settings.book_file.clone();
        let loaded = if file.is_empty() { Book::shipped() } else { Book::from_file(&file) };
        match loaded {
            Ok(book) => {
                if !file.is_empty() {
                    self.info_string(&format!("book {file}: {} positions", book.positions()));
                }
                self.book = Some(book);
            }
            Err(error) => {
                let name = if file.is_empty() { "built-in book" } else { &format!("book {file}") };
                self.info_string(&format!("{name} not usable: {error}; playing without a book"));
            }
        }
    }

    /// A book move for a timed game search (never for `infinite`, `ponder`, `depth`,
    /// `nodes`, `mate` or `searchmoves`), within `BookDepth` plies of the game.
    pub(super) fn book_move(&self, params: &GoParams) -> Option<(BookMove, u32)> {
        let book = self.book.as_ref()?;
        let timed = params.wtime.is_some() || params.btime.is_some() || params.movetime.is_some();
        let analysis = params.infinite
            || params.ponder
            || params.depth.is_some()
            || params.nodes.is_some()
            || params.mate.is_some()
            || !params.searchmoves.is_empty();
        let pos = self.engine.position().chess();
        if !timed || analysis || book::game_ply(pos) >= self.settings.book_depth {
            return None;
        }
        book.choose(pos, self.settings.book_best_move, &mut rand::rng())
    }

    /// Replaces the tablebases with those of `path_list`, with one line on what was found.
    pub(super) fn load_tablebases(&mut self, path_list: &str) {
        self.tablebases = None;
        if syzygy::directories(path_list).is_empty() {
            self.info_string("Syzygy: no tablebases (SyzygyPath is empty)");
            return;
        }
        let loaded = Tablebases::load(path_list);
        let tables = loaded.tables;
        let mut message = format!(
            "Syzygy: {} WDL and {} DTZ tables, up to {} pieces",
            tables.wdl_files(),
            tables.dtz_files(),
            tables.max_pieces()
        );
        if let Some(first) = loaded.problems.first() {
            let _ = write!(message, "; {} skipped, first: {first}", loaded.problems.len());
        }
        self.info_string(&message);
        if tables.max_pieces() > 0 {
            self.tablebases = Some(Arc::new(tables));
        }
    }
}
