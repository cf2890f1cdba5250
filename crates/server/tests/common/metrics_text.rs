//! Reading `/metrics` (Prometheus's text format) in a test: series by name and labels.

/// The sum of the samples of `name` whose labels include every one of `labels`.
pub fn value(text: &str, name: &str, labels: &[(&str, &str)]) -> f64 {
    samples(text, name)
        .filter(|(series, _)| {
            labels
                .iter()
                .all(|(k, v)| series.contains(&format!("{k}=\"{v}\"")))
        })
        .map(|(_, value)| value)
        .sum()
}

/// Each sample of `name`: its series (name and labels) and its value.
pub fn samples<'a>(text: &'a str, name: &'a str) -> impl Iterator<Item = (&'a str, f64)> + 'a {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.rsplit_once(' '))
        .filter(move |(series, _)| series.split('{').next() == Some(name))
        .filter_map(|(series, value)| Some((series, value.parse().ok()?)))
}
