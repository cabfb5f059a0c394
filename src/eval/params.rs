//! Where each weight of the evaluation lives in `WEIGHTS`. The evaluation (`terms.rs`)
//! and the tuner reach every weight through these indices, so each is declared once, in
//! `weights.rs`, which `bramble tune` writes. `SECTIONS` lists every index range with
//! its name and group, for the `eval` command and for the layout of `weights.rs`.

use shakmaty::Color;

/// Material, by role: pawn, knight, bishop, rook, queen, king.
pub const MATERIAL: usize = 0;
/// Piece-square bonuses, 64 per role, each table rank 8 first as White sees the board.
pub const PIECE_SQUARE: usize = MATERIAL + 6;

/// Mobility of a knight, bishop, rook and queen: a weight for each number of safe squares
/// (not held by its own pieces nor attacked by enemy pawns) the piece reaches, from 0 to
/// the most it can reach (8, 13, 14, 27); each piece's table starts at `MOBILITY_TABLE`.
pub const MOBILITY: usize = PIECE_SQUARE + 6 * 64;
pub const MOBILITY_TABLE: [usize; 4] = [MOBILITY, MOBILITY + 9, MOBILITY + 9 + 14, MOBILITY + 9 + 14 + 15];

/// Two bishops.
pub const BISHOP_PAIR: usize = MOBILITY + 9 + 14 + 15 + 28;
/// A rook on a file without pawns, and on one without its own pawns only.
pub const ROOK_OPEN_FILE: usize = BISHOP_PAIR + 1;
pub const ROOK_HALF_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
/// A knight, then a bishop, on ranks 4 to 6, guarded by a pawn, out of enemy pawns' reach.
pub const OUTPOST: usize = ROOK_HALF_OPEN_FILE + 1;

/// A knight or bishop with a pawn (of either side) right in front of it.
pub const MINOR_BEHIND_PAWN: usize = OUTPOST + 2;
/// Per bishop, each of its own pawns on squares of the bishop's colour.
pub const BISHOP_PAWNS: usize = MINOR_BEHIND_PAWN + 1;
/// A rook on the seventh rank (as its owner sees the board).
pub const ROOK_ON_SEVENTH: usize = BISHOP_PAWNS + 1;
/// Per knight, then per rook, each of its own pawns (knights gain with pawns on the
/// board, rooks with open lines).
pub const PIECE_OWN_PAWNS: usize = ROOK_ON_SEVENTH + 1;
/// A bishop on a long diagonal that sees both centre squares on it past the pawns.
pub const BISHOP_LONG_DIAGONAL: usize = PIECE_OWN_PAWNS + 2;
/// Per bishop, each of its own pawns on its colour that an enemy pawn blocks.
pub const BISHOP_RAMMED_PAWNS: usize = BISHOP_LONG_DIAGONAL + 1;

/// A passed pawn, by its rank as its owner sees it (rank 1 first).
pub const PASSED_PAWN: usize = BISHOP_RAMMED_PAWNS + 1;
/// A passed pawn with no piece in front of it, by rank.
pub const PASSED_FREE_PATH: usize = PASSED_PAWN + 8;
/// Per square of king distance from a passed pawn's stop square, by the pawn's rank: its
/// own king, then the enemy king (a far pawn's race matters more).
pub const PASSED_OWN_KING_DISTANCE: usize = PASSED_FREE_PATH + 8;
pub const PASSED_ENEMY_KING_DISTANCE: usize = PASSED_OWN_KING_DISTANCE + 8;
/// A passed pawn whose stop square no enemy piece or pawn attacks, by rank.
pub const PASSED_SAFE_STOP: usize = PASSED_ENEMY_KING_DISTANCE + 8;
/// A candidate passed pawn, by rank: not passed, no enemy pawn ahead on its file, and no
/// more enemy pawns ahead on the files beside it than own pawns beside or behind it there.
pub const CANDIDATE_PASSER: usize = PASSED_SAFE_STOP + 8;
/// A pawn with one of its own ahead on its file.
pub const DOUBLED_PAWN: usize = CANDIDATE_PASSER + 8;
/// A pawn with no pawns of its own on the files beside it.
pub const ISOLATED_PAWN: usize = DOUBLED_PAWN + 1;
/// A pawn guarded by a pawn, and one with a pawn of its own beside it (a phalanx).
pub const SUPPORTED_PAWN: usize = ISOLATED_PAWN + 1;
pub const PHALANX_PAWN: usize = SUPPORTED_PAWN + 1;
/// A pawn with no pawn of its own beside it or behind on the files beside it (so none can
/// come to guard it), not isolated, whose stop square an enemy pawn attacks.
pub const BACKWARD_PAWN: usize = PHALANX_PAWN + 1;
/// Squares on files c to f, ranks 2 to 4 as the owner sees them, that hold none of its
/// pawns and that no enemy pawn attacks, those behind its own pawns twice: room to bring
/// pieces behind the pawns.
pub const SPACE: usize = BACKWARD_PAWN + 1;
/// The king's distance in files to the nearest file with a pawn of either side, 0 to 7
/// (nothing without pawns): a king away from the pawns is out of play in an ending.
pub const KING_PAWN_FILE_DISTANCE: usize = SPACE + 1;

/// Per square of the enemy king's zone that a piece attacks: knight, bishop, rook, queen.
pub const KING_ZONE_ATTACK: usize = KING_PAWN_FILE_DISTANCE + 8;
/// Own pawns in front of the king (the three files around it, two ranks ahead).
pub const PAWN_SHIELD: usize = KING_ZONE_ATTACK + 4;
/// Files at or beside the king with no pawn of its own.
pub const KING_OPEN_FILE: usize = PAWN_SHIELD + 1;
/// By the number of pieces (knights, bishops, rooks, queens) that attack the enemy king's
/// zone, 0 to 7 or more: a weight each, so that attackers can count more together than
/// apart.
pub const KING_ATTACKERS: usize = KING_OPEN_FILE + 1;
/// Squares next to the enemy king that a side attacks and that the enemy guards with
/// nothing but its king or queen.
pub const KING_WEAK_SQUARES: usize = KING_ATTACKERS + 8;
/// As `KING_ATTACKERS`, for a side without a queen (its attack is worth less).
pub const KING_ATTACKERS_NO_QUEEN: usize = KING_WEAK_SQUARES + 1;
/// The shelter of each of the three files at the king (b to g for the middle one), by the
/// file's distance from the edge (a or h: 0, d or e: 3), then by the relative rank of its
/// own rearmost pawn on or ahead of the king's rank (0: none): 8 weights a distance.
pub const KING_SHELTER: usize = KING_ATTACKERS_NO_QUEEN + 8;
/// Enemy pawns storming those three files, by the relative rank (as the king's side sees
/// it) of the enemy pawn nearest the king on or ahead of its rank (0: none): one that an
/// own pawn right in front of it blocks, then one that nothing blocks.
pub const PAWN_STORM_BLOCKED: usize = KING_SHELTER + 32;
pub const PAWN_STORM: usize = PAWN_STORM_BLOCKED + 8;
/// By the number of own knights, bishops and pawns in the king's zone (the king's square
/// and those next to it), 0 to 11 or more.
pub const KING_DEFENDERS: usize = PAWN_STORM + 8;

/// Squares from which a piece could give check to the enemy king, that it reaches and the
/// enemy does not attack (nor its own pieces hold): knight, bishop, rook, queen.
pub const SAFE_CHECK: usize = KING_DEFENDERS + 12;

/// A piece attacked by an enemy pawn: knight, bishop, rook, queen.
pub const THREAT_BY_PAWN: usize = SAFE_CHECK + 4;
/// A rook, then a queen, attacked by an enemy knight or bishop.
pub const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 4;
/// A queen attacked by an enemy rook.
pub const THREAT_BY_ROOK: usize = THREAT_BY_MINOR + 2;
/// A knight or bishop attacked by an enemy rook.
pub const MINOR_ATTACKED_BY_ROOK: usize = THREAT_BY_ROOK + 1;
/// A knight or bishop attacked by an enemy knight or bishop.
pub const MINOR_ATTACKED_BY_MINOR: usize = MINOR_ATTACKED_BY_ROOK + 1;
/// A piece (not a pawn or king) attacked and not defended.
pub const HANGING: usize = MINOR_ATTACKED_BY_MINOR + 1;
/// A pawn or piece that the enemy king attacks and nothing defends.
pub const THREAT_BY_KING: usize = HANGING + 1;
/// A pawn that an enemy piece (not the king) attacks and nothing defends.
pub const WEAK_PAWN: usize = THREAT_BY_KING + 1;

/// An enemy piece (not a pawn or king) that a safe push of a pawn would attack, not
/// attacked by a pawn already.
pub const PAWN_PUSH_THREAT: usize = WEAK_PAWN + 1;

/// The side to move's bonus: it can act first.
pub const TEMPO: usize = PAWN_PUSH_THREAT + 1;

/// The number of weights.
pub const COUNT: usize = TEMPO + 1;

/// The weight of a piece of `role_index` (pawn = 0) and `color` on `square` (a1 = 0):
/// White reads its square mirrored (a1 is entry 56, the table's bottom left), Black its
/// own, so both read the table from their side of the board.
#[inline]
pub fn piece_square(role_index: usize, square: usize, color: Color) -> usize {
    let relative = if color == Color::White { square ^ 56 } else { square };
    PIECE_SQUARE + 64 * role_index + relative
}

/// Groups of weights, as the `eval` command shows them; `group as usize` is its place
/// in `Group::ALL`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Group {
    Material,
    PieceSquare,
    Mobility,
    Pieces,
    Pawns,
    PassedPawns,
    KingSafety,
    Threats,
    Tempo,
}

impl Group {
    pub const ALL: [Group; 9] = [
        Group::Material,
        Group::PieceSquare,
        Group::Mobility,
        Group::Pieces,
        Group::Pawns,
        Group::PassedPawns,
        Group::KingSafety,
        Group::Threats,
        Group::Tempo,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Group::Material => "Material",
            Group::PieceSquare => "Piece-square",
            Group::Mobility => "Mobility",
            Group::Pieces => "Pieces",
            Group::Pawns => "Pawns",
            Group::PassedPawns => "Passed pawns",
            Group::KingSafety => "King safety",
            Group::Threats => "Threats",
            Group::Tempo => "Tempo",
        }
    }

    /// The group of weight `index`.
    pub fn of(index: usize) -> Group {
        section_of(index).group
    }
}

/// A run of weights with one meaning.
pub struct Section {
    pub start: usize,
    pub name: &'static str,
    pub group: Group,
}

/// Every section, in index order; each ends where the next starts (the last at `COUNT`).
pub const SECTIONS: [Section; 55] = [
    Section { start: MATERIAL, name: "Material: pawn, knight, bishop, rook, queen, king", group: Group::Material },
    Section { start: PIECE_SQUARE, name: "pawn", group: Group::PieceSquare },
    Section { start: PIECE_SQUARE + 64, name: "knight", group: Group::PieceSquare },
    Section { start: PIECE_SQUARE + 128, name: "bishop", group: Group::PieceSquare },
    Section { start: PIECE_SQUARE + 192, name: "rook", group: Group::PieceSquare },
    Section { start: PIECE_SQUARE + 256, name: "queen", group: Group::PieceSquare },
    Section { start: PIECE_SQUARE + 320, name: "king", group: Group::PieceSquare },
    Section { start: MOBILITY_TABLE[0], name: "Mobility of a knight, by safe squares 0 to 8", group: Group::Mobility },
    Section { start: MOBILITY_TABLE[1], name: "Mobility of a bishop, by safe squares 0 to 13", group: Group::Mobility },
    Section { start: MOBILITY_TABLE[2], name: "Mobility of a rook, by safe squares 0 to 14", group: Group::Mobility },
    Section { start: MOBILITY_TABLE[3], name: "Mobility of a queen, by safe squares 0 to 27", group: Group::Mobility },
    Section { start: BISHOP_PAIR, name: "Bishop pair", group: Group::Pieces },
    Section { start: ROOK_OPEN_FILE, name: "Rook on an open file", group: Group::Pieces },
    Section { start: ROOK_HALF_OPEN_FILE, name: "Rook on a half-open file", group: Group::Pieces },
    Section { start: OUTPOST, name: "Outpost: knight, bishop", group: Group::Pieces },
    Section { start: MINOR_BEHIND_PAWN, name: "Minor piece behind a pawn", group: Group::Pieces },
    Section { start: BISHOP_PAWNS, name: "Own pawn on the bishop's colour, per bishop", group: Group::Pieces },
    Section { start: ROOK_ON_SEVENTH, name: "Rook on the seventh rank", group: Group::Pieces },
    Section { start: PIECE_OWN_PAWNS, name: "Own pawns, per knight, per rook", group: Group::Pieces },
    Section { start: BISHOP_LONG_DIAGONAL, name: "Bishop on a long diagonal", group: Group::Pieces },
    Section {
        start: BISHOP_RAMMED_PAWNS,
        name: "Own blocked pawn on the bishop's colour, per bishop",
        group: Group::Pieces,
    },
    Section { start: PASSED_PAWN, name: "Passed pawn, by rank 1 to 8", group: Group::PassedPawns },
    Section { start: PASSED_FREE_PATH, name: "Passed pawn with a free path, by rank", group: Group::PassedPawns },
    Section {
        start: PASSED_OWN_KING_DISTANCE,
        name: "Passed pawn, per square of its own king's distance, by rank",
        group: Group::PassedPawns,
    },
    Section {
        start: PASSED_ENEMY_KING_DISTANCE,
        name: "Passed pawn, per square of the enemy king's distance, by rank",
        group: Group::PassedPawns,
    },
    Section {
        start: PASSED_SAFE_STOP,
        name: "Passed pawn with a safe stop square, by rank",
        group: Group::PassedPawns,
    },
    Section { start: CANDIDATE_PASSER, name: "Candidate passed pawn, by rank", group: Group::PassedPawns },
    Section { start: DOUBLED_PAWN, name: "Doubled pawn", group: Group::Pawns },
    Section { start: ISOLATED_PAWN, name: "Isolated pawn", group: Group::Pawns },
    Section { start: SUPPORTED_PAWN, name: "Pawn guarded by a pawn", group: Group::Pawns },
    Section { start: PHALANX_PAWN, name: "Pawn beside a pawn", group: Group::Pawns },
    Section { start: BACKWARD_PAWN, name: "Backward pawn", group: Group::Pawns },
    Section {
        start: SPACE,
        name: "Space: safe central squares on its side, behind own pawns twice",
        group: Group::Pawns,
    },
    Section {
        start: KING_PAWN_FILE_DISTANCE,
        name: "King's distance in files to the nearest pawn, 0 to 7",
        group: Group::Pawns,
    },
    Section {
        start: KING_ZONE_ATTACK,
        name: "King zone squares attacked: knight, bishop, rook, queen",
        group: Group::KingSafety,
    },
    Section { start: PAWN_SHIELD, name: "Pawn shield", group: Group::KingSafety },
    Section { start: KING_OPEN_FILE, name: "Open file at the king", group: Group::KingSafety },
    Section { start: KING_ATTACKERS, name: "Pieces attacking the king's zone, 0 to 7", group: Group::KingSafety },
    Section { start: KING_WEAK_SQUARES, name: "Weak squares next to the enemy king", group: Group::KingSafety },
    Section {
        start: KING_ATTACKERS_NO_QUEEN,
        name: "Pieces attacking the king's zone, 0 to 7, without a queen",
        group: Group::KingSafety,
    },
    Section {
        start: KING_SHELTER,
        name: "King shelter: by file distance from the edge 0 to 3, own pawn's rank (0: none)",
        group: Group::KingSafety,
    },
    Section { start: PAWN_STORM_BLOCKED, name: "Blocked pawn storm, by rank (0: none)", group: Group::KingSafety },
    Section { start: PAWN_STORM, name: "Pawn storm, by rank (0: none)", group: Group::KingSafety },
    Section {
        start: KING_DEFENDERS,
        name: "Own knights, bishops and pawns in the king's zone, 0 to 11",
        group: Group::KingSafety,
    },
    Section { start: SAFE_CHECK, name: "Safe checks: knight, bishop, rook, queen", group: Group::KingSafety },
    Section { start: THREAT_BY_PAWN, name: "Attacked by a pawn: knight, bishop, rook, queen", group: Group::Threats },
    Section { start: THREAT_BY_MINOR, name: "Attacked by a minor piece: rook, queen", group: Group::Threats },
    Section { start: THREAT_BY_ROOK, name: "Queen attacked by a rook", group: Group::Threats },
    Section { start: MINOR_ATTACKED_BY_ROOK, name: "Minor piece attacked by a rook", group: Group::Threats },
    Section { start: MINOR_ATTACKED_BY_MINOR, name: "Minor piece attacked by a minor piece", group: Group::Threats },
    Section { start: HANGING, name: "Hanging piece", group: Group::Threats },
    Section { start: THREAT_BY_KING, name: "Undefended pawn or piece the enemy king attacks", group: Group::Threats },
    Section { start: WEAK_PAWN, name: "Undefended pawn an enemy piece attacks", group: Group::Threats },
    Section { start: PAWN_PUSH_THREAT, name: "Piece a safe pawn push would attack", group: Group::Threats },
    Section { start: TEMPO, name: "Tempo: the side to move", group: Group::Tempo },
];

/// The section that holds weight `index`.
fn section_of(index: usize) -> &'static Section {
    let place = SECTIONS.partition_point(|section| section.start <= index);
    &SECTIONS[place.saturating_sub(1)]
}

/// How `weights.rs` lays out the line that starts at weight `index`: the comment line
/// that starts a section there, if any, and the number of weights on the line (a line
/// never runs into the next section).
pub fn layout(index: usize) -> (Option<String>, usize) {
    let place = SECTIONS.partition_point(|section| section.start <= index).saturating_sub(1);
    let section = &SECTIONS[place];
    let section_end = SECTIONS.get(place + 1).map_or(COUNT, |next| next.start);
    let label = (section.start == index).then(|| match section.group {
        Group::PieceSquare => format!("Piece-square, {}: rank 8 first, as White sees the board", section.name),
        _ => section.name.to_string(),
    });
    let per_line = match section.group {
        Group::Material => 6,
        _ => 8,
    };
    (label, per_line.min(section_end - index))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_has_one_place() {
        assert_eq!(piece_square(0, 0, Color::White), PIECE_SQUARE + 56);
        assert_eq!(piece_square(0, 0, Color::Black), PIECE_SQUARE);
        assert_eq!(piece_square(5, 63, Color::White), PIECE_SQUARE + 5 * 64 + 7);
        assert_eq!(piece_square(5, 63, Color::Black), MOBILITY - 1);
        assert_eq!(Group::of(MATERIAL + 5), Group::Material);
        assert_eq!(Group::of(PIECE_SQUARE), Group::PieceSquare);
        assert_eq!(Group::of(MOBILITY + 3), Group::Mobility);
        assert_eq!(Group::of(HANGING), Group::Threats);
        assert_eq!(Group::of(COUNT - 1), Group::Tempo);
        assert!(Group::ALL.iter().enumerate().all(|(place, &group)| group as usize == place));
        assert!(SECTIONS.windows(2).all(|pair| pair[0].start < pair[1].start));
        assert!(Group::ALL.iter().all(|&group| SECTIONS.iter().any(|section| section.group == group)));
        let labels = (0..COUNT).filter(|&i| layout(i).0.is_some()).count();
        assert_eq!(labels, SECTIONS.len());
        assert_eq!(layout(PIECE_SQUARE + 8), (None, 8));
        assert_eq!(layout(PASSED_PAWN), (Some("Passed pawn, by rank 1 to 8".into()), 8));
        assert_eq!(layout(BISHOP_LONG_DIAGONAL).1, 1, "a line ends with its section");
    }
}
