//! One rating record in bytes, and back: each field in a fixed width,
//! absence as a mark of its own, so equal bytes mean equal records. The
//! ratings a build keeps (`rated`) are written in it, and the keys of the
//! pages built from ratings (`fingerprint`) hash it.

use crate::rating::{GameRating, KFactor, NotCounted, OptionalF64, Phase, TournamentRating};

/// Appends every field of `record` to `out`. The record and its games are
/// destructured, so a field added to either does not compile until it is
/// written here.
pub(super) fn encode_record(out: &mut Vec<u8>, record: &TournamentRating) {
    let TournamentRating {
        player,
        tournament,
        start_no,
        phase_before,
        phase_after,
        rating_before,
        rating_after,
        provisional_games_before,
        provisional_games_after,
        games,
        tournament_half_points,
    } = record;
    put_u64(out, *player as u64);
    put_u64(out, *tournament as u64);
    out.extend_from_slice(&start_no.to_le_bytes());
    out.push(phase_code(*phase_before));
    out.push(phase_code(*phase_after));
    put_option_i32(out, *rating_before);
    put_option_i32(out, *rating_after);
    out.extend_from_slice(&provisional_games_before.to_le_bytes());
    out.extend_from_slice(&provisional_games_after.to_le_bytes());
    out.extend_from_slice(&tournament_half_points.to_le_bytes());
    put_u64(out, games.len() as u64);
    for game in games {
        encode_game(out, game);
    }
}

pub(super) fn decode_record(input: &mut Reader) -> Option<TournamentRating> {
    let player = usize::try_from(input.u64()?).ok()?;
    let tournament = usize::try_from(input.u64()?).ok()?;
    let start_no = input.u32()?;
    let phase_before = phase_of(input.u8()?)?;
    let phase_after = phase_of(input.u8()?)?;
    let rating_before = input.option_i32()?;
    let rating_after = input.option_i32()?;
    let provisional_games_before = input.u32()?;
    let provisional_games_after = input.u32()?;
    let tournament_half_points = input.u32()?;
    let games = input.length(24)?;
    let games = (0..games)
        .map(|_| decode_game(input))
        .collect::<Option<Vec<_>>>()?;
    Some(TournamentRating {
        player,
        tournament,
        start_no,
        phase_before,
        phase_after,
        rating_before,
        rating_after,
        provisional_games_before,
        provisional_games_after,
        games,
        tournament_half_points,
    })
}

fn encode_game(out: &mut Vec<u8>, game: &GameRating) {
    let GameRating {
        round,
        opponent,
        half_points,
        opponent_rating,
        expected,
        k,
        change,
        not_counted,
        stones_received,
        difference,
    } = game;
    out.extend_from_slice(&round.to_le_bytes());
    put_u64(out, *opponent as u64);
    out.push(*half_points);
    put_option_i32(out, *opponent_rating);
    out.extend_from_slice(&number_bits(*expected).to_le_bytes());
    match k {
        Some(KFactor(k)) => {
            out.push(1);
            out.extend_from_slice(&k.to_le_bytes());
        }
        None => out.push(0),
    }
    out.extend_from_slice(&number_bits(*change).to_le_bytes());
    out.push(not_counted.map_or(0, not_counted_code));
    out.extend_from_slice(&stones_received.to_le_bytes());
    match difference {
        Some(d) => {
            out.push(1);
            out.extend_from_slice(&d.to_le_bytes());
        }
        None => out.push(0),
    }
}

fn decode_game(input: &mut Reader) -> Option<GameRating> {
    let round = u16::from_le_bytes(input.array()?);
    let opponent = usize::try_from(input.u64()?).ok()?;
    let half_points = input.u8()?;
    let opponent_rating = input.option_i32()?;
    let expected = number_of(input.u64()?);
    let k = match input.u8()? {
        0 => None,
        1 => Some(KFactor(u16::from_le_bytes(input.array()?))),
        _ => return None,
    };
    let change = number_of(input.u64()?);
    let not_counted = match input.u8()? {
        0 => None,
        code => Some(not_counted_of(code)?),
    };
    let stones_received = i32::from_le_bytes(input.array()?);
    let difference = match input.u8()? {
        0 => None,
        1 => Some(i16::from_le_bytes(input.array()?)),
        _ => return None,
    };
    Some(GameRating {
        round,
        opponent,
        half_points,
        opponent_rating,
        expected,
        k,
        change,
        not_counted,
        stones_received,
        difference,
    })
}

/// The number's bits, every missing one alike.
fn number_bits(number: OptionalF64) -> u64 {
    number.get().map_or(u64::MAX, f64::to_bits)
}

fn number_of(bits: u64) -> OptionalF64 {
    OptionalF64::from((bits != u64::MAX).then(|| f64::from_bits(bits)))
}

fn phase_code(phase: Phase) -> u8 {
    match phase {
        Phase::Provisional => 0,
        Phase::Established => 1,
        Phase::Unrated => 2,
    }
}

fn phase_of(code: u8) -> Option<Phase> {
    [Phase::Provisional, Phase::Established, Phase::Unrated]
        .get(usize::from(code))
        .copied()
}

const NOT_COUNTED: [NotCounted; 6] = [
    NotCounted::UnratedTournament,
    NotCounted::OpponentOther,
    NotCounted::OpponentWithoutRating,
    NotCounted::OpponentProvisional,
    NotCounted::NotPlayed,
    NotCounted::PlayerUnrated,
];

fn not_counted_code(reason: NotCounted) -> u8 {
    let index = NOT_COUNTED.iter().position(|r| *r == reason);
    // Every reason is in the list; 1-based, 0 is "counted".
    index.map_or(u8::MAX, |i| i as u8 + 1)
}

fn not_counted_of(code: u8) -> Option<NotCounted> {
    NOT_COUNTED.get(usize::from(code).checked_sub(1)?).copied()
}

pub(super) fn put_u64(out: &mut Vec<u8>, value: u64) {
    out.extend_from_slice(&value.to_le_bytes());
}

fn put_option_i32(out: &mut Vec<u8>, value: Option<i32>) {
    match value {
        Some(v) => {
            out.push(1);
            out.extend_from_slice(&v.to_le_bytes());
        }
        None => out.push(0),
    }
}

/// Reads what the encoders wrote; `None` at anything out of place.
pub(super) struct Reader<'a>(pub(super) &'a [u8]);

impl Reader<'_> {
    pub(super) fn array<const N: usize>(&mut self) -> Option<[u8; N]> {
        let (bytes, rest) = self.0.split_first_chunk::<N>()?;
        self.0 = rest;
        Some(*bytes)
    }

    pub(super) fn u8(&mut self) -> Option<u8> {
        Some(self.array::<1>()?[0])
    }

    pub(super) fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.array()?))
    }

    pub(super) fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.array()?))
    }

    pub(super) fn u128(&mut self) -> Option<u128> {
        Some(u128::from_le_bytes(self.array()?))
    }

    /// A count of items each at least `smallest` bytes long: no more than
    /// the bytes left could hold, so a bad count allocates nothing.
    pub(super) fn length(&mut self, smallest: usize) -> Option<usize> {
        let count = usize::try_from(self.u64()?).ok()?;
        (count <= self.0.len() / smallest.max(1)).then_some(count)
    }

    pub(super) fn option_i32(&mut self) -> Option<Option<i32>> {
        match self.u8()? {
            0 => Some(None),
            1 => Some(Some(i32::from_le_bytes(self.array()?))),
            _ => None,
        }
    }
}
