//! JSON objects, and only objects. A derived `Deserialize` for a struct also takes a JSON list,
//! field by field in order: `["SOR_017", 1]` as `{"id": "SOR_017", "count": 1}`, a roster entry
//! `["Ada", "1", {...}]` as `{"player": "Ada", ...}`. No client means that, and it gave the two
//! readings of one SWUDB deck different answers (found by the `swudb_json` fuzz target). Every
//! struct read from a client's JSON is read through [`Object`].
//!
//! A request is read field by field ([`read_fields`]) with a typed error ([`FieldError`]): an
//! unknown field, a missing one and a value of the wrong type are told apart by their kind, and
//! the field at fault by serde's path, so nobody reads serde's message text to learn which.
//! A deck stays the JSON text it was sent as ([`Raw`]): the one pass over a body finds where
//! each value ends and hands a deck's text to the game's reader as it is.

use std::marker::PhantomData;

use serde::de::value::{MapAccessDeserializer, MapDeserializer};
use serde::de::{Deserialize, Deserializer, IntoDeserializer, MapAccess, Visitor};
use serde_json::value::RawValue;

use crate::error::{Details, ErrorCode, JsonPosition, RequestError};

/// A `T` read from a JSON object; anything else is an "expected a JSON object" error.
pub struct Object<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ObjectVisitor<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for ObjectVisitor<T> {
            type Value = T;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
                T::deserialize(MapAccessDeserializer::new(map))
            }
        }
        deserializer
            .deserialize_map(ObjectVisitor(PhantomData))
            .map(Object)
    }
}

/// Reads `text` as a JSON object holding a `T`.
pub fn from_object<'a, T: Deserialize<'a>>(text: &'a str) -> serde_json::Result<T> {
    serde_json::from_str::<Object<T>>(text).map(|Object(t)| t)
}

/// Why a request's fields could not be read as its type, by kind.
#[derive(Debug, thiserror::Error)]
pub enum FieldError {
    /// A field the type does not have, and the ones it has.
    #[error("unknown field {0:?}")]
    Unknown(String, &'static [&'static str]),
    /// A field the type requires.
    #[error("missing field {0:?}")]
    Missing(&'static str),
    /// A value of the wrong type or outside its range, in serde's words, and where its JSON
    /// broke when it is JSON.
    #[error("{message}")]
    Invalid {
        message: String,
        position: Option<(usize, usize)>,
    },
}

impl serde::de::Error for FieldError {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        Self::Invalid {
            message: msg.to_string(),
            position: None,
        }
    }

    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        Self::Unknown(field.to_string(), expected)
    }

    fn missing_field(field: &'static str) -> Self {
        Self::Missing(field)
    }
}

impl From<serde_json::Error> for FieldError {
    fn from(e: serde_json::Error) -> Self {
        Self::Invalid {
            message: e.to_string(),
            position: Some((e.line(), e.column())),
        }
    }
}

impl FieldError {
    /// The request's error: `code` for a value that cannot be read (a body's
    /// `invalid-request`, a query's `bad-value`), `missing-field` for a field left out; the
    /// field at fault named (`path`: serde's path to the value, `.` for the whole).
    pub fn into_request_error(self, path: &str, code: ErrorCode) -> RequestError {
        match self {
            Self::Unknown(field, expected) => {
                let short = crate::text::echo(&field);
                let expected = if expected.is_empty() {
                    "none".to_string()
                } else {
                    expected.join(", ")
                };
                RequestError::new(
                    code,
                    format!("unknown field {short:?}; the fields read here are {expected}"),
                )
                .field(short)
            }
            Self::Missing(field) => {
                RequestError::new(ErrorCode::MissingField, format!("{field} is required"))
                    .field(field)
            }
            Self::Invalid { message, position } => {
                let field = if path == "." { "body" } else { path };
                let mut e = RequestError::new(
                    code,
                    format!("{} cannot be read: {message}", crate::text::echo(field)),
                )
                .field(crate::text::echo(field));
                if let Some((line, column)) = position {
                    e = e.details(Details::JsonPosition(JsonPosition { line, column }));
                }
                e
            }
        }
    }
}

/// Reads `T` from a request's fields, each value read by its own deserializer; an error names
/// the field at fault, `code` for a value that cannot be read.
pub fn read_fields<'de, T, I, K, V>(fields: I, code: ErrorCode) -> Result<T, RequestError>
where
    T: Deserialize<'de>,
    I: Iterator<Item = (K, V)>,
    K: IntoDeserializer<'de, FieldError>,
    V: IntoDeserializer<'de, FieldError>,
{
    let de = MapDeserializer::<_, FieldError>::new(fields);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        e.into_inner().into_request_error(&path, code)
    })
}

/// A JSON value kept as the text it was sent as. Read from a body's fields ([`RawField`]) it
/// is the text the one pass over the body found, not read again; read by serde_json, the text
/// of the value (found, not built).
#[derive(Debug, Clone, Copy)]
pub struct Raw<'a>(pub &'a str);

/// The name [`Raw`] asks a deserializer for: a body's field hands over its text as it is.
const RAW: &str = "deckcheck::Raw";

impl<'de: 'a, 'a> Deserialize<'de> for Raw<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Text;
        impl<'de> Visitor<'de> for Text {
            type Value = Raw<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON value")
            }
            /// A body's field, handed over as its JSON text.
            fn visit_borrowed_str<E>(self, json: &'de str) -> Result<Raw<'de>, E> {
                Ok(Raw(json))
            }
            /// Any other deserializer: the value's text, found by serde_json.
            fn visit_newtype_struct<D: Deserializer<'de>>(
                self,
                d: D,
            ) -> Result<Raw<'de>, D::Error> {
                <&RawValue>::deserialize(d).map(|raw| Raw(raw.get()))
            }
        }
        deserializer.deserialize_newtype_struct(RAW, Text)
    }
}

/// What kind of JSON value a value's text is, from its first byte (serde_json gives it
/// trimmed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Null,
    Boolean,
    Number,
    String,
    List,
    Object,
}

impl Kind {
    pub fn of(json: &str) -> Self {
        match json.as_bytes().first() {
            Some(b'n') => Self::Null,
            Some(b't' | b'f') => Self::Boolean,
            Some(b'"') => Self::String,
            Some(b'[') => Self::List,
            Some(b'{') => Self::Object,
            _ => Self::Number,
        }
    }

    /// In words, for a message: "a list".
    pub fn described(self) -> &'static str {
        match self {
            Self::Null => "null",
            Self::Boolean => "a boolean",
            Self::Number => "a number",
            Self::String => "a string",
            Self::List => "a list",
            Self::Object => "an object",
        }
    }
}

/// A body's fields, each kept as the JSON text it was sent as: the body is never built into a
/// tree, a deck's text goes to the game's reader as it is.
pub type RawFields<'a> = std::collections::BTreeMap<Key<'a>, &'a RawValue>;

/// A field's name as sent: borrowed from the body, or unescaped when the name holds an escape
/// (`"\u0064eck"` is `deck`), so a name JSON allows is never refused for its spelling.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Key<'a>(pub std::borrow::Cow<'a, str>);

impl std::ops::Deref for Key<'_> {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Key<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::borrow::Borrow<str> for Key<'_> {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a field name")
            }
            fn visit_borrowed_str<E>(self, name: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(std::borrow::Cow::Borrowed(name)))
            }
            fn visit_str<E>(self, name: &str) -> Result<Key<'de>, E> {
                Ok(Key(std::borrow::Cow::Owned(name.to_string())))
            }
            fn visit_string<E>(self, name: String) -> Result<Key<'de>, E> {
                Ok(Key(std::borrow::Cow::Owned(name)))
            }
        }
        deserializer.deserialize_str(KeyVisitor)
    }
}

/// A JSON body's fields (anything but an object is the body's error).
pub fn raw_fields(text: &str) -> Result<RawFields<'_>, RequestError> {
    from_object(text).map_err(|e| RequestError::json(&e))
}

/// One field of a body, as the one pass over the body found it: read as its type asks, except
/// that a [`Raw`] (a deck) gets its text as it is, never scanned again.
pub struct RawField<'a>(pub &'a RawValue);

impl<'de> IntoDeserializer<'de, FieldError> for RawField<'de> {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

/// A value of a request read by another deserializer (a game's options, as JSON values), its
/// errors typed.
pub struct Forward<D>(pub D);

impl<'de, D: Deserializer<'de, Error = serde_json::Error>> IntoDeserializer<'de, FieldError>
    for Forward<D>
{
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

/// `deserialize_*` methods that read as the inner deserializer reads, its error typed.
macro_rules! forward {
    ($($method:ident($($arg:ident: $ty:ty),*)),* $(,)?) => {
        $(fn $method<V: Visitor<'de>>(
            self,
            $($arg: $ty,)*
            visitor: V,
        ) -> Result<V::Value, FieldError> {
            Deserializer::$method(self.inner(), $($arg,)* visitor).map_err(FieldError::from)
        })*
    };
}

/// The methods every forwarding deserializer has alike.
macro_rules! forward_all {
    () => {
        forward!(
            deserialize_any(),
            deserialize_bool(),
            deserialize_i8(),
            deserialize_i16(),
            deserialize_i32(),
            deserialize_i64(),
            deserialize_i128(),
            deserialize_u8(),
            deserialize_u16(),
            deserialize_u32(),
            deserialize_u64(),
            deserialize_u128(),
            deserialize_f32(),
            deserialize_f64(),
            deserialize_char(),
            deserialize_str(),
            deserialize_string(),
            deserialize_bytes(),
            deserialize_byte_buf(),
            deserialize_unit(),
            deserialize_unit_struct(name: &'static str),
            deserialize_seq(),
            deserialize_tuple(len: usize),
            deserialize_tuple_struct(name: &'static str, len: usize),
            deserialize_map(),
            deserialize_struct(name: &'static str, fields: &'static [&'static str]),
            deserialize_enum(name: &'static str, variants: &'static [&'static str]),
            deserialize_identifier(),
            deserialize_ignored_any(),
        );
    };
}

impl<'de> RawField<'de> {
    fn inner(self) -> &'de RawValue {
        self.0
    }
}

impl<'de> Deserializer<'de> for RawField<'de> {
    type Error = FieldError;

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, FieldError> {
        if name == RAW {
            visitor.visit_borrowed_str(self.0.get())
        } else {
            Deserializer::deserialize_newtype_struct(self.0, name, visitor)
                .map_err(FieldError::from)
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, FieldError> {
        if self.0.get() == "null" {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    forward_all!();
}

impl<'de, D: Deserializer<'de, Error = serde_json::Error>> Forward<D> {
    fn inner(self) -> D {
        self.0
    }
}

impl<'de, D: Deserializer<'de, Error = serde_json::Error>> Deserializer<'de> for Forward<D> {
    type Error = FieldError;

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, FieldError> {
        Deserializer::deserialize_newtype_struct(self.0, name, visitor).map_err(FieldError::from)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, FieldError> {
        Deserializer::deserialize_option(self.0, visitor).map_err(FieldError::from)
    }

    forward_all!();
}

/// The fields a struct deserializes, as its derived `Deserialize` declares them (renames and
/// aliases included): what serde hands `deserialize_struct`. A type that is not a struct has none.
pub fn field_names<'de, T: serde::Deserialize<'de>>() -> &'static [&'static str] {
    struct Fields(Option<&'static [&'static str]>);
    #[derive(Debug)]
    struct Stop;
    impl std::fmt::Display for Stop {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("field names read")
        }
    }
    impl std::error::Error for Stop {}
    impl serde::de::Error for Stop {
        fn custom<M: std::fmt::Display>(_: M) -> Self {
            Stop
        }
    }
    impl<'de> serde::Deserializer<'de> for &mut Fields {
        type Error = Stop;
        fn deserialize_any<V: serde::de::Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
            Err(Stop)
        }
        fn deserialize_struct<V: serde::de::Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Stop> {
            self.0 = Some(fields);
            Err(Stop)
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
            byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map enum
            identifier ignored_any
        }
    }
    let mut fields = Fields(None);
    let _ = T::deserialize(&mut fields);
    fields.0.unwrap_or(&[])
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::*;

    #[derive(Debug, PartialEq, Deserialize)]
    struct Entry<'a> {
        id: &'a str,
        #[serde(default)]
        count: Option<u32>,
    }

    #[test]
    fn a_field_name_with_an_escape_is_the_name_it_spells() {
        let fields = raw_fields(r#"{"\u0064eck": "3 | Waylay", "format": "premier"}"#).unwrap();
        assert_eq!(fields.get("deck").map(|v| v.get()), Some(r#""3 | Waylay""#));
        assert!(matches!(
            fields.keys().next().map(|k| &k.0),
            Some(std::borrow::Cow::Owned(_))
        ));
        // Names without an escape stay borrowed from the body.
        assert!(matches!(
            fields.keys().nth(1).map(|k| &k.0),
            Some(std::borrow::Cow::Borrowed("format"))
        ));
    }

    #[test]
    fn an_object_is_read_as_its_struct_and_a_list_is_refused() {
        assert_eq!(
            from_object::<Entry>(r#"{"count": 2, "id": "SOR_017"}"#).unwrap(),
            Entry {
                id: "SOR_017",
                count: Some(2)
            }
        );
        // What the derived reading alone would take.
        assert!(serde_json::from_str::<Entry>(r#"["SOR_017", 2]"#).is_ok());
        let refused = from_object::<Entry>(r#"["SOR_017", 2]"#).unwrap_err();
        assert!(refused.is_data());
        assert!(
            refused.to_string().contains("expected a JSON object"),
            "{refused}"
        );
        assert!(from_object::<Entry>(r#""SOR_017""#).is_err());
    }

    #[test]
    fn null_is_none_where_an_object_is_optional() {
        let none: Option<Object<Entry>> = serde_json::from_str("null").unwrap();
        assert!(none.is_none());
    }
}
