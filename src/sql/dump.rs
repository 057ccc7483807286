//! One SQL dump's rows written between the template's head and tail, as
//! they are made, never whole in memory.

use crate::model::Dataset;
use crate::rating::Ratings;

/// Everything one SQL dump holds.
pub struct DumpRows<'a> {
    /// The players and tournaments.
    pub dataset: &'a Dataset,
    /// The association's ratings of them.
    pub ratings: &'a Ratings,
    /// The published rating list.
    pub published: &'a crate::sql::PublishedList,
    /// The further lists (pools), each with its ratings.
    pub pools: &'a [crate::sql::PoolList<'a>],
    /// The keys of the big tables' units, when the dump takes pieces over.
    pub keys: Option<crate::sql::UnitKeys<'a>>,
}

impl DumpRows<'_> {
    /// Writes the rows in `dialect` between the built-in template's `head`
    /// and `tail`, as they are made.
    pub fn write_framed(
        &self,
        (head, tail): (&str, &str),
        dialect: crate::sql::Dialect,
        out: &mut dyn crate::sql::DumpOut,
        previous: Option<&dyn crate::sql::Pieces>,
    ) -> std::io::Result<()> {
        out.write_all(head.as_bytes())?;
        let mut rows = crate::sql::InsertWriter::new(out, dialect);
        if let Some(previous) = previous {
            rows = rows.reusing(previous, head.len() as u64);
        }
        crate::sql::base_tables(
            self.dataset,
            self.ratings,
            self.published,
            self.keys,
            &mut rows,
        )?;
        crate::sql::pool_tables(self.dataset, self.pools, &mut rows)?;
        out.write_all(tail.as_bytes())
    }
}
