//! A serde serializer that feeds a value into a hasher as a compact binary
//! encoding, for the build cache's fingerprints.
//!
//! Written here because no serializer crate fits: JSON (what fingerprints
//! used before) formats every float and number as text and makes one tiny
//! write per punctuation mark, which made hashing a third of a rebuild's
//! time; binary formats such as bincode or postcard drop field names, so a
//! field skipped by `skip_serializing_if` makes two different values encode
//! alike. This encoding is self-delimiting (a tag before every value, a
//! length before every string, an end mark after every sequence, map and
//! struct, and the name of every struct field written), so different values
//! of the same type always give different bytes. Bytes are gathered in a
//! small buffer and handed to the hasher in large pieces.

use serde::ser::{self, Serialize};

/// A file's key: a 128-bit hash of everything it was made from.
pub type Key = u128;

/// Where the encoding goes: the hasher, through a buffer.
pub struct Feed<'h> {
    hasher: &'h mut xxhash_rust::xxh3::Xxh3,
    buffer: [u8; BUFFER],
    len: usize,
}

const BUFFER: usize = 2048;

/// Serialization into a hasher never fails by itself; a value's own
/// `Serialize` may still report an error, which ends the value early.
#[derive(Debug)]
pub struct Error;

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a value could not be serialized for hashing")
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: std::fmt::Display>(_: T) -> Self {
        Error
    }
}

/// Adds `value`'s encoding to `hasher`.
pub fn hash_into(hasher: &mut xxhash_rust::xxh3::Xxh3, value: &impl Serialize) {
    let mut feed = Feed::new(hasher);
    if value.serialize(&mut feed).is_err() {
        feed.bytes(&[Tag::Failed as u8]);
    }
    feed.flush();
}

/// The mark before each kind of value.
#[repr(u8)]
enum Tag {
    Bool = 1,
    Int,
    Uint,
    Float,
    Char,
    Str,
    Bytes,
    None,
    Some,
    Unit,
    Variant,
    Seq,
    Map,
    Struct,
    Element,
    End,
    Failed,
}

impl<'h> Feed<'h> {
    /// A feed into `hasher`, also for bytes laid out by hand ([`Feed::add`],
    /// [`Feed::add_text`]) where serializing would cost too much: what it
    /// gathers reaches the hasher at [`Feed::flush`].
    pub fn new(hasher: &'h mut xxhash_rust::xxh3::Xxh3) -> Self {
        Feed {
            hasher,
            buffer: [0; BUFFER],
            len: 0,
        }
    }

    /// Adds `bytes` as they are.
    #[inline]
    pub fn add(&mut self, bytes: &[u8]) {
        self.bytes(bytes);
    }

    /// Adds `text` with its length before it.
    #[inline]
    pub fn add_text(&mut self, text: &str) {
        // usize to u64 never truncates on the platforms Rust supports.
        self.bytes(&(text.len() as u64).to_le_bytes());
        self.bytes(text.as_bytes());
    }

    // Inlined where it is called, so that a number's bytes, whose length
    // is known there, go into the buffer as one store rather than through
    // a call to copy memory: a federation's lists hash millions of fields.
    #[inline]
    fn bytes(&mut self, bytes: &[u8]) {
        if self.len + bytes.len() > BUFFER {
            self.flush();
            if bytes.len() > BUFFER {
                self.hasher.update(bytes);
                return;
            }
        }
        self.buffer[self.len..self.len + bytes.len()].copy_from_slice(bytes);
        self.len += bytes.len();
    }

    /// Hands what is gathered to the hasher.
    pub fn flush(&mut self) {
        self.hasher.update(&self.buffer[..self.len]);
        self.len = 0;
    }

    #[inline]
    fn tagged(&mut self, tag: Tag, bytes: &[u8]) {
        self.bytes(&[tag as u8]);
        self.bytes(bytes);
    }

    fn text(&mut self, tag: Tag, text: &[u8]) {
        // usize to u64 never truncates on the platforms Rust supports.
        self.tagged(tag, &(text.len() as u64).to_le_bytes());
        self.bytes(text);
    }

    fn variant(&mut self, name: &str) {
        self.text(Tag::Variant, name.as_bytes());
    }
}

/// Serializer methods that write a number widened to `$wide` after `$tag`.
macro_rules! numbers {
    ($($method:ident: $ty:ty => $tag:ident as $wide:ty),*) => {$(
        fn $method(self, v: $ty) -> Result<(), Error> {
            self.tagged(Tag::$tag, &<$wide>::from(v).to_le_bytes());
            Ok(())
        }
    )*};
}

impl<'a, 'h> ser::Serializer for &'a mut Feed<'h> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.tagged(Tag::Bool, &[u8::from(v)]);
        Ok(())
    }
    // Every integer as 128 bits (one width per sign), every float as an f64's bits.
    numbers!(
        serialize_i8: i8 => Int as i128,
        serialize_i16: i16 => Int as i128,
        serialize_i32: i32 => Int as i128,
        serialize_i64: i64 => Int as i128,
        serialize_i128: i128 => Int as i128,
        serialize_u8: u8 => Uint as u128,
        serialize_u16: u16 => Uint as u128,
        serialize_u32: u32 => Uint as u128,
        serialize_u64: u64 => Uint as u128,
        serialize_u128: u128 => Uint as u128
    );
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        self.serialize_f64(v.into())
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        self.tagged(Tag::Float, &v.to_bits().to_le_bytes());
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.tagged(Tag::Char, &u32::from(v).to_le_bytes());
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.text(Tag::Str, v.as_bytes());
        Ok(())
    }
    /// As `serialize_str` of the text, which is made on the stack when it
    /// is short (dates, signed numbers): values serialized this way are
    /// hashed by the million, and the default made a string for each.
    fn collect_str<T: std::fmt::Display + ?Sized>(self, value: &T) -> Result<(), Error> {
        use std::io::Write as _;
        let mut buffer = [0u8; 64];
        let mut rest = &mut buffer[..];
        if write!(rest, "{value}").is_ok() {
            let written = 64 - rest.len();
            if let Ok(text) = std::str::from_utf8(&buffer[..written]) {
                return self.serialize_str(text);
            }
        }
        self.serialize_str(&value.to_string())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        self.text(Tag::Bytes, v);
        Ok(())
    }
    fn serialize_none(self) -> Result<(), Error> {
        self.bytes(&[Tag::None as u8]);
        Ok(())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<(), Error> {
        self.bytes(&[Tag::Some as u8]);
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.bytes(&[Tag::Unit as u8]);
        Ok(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.variant(variant);
        Ok(())
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.variant(variant);
        value.serialize(self)
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self, Error> {
        self.bytes(&[Tag::Seq as u8]);
        Ok(self)
    }
    fn serialize_tuple(self, len: usize) -> Result<Self, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Self, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self, Error> {
        self.variant(variant);
        self.serialize_seq(Some(len))
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self, Error> {
        self.bytes(&[Tag::Map as u8]);
        Ok(self)
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self, Error> {
        self.bytes(&[Tag::Struct as u8]);
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self, Error> {
        self.variant(variant);
        self.serialize_struct("", len)
    }
}

impl Feed<'_> {
    fn element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        self.bytes(&[Tag::Element as u8]);
        value.serialize(self)
    }

    fn end(&mut self) -> Result<(), Error> {
        self.bytes(&[Tag::End as u8]);
        Ok(())
    }

    fn field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        self.text(Tag::Element, key.as_bytes());
        value.serialize(self)
    }
}

/// The four kinds of sequence: elements one after another, then the end mark.
macro_rules! sequence {
    ($($kind:ident :: $method:ident),*) => {$(
        impl ser::$kind for &mut Feed<'_> {
            type Ok = ();
            type Error = Error;
            fn $method<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
                self.element(value)
            }
            fn end(self) -> Result<(), Error> {
                Feed::end(self)
            }
        }
    )*};
}

sequence!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

/// Both kinds of struct: named fields one after another, then the end mark.
macro_rules! structure {
    ($($kind:ident),*) => {$(
        impl ser::$kind for &mut Feed<'_> {
            type Ok = ();
            type Error = Error;
            fn serialize_field<T: ?Sized + Serialize>(
                &mut self,
                key: &'static str,
                value: &T,
            ) -> Result<(), Error> {
                self.field(key, value)
            }
            fn end(self) -> Result<(), Error> {
                Feed::end(self)
            }
        }
    )*};
}

structure!(SerializeStruct, SerializeStructVariant);

impl ser::SerializeMap for &mut Feed<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), Error> {
        self.element(key)
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Error> {
        Feed::end(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    fn hash(value: &impl Serialize) -> u128 {
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        hash_into(&mut hasher, value);
        hasher.digest128()
    }

    #[derive(Serialize)]
    struct Skipping {
        #[serde(skip_serializing_if = "Option::is_none")]
        a: Option<u32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        b: Option<u32>,
    }

    /// Serializes as the text it displays as, through `collect_str`.
    struct Shown(&'static str);

    impl Serialize for Shown {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self.0)
        }
    }

    #[test]
    fn text_collected_is_hashed_as_the_same_text_given_whole() {
        let long = "a name longer than the sixty-four bytes made on the stack, to be sure";
        assert!(long.len() > 64);
        for text in ["", "2024-05-31", "+12", long] {
            assert_eq!(hash(&Shown(text)), hash(&text), "{text:?}");
        }
        assert_ne!(hash(&Shown("+12")), hash(&"12"));
    }

    #[test]
    fn a_skipped_field_does_not_make_two_values_alike() {
        let first = Skipping {
            a: Some(1),
            b: None,
        };
        let second = Skipping {
            a: None,
            b: Some(1),
        };
        assert_ne!(hash(&first), hash(&second));
    }

    #[test]
    fn strings_and_sequences_are_delimited() {
        assert_ne!(hash(&("ab", "c")), hash(&("a", "bc")));
        assert_ne!(hash(&vec![vec![1], vec![]]), hash(&vec![vec![], vec![1]]));
        assert_ne!(hash(&Some(0u8)), hash(&0u8));
        assert_ne!(hash(&0.0f64), hash(&-0.0f64));
        assert_ne!(hash(&1u32), hash(&1i32));
    }

    #[test]
    fn the_same_value_gives_the_same_hash() {
        let long = "x".repeat(3 * BUFFER);
        assert_eq!(hash(&(1, &long, 2.5)), hash(&(1, &long, 2.5)));
        assert_ne!(hash(&(1, &long, 2.5)), hash(&(1, &long[1..], 2.5)));
    }
}
