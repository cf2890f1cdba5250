//! dates
