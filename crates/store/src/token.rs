//! Random tokens, ids and registration codes, and how a token is kept: only its SHA-256 is
//! stored, and a presented token's hash is compared with the stored one in constant time.

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::model::Role;

/// Bytes of randomness in a token: 256 bits, beyond guessing.
const TOKEN_BYTES: usize = 32;

/// Letters of a registration code: no 0/O, 1/I/L, so it can be read aloud and typed.
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
pub const CODE_LEN: usize = 8;

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut buf = [0u8; N];
    getrandom::fill(&mut buf).expect("the operating system's random source is available");
    buf
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A new secret token for a role: `dco_…` (organizer), `dcj_…` (judge), `dcp_…` (player).
pub fn new_token(role: Role) -> String {
    let prefix = match role {
        Role::Organizer => "dco",
        Role::Judge => "dcj",
        Role::Player => "dcp",
    };
    format!("{prefix}_{}", hex(&random_bytes::<TOKEN_BYTES>()))
}

/// A new organizer key (`dck_…`): issued by the operator, 256 random bits.
pub fn new_organizer_key() -> String {
    format!("dck_{}", hex(&random_bytes::<TOKEN_BYTES>()))
}

/// The id an organizer key is named by (`ok_` and the first 16 hex digits of its hash).
pub fn key_id_of(hash: &str) -> String {
    format!("ok_{}", &hash[..hash.len().min(16)])
}

/// The stored form of a token.
pub fn hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// The id a token is named by (`tk_` and the first 16 hex digits of its hash): not secret,
/// stable (a restored backup gives the same), and the same as migration 0003 gives old tokens.
pub fn id_of(hash: &str) -> String {
    format!("tk_{}", &hash[..hash.len().min(16)])
}

/// Whether a presented token's hash is the stored one, in time independent of where they differ.
pub fn same_hash(presented: &str, stored: &str) -> bool {
    presented.as_bytes().ct_eq(stored.as_bytes()).into()
}

/// A random id with a prefix (`ev_…`, `pl_…`, `dc_…`): not secret, only unique.
pub fn new_id(prefix: &str) -> String {
    format!("{prefix}_{}", hex(&random_bytes::<10>()))
}

/// A random registration code of [`CODE_LEN`] letters from [`CODE_ALPHABET`] (about 40 bits).
pub fn new_code() -> String {
    let mut out = String::with_capacity(CODE_LEN);
    while out.len() < CODE_LEN {
        // Bytes past the last whole multiple of the alphabet are dropped so every letter is
        // equally likely.
        let limit = 256 - 256 % CODE_ALPHABET.len();
        for b in random_bytes::<16>() {
            if usize::from(b) < limit && out.len() < CODE_LEN {
                out.push(char::from(
                    CODE_ALPHABET[usize::from(b) % CODE_ALPHABET.len()],
                ));
            }
        }
    }
    out
}

/// A code as typed: case and spaces or dashes do not matter.
pub fn normalize_code(code: &str) -> String {
    code.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_uppercase)
        .collect()
}

/// A uniformly random index below `n` (n > 0): a 64-bit draw reduced modulo n, whose bias is
/// below n / 2^64 (nothing for a roster).
pub fn random_below(n: usize) -> usize {
    let draw = u64::from_le_bytes(random_bytes::<8>());
    (draw % n as u64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_say_their_role() {
        let (a, b) = (new_token(Role::Judge), new_token(Role::Judge));
        assert_ne!(a, b);
        assert!(a.starts_with("dcj_") && a.len() == 4 + 64, "{a}");
    }

    #[test]
    fn a_token_is_kept_as_its_hash_only() {
        let t = new_token(Role::Player);
        let h = hash(&t);
        assert_eq!(h.len(), 64);
        assert!(!h.contains(&t[4..]));
        assert!(same_hash(&hash(&t), &h));
        assert!(!same_hash(&hash("dcp_other"), &h));
    }

    #[test]
    fn codes_are_eight_unambiguous_letters() {
        for _ in 0..100 {
            let c = new_code();
            assert_eq!(c.len(), CODE_LEN);
            assert!(c.bytes().all(|b| CODE_ALPHABET.contains(&b)), "{c}");
        }
        assert_eq!(normalize_code(" abcd-efgh "), "ABCDEFGH");
    }
}
