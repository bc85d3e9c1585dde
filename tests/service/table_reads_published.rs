//! The tests of `parlor::table::reads::published`.
//!
//! Moved out of src/table/reads/published.rs (the library builds no unit-test harness).

use parlor::table::reads::published::*;

#[test]
fn a_public_address_is_a_web_address() {
    assert_eq!(public_url("  "), Ok(None));
    assert_eq!(
        public_url(" https://parlor.example/ "),
        Ok(Some("https://parlor.example".into()))
    );
    assert!(public_url("parlor.example").is_err());
    assert!(public_url("https://parlor example").is_err());
}

#[test]
fn a_slug_is_128_random_bits_safe_in_a_url() {
    let (a, b) = (new_slug(), new_slug());
    assert_eq!(a.len(), 32);
    assert!(
        a.chars()
            .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase())
    );
    assert_ne!(a, b);
}
