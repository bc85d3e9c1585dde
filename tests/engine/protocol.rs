//! Tests: to be written.
