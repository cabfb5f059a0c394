//! The transposition table: a hash table of search results shared by all search threads.
//!
//! # Concurrency contract
//!
//! The table is shared without locks. Every entry is two `AtomicU64` words written and read
//! with relaxed ordering, so a reader can see one word of an old entry and one of a new one
//! (a torn entry), or an entry another thread is overwriting. We accept that race and detect
//! it: the first word stores `key ^ data`, so a probe only trusts an entry whose two words
//! XOR back to the probed key. A torn entry fails that check and reads as a miss. An entry
//! that passes can still come from a different position with a colliding index and key (one
//! in 2^64 per probe); the search therefore treats the stored move as a hint and plays it
//! only if it is among the legal moves it generated. The two `unsafe` blocks are hints that
//! read and write nothing: the cache prefetch in [`TranspositionTable::prefetch`] and, on
//! Linux, the request for huge pages in `advise_huge_pages`.
//!
//! # Layout
//!
//! Entries live in buckets of four, 64 bytes, one cache line. The data word holds:
//!
//! | bits  | field                                                     |
//! |-------|-----------------------------------------------------------|
//! | 0-15  | best move, packed (see [`PackedMove`]); 0 = none           |
//! | 16-31 | score, i16, mate scores relative to this node (see below) |
//! | 32-47 | static evaluation, i16; i16::MIN = none                   |
//! | 48-55 | depth, u8                                                 |
//! | 56-57 | bound: 0 = empty, 1 = upper, 2 = lower, 3 = exact          |
//! | 58-63 | generation (age) of the search that wrote it, 6 bits      |
//!
//! # Mate scores
//!
//! The search scores a mate by its distance from the root (`MATE - ply`). A table entry is
//! reached from many roots at many plies, so a mate score is stored as the distance from
//! the node itself (`score + ply` for a mate we give, `score - ply` for one we take) and
//! turned back into a distance from the current root when it is loaded. Tablebase wins
//! and losses (`TB_WIN - ply`) count their distance the same way.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use crate::packed_move::PackedMove;
use crate::scores::{score_from_tt, score_to_tt};

/// What a score in the table says about the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most the score (every move failed low).
    Upper = 1,
    /// The true value is at least the score (a move failed high).
    Lower = 2,
    /// The score is the true value at that depth.
    Exact = 3,
}

impl Bound {
    fn from_bits(bits: u64) -> Option<Bound> {
        match bits {
            1 => Some(Bound::Upper),
            2 => Some(Bound::Lower),
            3 => Some(Bound::Exact),
            _ => None,
        }
    }
}

/// What an entry says about its position: what [`TranspositionTable::probe`] finds and
/// [`TranspositionTable::store`] keeps, the score as seen from the probing or storing ply.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TtData {
    pub best_move: PackedMove,
    pub score: i32,
    pub eval: Option<i32>,
    pub depth: i32,
    pub bound: Bound,
}

/// Asks Linux to back the table with 2 MB pages (transparent huge pages, granted on
/// request where `/sys/kernel/mm/transparent_hugepage/enabled` says `madvise`, as it
/// usually does). A probe lands anywhere in the table, so with 4 KB pages most probes
/// also miss the TLB; bench nps rose about 1-2% with them here (within single runs'
/// noise). Only the 2 MB-aligned part of the buffer is advised. A hint: refused or not,
/// the table works the same.
#[cfg(target_os = "linux")]
#[allow(clippy::ptr_arg)] // the capacity, not the length, is the allocation
fn advise_huge_pages(buckets: &Vec<Bucket>) {
    const HUGE_PAGE: usize = 2 * 1024 * 1024;
    let start = buckets.as_ptr() as usize;
    let end = start + buckets.capacity() * size_of::<Bucket>();
    let aligned_start = start.next_multiple_of(HUGE_PAGE);
    let aligned_end = end / HUGE_PAGE * HUGE_PAGE;
    if aligned_end <= aligned_start {
        return;
    }
    // SAFETY: `madvise` with `MADV_HUGEPAGE` changes only how the kernel backs these pages
    // (no content changes, nothing is unmapped or freed); the range lies inside the
    // vector's own allocation (its capacity) and starts on a page boundary as the call
    // requires. A refusal returns -1 and changes nothing; it is ignored on purpose.
    unsafe {
        libc::madvise(aligned_start as *mut libc::c_void, aligned_end - aligned_start, libc::MADV_HUGEPAGE);
    }
}

#[cfg(not(target_os = "linux"))]
#[allow(clippy::ptr_arg)]
fn advise_huge_pages(_buckets: &Vec<Bucket>) {}

#[derive(Default)]
struct Entry {
    key_xor_data: AtomicU64,
    data: AtomicU64,
}

#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    entries: [Entry; ENTRIES_PER_BUCKET],
}

const ENTRIES_PER_BUCKET: usize = 4;
const _: () = assert!(size_of::<Bucket>() == 64);

const GENERATION_MASK: u8 = 0x3f;
const EVAL_NONE: i16 = i16::MIN;
const MAX_DEPTH: i32 = u8::MAX as i32;

pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: AtomicU8,
}

/// The table could not get the memory it was asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllocError {
    pub megabytes: usize,
}

impl std::fmt::Display for AllocError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot allocate a {} MB hash table", self.megabytes)
    }
}

impl std::error::Error for AllocError {}

impl TranspositionTable {
    /// A table of `megabytes` MB (at least one bucket).
    pub fn new(megabytes: usize) -> Result<TranspositionTable, AllocError> {
        let count = (megabytes.saturating_mul(1024 * 1024) / size_of::<Bucket>()).max(1);
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(count).map_err(|_| AllocError { megabytes })?;
        // Before the first write, which is when the kernel picks the pages.
        advise_huge_pages(&buckets);
        buckets.resize_with(count, Bucket::default);
        Ok(TranspositionTable { buckets, generation: AtomicU8::new(0) })
    }

    /// A one-bucket table, for when memory is refused: the engine still plays.
    pub fn tiny() -> TranspositionTable {
        TranspositionTable { buckets: vec![Bucket::default()], generation: AtomicU8::new(0) }
    }

    /// Empties every entry. Must not race with a search (the engine stops it first).
    pub fn clear(&self) {
        for bucket in &self.buckets {
            for entry in &bucket.entries {
                entry.key_xor_data.store(0, Ordering::Relaxed);
                entry.data.store(0, Ordering::Relaxed);
            }
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: entries of earlier searches become first to be replaced.
    pub fn new_search(&self) {
        let next = (self.generation.load(Ordering::Relaxed) + 1) & GENERATION_MASK;
        self.generation.store(next, Ordering::Relaxed);
    }

    /// Asks the CPU to start loading the bucket of `key` into the cache, so that the probe a
    /// few hundred instructions later (in the child node) does not wait for memory. A hint
    /// only: it changes no result.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse"))]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket: *const Bucket = self.bucket(key);
            // SAFETY: `_mm_prefetch` is unsafe only because it needs the `sse` target
            // feature, which the `cfg` above guarantees (every x86_64 CPU has it). A
            // prefetch reads nothing into the program and cannot fault; the pointer comes
            // from a live reference into the table anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast::<i8>()) };
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "sse")))]
        let _ = key;
    }

    fn bucket(&self, key: u64) -> &Bucket {
        // Multiply-shift maps the key onto any table size without a modulo.
        let index = ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<TtData> {
        for entry in &self.bucket(key).entries {
            let data = entry.data.load(Ordering::Relaxed);
            let check = entry.key_xor_data.load(Ordering::Relaxed);
            if check ^ data != key {
                continue;
            }
            let bound = Bound::from_bits((data >> 56) & 3)?;
            return Some(TtData {
                best_move: PackedMove::from_bits(data as u16),
                score: score_from_tt(i32::from((data >> 16) as u16 as i16), ply),
                eval: Some((data >> 32) as u16 as i16).filter(|&e| e != EVAL_NONE).map(i32::from),
                depth: ((data >> 48) & 0xff) as i32,
                bound,
            });
        }
        None
    }

    /// Stores a result found at `ply`. Replaces the entry of the same key, else the entry
    /// that is least worth keeping: shallow and from old searches.
    pub fn store(&self, key: u64, ply: usize, result: TtData) {
        let TtData { best_move, depth, bound, .. } = result;
        // A mate score is kept as its distance from this node (*Mate scores* above).
        let stored = TtData { score: score_to_tt(result.score, ply), ..result };
        let generation = self.generation.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        let mut victim = &bucket.entries[0];
        let mut victim_worth = i32::MAX;
        for entry in &bucket.entries {
            let data = entry.data.load(Ordering::Relaxed);
            let stored_key = entry.key_xor_data.load(Ordering::Relaxed) ^ data;
            if stored_key == key {
                let old_depth = ((data >> 48) & 0xff) as i32;
                let old_generation = (data >> 58) as u8;
                // Keep a deeper result of this search unless the new one is exact.
                if bound != Bound::Exact && depth + 3 < old_depth && old_generation == generation {
                    return;
                }
                let best_move = if best_move.is_none() { PackedMove::from_bits(data as u16) } else { best_move };
                write(entry, key, TtData { best_move, ..stored }, generation);
                return;
            }
            let worth = if (data >> 56) & 3 == 0 {
                i32::MIN
            } else {
                let age = i32::from(generation.wrapping_sub((data >> 58) as u8) & GENERATION_MASK);
                ((data >> 48) & 0xff) as i32 - 8 * age
            };
            if worth < victim_worth {
                victim = entry;
                victim_worth = worth;
            }
        }
        write(victim, key, stored, generation);
    }

    /// Per mille of entries written by the current search, from a sample of 1000.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let sample = self.buckets.iter().take(1000 / ENTRIES_PER_BUCKET);
        let mut used = 0;
        let mut seen = 0;
        for bucket in sample {
            for entry in &bucket.entries {
                let data = entry.data.load(Ordering::Relaxed);
                seen += 1;
                if (data >> 56) & 3 != 0 && (data >> 58) as u8 == generation {
                    used += 1;
                }
            }
        }
        used * 1000 / seen.max(1)
    }
}

/// Writes `result` (its score already relative to its own node) into `entry`.
fn write(entry: &Entry, key: u64, result: TtData, generation: u8) {
    let TtData { best_move, score, eval, depth, bound } = result;
    let eval = eval.map_or(EVAL_NONE, |e| e.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16);
    let data = u64::from(best_move.bits())
        | (u64::from(score as i16 as u16) << 16)
        | (u64::from(eval as u16) << 32)
        | ((depth.clamp(0, MAX_DEPTH) as u64) << 48)
        | ((bound as u64) << 56)
        | (u64::from(generation & GENERATION_MASK) << 58);
    entry.key_xor_data.store(key ^ data, Ordering::Relaxed);
    entry.data.store(data, Ordering::Relaxed);
}

#[cfg(test)]
fn packed_from_parts(from: shakmaty::Square, to: shakmaty::Square, promotion: Option<shakmaty::Role>) -> PackedMove {
    PackedMove::from_bits(u16::from(from) | (u16::from(to) << 6) | (promotion.map_or(0, |r| r as u16) << 12))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::packed_move::find_move;
    use crate::position::Position;
    use crate::scores::MATE;
    use shakmaty::{CastlingMode, Role, Square};

    #[test]
    fn stores_and_loads_every_field() {
        let tt = TranspositionTable::new(1).expect("1 MB");
        let pos = Position::startpos();
        let m = pos.parse_uci_move("g1f3").expect("legal");
        tt.store(
            pos.key(),
            3,
            TtData { best_move: PackedMove::new(m), score: -123, eval: Some(45), depth: 7, bound: Bound::Lower },
        );
        let hit = tt.probe(pos.key(), 3).expect("stored");
        assert_eq!(
            hit,
            TtData { best_move: PackedMove::new(m), score: -123, eval: Some(45), depth: 7, bound: Bound::Lower }
        );
        assert!(tt.probe(pos.key() ^ 1, 3).is_none());
        tt.clear();
        assert!(tt.probe(pos.key(), 3).is_none());
    }

    #[test]
    fn a_table_advised_to_use_huge_pages_keeps_every_entry() {
        // 8 MB: the advised 2 MB-aligned part is at least 6 MB of it. Keys spread over the
        // whole table, first and last buckets included, each read back as stored.
        let tt = TranspositionTable::new(8).expect("8 MB");
        let keys: Vec<u64> = (0..=1024u64).map(|i| i.wrapping_mul(u64::MAX / 1024)).collect();
        for (i, &key) in keys.iter().enumerate() {
            tt.store(
                key,
                0,
                TtData { best_move: PackedMove::NONE, score: i as i32, eval: Some(1), depth: 5, bound: Bound::Exact },
            );
        }
        for (i, &key) in keys.iter().enumerate() {
            assert_eq!(tt.probe(key, 0).map(|hit| hit.score), Some(i as i32), "key {key:#x}");
        }
    }

    #[test]
    fn prefetching_any_key_changes_nothing() {
        let tt = TranspositionTable::new(1).expect("1 MB");
        tt.store(
            42,
            0,
            TtData { best_move: PackedMove::NONE, score: 17, eval: Some(5), depth: 3, bound: Bound::Upper },
        );
        let before = tt.probe(42, 0);
        // The first and last buckets, and keys that were never stored.
        for key in [0, 42, u64::MAX, 0x8000_0000_0000_0000, 0x1234_5678_9abc_def0] {
            tt.prefetch(key);
        }
        assert_eq!(tt.probe(42, 0), before);
        assert!(before.is_some());
        assert!(tt.probe(u64::MAX, 0).is_none());
    }

    #[test]
    fn mate_scores_survive_a_store_and_load_at_another_ply() {
        let tt = TranspositionTable::new(1).expect("1 MB");
        // Found at ply 5: we mate in 3 plies from here, so 8 plies from that root.
        let mate_for_us = MATE - 8;
        tt.store(
            42,
            5,
            TtData { best_move: PackedMove::NONE, score: mate_for_us, eval: None, depth: 4, bound: Bound::Exact },
        );
        // Seen again at ply 2 of a later search: the mate is 3 plies away, 5 from the root.
        assert_eq!(tt.probe(42, 2).map(|h| h.score), Some(MATE - 5));
        let mated = -(MATE - 8);
        tt.store(
            43,
            5,
            TtData { best_move: PackedMove::NONE, score: mated, eval: None, depth: 4, bound: Bound::Exact },
        );
        assert_eq!(tt.probe(43, 9).map(|h| h.score), Some(-(MATE - 12)));
        // Ordinary scores are not touched.
        tt.store(44, 5, TtData { best_move: PackedMove::NONE, score: 250, eval: None, depth: 4, bound: Bound::Upper });
        assert_eq!(tt.probe(44, 0).map(|h| h.score), Some(250));
    }

    #[test]
    fn a_move_from_a_colliding_entry_is_played_only_if_legal() {
        let tt = TranspositionTable::new(1).expect("1 MB");
        let (pos, _) =
            Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", CastlingMode::Standard).expect("valid FEN");
        // Another position wrote a1h8 (a rook move) under this key: a collision.
        let foreign = packed_from_parts(Square::A1, Square::H8, None);
        tt.store(pos.key(), 0, TtData { best_move: foreign, score: 0, eval: None, depth: 1, bound: Bound::Exact });
        let hit = tt.probe(pos.key(), 0).expect("stored");
        let moves = pos.legal_moves();
        assert_eq!(find_move(&moves, hit.best_move), None);
        // A promotion code on a non-promoting move is not that move either.
        let e2e4_queen = packed_from_parts(Square::E2, Square::E4, Some(Role::Queen));
        assert_eq!(find_move(&moves, e2e4_queen), None);
        let e2e4 = packed_from_parts(Square::E2, Square::E4, None);
        assert_eq!(find_move(&moves, e2e4), pos.parse_uci_move("e2e4").ok());
    }

    #[test]
    fn castling_moves_have_their_own_code() {
        let (pos, _) =
            Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", CastlingMode::Standard).expect("valid FEN");
        let moves = pos.legal_moves();
        let codes: std::collections::HashSet<_> = moves.iter().map(|&m| PackedMove::new(m)).collect();
        assert_eq!(codes.len(), moves.len());
    }

    #[test]
    fn keeps_deep_entries_and_replaces_stale_ones() {
        let tt = TranspositionTable::new(1).expect("1 MB");
        tt.store(7, 0, TtData { best_move: PackedMove::NONE, score: 10, eval: None, depth: 12, bound: Bound::Lower });
        tt.store(7, 0, TtData { best_move: PackedMove::NONE, score: 20, eval: None, depth: 2, bound: Bound::Lower });
        assert_eq!(tt.probe(7, 0).map(|h| h.depth), Some(12));
        tt.new_search();
        tt.store(7, 0, TtData { best_move: PackedMove::NONE, score: 20, eval: None, depth: 2, bound: Bound::Lower });
        assert_eq!(tt.probe(7, 0).map(|h| h.depth), Some(2));
        // Key 7 maps to the first bucket, inside the 1000-entry sample: 1 per mille.
        assert_eq!(tt.hashfull(), 1);
    }

    /// Several threads store and probe the same few buckets at once, every field of an
    /// entry a function of its key: a probe that returned a torn entry (one word of one
    /// store, one of another) would show fields that do not belong to the key. (Checked
    /// by hand: with the key stored plainly instead of XORed with the data, this test fails
    /// within a fraction of a second, also on a busy 2-core machine.)
    #[test]
    fn racing_threads_never_read_a_torn_entry() {
        // Two buckets, so that every store races with the others.
        let tt =
            TranspositionTable { buckets: vec![Bucket::default(), Bucket::default()], generation: AtomicU8::new(0) };
        let expected = |key: u64| TtData {
            best_move: PackedMove::from_bits((key % 4000 + 1) as u16),
            score: (key % 2001) as i32 - 1000,
            eval: Some((key % 999) as i32 - 499),
            depth: (key % 60) as i32,
            bound: [Bound::Upper, Bound::Lower, Bound::Exact][(key % 3) as usize],
        };
        let hits = std::sync::atomic::AtomicU64::new(0);
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let (tt, hits) = (&tt, &hits);
                scope.spawn(move || {
                    // A cheap, distinct key stream per thread (splitmix64).
                    let mut state = thread.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0xdead_beef;
                    let mut next_key = || {
                        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
                        let mut z = state;
                        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                        // 64 keys in all: stores and probes keep meeting.
                        (z ^ (z >> 31)) % 64 + 1
                    };
                    for _ in 0..2_000_000 {
                        let key = next_key();
                        let e = expected(key);
                        tt.store(key, 0, e);
                        let probed = next_key();
                        if let Some(hit) = tt.probe(probed, 0) {
                            assert_eq!(hit, expected(probed), "key {probed}");
                            hits.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                });
            }
        });
        // The test means something only if probes found entries while others wrote.
        assert!(hits.load(Ordering::Relaxed) > 10_000, "{} hits", hits.load(Ordering::Relaxed));
    }

    #[test]
    fn refuses_a_table_larger_than_the_address_space() {
        assert!(TranspositionTable::new(usize::MAX / 1024).is_err());
    }
}
