//! The keys of the game before the root, the root and the line being searched: what a
//! repetition is found in.

use crate::scores::MAX_PLY;

pub(crate) struct LineKeys {
    keys: Vec<u64>,
    /// Where the root's key is.
    root_index: usize,
}

impl LineKeys {
    pub fn new(game_keys: &[u64], root_key: u64) -> LineKeys {
        let mut keys = Vec::with_capacity(game_keys.len() + MAX_PLY + 1);
        keys.extend_from_slice(game_keys);
        keys.push(root_key);
        LineKeys { keys, root_index: game_keys.len() }
    }

    pub fn push(&mut self, key: u64) {
        self.keys.push(key);
    }

    pub fn pop(&mut self) {
        self.keys.pop();
    }

    /// Whether some position of the game since the last capture or pawn move (the root
    /// included) occurred twice. Asked at the root only.
    pub fn repeated_since_zeroing(&self, halfmoves: u32) -> bool {
        let recent = &self.keys[self.keys.len().saturating_sub(halfmoves as usize + 1)..];
        recent.iter().enumerate().any(|(index, key)| recent[index + 1..].contains(key))
    }

    /// A position that occurred earlier in the search line repeats: the side that
    /// repeated it could repeat it again, so it is scored as a draw at once. One that
    /// occurred only before the root must have occurred twice (threefold repetition).
    pub fn last_repeats(&self, halfmoves: u32) -> bool {
        let current = self.keys.len() - 1;
        let key = self.keys[current];
        let window = (halfmoves as usize).min(current);
        let mut before_root = 0;
        // The same side is to move only every second ply, and a position cannot
        // repeat within two plies.
        for back in (4..=window).step_by(2) {
            let index = current - back;
            if self.keys[index] == key {
                if index >= self.root_index {
                    return true;
                }
                before_root += 1;
                if before_root == 2 {
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repetition_in_the_line_counts_once_and_before_the_root_twice() {
        // Game: A B C D, root A (once before the root: not yet a draw).
        let mut keys = LineKeys::new(&[1, 2, 3, 4], 1);
        assert!(!keys.last_repeats(100));
        // The line goes on to C D A: the second A since the root... still once after it.
        keys.push(2);
        keys.push(3);
        keys.push(4);
        keys.push(1);
        assert!(keys.last_repeats(100), "A repeats the root, which is in the line");
        // Beyond the last capture or pawn move nothing counts.
        assert!(!keys.last_repeats(3));
        keys.pop();
        keys.push(9);
        assert!(!keys.last_repeats(100));
    }

    #[test]
    fn a_position_of_the_game_alone_must_have_occurred_twice() {
        // A . . . A . . . : A occurred twice before, so reaching it again is the third time.
        let twice = LineKeys::new(&[1, 2, 3, 4, 1, 2, 3, 4], 1);
        assert!(twice.last_repeats(100));
        let once = LineKeys::new(&[5, 2, 3, 4, 1, 2, 3, 4], 1);
        assert!(!once.last_repeats(100));
        assert!(once.repeated_since_zeroing(100), "2, 3 and 4 occurred twice");
        assert!(!once.repeated_since_zeroing(3));
    }
}
