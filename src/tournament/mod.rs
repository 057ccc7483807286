//! A tournament director's work on one of our tournaments: pairing its next
//! round, entering a round's results, and writing it out as FIDE TRF (and
//! reading a TRF file in as a new tournament).
//!
//! The engines themselves stand alone in the `pairing` and `trf` crates; this
//! module is the bridge between them and our data model.

pub mod pair;
pub mod results;
pub mod trf_exchange;
pub mod trf_import_check;
