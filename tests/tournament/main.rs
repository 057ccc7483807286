//! A director's work on one tournament, through the rating book: standings,
//! tie-breaks (against FIDE's reference checker) and result entry; pairing our
//! own events and TRF files with the binary; TRF import and export, on our
//! files and on files written by other programs.
//!
//! The engines' own tests are in `crates/trf/tests/` and
//! `crates/pairing/tests/`. `cargo test --test tournament standings::` runs one
//! module.
#[path = "../util/mod.rs"]
mod util;

mod engine_corpus_events;
mod event_night;
mod fide_list;
mod pair_event;
mod pair_simple;
mod pair_trf_cli;
mod standings;
mod tiebreak_reference;
mod trf_real_corpus;
mod trf_roundtrip;
mod trf_view;
