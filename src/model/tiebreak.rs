//! The tie-breaks by name: each one's kind, its id as tournament files and
//! `ratingbook.toml` write it, and the ids read back into a chain. What each
//! computes is [`crate::standings`]' work; `check` reports unknown ids.

/// How unplayed rounds are valued in opponent-score tie-breaks (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unplayed {
    /// FIDE C.07 (2023): a dummy opponent with the player's own final score.
    Dummy,
    /// Seed 003: a virtual opponent with the score before the round plus ½ per later round.
    Virtual,
}

/// The kinds of tie-break.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Buchholz: sum of the opponents' scores.
    Buchholz,
    /// Buchholz cut 1: without the least significant value.
    BuchholzCut1,
    /// Buchholz cut 2: without the two least significant values.
    BuchholzCut2,
    /// Median Buchholz 1: without the highest and the least significant value.
    BuchholzMedian1,
    /// Sonneborn–Berger: opponents' scores weighted by the points scored against them.
    SonnebornBerger,
    /// Rounds worth a win, played or not (FIDE WIN).
    Win,
    /// Games won over the board (FIDE WON).
    Won,
    /// Games won over the board plus forfeit wins (GS, as the Turkish tournament manager lists them).
    WinsInclForfeits,
    /// Progressive (cumulative) score: sum of the running score after each round (FIDE PS).
    Progressive,
    /// Direct encounter among the tied players (FIDE DE).
    DirectEncounter,
    /// Games played over the board with black (FIDE BPG).
    BlackGames,
    /// Average rating of opponents (FIDE ARO).
    AverageRating,
    /// Tournament performance rating (FIDE TPR).
    Performance,
    /// Koya system for round robins (FIDE KS): points scored against the
    /// players who scored at least half the maximum.
    Koya,
}

/// A tie-break: what it computes and, for opponent-score kinds, the unplayed-round rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TieBreak {
    /// What it computes.
    pub kind: Kind,
    /// How unplayed rounds are valued (only matters for opponent-score kinds).
    pub unplayed: Unplayed,
}

/// Base ids and kinds, in documentation order.
const BASE: [(&str, Kind, &str); 14] = [
    ("bh", Kind::Buchholz, "BH"),
    ("bh-c1", Kind::BuchholzCut1, "BH-C1"),
    ("bh-c2", Kind::BuchholzCut2, "BH-C2"),
    ("bh-m1", Kind::BuchholzMedian1, "BH-M1"),
    ("sb", Kind::SonnebornBerger, "SB"),
    ("win", Kind::Win, "WIN"),
    ("won", Kind::Won, "WON"),
    ("gs", Kind::WinsInclForfeits, "GS"),
    ("ps", Kind::Progressive, "PS"),
    ("de", Kind::DirectEncounter, "DE"),
    ("bpg", Kind::BlackGames, "BPG"),
    ("aro", Kind::AverageRating, "ARO"),
    ("tpr", Kind::Performance, "TPR"),
    ("ks", Kind::Koya, "KS"),
];

/// Suffix selecting the Turkish tournament manager's virtual-opponent rule.
const VIRTUAL_SUFFIX: &str = "-virtual";

impl Kind {
    /// Whether the value depends on opponents' scores (and so on the unplayed-round rule).
    pub fn uses_opponent_scores(self) -> bool {
        matches!(
            self,
            Kind::Buchholz
                | Kind::BuchholzCut1
                | Kind::BuchholzCut2
                | Kind::BuchholzMedian1
                | Kind::SonnebornBerger
        )
    }

    /// Denominator of the value: 2 for half points, 4 for SB's quarter points, 1 for counts and ratings.
    pub fn scale(self) -> i64 {
        match self {
            Kind::SonnebornBerger => 4,
            Kind::Buchholz
            | Kind::BuchholzCut1
            | Kind::BuchholzCut2
            | Kind::BuchholzMedian1
            | Kind::Progressive
            | Kind::DirectEncounter
            | Kind::Koya => 2,
            _ => 1,
        }
    }

    fn base_id(self) -> &'static str {
        BASE.iter().find(|b| b.1 == self).map_or("", |b| b.0)
    }

    fn label(self) -> &'static str {
        BASE.iter().find(|b| b.1 == self).map_or("", |b| b.2)
    }
}

impl TieBreak {
    /// Parses an id such as `bh-c1`, `bh-c1-virtual` or `tpr` (case-insensitive).
    pub fn parse(id: &str) -> Option<TieBreak> {
        let id = id.trim().to_ascii_lowercase();
        let (base, unplayed) = match id.strip_suffix(VIRTUAL_SUFFIX) {
            Some(base) => (base, Unplayed::Virtual),
            None => (id.as_str(), Unplayed::Dummy),
        };
        let kind = BASE.iter().find(|b| b.0 == base)?.1;
        if unplayed == Unplayed::Virtual && !kind.uses_opponent_scores() {
            return None;
        }
        Some(TieBreak { kind, unplayed })
    }

    /// The id as written in configuration.
    pub fn id(self) -> String {
        match self.unplayed {
            Unplayed::Virtual => format!("{}{VIRTUAL_SUFFIX}", self.kind.base_id()),
            Unplayed::Dummy => self.kind.base_id().to_string(),
        }
    }

    /// Column heading, e.g. `BH-C1` or `BH-C1ᵛ` for the virtual-opponent variant.
    pub fn label(self) -> String {
        match self.unplayed {
            Unplayed::Virtual if self.kind.uses_opponent_scores() => {
                format!("{}ᵛ", self.kind.label())
            }
            _ => self.kind.label().to_string(),
        }
    }

    /// A one-line description for page legends.
    pub fn description(self) -> String {
        let what = match self.kind {
            Kind::Buchholz => "Buchholz: sum of the opponents' scores",
            Kind::BuchholzCut1 => "Buchholz Cut 1: Buchholz without the least significant opponent",
            Kind::BuchholzCut2 => {
                "Buchholz Cut 2: Buchholz without the two least significant opponents"
            }
            Kind::BuchholzMedian1 => {
                "Median Buchholz 1: Buchholz without the highest and the least significant opponent"
            }
            Kind::SonnebornBerger => {
                "Sonneborn–Berger: beaten opponents' scores plus half of drawn opponents' scores"
            }
            Kind::Win => "Number of wins: rounds won, with or without playing",
            Kind::Won => "Number of games won over the board",
            Kind::WinsInclForfeits => "Number of wins: over the board plus forfeit wins",
            Kind::Progressive => "Progressive score: sum of the running scores",
            Kind::DirectEncounter => "Direct encounter: points among the tied players",
            Kind::BlackGames => "Number of games played with black",
            Kind::AverageRating => "Average rating of the opponents",
            Kind::Performance => "Tournament performance rating",
            Kind::Koya => {
                "Koya: points scored against the players with at least half the maximum score"
            }
        };
        match (self.kind.uses_opponent_scores(), self.unplayed) {
            (true, Unplayed::Virtual) => format!(
                "{what}; each unplayed round counts as a game against a virtual opponent \
                 with the player's score before that round plus ½ for every later round"
            ),
            (true, Unplayed::Dummy) => format!(
                "{what}; each unplayed round counts as a game against a dummy opponent \
                 with the player's own final score (FIDE C.07, 2023)"
            ),
            _ => what.to_string(),
        }
    }

    /// Every valid id, for messages.
    pub fn all_ids() -> Vec<String> {
        let mut out: Vec<String> = BASE.iter().map(|b| b.0.to_string()).collect();
        out.extend(
            BASE.iter()
                .filter(|b| b.1.uses_opponent_scores())
                .map(|b| format!("{}{VIRTUAL_SUFFIX}", b.0)),
        );
        out
    }
}

/// Parses a chain of ids, keeping the valid ones (invalid ones are reported by `check`).
pub fn parse_chain(ids: &[String]) -> Vec<TieBreak> {
    ids.iter().filter_map(|id| TieBreak::parse(id)).collect()
}
