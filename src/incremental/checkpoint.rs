//! Parsed player and tournament files kept from one build to the next, so
//! that a rebuild parses only the files whose content changed.
//!
//! Each stored value is the loader's own result for one file (or, for a
//! tournament, its metadata and crosstable), filed under the file's path and
//! the hash of its content. A value is stored only when loading it met no
//! problem at all, so a file with a warning is read again and reports it
//! again. A path that is a symbolic link is never taken from here: the
//! loader's link policy must see it.
//!
//! The encoding is hand-written rather than derived: a serde binary format
//! would follow the model's `Serialize`, which leaves out personal data (it
//! feeds templates) and empty handicap lists, so what it read back would not
//! be whole. Each
//! encoder destructures its type, so a new field does not compile until it
//! is stored; each decoder checks what it reads (ids, dates, enum codes,
//! number ranges) and a file that does not check out whole, or was written
//! by another version of the program, is ignored.

use crate::diagnostic::Diagnostic;
use crate::model::{
    Acceleration, Bye, Cell, Colour, Dataset, Date, Entry, EventState, GameResult, LateEntryBye,
    ManualPairing, Membership, Player, Preset, Rules, Sex, Slug, Start, System, TimeControl,
    Tournament, Withdrawal,
};
use std::collections::HashSet;
use std::io::Write as _;
use std::path::Path;

/// A 128-bit content hash.
pub type ContentHash = u128;

/// The first bytes of a checkpoint file.
const MAGIC: &[u8] = b"ratingbook parsed files 3\n";

/// What a load may take over from the previous build: its checkpoint, and
/// the content hash of each input file that is not a link, by its path
/// relative to the repository root (as diagnostics name it).
#[derive(Clone, Copy)]
pub struct Reuse<'a> {
    /// The values kept by the previous build.
    pub checkpoint: &'a Checkpoint,
    /// The content hash of the file at a relative path, when known and not a link.
    pub content: &'a (dyn Fn(&Path) -> Option<ContentHash> + Sync),
    /// The files under `data/` as the build's listing of its inputs found
    /// them, by path relative to the root, each folder's entries in name
    /// order; only when that listing met no symbolic link there. The
    /// loader takes its players and tournaments from it instead of listing
    /// their folders again.
    pub listed: Option<&'a [&'a str]>,
}

impl Reuse<'_> {
    /// The player the previous build read from `path` (under `root`), if
    /// its content is unchanged.
    pub fn player(&self, root: &Path, path: &Path) -> Option<Player> {
        let source = crate::load::relative(root, path);
        let content = (self.content)(&source)?;
        let checkpoint = self.checkpoint;
        let bytes = checkpoint.encoding(&checkpoint.players, source.to_str()?, content)?;
        let mut player = decode_player(&mut Reader(bytes))?;
        player.source = source;
        Some(player)
    }

    /// The tournament the previous build read from the metadata file
    /// `meta_path` (under `root`) and the crosstable beside it, if neither
    /// changed.
    pub fn tournament(&self, root: &Path, meta_path: &Path) -> Option<Tournament> {
        let meta_source = crate::load::relative(root, meta_path);
        let table_source = meta_source.with_extension("csv");
        let content = tournament_content(
            (self.content)(&meta_source)?,
            (self.content)(&table_source)?,
        );
        let checkpoint = self.checkpoint;
        let bytes = checkpoint.encoding(&checkpoint.tournaments, meta_source.to_str()?, content)?;
        let mut tournament = decode_tournament(&mut Reader(bytes))?;
        tournament.meta_source = meta_source;
        tournament.table_source = table_source;
        Some(tournament)
    }
}

impl crate::load::TakeOver for Reuse<'_> {
    fn player(&self, root: &Path, path: &Path) -> Option<Player> {
        Reuse::player(self, root, path)
    }

    fn tournament(&self, root: &Path, meta_path: &Path) -> Option<Tournament> {
        Reuse::tournament(self, root, meta_path)
    }

    fn listed(&self) -> Option<&[&str]> {
        self.listed
    }
}

/// The values a previous build kept, by path.
#[derive(Debug, Default)]
pub struct Checkpoint {
    /// The file's bytes: each value's encoding is a range of them, not a
    /// copy (hundreds of thousands of values in a federation's checkpoint).
    bytes: Vec<u8>,
    players: Section,
    tournaments: Section,
}

/// The values of one kind, by a hash of their path (see [`path_key`]).
type Section = foldhash::HashMap<u64, Stored>;

/// One stored value: where its path and its encoding are in the
/// checkpoint's bytes, and the content hash it was read from.
#[derive(Debug)]
struct Stored {
    path: std::ops::Range<usize>,
    content: ContentHash,
    encoding: std::ops::Range<usize>,
}

/// What a value is filed under: a hash of its path, so that reading a
/// checkpoint makes no string for each of its values. The path itself is
/// compared when the value is looked up; of two paths with the same hash,
/// one is parsed again.
fn path_key(path: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(path)
}

impl Checkpoint {
    /// The checkpoint in `file` written by the program whose version key is
    /// `tool`; empty when there is none, or it is of another version, or it
    /// does not read whole.
    pub fn read(file: &Path, tool: ContentHash) -> Checkpoint {
        std::fs::read(file)
            .ok()
            .and_then(|bytes| Checkpoint::parse(bytes, tool))
            .unwrap_or_default()
    }

    fn parse(bytes: Vec<u8>, tool: ContentHash) -> Option<Checkpoint> {
        let body_end = bytes.len().checked_sub(16)?;
        let (body, check) = bytes.split_at(body_end);
        let body = body.strip_prefix(MAGIC)?;
        if xxhash_rust::xxh3::xxh3_128(body).to_le_bytes() != check {
            return None;
        }
        let mut reader = Reader(body);
        if reader.u128()? != tool {
            return None;
        }
        let players = read_section(&mut reader, body_end)?;
        let tournaments = read_section(&mut reader, body_end)?;
        reader.0.is_empty().then_some(Checkpoint {
            players,
            tournaments,
            bytes,
        })
    }

    /// The encoding filed in `section` under `path`, when it was read from
    /// `content`.
    fn encoding(&self, section: &Section, path: &str, content: ContentHash) -> Option<&[u8]> {
        let stored = section.get(&path_key(path.as_bytes()))?;
        let same_path = self.bytes.get(stored.path.clone())? == path.as_bytes();
        (same_path && stored.content == content).then_some(())?;
        self.bytes.get(stored.encoding.clone())
    }
}

/// One section: a count (eight bytes), then each value's path, content
/// hash and encoding, each noted by where it is in the checkpoint's bytes,
/// in which the reader's bytes end at `end`.
fn read_section(reader: &mut Reader, end: usize) -> Option<Section> {
    let count = u64::from_le_bytes(reader.bytes(8)?.try_into().ok()?);
    // Each value takes more than a byte: no count exceeds what is left.
    let count = usize::try_from(count)
        .ok()
        .filter(|&c| c <= reader.0.len())?;
    let mut section = Section::with_capacity_and_hasher(count, Default::default());
    for _ in 0..count {
        let path_length = reader.length()?;
        let path_start = end - reader.0.len();
        let path = reader.bytes(path_length)?;
        let content = reader.u128()?;
        let length = reader.length()?;
        let start = end - reader.0.len();
        reader.bytes(length)?;
        std::str::from_utf8(path).ok()?;
        let stored = Stored {
            path: path_start..path_start + path_length,
            content,
            encoding: start..start + length,
        };
        section.insert(path_key(path), stored);
    }
    Some(section)
}

/// The content hash a tournament is filed under: that of its metadata and
/// of its crosstable.
fn tournament_content(meta: ContentHash, table: ContentHash) -> ContentHash {
    let mut both = [0; 32];
    both[..16].copy_from_slice(&meta.to_le_bytes());
    both[16..].copy_from_slice(&table.to_le_bytes());
    xxhash_rust::xxh3::xxh3_128(&both)
}

/// Writes the checkpoint of `dataset` (loaded with `reuse`) into `file`,
/// for the program whose version key is `tool`:
/// every player and tournament whose files `reuse` knows and no diagnostic
/// names. A value taken over is written as it was read, without encoding it
/// again. Written beside and then renamed over, so a reader never sees half
/// of it.
pub fn write(
    file: &Path,
    tool: ContentHash,
    dataset: &Dataset,
    reuse: Reuse,
    diagnostics: &[Diagnostic],
) -> std::io::Result<()> {
    let named: HashSet<&Path> = diagnostics.iter().map(|d| d.file.as_path()).collect();
    let previous = reuse.checkpoint;
    let mut body = Sections {
        out: Writer(Vec::with_capacity(previous.bytes.len() + (1 << 20))),
        scratch: Writer::default(),
        content: reuse.content,
    };
    body.out.u128(tool);
    let players = dataset.players.iter();
    body.section((previous, &previous.players), players, encode_player, |p| {
        let source = p.source.as_path();
        (!named.contains(source)).then_some((source, None))
    });
    let tournaments = dataset.tournaments.iter();
    body.section(
        (previous, &previous.tournaments),
        tournaments,
        encode_tournament,
        |t| {
            let (meta, table) = (t.meta_source.as_path(), t.table_source.as_path());
            (!named.contains(meta) && !named.contains(table)).then_some((meta, Some(table)))
        },
    );
    let body = body.out.0;
    let check = xxhash_rust::xxh3::xxh3_128(&body).to_le_bytes();
    if let Some(parent) = file.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let temporary = file.with_extension("parsed-partial");
    let mut out = crate::atomic_write::create_or_write_over(&temporary)?;
    for part in [MAGIC, &body, &check] {
        out.write_all(part)?;
    }
    crate::atomic_write::cut_after_written(&mut out)?;
    drop(out);
    crate::atomic_write::swap_in(&temporary, file)
}

/// The body of a checkpoint as it is written.
struct Sections<'a> {
    out: Writer,
    /// Where each value is encoded before it is filed.
    scratch: Writer,
    content: &'a (dyn Fn(&Path) -> Option<ContentHash> + Sync),
}

impl Sections<'_> {
    /// Files each of `values` whose relative path (and, for a tournament,
    /// its crosstable's) `paths` gives and whose content is known: its
    /// encoding taken over from the previous checkpoint's section when it
    /// was read from the same content, else made by `encode`. The count
    /// goes first, in a fixed width filled in at the end.
    fn section<'v, T: 'v>(
        &mut self,
        (previous, section): (&Checkpoint, &Section),
        values: impl Iterator<Item = &'v T>,
        encode: fn(&mut Writer, &T),
        paths: impl Fn(&'v T) -> Option<(&'v Path, Option<&'v Path>)>,
    ) {
        let count_at = self.out.0.len();
        self.out.0.extend_from_slice(&0u64.to_le_bytes());
        let mut count = 0u64;
        for value in values {
            let Some((path, beside)) = paths(value) else {
                continue;
            };
            let content = match beside {
                None => (self.content)(path),
                Some(beside) => (self.content)(path)
                    .zip((self.content)(beside))
                    .map(|(a, b)| tournament_content(a, b)),
            };
            let (Some(text), Some(content)) = (path.to_str(), content) else {
                continue;
            };
            let encoding = match previous.encoding(section, text, content) {
                Some(bytes) => bytes,
                None => {
                    self.scratch.0.clear();
                    encode(&mut self.scratch, value);
                    &self.scratch.0
                }
            };
            self.out.str(text);
            self.out.u128(content);
            self.out.length(encoding.len());
            self.out.0.extend_from_slice(encoding);
            count += 1;
        }
        self.out.0[count_at..count_at + 8].copy_from_slice(&count.to_le_bytes());
    }
}

fn encode_player(out: &mut Writer, player: &Player) {
    let Player {
        id,
        name,
        membership,
        country,
        club,
        licence,
        international_rating,
        grade,
        preset: Preset { rating, games },
        starts,
        birth_year,
        birth_date,
        fide_id,
        title,
        fide_name,
        sex,
        source: _,
    } = player;
    out.str(id.as_str());
    out.str(name);
    out.u8(match membership {
        Membership::Member => 0,
        Membership::Honorary => 1,
        Membership::Rif => 2,
        Membership::Other => 3,
    });
    out.option(country.as_deref(), Writer::str);
    out.option(club.as_deref(), Writer::str);
    out.option(*licence, Writer::u32);
    out.option(*international_rating, Writer::u32);
    out.option(grade.map(|g| g.stones()), Writer::i64_from);
    out.u32(*rating);
    out.u32(*games);
    out.length(starts.len());
    for start in starts {
        encode_start(out, start);
    }
    out.option(*birth_year, Writer::i64_from);
    out.option(*birth_date, Writer::date);
    out.option(*fide_id, Writer::u64);
    out.option(title.as_deref(), Writer::str);
    out.option(fide_name.as_deref(), Writer::str);
    out.option(*sex, |out, sex| {
        out.u8(match sex {
            Sex::Man => 0,
            Sex::Woman => 1,
        });
    });
}

fn decode_player(input: &mut Reader) -> Option<Player> {
    let player = Player {
        id: input.slug()?,
        name: input.string()?,
        membership: match input.u8()? {
            0 => Membership::Member,
            1 => Membership::Honorary,
            2 => Membership::Rif,
            3 => Membership::Other,
            _ => return None,
        },
        country: input.option(Reader::string)?,
        club: input.option(Reader::string)?,
        licence: input.option(Reader::u32)?,
        international_rating: input.option(Reader::u32)?,
        grade: input.option(|r| go_grades::Grade::from_stones(r.i32()?))?,
        preset: Preset {
            rating: input.u32()?,
            games: input.u32()?,
        },
        starts: {
            let count = input.length()?;
            (0..count)
                .map(|_| decode_start(input))
                .collect::<Option<Vec<_>>>()?
        },
        birth_year: input.option(Reader::i32)?,
        birth_date: input.option(Reader::date)?,
        fide_id: input.option(Reader::u64)?,
        title: input.option(Reader::string)?,
        fide_name: input.option(Reader::string)?,
        sex: input.option(|r| match r.u8()? {
            0 => Some(Sex::Man),
            1 => Some(Sex::Woman),
            _ => None,
        })?,
        source: Default::default(),
    };
    input.0.is_empty().then_some(player)
}

fn encode_start(out: &mut Writer, start: &Start) {
    out.option(start.pool.as_deref(), Writer::str);
    out.u64(start.rating.to_bits());
    out.option(start.deviation.map(f64::to_bits), Writer::u64);
    out.option(start.volatility.map(f64::to_bits), Writer::u64);
    out.option(start.games, Writer::u32);
    out.option(start.k, Writer::u32);
    out.option(start.as_of, Writer::date);
    out.length(start.line);
}

fn decode_start(input: &mut Reader) -> Option<Start> {
    Some(Start {
        pool: input.option(Reader::string)?,
        rating: f64::from_bits(input.u64()?),
        deviation: input.option(|r| r.u64().map(f64::from_bits))?,
        volatility: input.option(|r| r.u64().map(f64::from_bits))?,
        games: input.option(Reader::u32)?,
        k: input.option(Reader::u32)?,
        as_of: input.option(Reader::date)?,
        line: input.length()?,
    })
}

fn encode_tournament(out: &mut Writer, tournament: &Tournament) {
    let Tournament {
        id,
        name,
        start,
        end,
        city,
        system,
        acceleration,
        rounds,
        rated,
        time_control,
        rules,
        base_k,
        sequence,
        illustrative,
        note,
        pool,
        tiebreaks,
        language,
        event,
        entries,
        first_round_column,
        meta_source: _,
        table_source: _,
    } = tournament;
    out.str(id.as_str());
    out.str(name);
    out.date(*start);
    out.date(*end);
    out.option(city.as_deref(), Writer::str);
    out.u8(match system {
        System::Swiss => 0,
        System::RoundRobin => 1,
    });
    out.u8(match acceleration {
        Acceleration::None => 0,
        Acceleration::Baku => 1,
    });
    out.u32(*rounds);
    out.u8(u8::from(*rated));
    out.u8(match time_control {
        TimeControl::Standard => 0,
        TimeControl::Rapid => 1,
    });
    out.u8(match rules {
        Rules::Standard => 0,
        Rules::Modified => 1,
    });
    out.option(*base_k, Writer::u32);
    out.u32(*sequence);
    out.u8(u8::from(*illustrative));
    out.option(note.as_deref(), Writer::str);
    out.option(pool.as_deref(), Writer::str);
    out.option(tiebreaks.as_deref(), |out, names| {
        out.length(names.len());
        names.iter().for_each(|n| out.str(n));
    });
    out.option(language.as_deref(), Writer::str);
    encode_event(out, event);
    out.usize(*first_round_column);
    out.length(entries.len());
    for entry in entries {
        encode_entry(out, entry);
    }
}

fn decode_tournament(input: &mut Reader) -> Option<Tournament> {
    let mut tournament = Tournament {
        id: input.slug()?,
        name: input.string()?,
        start: input.date()?,
        end: input.date()?,
        city: input.option(Reader::string)?,
        system: match input.u8()? {
            0 => System::Swiss,
            1 => System::RoundRobin,
            _ => return None,
        },
        acceleration: match input.u8()? {
            0 => Acceleration::None,
            1 => Acceleration::Baku,
            _ => return None,
        },
        rounds: input.u32()?,
        rated: input.flag()?,
        time_control: match input.u8()? {
            0 => TimeControl::Standard,
            1 => TimeControl::Rapid,
            _ => return None,
        },
        rules: match input.u8()? {
            0 => Rules::Standard,
            1 => Rules::Modified,
            _ => return None,
        },
        base_k: input.option(Reader::u32)?,
        sequence: input.u32()?,
        illustrative: input.flag()?,
        note: input.option(Reader::string)?,
        pool: input.option(Reader::string)?,
        tiebreaks: input.option(|r| (0..r.length()?).map(|_| r.string()).collect())?,
        language: input.option(Reader::string)?,
        event: decode_event(input)?,
        entries: Vec::new(),
        first_round_column: input.usize()?,
        meta_source: Default::default(),
        table_source: Default::default(),
    };
    let count = input.length()?;
    tournament.entries = decode_list(input, count, decode_entry)?;
    input.0.is_empty().then_some(tournament)
}

fn encode_event(out: &mut Writer, event: &EventState) {
    out.u8(match event.late_entry_bye {
        LateEntryBye::Zero => 0,
        LateEntryBye::Half => 1,
    });
    out.length(event.withdrawals.len());
    for w in &event.withdrawals {
        out.str(w.player.as_str());
        out.u32(w.from_round);
    }
    out.length(event.forbidden.len());
    for (a, b) in &event.forbidden {
        out.str(a.as_str());
        out.str(b.as_str());
    }
    out.length(event.manual_pairings.len());
    for m in &event.manual_pairings {
        out.u32(m.round);
        out.str(m.white.as_str());
        out.str(m.black.as_str());
    }
}

fn decode_event(input: &mut Reader) -> Option<EventState> {
    let late_entry_bye = match input.u8()? {
        0 => LateEntryBye::Zero,
        1 => LateEntryBye::Half,
        _ => return None,
    };
    let withdrawals = (0..input.length()?)
        .map(|_| {
            Some(Withdrawal {
                player: input.slug()?,
                from_round: input.u32()?,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    let forbidden = (0..input.length()?)
        .map(|_| Some((input.slug()?, input.slug()?)))
        .collect::<Option<Vec<_>>>()?;
    let manual_pairings = (0..input.length()?)
        .map(|_| {
            Some(ManualPairing {
                round: input.u32()?,
                white: input.slug()?,
                black: input.slug()?,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(EventState {
        late_entry_bye,
        withdrawals,
        forbidden,
        manual_pairings,
    })
}

/// A hash of every field of `entries` (as a checkpoint stores them): a
/// crosstable's fingerprint, made far faster than through serde.
pub fn entries_fingerprint(entries: &[Entry]) -> ContentHash {
    let mut out = Writer(Vec::with_capacity(64 * entries.len()));
    out.length(entries.len());
    for entry in entries {
        encode_entry(&mut out, entry);
    }
    xxhash_rust::xxh3::xxh3_128(&out.0)
}

/// A hash of every field of `player` (as a checkpoint stores them), with the
/// file it was read from: the player's record as pages see it, made far
/// faster than through serde.
pub fn player_fingerprint(player: &Player) -> ContentHash {
    let mut out = Writer(Vec::with_capacity(128));
    encode_player(&mut out, player);
    out.str(&player.source.to_string_lossy());
    xxhash_rust::xxh3::xxh3_128(&out.0)
}

/// A hash of every field of `tournament` (as a checkpoint stores them),
/// with the files it was read from.
pub fn tournament_fingerprint(tournament: &Tournament) -> ContentHash {
    let mut out = Writer(Vec::with_capacity(256 + 64 * tournament.entries.len()));
    encode_tournament(&mut out, tournament);
    out.str(&tournament.meta_source.to_string_lossy());
    out.str(&tournament.table_source.to_string_lossy());
    xxhash_rust::xxh3::xxh3_128(&out.0)
}

fn encode_entry(out: &mut Writer, entry: &Entry) {
    let Entry {
        start_no,
        player,
        rating,
        rank,
        cells,
        handicaps,
        line,
    } = entry;
    out.u32(*start_no);
    out.str(player.as_str());
    out.option(*rating, Writer::u32);
    out.option(*rank, Writer::u32);
    out.usize(*line);
    out.length(cells.len());
    for cell in cells {
        encode_cell(out, cell);
    }
    out.length(handicaps.len());
    out.0.extend_from_slice(handicaps);
}

/// The most values a list is made with room for before they are read.
const ROOM_AT_ONCE: usize = 1024;

/// `count` values decoded one after another, in a list made at its size
/// (collected through `Option`, the list would grow a value at a time). A
/// damaged count gets room for [`ROOM_AT_ONCE`] values at most, and the
/// list grows from there only as values are really read.
fn decode_list<T>(
    input: &mut Reader,
    count: usize,
    decode: impl Fn(&mut Reader) -> Option<T>,
) -> Option<Vec<T>> {
    let mut out = Vec::with_capacity(count.min(ROOM_AT_ONCE));
    for _ in 0..count {
        out.push(decode(input)?);
    }
    Some(out)
}

fn decode_entry(input: &mut Reader) -> Option<Entry> {
    let start_no = input.u32()?;
    let player = input.slug()?;
    let rating = input.option(Reader::u32)?;
    let rank = input.option(Reader::u32)?;
    let line = input.usize()?;
    let count = input.length()?;
    let cells = decode_list(input, count, decode_cell)?;
    let length = input.length()?;
    let handicaps = input.bytes(length)?.to_vec();
    if handicaps.iter().any(|&h| h > crate::model::MAX_HANDICAP) {
        return None;
    }
    Some(Entry {
        start_no,
        player,
        rating,
        rank,
        cells,
        handicaps,
        line,
    })
}

/// A cell in one byte (its kind, colour and result or bye), then the
/// opponent's start number for a game or a pairing.
fn encode_cell(out: &mut Writer, cell: &Cell) {
    let colour = |c: &Option<Colour>| match c {
        None => 0,
        Some(Colour::White) => 1,
        Some(Colour::Black) => 2,
    };
    match cell {
        Cell::Game {
            opponent,
            colour: c,
            result,
        } => {
            let result = match result {
                GameResult::Win => 0,
                GameResult::Draw => 1,
                GameResult::Loss => 2,
                GameResult::ForfeitWin => 3,
                GameResult::ForfeitLoss => 4,
            };
            out.u8(result << 4 | colour(c) << 2);
            out.u32(*opponent);
        }
        Cell::Paired {
            opponent,
            colour: c,
        } => {
            out.u8(colour(c) << 2 | 1);
            out.u32(*opponent);
        }
        Cell::Bye(bye) => {
            let bye = match bye {
                Bye::PairingAllocated => 0,
                Bye::Full => 1,
                Bye::Half => 2,
                Bye::Zero => 3,
            };
            out.u8(bye << 4 | 2);
        }
        Cell::Absent => out.u8(3),
    }
}

fn decode_cell(input: &mut Reader) -> Option<Cell> {
    let byte = input.u8()?;
    let colour = match byte >> 2 & 3 {
        0 => None,
        1 => Some(Colour::White),
        2 => Some(Colour::Black),
        _ => return None,
    };
    let high = byte >> 4;
    Some(match byte & 3 {
        0 => Cell::Game {
            result: match high {
                0 => GameResult::Win,
                1 => GameResult::Draw,
                2 => GameResult::Loss,
                3 => GameResult::ForfeitWin,
                4 => GameResult::ForfeitLoss,
                _ => return None,
            },
            colour,
            opponent: input.u32()?,
        },
        1 if high == 0 => Cell::Paired {
            colour,
            opponent: input.u32()?,
        },
        2 if colour.is_none() => Cell::Bye(match high {
            0 => Bye::PairingAllocated,
            1 => Bye::Full,
            2 => Bye::Half,
            3 => Bye::Zero,
            _ => return None,
        }),
        3 if byte == 3 => Cell::Absent,
        _ => return None,
    })
}

/// Appends values: numbers as LEB128 (zigzag when signed), strings with their length.
#[derive(Default)]
struct Writer(Vec<u8>);

impl Writer {
    fn u8(&mut self, value: u8) {
        self.0.push(value);
    }

    fn u64(&mut self, mut value: u64) {
        while value >= 0x80 {
            self.0.push(value as u8 | 0x80);
            value >>= 7;
        }
        self.0.push(value as u8);
    }

    fn u32(&mut self, value: u32) {
        self.u64(value.into());
    }

    fn usize(&mut self, value: usize) {
        self.u64(value as u64);
    }

    /// A count or length, as [`Reader::length`] reads it.
    fn length(&mut self, value: usize) {
        self.usize(value);
    }

    fn i64_from(&mut self, value: i32) {
        let value = i64::from(value);
        self.u64(((value << 1) ^ (value >> 63)) as u64);
    }

    fn u128(&mut self, value: u128) {
        self.0.extend_from_slice(&value.to_le_bytes());
    }

    fn str(&mut self, text: &str) {
        self.length(text.len());
        self.0.extend_from_slice(text.as_bytes());
    }

    fn date(&mut self, date: Date) {
        self.i64_from(date.year);
        self.u32(date.month);
        self.u32(date.day);
    }

    fn option<T>(&mut self, value: Option<T>, write: impl FnOnce(&mut Self, T)) {
        match value {
            None => self.u8(0),
            Some(value) => {
                self.u8(1);
                write(self, value);
            }
        }
    }
}

/// Reads what [`Writer`] wrote; `None` at anything out of place.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn bytes(&mut self, length: usize) -> Option<&'a [u8]> {
        let (bytes, rest) = self.0.split_at_checked(length)?;
        self.0 = rest;
        Some(bytes)
    }

    fn u8(&mut self) -> Option<u8> {
        Some(self.bytes(1)?[0])
    }

    fn u64(&mut self) -> Option<u64> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = self.u8()?;
            value |= u64::from(byte & 0x7f).checked_shl(shift)?;
            if byte < 0x80 {
                return Some(value);
            }
        }
        None
    }

    fn u32(&mut self) -> Option<u32> {
        self.u64()?.try_into().ok()
    }

    fn usize(&mut self) -> Option<usize> {
        self.u64()?.try_into().ok()
    }

    /// A count of values or bytes that follow.
    fn length(&mut self) -> Option<usize> {
        let length = self.usize()?;
        // No count or length can exceed what is left to read.
        (length <= self.0.len()).then_some(length)
    }

    fn i32(&mut self) -> Option<i32> {
        let raw = self.u64()?;
        let value = (raw >> 1) as i64 ^ -((raw & 1) as i64);
        value.try_into().ok()
    }

    fn u128(&mut self) -> Option<u128> {
        Some(u128::from_le_bytes(self.bytes(16)?.try_into().ok()?))
    }

    fn flag(&mut self) -> Option<bool> {
        match self.u8()? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }

    fn string(&mut self) -> Option<String> {
        let length = self.length()?;
        String::from_utf8(self.bytes(length)?.to_vec()).ok()
    }

    fn slug(&mut self) -> Option<Slug> {
        Slug::parse_owned(self.string()?).ok()
    }

    fn date(&mut self) -> Option<Date> {
        Date::new(self.i32()?, self.u32()?, self.u32()?)
    }

    fn option<T>(&mut self, read: impl FnOnce(&mut Self) -> Option<T>) -> Option<Option<T>> {
        match self.u8()? {
            0 => Some(None),
            1 => read(self).map(Some),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_taken_only_under_its_own_path_and_content() {
        // "players/b.toml", content 7, encoding "xyz"; filed as well under
        // the key of another path, as two paths of the same hash would be.
        let bytes = b"players/b.tomlxyz".to_vec();
        let stored = || Stored {
            path: 0..14,
            content: 7,
            encoding: 14..17,
        };
        let mut players = Section::default();
        players.insert(path_key(b"players/b.toml"), stored());
        players.insert(path_key(b"players/a.toml"), stored());
        let checkpoint = Checkpoint {
            bytes,
            players,
            tournaments: Section::default(),
        };
        let taken = |path, content| checkpoint.encoding(&checkpoint.players, path, content);
        assert_eq!(taken("players/b.toml", 7), Some(&b"xyz"[..]));
        assert_eq!(taken("players/b.toml", 8), None);
        assert_eq!(taken("players/a.toml", 7), None);
        assert_eq!(taken("players/c.toml", 7), None);
    }

    fn sample_tournament() -> Tournament {
        let entry = |start_no, player: &str, cells| Entry {
            start_no,
            player: Slug::parse(player).unwrap(),
            rating: Some(1900),
            rank: None,
            cells,
            handicaps: vec![0, 3],
            line: start_no as usize + 1,
        };
        Tournament {
            id: Slug::parse("autumn-open").unwrap(),
            name: "Autumn Open".into(),
            start: Date::new(2025, 9, 1).unwrap(),
            end: Date::new(2025, 9, 2).unwrap(),
            city: Some("Turku".into()),
            system: System::Swiss,
            acceleration: Acceleration::Baku,
            rounds: 2,
            rated: true,
            time_control: TimeControl::Rapid,
            rules: Rules::Modified,
            base_k: Some(20),
            sequence: 1,
            illustrative: false,
            note: None,
            pool: Some("juniors".into()),
            tiebreaks: Some(vec!["bh".into()]),
            language: None,
            event: EventState {
                late_entry_bye: LateEntryBye::Half,
                withdrawals: vec![Withdrawal {
                    player: Slug::parse("b").unwrap(),
                    from_round: 2,
                }],
                forbidden: vec![(Slug::parse("a").unwrap(), Slug::parse("b").unwrap())],
                manual_pairings: vec![ManualPairing {
                    round: 1,
                    white: Slug::parse("a").unwrap(),
                    black: Slug::parse("b").unwrap(),
                }],
            },
            entries: vec![
                entry(
                    1,
                    "aho-anna",
                    vec![
                        Cell::Game {
                            opponent: 2,
                            colour: Some(Colour::White),
                            result: GameResult::ForfeitWin,
                        },
                        Cell::Bye(Bye::Half),
                    ],
                ),
                entry(
                    2,
                    "berg-bo",
                    vec![
                        Cell::Paired {
                            opponent: 1,
                            colour: None,
                        },
                        Cell::Absent,
                    ],
                ),
            ],
            first_round_column: 4,
            meta_source: Default::default(),
            table_source: Default::default(),
        }
    }

    #[test]
    fn any_change_to_an_encoding_decodes_to_something_or_nothing_without_a_panic() {
        let mut out = Writer::default();
        encode_tournament(&mut out, &sample_tournament());
        let good = out.0;
        let decoded = decode_tournament(&mut Reader(&good)).expect("decodes");
        assert_eq!(format!("{decoded:?}"), format!("{:?}", sample_tournament()));
        for at in 0..good.len() {
            assert!(decode_tournament(&mut Reader(&good[..at])).is_none());
            for value in [0, 1, 2, 3, 4, 5, 0x7f, 0x80, 0xff] {
                let mut bad = good.clone();
                bad[at] = value;
                let _ = decode_tournament(&mut Reader(&bad));
            }
        }
    }

    #[test]
    fn numbers_read_back_as_written_and_overlong_ones_are_refused() {
        let mut out = Writer::default();
        for n in [0, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX] {
            out.u64(n);
        }
        for n in [i32::MIN, -1, 0, 1, i32::MAX] {
            out.i64_from(n);
        }
        let mut input = Reader(&out.0);
        for n in [0, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX] {
            assert_eq!(input.u64(), Some(n));
        }
        for n in [i32::MIN, -1, 0, 1, i32::MAX] {
            assert_eq!(input.i32(), Some(n));
        }
        assert!(input.0.is_empty());
        assert_eq!(Reader(&[0xff; 11]).u64(), None, "more than 64 bits");
        assert_eq!(Reader(&[0x80, 0x80, 0x80, 0x80, 0x10]).u32(), None);
    }
}
