//! The network options: `EvalFile` loads a network (or takes the built-in one back),
//! `Evaluator` chooses between it and the piece-square tables for the search, and the
//! `eval` command shows both evaluations.

use std::path::Path;
use std::sync::Arc;

use super::{Controller, LoadedNetwork};
use crate::nnue::Network;
use crate::nnue::builtin::builtin;
use crate::search::Evaluator;
use crate::uci::options::BUILTIN_EVAL_FILE;
use crate::uci::report::{self, NetworkView};

impl Controller {
    /// The network of `file` (`<default>` or empty: the built-in one) becomes the one in
    /// use. A file that cannot be used gets one line, and the network in use stays; a
    /// user's file that loads says so.
    pub(super) fn load_network(&mut self, file: &str) {
        let builtin_wanted = file.is_empty() || file == BUILTIN_EVAL_FILE;
        let loaded = if builtin_wanted { builtin() } else { Network::from_file(Path::new(file)).map(Arc::new) };
        match loaded {
            Ok(net) => {
                let name = if builtin_wanted { "built-in".to_string() } else { file.to_string() };
                if !builtin_wanted {
                    self.info_string(&format!("EvalFile {file}: network of {} loaded", net.describe()));
                }
                self.network = Some(LoadedNetwork { net, name });
                if self.settings.use_network {
                    self.evaluation_changed();
                }
            }
            Err(why) => {
                let name = if builtin_wanted { "the built-in network".to_string() } else { format!("EvalFile {file}") };
                let kept = self.network.as_ref().map_or("no network".to_string(), |loaded| loaded.name.clone());
                self.info_string(&format!("{name} not usable: {why}; the network in use stays ({kept})"));
            }
        }
    }

    /// `Evaluator`: the network (`true`) or the tables evaluate in the search.
    pub(super) fn select_evaluator(&mut self, use_network: bool) {
        if use_network != self.settings.use_network {
            self.settings.use_network = use_network;
            self.evaluation_changed();
        }
    }

    /// The table keeps static evaluations; those of the other evaluator must not be
    /// taken for this one's.
    fn evaluation_changed(&self) {
        self.engine.clear_table();
    }

    /// What a search evaluates with: the network when chosen and loaded, else the tables.
    pub(super) fn evaluator(&self) -> Evaluator {
        match &self.network {
            Some(loaded) if self.settings.use_network => Evaluator::Network(Arc::clone(&loaded.net)),
            _ => Evaluator::Tables,
        }
    }

    /// The `eval` command's lines: the tables' evaluation, the network's, and which one
    /// the search uses.
    pub(super) fn eval_lines(&self) -> Vec<String> {
        let network = self.network.as_ref().map(|loaded| NetworkView { net: &loaded.net, name: &loaded.name });
        let in_use = match self.evaluator() {
            Evaluator::Tables => "tables",
            Evaluator::Network(_) => "network",
        };
        report::eval_lines(self.engine.position(), network, in_use)
    }
}
