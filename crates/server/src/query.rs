//! A query string read into its type once: each parameter named once, an unknown one refused
//! by name, a value that cannot be read naming its parameter, a required one left out said so,
//! each told apart by the kind of error serde reports ([`FieldError`]), never by its words.
//!
//! The values are text; a parameter's type says how to read it (`true`, `10`, a string, one of
//! an enum's names), as `std`'s `FromStr` reads them.

use std::borrow::Cow;
use std::collections::BTreeMap;

use deckcheck_core::json::{FieldError, read_fields};
use deckcheck_core::{ErrorCode, RequestError};
use serde::de::{self, Deserializer, IntoDeserializer, Visitor};

/// The query string as parameter → value, each named once (a parameter given twice is a 400).
pub fn pairs(query: &str) -> Result<BTreeMap<Cow<'_, str>, Cow<'_, str>>, RequestError> {
    let mut out = BTreeMap::new();
    for (k, v) in form_urlencoded::parse(query.as_bytes()) {
        let name = deckcheck_core::echo(&k);
        if out.insert(k, v).is_some() {
            return Err(RequestError::bad_value(
                &name,
                format!("the query parameter {name} is given more than once"),
            ));
        }
    }
    Ok(out)
}

/// A query string's parameters read into `T`.
pub fn read<'a, T: serde::Deserialize<'a>>(
    pairs: impl Iterator<Item = (&'a str, &'a str)>,
) -> Result<T, RequestError> {
    read_fields(pairs.map(|(k, v)| (k, Value(v))), ErrorCode::BadValue).map_err(parameter)
}

/// An unknown parameter, named as the query gives it, with those the route takes.
fn parameter(mut e: RequestError) -> RequestError {
    if let Some(field) = &e.field {
        e.message = format!("the query parameter {field} cannot be used: {}", e.message);
    }
    e
}

/// One parameter's value, read as its type asks.
struct Value<'a>(&'a str);

impl<'de> IntoDeserializer<'de, FieldError> for Value<'de> {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

impl Value<'_> {
    fn parsed<T: std::str::FromStr>(&self, what: &str) -> Result<T, FieldError> {
        self.0.parse().map_err(|_| {
            de::Error::custom(format!("{:?} is not {what}", deckcheck_core::echo(self.0)))
        })
    }
}

/// `deserialize_*` methods that read the text as a number or a boolean.
macro_rules! parsed {
    ($($method:ident => $visit:ident: $ty:ty, $what:literal;)*) => {
        $(fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, FieldError> {
            visitor.$visit(self.parsed::<$ty>($what)?)
        })*
    };
}

impl<'de> Deserializer<'de> for Value<'de> {
    type Error = FieldError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, FieldError> {
        visitor.visit_borrowed_str(self.0)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, FieldError> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, FieldError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, FieldError> {
        visitor.visit_enum(de::value::BorrowedStrDeserializer::new(self.0))
    }

    parsed! {
        deserialize_bool => visit_bool: bool, "true or false";
        deserialize_u8 => visit_u8: u8, "a whole number";
        deserialize_u16 => visit_u16: u16, "a whole number";
        deserialize_u32 => visit_u32: u32, "a whole number";
        deserialize_u64 => visit_u64: u64, "a whole number";
        deserialize_i8 => visit_i8: i8, "a whole number";
        deserialize_i16 => visit_i16: i16, "a whole number";
        deserialize_i32 => visit_i32: i32, "a whole number";
        deserialize_i64 => visit_i64: i64, "a whole number";
        deserialize_f32 => visit_f32: f32, "a number";
        deserialize_f64 => visit_f64: f64, "a number";
    }

    serde::forward_to_deserialize_any! {
        i128 u128 char str string bytes byte_buf unit unit_struct seq tuple tuple_struct map
        struct identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Search {
        q: String,
        limit: Option<u32>,
        exact: Option<bool>,
    }

    fn search(query: &str) -> Result<Search, RequestError> {
        let pairs = pairs(query)?;
        read(pairs.iter().map(|(k, v)| (k.as_ref(), v.as_ref())))
    }

    #[test]
    fn parameters_are_read_as_their_types_say() {
        let s = search("q=Han+Solo&limit=5&exact=true").unwrap();
        assert_eq!(
            (s.q.as_str(), s.limit, s.exact),
            ("Han Solo", Some(5), Some(true))
        );
    }

    #[test]
    fn an_unknown_parameter_is_named_and_the_known_ones_listed() {
        let e = search("q=x&lmit=5").unwrap_err();
        assert_eq!(
            (e.code, e.field.as_deref()),
            (ErrorCode::BadValue, Some("lmit"))
        );
        assert!(e.message.contains("q, limit, exact"), "{}", e.message);
    }

    #[test]
    fn a_value_that_cannot_be_read_names_its_parameter() {
        let e = search("q=x&limit=ten").unwrap_err();
        assert_eq!(
            (e.code, e.field.as_deref()),
            (ErrorCode::BadValue, Some("limit"))
        );
        assert!(e.message.contains("\"ten\" is not a whole number"));
    }

    #[test]
    fn a_required_parameter_left_out_is_missing_and_a_repeated_one_refused() {
        let e = search("limit=5").unwrap_err();
        assert_eq!(
            (e.code, e.field.as_deref()),
            (ErrorCode::MissingField, Some("q"))
        );
        let e = search("q=a&q=b").unwrap_err();
        assert!(e.message.contains("more than once"), "{}", e.message);
    }
}
