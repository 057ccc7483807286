//! The files of a revision that a build reads, found by walking its trees
//! only where a load looks ([`crate::load::places`]): a folder no build
//! reads is never listed, however many files a pull request put there.

use crate::load::places::{may_hold_read_files, read_by_a_load};
use std::io::{BufRead, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// What a tree entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EntryKind {
    /// A file (executable or not).
    File,
    /// A symbolic link: its object is the link's target.
    Link,
    /// A submodule: its object is a commit of another repository.
    Submodule,
}

/// A file of a revision: its kind, object id and path from the top.
#[derive(Debug)]
pub(crate) struct TreeEntry {
    pub(crate) kind: EntryKind,
    pub(crate) object: String,
    pub(crate) path: String,
}

/// Why the walk stopped.
#[derive(Debug)]
pub(crate) enum WalkError {
    /// More entries than `limit` where a build reads.
    TooMany {
        /// The limit.
        limit: usize,
    },
    /// git could not be run or said something unexpected.
    Io(std::io::Error),
}

impl From<std::io::Error> for WalkError {
    fn from(error: std::io::Error) -> Self {
        WalkError::Io(error)
    }
}

/// The files, links and submodules of `commit` that a load of the data
/// root at `prefix` (from the repository's top, empty or ending in `/`)
/// reads, in tree order, with paths from the top; links and submodules
/// where a read folder would be are kept too, so that the load names them.
/// At most `limit` entries are looked at where a build reads.
pub(crate) fn read_entries(
    top: &Path,
    commit: &str,
    prefix: &str,
    limit: usize,
) -> Result<Vec<TreeEntry>, WalkError> {
    let mut trees = Trees::start(top)?;
    let root = match prefix.trim_end_matches('/') {
        "" => format!("{commit}^{{tree}}"),
        folder => format!("{commit}:{folder}"),
    };
    let mut walk = Walk {
        trees: &mut trees,
        prefix,
        limit,
        seen: 0,
        found: Vec::new(),
    };
    let walked = walk.folder(&root, "");
    let found = std::mem::take(&mut walk.found);
    trees.stop();
    walked.map(|()| found)
}

/// A walk through a revision's trees.
struct Walk<'a> {
    trees: &'a mut Trees,
    prefix: &'a str,
    limit: usize,
    /// Entries looked at so far.
    seen: usize,
    found: Vec<TreeEntry>,
}

impl Walk<'_> {
    /// Walks the tree `object` at `path` (from the data root, empty for it).
    fn folder(&mut self, object: &str, path: &str) -> Result<(), WalkError> {
        let Some(entries) = self.trees.read(object)? else {
            return Ok(());
        };
        for (mode, name, object) in entries {
            self.seen += 1;
            if self.seen > self.limit {
                return Err(WalkError::TooMany { limit: self.limit });
            }
            let path = match path {
                "" => name,
                folder => format!("{folder}/{name}"),
            };
            let kind = match mode.as_str() {
                "40000" | "040000" => {
                    if may_hold_read_files(&path) {
                        self.folder(&object, &path)?;
                    }
                    continue;
                }
                "120000" => EntryKind::Link,
                "160000" => EntryKind::Submodule,
                _ => EntryKind::File,
            };
            let kept =
                read_by_a_load(&path) || (kind != EntryKind::File && may_hold_read_files(&path));
            if kept {
                self.found.push(TreeEntry {
                    kind,
                    object,
                    path: format!("{}{path}", self.prefix),
                });
            }
        }
        Ok(())
    }
}

/// One `git cat-file --batch` answering for trees, one at a time.
struct Trees {
    child: Child,
    input: ChildStdin,
    output: std::io::BufReader<ChildStdout>,
}

impl Trees {
    fn start(top: &Path) -> std::io::Result<Trees> {
        let mut child = Command::new("git")
            .arg("-C")
            .arg(top)
            .args(["cat-file", "--batch"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(std::io::Error::other("git cat-file has no pipes"));
        };
        Ok(Trees {
            child,
            input,
            output: std::io::BufReader::new(output),
        })
    }

    /// The entries (mode, name, object) of the tree `object` names; `None`
    /// when it names nothing or something else than a tree. Names that are
    /// not UTF-8 are left out, as no file a load reads has one.
    fn read(&mut self, object: &str) -> std::io::Result<Option<Vec<(String, String, String)>>> {
        if object.contains('\n') {
            return Ok(None);
        }
        writeln!(self.input, "{object}")?;
        self.input.flush()?;
        let mut header = String::new();
        self.output.read_line(&mut header)?;
        let fields: Vec<&str> = header.split_whitespace().collect();
        let [id, kind, size] = fields[..] else {
            // `<object> missing`
            return Ok(None);
        };
        let size: u64 = size
            .parse()
            .map_err(|_| std::io::Error::other(format!("git cat-file said `{}`", header.trim())))?;
        let mut content = Vec::new();
        (&mut self.output)
            .take(size + 1)
            .read_to_end(&mut content)?;
        content.pop();
        if kind != "tree" {
            return Ok(None);
        }
        Ok(Some(tree_entries(&content, id.len() / 2)))
    }

    fn stop(mut self) {
        drop(self.input);
        let _ = self.child.wait();
    }
}

/// `bytes` in lowercase hexadecimal, as git names objects. (A tree of a
/// federation's players has hundreds of thousands of ids.)
fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut text = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        text.push(char::from(DIGITS[usize::from(b >> 4)]));
        text.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    text
}

/// A tree object's entries: `<mode> <name>\0<binary object id>` each.
fn tree_entries(mut content: &[u8], id_length: usize) -> Vec<(String, String, String)> {
    let mut entries = Vec::new();
    while let Some(space) = content.iter().position(|&b| b == b' ') {
        let Some(nul) = content.iter().position(|&b| b == 0) else {
            break;
        };
        if nul < space || content.len() < nul + 1 + id_length {
            break;
        }
        let mode = String::from_utf8_lossy(&content[..space]).into_owned();
        let name = std::str::from_utf8(&content[space + 1..nul]).ok();
        let id = &content[nul + 1..nul + 1 + id_length];
        if let Some(name) = name {
            entries.push((mode, name.to_string(), hex(id)));
        }
        content = &content[nul + 1 + id_length..];
    }
    entries
}

#[cfg(test)]
mod tests {
    #[test]
    fn object_ids_are_written_as_git_writes_them() {
        assert_eq!(super::hex(&[0x00, 0x0f, 0xa5, 0xff, 0x10]), "000fa5ff10");
        let entries = super::tree_entries(b"100644 a.toml\0\x01\x23\x45\x67", 4);
        assert_eq!(
            entries,
            vec![("100644".into(), "a.toml".into(), "01234567".into())]
        );
    }
}
