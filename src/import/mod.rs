//! Other programs' files brought into a data repository: the thesis
//! program's `data.bin` (an association's rating history). Each importer
//! maps bytes to the rating book's files in a pure function; the command
//! line checks them with `check`'s own rules before writing any.

pub mod legacy;
pub mod legacy_format;
