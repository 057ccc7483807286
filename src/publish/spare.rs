//! The previous site kept beside the output folder as the spare, and
//! reused as the next build's staging folder.
use super::removal::{is_writable, remove_leftover, remove_tree};
use super::{io_error, PublishError};
use std::fs;
use std::io;
use std::path::Path;

/// Makes the spare `spare` the staging folder `staging`; whether there was
/// one to take. Anything else found under the spare's name is removed.
pub(super) fn recycle(spare: &Path, staging: &Path) -> Result<bool, PublishError> {
    match fs::symlink_metadata(spare) {
        Ok(meta) if meta.is_dir() && is_writable(&meta) => {
            if fs::rename(spare, staging).is_ok() {
                return Ok(true);
            }
            remove_leftover(spare)?;
            Ok(false)
        }
        Ok(_) => remove_leftover(spare).map(|()| false),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(io_error("read", spare)(e)),
    }
}

/// Keeps the folder `previous` (a site replaced, or a staging folder not
/// published) as the spare of the next build.
pub(super) fn keep_as_spare(previous: &Path, spare: &Path) -> io::Result<()> {
    remove_tree(spare)?;
    fs::rename(previous, spare)
}

#[cfg(test)]
mod tests {
    use crate::publish::places::sibling;
    use crate::publish::tests::{build, build_steps, files_of, site};
    use crate::publish::SiteFiles;
    use foldhash::HashMap;
    use std::fs;

    #[test]
    fn the_spare_is_the_previous_site_untouched_by_the_build_that_reused_it() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        let steps = [
            site(&[
                ("a.html", "1"),
                ("p/b.html", "2"),
                ("p/c.html", "3"),
                ("d.sql", "5"),
            ]),
            site(&[
                ("a.html", "1*"),
                ("p/b.html", "2"),
                ("p/c.html", "3"),
                ("d.sql", "5"),
            ]),
            site(&[
                ("a.html", "1*"),
                ("p/b.html", "2*"),
                ("d.html", "4"),
                ("d.sql", "5*"),
            ]),
            site(&[
                ("a.html", "1"),
                ("p/b.html", "2*"),
                ("p/c.html", "3*"),
                ("d.sql", "5**"),
            ]),
            site(&[("a.html", "1"), ("d.sql", "6")]),
        ];
        build_steps(
            &out,
            &steps,
            |_| {},
            |i, _, before| {
                if i > 0 {
                    // A file changed in a staging folder made from the spare is
                    // written anew, never through an inode the current site shares.
                    assert_eq!(files_of(&sibling(&out, "spare")), *before, "step {i}");
                }
            },
        );
    }

    #[test]
    fn whatever_was_put_in_the_spare_is_neither_followed_nor_published() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        let outside = dir.path().join("outside");
        fs::create_dir(&outside).unwrap();
        fs::write(outside.join("b.html"), "outside").unwrap();
        let first = site(&[("a.html", "1"), ("p/b.html", "2"), ("q/c.html", "3")]);
        let (_, known) = build(&out, (&first, &SiteFiles::new()), &HashMap::default());
        let (_, known) = build(&out, (&first, &first), &known);
        let spare = sibling(&out, "spare");
        fs::remove_dir_all(spare.join("p")).unwrap();
        std::os::unix::fs::symlink(&outside, spare.join("p")).unwrap();
        fs::remove_dir_all(spare.join("q")).unwrap();
        fs::write(spare.join("q"), "a file where a folder goes").unwrap();
        fs::write(spare.join("extra.html"), "not part of the site").unwrap();
        std::os::unix::fs::symlink(&outside, spare.join("linked")).unwrap();
        std::os::unix::fs::symlink(dir.path().join("nowhere"), spare.join("dangling")).unwrap();
        std::os::unix::fs::symlink(spare.join("looping"), spare.join("looping")).unwrap();
        let second = site(&[("a.html", "1"), ("p/b.html", "2*"), ("q/c.html", "3")]);
        build(&out, (&second, &first), &known);
        assert_eq!(files_of(&out), second);
        assert_eq!(
            fs::read_to_string(outside.join("b.html")).unwrap(),
            "outside"
        );
        assert!(!out.join("linked").exists() && !out.join("extra.html").exists());
        assert!(fs::symlink_metadata(out.join("dangling")).is_err());
        assert!(fs::symlink_metadata(out.join("looping")).is_err());
        assert!(fs::symlink_metadata(out.join("p")).unwrap().is_dir());
    }
}
