//! Other programs' files brought into a data repository, and out: the
//! thesis program's `data.bin` (an association's rating history), the
//! European Go Database's tournament reports, a member list. Each importer
//! maps bytes to the rating book's files in a pure function; the command
//! line checks them with `check`'s own rules before writing any.

pub mod egd;
pub mod egd_format;
pub mod legacy;
pub mod legacy_format;
pub mod members;
