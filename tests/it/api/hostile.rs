//! Hostile input over HTTP (issue 7): each with its exact expected answer, never a panic or a 500.
