//! sync
