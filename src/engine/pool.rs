//! The engine's worker threads, created once and reused by every `go`, `perft` and
//! `bench`. Worker 0 runs the job itself (and, in a search, acts as the main thread);
//! workers 1.. are the helper threads of a multi-threaded search. Each worker owns the
//! history tables of its searches, so they persist between the moves of a game.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{self, Sender};
use std::thread::JoinHandle;

use crate::search::History;

/// Searches recurse once per ply with a move list on the stack.
const STACK_BYTES: usize = 64 << 20;

/// Work for one worker, given that worker's history tables.
pub type Task = Box<dyn FnOnce(&mut History) + Send>;

struct Worker {
    tasks: Sender<Task>,
    handle: JoinHandle<()>,
}

/// Empty until `resize`.
#[derive(Default)]
pub struct Pool {
    workers: Vec<Worker>,
}

impl Pool {
    pub fn size(&self) -> usize {
        self.workers.len()
    }

    /// Grows or shrinks the pool to `size` workers (at least one). Workers dropped finish
    /// what they were given first.
    pub fn resize(&mut self, size: usize) -> Result<(), String> {
        let size = size.max(1);
        while self.workers.len() > size {
            if let Some(worker) = self.workers.pop() {
                drop(worker.tasks);
                let _ = worker.handle.join();
            }
        }
        while self.workers.len() < size {
            match spawn(self.workers.len()) {
                Ok(worker) => self.workers.push(worker),
                Err(error) if !self.workers.is_empty() => {
                    return Err(format!("only {} threads could be started: {error}", self.workers.len()));
                }
                Err(error) => return Err(format!("no thread could be started: {error}")),
            }
        }
        Ok(())
    }

    /// Gives `task` to worker `index`. A worker whose thread has died is replaced first.
    /// False if that is impossible (the task is dropped).
    pub fn run(&mut self, index: usize, task: Task) -> bool {
        let Some(worker) = self.workers.get(index) else { return false };
        let task = match worker.tasks.send(task) {
            Ok(()) => return true,
            Err(mpsc::SendError(task)) => task,
        };
        match spawn(index) {
            Ok(worker) => {
                let sent = worker.tasks.send(task).is_ok();
                self.workers[index] = worker;
                sent
            }
            Err(_) => false,
        }
    }

    /// Clears every worker's history tables (queued behind any running job).
    pub fn clear_histories(&mut self) {
        for index in 0..self.size() {
            self.run(index, Box::new(|history: &mut History| history.clear()));
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        while let Some(worker) = self.workers.pop() {
            drop(worker.tasks);
            let _ = worker.handle.join();
        }
    }
}

/// Starts worker `index`: it runs its tasks one after the other until the pool drops its
/// sender. A task that panics loses the worker's history tables, not the worker.
fn spawn(index: usize) -> std::io::Result<Worker> {
    let (tasks, receiver) = mpsc::channel::<Task>();
    let handle =
        std::thread::Builder::new().name(format!("search-{index}")).stack_size(STACK_BYTES).spawn(move || {
            let mut history = History::new();
            for task in receiver {
                if catch_unwind(AssertUnwindSafe(|| task(&mut history))).is_err() {
                    history = History::new();
                }
            }
        })?;
    Ok(Worker { tasks, handle })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workers_run_tasks_in_order_and_survive_a_panic() {
        let mut pool = Pool::default();
        pool.resize(3).expect("threads");
        let (sender, receiver) = mpsc::channel();
        for index in 0..3 {
            let sender = sender.clone();
            assert!(pool.run(index, Box::new(move |_: &mut History| sender.send(index).expect("send"))));
        }
        let mut seen: Vec<usize> = receiver.iter().take(3).collect();
        seen.sort_unstable();
        assert_eq!(seen, [0, 1, 2]);

        assert!(pool.run(1, Box::new(|_: &mut History| panic!("a failing task"))));
        let again = sender.clone();
        assert!(pool.run(1, Box::new(move |_: &mut History| again.send(7).expect("send"))));
        assert_eq!(receiver.recv().ok(), Some(7));

        pool.resize(1).expect("shrink");
        assert_eq!(pool.size(), 1);
        assert!(!pool.run(2, Box::new(|_: &mut History| {})));
    }
}
