//! The data repository's file formats, each read and written in one place:
//! a player's TOML ([`player`]), a tournament's TOML ([`tournament`]), its
//! crosstable CSV ([`crosstable`]) and the cells in it ([`cell`]); and
//! FIDE's published rating lists ([`fide_list`]), read to start players.
//!
//! Everything here works on text already read; finding and reading the files
//! of a repository is [`crate::load`]'s work.

pub mod cell;
pub mod crosstable;
pub mod fide_list;
pub mod player;
pub mod toml_fields;
pub mod tournament;
