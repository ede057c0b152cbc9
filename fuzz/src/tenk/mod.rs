//! The 10-K Item splitter and the bulk editor's parser: plain text in, plain data out. A real
//! folder (not an inline module in lib.rs): `#[path]`s are resolved from it, and the OS does
//! not walk `..` through a folder that does not exist.

#[path = "../../../jobs/src/tenk/bulk.rs"]
pub mod bulk;
#[path = "../../../jobs/src/tenk/items.rs"]
pub mod items;
#[path = "../../../jobs/src/tenk/sections.rs"]
pub mod sections;
