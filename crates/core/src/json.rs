//! JSON objects, and only objects. A derived `Deserialize` for a struct also takes a JSON list,
//! field by field in order: `["SOR_017", 1]` as `{"id": "SOR_017", "count": 1}`, a roster entry
//! `["Ada", "1", {...}]` as `{"player": "Ada", ...}`. No client means that, and it gave the two
//! readings of one SWUDB deck different answers (found by the `swudb_json` fuzz target). Every
//! struct read from a client's JSON is read through [`Object`].

use std::marker::PhantomData;

use serde::de::value::MapAccessDeserializer;
use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};

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
