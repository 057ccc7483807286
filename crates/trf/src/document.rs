//! What a document answers: its players, headers and extension lines, its
//! edition, and the consistency of its rounds across lines.
use crate::model::{
    ByeRecord, Colour, NationalLine, PlayerLine, Points, ResultCode, ScoreClass, TrfDocument,
    TrfError, TrfErrorKind, TrfLine, Version, XxcLine, FIRST_ROUND_COLUMN,
};
use crate::trf26;

impl TrfDocument {
    /// The player lines in file order.
    pub fn players(&self) -> impl Iterator<Item = &PlayerLine> {
        self.lines.iter().filter_map(|l| match l {
            TrfLine::Player(p) => Some(p),
            _ => None,
        })
    }

    /// Mutable access to the player lines in file order.
    pub fn players_mut(&mut self) -> impl Iterator<Item = &mut PlayerLine> {
        self.lines.iter_mut().filter_map(|l| match l {
            TrfLine::Player(p) => Some(p),
            _ => None,
        })
    }

    /// The 1-based line number of each player line, by start number.
    pub fn player_line_numbers(&self) -> Vec<(u32, usize)> {
        self.lines
            .iter()
            .enumerate()
            .filter_map(|(i, l)| match l {
                TrfLine::Player(p) => Some((p.start_no, i + 1)),
                _ => None,
            })
            .collect()
    }

    /// Text of a header line (`"012"` = tournament name), if present.
    pub fn header(&self, code: &str) -> Option<&str> {
        self.lines.iter().find_map(|l| match l {
            TrfLine::Header { code: c, text } if c == code => Some(text.as_str()),
            _ => None,
        })
    }

    /// Tournament name (`012`).
    pub fn name(&self) -> Option<&str> {
        self.header("012")
    }

    /// Total rounds from `XXR`.
    pub fn total_rounds(&self) -> Option<u32> {
        self.lines
            .iter()
            .find_map(|l| match l {
                TrfLine::TotalRounds(n) => Some(*n),
                _ => None,
            })
            .or_else(|| {
                // TRF-2026 writes the number of rounds in `142`.
                let n = self.header("142")?.trim().parse::<u32>().ok()?;
                (1..1000).contains(&n).then_some(n)
            })
    }

    /// The `XXC` options (defaults if absent); without `XXC`, TRF-2026's `152`
    /// (`W` or `B`) gives the initial colour.
    pub fn xxc(&self) -> XxcLine {
        self.lines
            .iter()
            .find_map(|l| match l {
                TrfLine::Xxc(x) => Some(x.clone()),
                _ => None,
            })
            .unwrap_or_else(|| XxcLine {
                initial_colour: match self.header("152").map(str::trim) {
                    Some("W" | "w") => Some(Colour::White),
                    Some("B" | "b") => Some(Colour::Black),
                    _ => None,
                },
                rank: false,
            })
    }

    /// All `XXS` key/value pairs, in file order.
    pub fn point_system(&self) -> Vec<(String, Points)> {
        self.lines
            .iter()
            .filter_map(|l| match l {
                TrfLine::PointSystem(v) => Some(v.clone()),
                _ => None,
            })
            .flatten()
            .collect()
    }

    /// All forbidden pairs from `XXP` lines (each line forbids every pair of
    /// its members).
    pub fn forbidden_pairs(&self) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for l in &self.lines {
            if let TrfLine::ForbiddenPairs(v) = l {
                for (i, &a) in v.iter().enumerate() {
                    for &b in &v[i + 1..] {
                        if a != b {
                            out.push((a.min(b), a.max(b)));
                        }
                    }
                }
            }
        }
        out
    }

    /// The edition the document follows: TRF-2026 when it has any record only
    /// TRF-2026 defines, TRF-16 otherwise.
    pub fn version(&self) -> Version {
        trf26::detect_version(self)
    }

    /// The document in the given edition (see [`trf26`] for what each
    /// conversion moves where); the player lines and their round blocks are
    /// the same in both.
    pub fn to_version(&self, version: Version) -> TrfDocument {
        match version {
            Version::Trf16 => trf26::to_trf16(self),
            Version::Trf2026 => trf26::to_trf2026(self),
        }
    }

    /// The TRF-2026 `162` point system, in file order (empty when absent).
    pub fn scoring(&self) -> Vec<(ScoreClass, Points)> {
        self.lines
            .iter()
            .filter_map(|l| match l {
                TrfLine::Scoring(v) => Some(v.clone()),
                _ => None,
            })
            .flatten()
            .collect()
    }

    /// The TRF-2026 National Rating Support lines.
    pub fn national_lines(&self) -> impl Iterator<Item = &NationalLine> {
        self.lines.iter().filter_map(|l| match l {
            TrfLine::National(n) => Some(n),
            _ => None,
        })
    }

    /// The TRF-2026 `240` bye records.
    pub fn bye_records(&self) -> impl Iterator<Item = &ByeRecord> {
        self.lines.iter().filter_map(|l| match l {
            TrfLine::Bye(b) => Some(b),
            _ => None,
        })
    }

    /// The codes of the team-section records present (`013`, `300`, `310`,
    /// `320`, `330`, `801`, `802`), each once, in file order: a team event.
    pub fn team_records(&self) -> Vec<&'static str> {
        let mut found = Vec::new();
        for l in &self.lines {
            if let TrfLine::Other(s) = l {
                if let Some(code) = trf26::TEAM_CODES
                    .iter()
                    .find(|c| s.starts_with(*c) && s.chars().nth(3).is_none_or(|x| x == ' '))
                {
                    if !found.contains(code) {
                        found.push(*code);
                    }
                }
            }
        }
        found
    }

    /// The pairs that must not meet in `round`: every pair of each `XXP` line,
    /// and of each TRF-2026 `260` record whose span of rounds includes `round`.
    pub fn forbidden_pairs_in_round(&self, round: u32) -> Vec<(u32, u32)> {
        let mut out = self.forbidden_pairs();
        for l in &self.lines {
            if let TrfLine::Prohibited(p) = l {
                if (p.first_round..=p.last_round).contains(&round) {
                    for (i, &a) in p.ids.iter().enumerate() {
                        for &b in &p.ids[i + 1..] {
                            if a != b {
                                out.push((a.min(b), a.max(b)));
                            }
                        }
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Number of round columns used by any player.
    pub fn rounds_present(&self) -> usize {
        self.players().map(|p| p.rounds.len()).max().unwrap_or(0)
    }

    /// Cross-line checks: duplicate start numbers, unknown opponents,
    /// self-pairings, and every game mirrored by the opponent's block in the
    /// same round (same opponent back, opposite colours, complementary
    /// results). Returns every problem found (line/column of the block).
    pub fn check_consistency(&self) -> Vec<TrfError> {
        let mut errors = Vec::new();
        let mut by_no: std::collections::HashMap<u32, (usize, &PlayerLine)> = Default::default();
        for (i, l) in self.lines.iter().enumerate() {
            if let TrfLine::Player(p) = l {
                if by_no.insert(p.start_no, (i + 1, p)).is_some() {
                    errors.push(TrfError {
                        line: i + 1,
                        column: 5,
                        kind: TrfErrorKind::DuplicateStartNumber(p.start_no),
                    });
                }
            }
        }
        for (i, l) in self.lines.iter().enumerate() {
            let TrfLine::Player(p) = l else { continue };
            for (r, e) in p.rounds.iter().enumerate() {
                let Some(e) = e else { continue };
                let Some(o) = e.opponent else { continue };
                let column = FIRST_ROUND_COLUMN + 10 * r;
                let at = |kind| TrfError {
                    line: i + 1,
                    column,
                    kind,
                };
                if o == p.start_no {
                    errors.push(at(TrfErrorKind::SelfPairing {
                        round: r + 1,
                        player: o,
                    }));
                    continue;
                }
                let Some((_, q)) = by_no.get(&o) else {
                    errors.push(at(TrfErrorKind::UnknownOpponent {
                        round: r + 1,
                        opponent: o,
                    }));
                    continue;
                };
                let asym = |detail| TrfErrorKind::AsymmetricRound {
                    round: r + 1,
                    player: p.start_no,
                    opponent: o,
                    detail,
                };
                match q.rounds.get(r).and_then(|x| x.as_ref()) {
                    Some(qe) if qe.opponent == Some(p.start_no) => {
                        let colours_ok = match (e.colour, qe.colour) {
                            (Some(a), Some(b)) => a != b,
                            (None, None) => true,
                            _ => false,
                        };
                        if !colours_ok {
                            errors.push(at(asym("colours are not opposite")));
                        } else if e.result.complement() != Some(qe.result)
                            && !(e.result == ResultCode::ForfeitLoss
                                && qe.result == ResultCode::ForfeitLoss)
                        {
                            errors.push(at(asym("results are not complementary")));
                        }
                    }
                    _ => errors.push(at(asym("the opponent's block names someone else"))),
                }
            }
        }
        errors
    }
}
