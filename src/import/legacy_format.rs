//! The thesis program's database, `data.bin` (the association's rating
//! program of 2007): its byte layout, read into records. What the records
//! mean in a rating book is [`super::legacy`]'s concern.
//!
//! The file, as the program's `SaveAll` writes it, all 32-bit little-endian:
//!
//! | words | content |
//! |---|---|
//! | 6 | the size of a player record (56), of a tournament record in memory, of a list, of a list again, the number of players, the number of tournaments |
//! | one per tournament | the length of its result list in words |
//! | 1 | `0xefefefef`, the end of the header |
//!
//! then each player record (56 bytes: id, a 32-byte name `Surname Firstname`,
//! games, rating, membership code, the rating-pool rating and games), then
//! each tournament record (52 bytes: id, a 32-byte name, rating status (the
//! event's K), date, participants, rounds; the `system` word of the program's
//! record is not written) followed by its result list: the participants'
//! ids, their ratings, then per round `(participants + 1) / 2` pairs of five
//! words: the two players' 1-based indices (0 = no opponent), the result
//! (1 = the first won, 2 = the second won, 3 = a draw, 4 and 5 = none
//! entered), and both rating changes.

/// The marker that ends the header.
pub const HEADER_END: u32 = 0xefef_efef;
/// Bytes of a player record.
pub const PLAYER_BYTES: usize = 56;
/// Bytes of a tournament record as written (one word less than in memory).
pub const TOURNAMENT_BYTES: usize = 52;
/// Most header words the program itself reads (`MAXSIZE + 6 + 2`).
pub const MAX_HEADER_WORDS: usize = 5008;

/// A player record and where it starts in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonRecord {
    /// Byte offset of the record.
    pub offset: usize,
    /// The program's id (99 = BYE, players from 101).
    pub id: u32,
    /// The name's bytes up to the first NUL (code page 850).
    pub name: Vec<u8>,
    /// Rated games counted by the program.
    pub games: u32,
    /// The rating the program stored last (a `rif` player's international rating).
    pub rating: u32,
    /// Membership code: 1 honorary, 2 member, 3 rif, 4 other.
    pub membership: u32,
    /// The rating-pool rating and games (the member's start).
    pub orig: [u32; 2],
}

/// A tournament record with its result list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentRecord {
    /// Byte offset of the record.
    pub offset: usize,
    /// The program's id (from 100).
    pub id: u32,
    /// The name's bytes up to the first NUL (code page 850).
    pub name: Vec<u8>,
    /// Rating status: the event's K (32/24/16/12/8/6/4/3/2/0).
    pub rating_status: u32,
    /// The date word.
    pub date: u32,
    /// Participants.
    pub participants: u32,
    /// Rounds.
    pub rounds: u32,
    /// Byte offset of the result list's first word.
    pub list_offset: usize,
    /// The result list.
    pub list: Vec<u32>,
}

/// The whole database.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Database {
    /// Player records in file order (the BYE record included).
    pub players: Vec<PersonRecord>,
    /// Tournament records in file order.
    pub tournaments: Vec<TournamentRecord>,
}

/// Why the bytes are not a database the program wrote.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("byte {offset}: {message}")]
pub struct FormatError {
    /// Byte offset where the problem is.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
}

fn error(offset: usize, message: impl Into<String>) -> FormatError {
    FormatError {
        offset,
        message: message.into(),
    }
}

/// The little-endian word at `offset`, if the file holds it.
fn word(bytes: &[u8], offset: usize) -> Option<u32> {
    let b = bytes.get(offset..offset.checked_add(4)?)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// The bytes of a fixed 32-byte name field up to its first NUL.
fn name_field(bytes: &[u8]) -> Vec<u8> {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    bytes[..end].to_vec()
}

/// Reads the header: the six fixed words and each tournament's list length.
fn header(bytes: &[u8]) -> Result<(Vec<u32>, usize), FormatError> {
    let mut words = Vec::new();
    let mut offset = 0;
    loop {
        let Some(w) = word(bytes, offset) else {
            return Err(error(
                offset,
                "the file ends inside its header (no end marker ef ef ef ef)",
            ));
        };
        offset += 4;
        if w == HEADER_END {
            break;
        }
        if words.len() == MAX_HEADER_WORDS {
            return Err(error(
                offset - 4,
                "the header has no end marker within the program's 5008 words",
            ));
        }
        words.push(w);
    }
    if words.len() < 6 {
        return Err(error(
            0,
            format!(
                "the header has {} words before its end marker; the program writes at least 6",
                words.len()
            ),
        ));
    }
    if words[0] as usize != PLAYER_BYTES {
        return Err(error(
            0,
            format!(
                "a player record is {} bytes by the header; the program's are 56",
                words[0]
            ),
        ));
    }
    let written = i64::from(words[1]) - 4 - i64::from(words[2]);
    if written != TOURNAMENT_BYTES as i64 {
        return Err(error(
            4,
            format!(
                "a tournament record of {} bytes with a {}-byte list does not make the program's 52-byte record",
                words[1], words[2]
            ),
        ));
    }
    if words.len() - 6 != words[5] as usize {
        return Err(error(
            20,
            format!(
                "the header counts {} tournaments but gives {} result-list lengths",
                words[5],
                words.len() - 6
            ),
        ));
    }
    Ok((words, offset))
}

/// Reads a database from the bytes of a `data.bin`. Counts read from the
/// header are checked against the file's length before anything is
/// allocated for them.
pub fn read(bytes: &[u8]) -> Result<Database, FormatError> {
    let (header, mut offset) = header(bytes)?;
    let players = header[4] as usize;
    let lengths = &header[6..];
    let needed = players as u64 * PLAYER_BYTES as u64
        + lengths
            .iter()
            .map(|&l| TOURNAMENT_BYTES as u64 + 4 * u64::from(l))
            .sum::<u64>();
    let left = (bytes.len() - offset) as u64;
    if needed != left {
        return Err(error(
            offset,
            format!(
                "the header's {players} players and {} tournaments take {needed} bytes, but {left} follow it",
                lengths.len()
            ),
        ));
    }
    let mut db = Database::default();
    db.players.reserve(players);
    for _ in 0..players {
        let r = &bytes[offset..offset + PLAYER_BYTES];
        let w = |i: usize| word(r, i).unwrap_or(0);
        db.players.push(PersonRecord {
            offset,
            id: w(0),
            name: name_field(&r[4..36]),
            games: w(36),
            rating: w(40),
            membership: w(44),
            orig: [w(48), w(52)],
        });
        offset += PLAYER_BYTES;
    }
    for &length in lengths {
        let r = &bytes[offset..offset + TOURNAMENT_BYTES];
        let w = |i: usize| word(r, i).unwrap_or(0);
        let list_offset = offset + TOURNAMENT_BYTES;
        let list = (0..length as usize)
            .map(|i| word(bytes, list_offset + 4 * i).unwrap_or(0))
            .collect();
        db.tournaments.push(TournamentRecord {
            offset,
            id: w(0),
            name: name_field(&r[4..36]),
            rating_status: w(36),
            date: w(40),
            participants: w(44),
            rounds: w(48),
            list_offset,
            list,
        });
        offset = list_offset + 4 * length as usize;
    }
    Ok(db)
}

/// Code page 850's characters for bytes 0x80 to 0xFF: the code page the
/// program set its console to, so the one its names were typed in.
const CP850_HIGH: &str = "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u{ad}±‗¾¶§÷¸°¨·¹³²■\u{a0}";

/// A name field's bytes as text, read as code page 850.
pub fn decode_name(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| match b {
            0..=0x7f => char::from(b),
            _ => CP850_HIGH
                .chars()
                .nth(usize::from(b - 0x80))
                .unwrap_or('\u{fffd}'),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_page_850_gives_the_finnish_letters() {
        // ä ö å Ä Ö Å in code page 850 (IBM's published table).
        assert_eq!(decode_name(&[0x84, 0x94, 0x86, 0x8e, 0x99, 0x8f]), "äöåÄÖÅ");
        assert_eq!(CP850_HIGH.chars().count(), 128);
    }

    #[test]
    fn a_header_without_its_end_marker_is_refused_at_the_end() {
        let bytes = [56u8, 0, 0, 0, 80, 0, 0];
        let e = read(&bytes).unwrap_err();
        assert_eq!(e.offset, 4);
    }

    #[test]
    fn counts_larger_than_the_file_are_refused_before_reading() {
        let mut bytes = Vec::new();
        for w in [56u32, 80, 24, 24, u32::MAX, 0, HEADER_END] {
            bytes.extend(w.to_le_bytes());
        }
        let e = read(&bytes).unwrap_err();
        assert_eq!(e.offset, 28);
        assert!(e.message.contains("4294967295 players"), "{}", e.message);
    }
}
