//! Text folding for card names: the one place that decides when two spellings are the same card.
//!
//! Two levels exist on purpose. [`identity_fold`] is what the regulations call the same
//! "title and subtitle" (TR 2.3.1.1): it forgives case, Unicode form, surrounding and repeated
//! white space and typographic quotes, nothing else. [`loose_fold`] is for reading what people
//! type (issue 3): it also forgives punctuation, diacritics and the digit-zero/letter-O confusion,
//! and is only ever used to *find* a card, never to decide that two catalog cards are copies.
//! [`squash`] goes one step further for keys: no spaces at all.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// Folds a title or subtitle to its copy-identity form: NFKC, lowercase, typographic quotes and
/// dashes made plain, white space trimmed and collapsed.
pub fn identity_fold(text: &str) -> String {
    if text.is_ascii() {
        ascii_fold(text)
    } else {
        unicode_identity_fold(text)
    }
}

fn unicode_identity_fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut pending_space = false;
    for c in text.nfkc() {
        let c = plain_punctuation(c);
        if c.is_whitespace() {
            pending_space = !out.is_empty();
            continue;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        out.extend(c.to_lowercase());
    }
    out
}

/// Folds text for forgiving lookup: [`identity_fold`] plus no diacritics, no punctuation
/// (it separates words), `0` read as `o` (the data spells C-3P0 with a zero), and the German
/// `ß` read as `ss`, as Swiss German and plain keyboards write it ("Geissel" for "Geißel").
pub fn loose_fold(text: &str) -> String {
    if text.is_ascii() {
        ascii_loose_fold(text)
    } else {
        unicode_loose_fold(text)
    }
}

fn unicode_loose_fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut pending_space = false;
    for c in text.nfkd().filter(|c| !is_combining_mark(*c)) {
        let c = plain_punctuation(c);
        if !c.is_alphanumeric() {
            // Apostrophes join ("Qi'ra" -> "qira"); other punctuation separates words.
            if c != '\'' {
                pending_space = !out.is_empty();
            }
            continue;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        for lower in c.to_lowercase() {
            match lower {
                '0' => out.push('o'),
                'ß' => out.push_str("ss"),
                other => out.push(other),
            }
        }
    }
    out
}

/// [`identity_fold`] for ASCII text, where NFKC changes nothing: the common case, kept fast.
fn ascii_fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_ascii_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(word.chars().map(|c| {
            if c == '`' {
                '\''
            } else {
                c.to_ascii_lowercase()
            }
        }));
    }
    out
}

/// [`loose_fold`] for ASCII text.
fn ascii_loose_fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut pending_space = false;
    for c in text.chars() {
        if !c.is_ascii_alphanumeric() {
            if c != '\'' && c != '`' {
                pending_space = !out.is_empty();
            }
            continue;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        let c = c.to_ascii_lowercase();
        out.push(if c == '0' { 'o' } else { c });
    }
    out
}

/// A name folded for matching with no regard to case, diacritics, punctuation, spacing or the
/// digit-zero/letter-O confusion: "C-3PO", "c3p0" and "C 3PO" all become "c3po".
pub fn squash(text: &str) -> String {
    loose_fold(text).replace(' ', "")
}

/// Typographic quotes and dashes as people paste them from word processors and web pages.
fn plain_punctuation(c: char) -> char {
    match c {
        '\u{2018}' | '\u{2019}' | '\u{201B}' | '\u{2032}' | '`' | '\u{00B4}' => '\'',
        '\u{201C}' | '\u{201D}' | '\u{201F}' | '\u{2033}' => '"',
        '\u{2010}'..='\u{2015}' | '\u{2212}' => '-',
        '\u{00A0}' | '\u{2007}' | '\u{202F}' => ' ',
        other => other,
    }
}

/// A player's id (a UID) as an event compares it, so one player cannot register twice under
/// spellings that differ only in form (issue 34): Unicode NFKC (full-width digits are digits),
/// lower case (Unicode's full mapping, as case folding does for ids), and without any white
/// space or invisible format character (a zero-width space, a soft hyphen, a byte-order mark).
/// `0123 456`, `０１２３４５６` and `0123456` followed by U+200B are all `0123456`; leading zeros
/// are kept (they are part of many ids). The UID itself is kept and shown as the player typed it.
pub fn uid_normal_form(uid: &str) -> String {
    let folded: String = uid
        .nfkc()
        .flat_map(char::to_lowercase)
        .filter(|c| !c.is_whitespace() && !invisible(*c))
        .collect();
    // Lower case can leave text that is not in NFKC again (a few letters decompose).
    folded.nfkc().collect()
}

/// Unicode's default-ignorable code points (DerivedCoreProperties: format characters, joiners,
/// variation selectors, fillers): drawn as nothing, so two UIDs that differ by one look alike.
fn invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}'
        | '\u{FFF0}'..='\u{FFF8}' | '\u{1BCA0}'..='\u{1BCA3}' | '\u{1D173}'..='\u{1D17A}'
        | '\u{E0000}'..='\u{E0FFF}')
}

/// Input echoed back in an answer is cut short: a 1 MB line must not make a 1 MB answer.
pub fn echo(text: &str) -> String {
    const MAX: usize = 200;
    if text.len() <= MAX {
        return text.to_string();
    }
    let cut = text.floor_char_boundary(MAX);
    format!("{}…", &text[..cut])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uids_that_differ_only_in_form_have_one_normal_form() {
        for uid in [
            "123456",
            "123 456",
            "\u{FF11}\u{FF12}\u{FF13}\u{FF14}\u{FF15}\u{FF16}",
            "123456\u{200B}",
            "\u{FEFF}12\u{00AD}3\t456\u{3000}",
        ] {
            assert_eq!(uid_normal_form(uid), "123456", "{uid:?}");
        }
        assert_eq!(uid_normal_form("AbC-12"), uid_normal_form("abc-12"));
        assert_eq!(uid_normal_form("ÅSA"), uid_normal_form("åsa"));
        // What makes two ids different stays: leading zeros, punctuation, other letters.
        assert_ne!(uid_normal_form("0123456"), uid_normal_form("123456"));
        assert_ne!(uid_normal_form("12-34"), uid_normal_form("1234"));
        // No normal form holds white space (the store relies on it for entries it frees).
        assert!(!uid_normal_form(" a b\u{2003}c ").contains(char::is_whitespace));
    }

    #[test]
    fn identity_fold_forgives_case_spacing_and_typographic_quotes() {
        assert_eq!(identity_fold("  Infused Brawler "), "infused brawler");
        assert_eq!(
            identity_fold("Piece Of Junk"),
            identity_fold("Piece of  Junk")
        );
        assert_eq!(identity_fold("I\u{2019}ll Come Back"), "i'll come back");
        assert_eq!(identity_fold("Padme\u{301}"), identity_fold("Padmé"));
    }

    #[test]
    fn the_ascii_fast_paths_agree_with_the_unicode_paths() {
        for text in [
            "  Han  Solo ",
            "C-3P0",
            "Qi'ra",
            "TIE/ln Fighter",
            "A`b",
            "x\ty",
            "Level 1313",
            "--",
            "",
        ] {
            assert_eq!(ascii_fold(text), unicode_identity_fold(text), "{text:?}");
            assert_eq!(ascii_loose_fold(text), unicode_loose_fold(text), "{text:?}");
        }
    }

    #[test]
    fn identity_fold_keeps_diacritics_and_digits_apart() {
        assert_ne!(identity_fold("Padmé"), identity_fold("Padme"));
        assert_ne!(identity_fold("C-3P0"), identity_fold("C-3PO"));
    }

    #[test]
    fn loose_fold_forgives_diacritics_punctuation_and_zero_for_o() {
        assert_eq!(loose_fold("Padmé Amidala"), "padme amidala");
        assert_eq!(loose_fold("C-3P0"), loose_fold("c 3po"));
        assert_eq!(loose_fold("TIE/ln Fighter"), "tie ln fighter");
        assert_eq!(loose_fold("Qi\u{2019}ra"), "qira");
        assert_eq!(loose_fold("Master of Teräs Käsi"), "master of teras kasi");
    }

    #[test]
    fn loose_fold_reads_the_sharp_s_as_ss_and_forgives_the_accents_of_every_language() {
        // Issue 28: the German, French and Spanish names of the official card database.
        assert_eq!(loose_fold("Geißel von Dathomir"), "geissel von dathomir");
        assert_eq!(
            loose_fold("GEISSEL VON DATHOMIR"),
            loose_fold("Geißel von Dathomir")
        );
        assert_eq!(loose_fold("Häuptling Chirpa"), "hauptling chirpa");
        assert_eq!(
            loose_fold("Acklay de l\u{2019}Arène"),
            loose_fold("Acklay de l'Arene")
        );
        assert_eq!(loose_fold("Varáctilo leal"), "varactilo leal");
        assert_eq!(loose_fold("Aîné Provocateur"), "aine provocateur");
        assert_eq!(squash("DorfÄlteste"), squash("Dorf-Alteste"));
    }
}
