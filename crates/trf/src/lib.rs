//! FIDE Tournament Report File (TRF-16, FIDE Handbook C.04 Annex 2, and
//! TRF-2026, see [`trf26`]) reading and writing, as a format-only document type.
//!
//! A [`TrfDocument`] is the sequence of lines of a file. Player lines (`001`),
//! the pairing-program extension lines used by JaVaFo and bbpPairings (`XXR`
//! total rounds, `XXC` initial colour / ranking flags, `XXS` point system,
//! `XXP` forbidden pairs) and the tournament header lines (`012` name, `022`
//! city, `032` federation, `042`/`052` dates, `062`/`072`/`082` counts, `092`
//! type, `102`/`112` arbiters, `122` time control, `132` round dates) are
//! typed; every other line is kept verbatim, so [`TrfDocument::write`] of a
//! parsed file reproduces a canonical file byte for byte and
//! `parse(write(doc)) == doc` always holds.
//!
//! `001` line layout (1-based columns): 1–3 `001`, 5–8 start number, 10 sex,
//! 11–13 title, 15–47 name, 49–52 rating, 54–56 federation, 58–68 FIDE id,
//! 70–79 birth date, 81–84 points, 86–89 rank, then one 10-column block per
//! round starting at column 92: 4 columns opponent start number (`0000` = no
//! opponent), a blank, colour (`w`, `b`, `-`), a blank, the result code.
//!
//! Parsing never panics; problems are reported as [`TrfError`] values with the
//! 1-based line and column and what was expected there. Semantic checks
//! across lines (unknown opponents, asymmetric rounds) are in
//! [`TrfDocument::check_consistency`].
//!
//! By file: `model` the document model; [`date`] TRF dates; `parse` and
//! `player` reading (the `001` line apart), `write` writing, `document`
//! what a document answers (headers, extension lines, consistency),
//! `columns` the fixed-column helpers reading and writing share, and
//! [`trf26`] the 2026 edition's records.
mod columns;
pub mod date;
mod document;
mod model;
mod parse;
mod player;
pub mod trf26;
mod write;

pub use model::{
    AbnormalRecord, AccelerationRecord, ByeKind, ByeRecord, Colour, NationalLine, PlayerLine,
    Points, ProhibitedRecord, ResultCode, RoundEntry, ScoreClass, TrfDocument, TrfError,
    TrfErrorKind, TrfLine, Version, XxcLine, FIRST_ROUND_COLUMN,
};
pub use parse::{decode, parse, parse_bytes, Encoding};
