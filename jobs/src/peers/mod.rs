//! Each question next to its sector: the median and quartiles of the question's metric over
//! the scored market, per SIC major group (or division when the group is small), recomputed
//! by the `ComputeSectorStats` job after each nightly run, and a company's answers compared
//! with them on its page. The absolute 0-10 grades never change; the comparison is a second,
//! sector-relative grade beside them. The rule is in `docs/scoring.md`, "Next to its peers".
//!
//! - `groups`: SIC code -> major group and division, with plain names;
//! - `metrics`: what each question is compared on, and how its numbers read;
//! - `stats`: quartiles, where a company stands, the job's accumulator;
//! - `sentence`: Bubba's sentence from the numbers;
//! - `compute`: the job's paged reading of the stored records;
//! - `view`: a company's comparisons as the analysis call serves them.

pub mod compute;
pub mod groups;
pub mod metrics;
pub mod sentence;
pub mod stats;
pub mod view;

pub use groups::PeerLevel;
pub use stats::MIN_PEERS;
pub use view::{CompanyPeers, PeerComparison, PeerStanding, QuestionPeers, for_record};
