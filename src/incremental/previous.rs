//! What the previous build left in the build cache file: its first lines
//! (the inputs' and the site's fingerprints, its warnings), read first, and
//! the per-file lines, read on a thread of their own while the data is
//! loaded, checked and rated.

use super::cache_file::*;
use super::hashing::Key;
use super::inputs::*;
use super::scan::{self, SiteFingerprint};
use crate::site_files::FileIdentity;
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

/// What the previous build left in the cache file.
#[derive(Debug, Default)]
pub struct Previous {
    /// That build's site files and its dumps' pieces.
    pub(super) files: PreviousFiles,
    /// The inputs' fingerprint, and whether that build noted the missing sitemap.
    pub(super) inputs: Option<(Key, bool)>,
    /// The hash of the inputs' content, and whether that build noted the missing sitemap.
    pub(super) content: Option<(Key, bool)>,
    /// The fingerprint of the site that build left.
    pub(super) site: Option<SiteFingerprint>,
    /// That build's warnings.
    pub(super) warnings: Vec<crate::diagnostic::Diagnostic>,
    /// How many players and tournaments that build read.
    pub(super) checked: Option<(usize, usize)>,
    /// What that build read of each input file.
    pub(super) input_hashes: InputHashes,
    /// The identity the parsed-files checkpoint had when that build wrote it.
    pub(super) parsed: Option<FileIdentity>,
    /// The identity the kept ratings had when that build wrote them.
    pub(super) rated: Option<FileIdentity>,
    /// The cache file and where its per-file lines start, until they are read.
    pub(super) rest: Option<(PathBuf, u64)>,
}

/// What a build's checks found in inputs that have not changed since.
#[derive(Debug)]
pub struct CheckedBefore {
    /// Its warnings (a build that published had no errors).
    pub warnings: Vec<crate::diagnostic::Diagnostic>,
    /// How many players it read.
    pub players: usize,
    /// How many tournaments it read.
    pub tournaments: usize,
}

impl Previous {
    /// The cache file's first lines (what an unchanged build needs); empty
    /// when it is missing, unreadable or of another format (lines that do
    /// not parse are skipped). The per-file lines are read by
    /// [`Previous::read_files`], when the build goes on.
    pub fn read(file: Option<&Path>) -> Previous {
        let Some(path) = file else {
            return Previous::default();
        };
        let Some(handle) = open_regular(path) else {
            return Previous::default();
        };
        let mut reader = std::io::BufReader::new(handle);
        let mut line = String::new();
        if read_line(&mut reader, &mut line).is_none_or(|_| line != HEADER) {
            return Previous::default();
        }
        let mut previous = Previous::default();
        let mut start = (HEADER.len() + 1) as u64;
        while let Some(length) = read_line(&mut reader, &mut line) {
            if !previous.read_header_line(&line) {
                break;
            }
            start += length as u64;
        }
        previous.rest = Some((path.to_path_buf(), start));
        previous
    }

    /// Takes in a line of the cache file's first part; whether it was one.
    pub(super) fn read_header_line(&mut self, line: &str) -> bool {
        if let Some(inputs) = line.strip_prefix("inputs\t") {
            self.inputs = parse_inputs(inputs);
        } else if let Some(content) = line.strip_prefix("content\t") {
            self.content = parse_inputs(content);
        } else if let Some(site) = line.strip_prefix("site\t") {
            self.site = parse_site(site);
        } else if let Some(parsed) = line.strip_prefix("parsed\t") {
            self.parsed = parse_identity(parsed);
        } else if let Some(rated) = line.strip_prefix("rated\t") {
            self.rated = parse_identity(rated);
        } else if let Some(checked) = line.strip_prefix("checked\t") {
            self.checked = parse_checked(checked);
        } else if let Some(warning) = line.strip_prefix("warning\t") {
            match serde_json::from_str(warning) {
                Ok(warning) => self.warnings.push(warning),
                // Without all its warnings the build cannot be skipped.
                Err(_) => (self.inputs, self.content) = (None, None),
            }
        } else {
            return false;
        }
        true
    }

    /// Reads the cache file's per-file lines (each input's hashes, each
    /// site file's key and identity), once.
    pub fn read_files(&mut self) {
        if let Some(rest) = self.rest.take() {
            self.add(read_file_lines(&rest, |_| true));
        }
    }

    /// Reads only what the previous build read of each input file (its
    /// hashes), once: all that taking over its parsed files needs.
    pub fn read_inputs(&mut self) {
        self.read_inputs_leaving_files();
    }

    /// Reads what the previous build read of each input file now, and hands
    /// back the reading of the other per-file lines (the site's files and
    /// the dumps' pieces), for another thread to do while the build goes
    /// on; [`Previous::add_files`] takes them in. The inputs' lines come
    /// first in the file: reading stops at the first other line, where the
    /// other reading starts (an input's line found later is skipped there;
    /// that input is only read again).
    pub fn read_inputs_leaving_files(&mut self) -> FilesToRead {
        let Some((path, start)) = self.rest.take() else {
            return FilesToRead(None);
        };
        let (hashes, end) = read_input_lines(&path, start);
        self.input_hashes = hashes;
        FilesToRead(Some((path, end)))
    }

    /// Takes in the site's files and the dumps' pieces [`FilesToRead::read`] read.
    pub fn add_files(&mut self, files: PreviousFiles) {
        if self.files.entries.is_empty() && self.files.pieces.is_empty() {
            self.files = files;
        } else {
            self.files.entries.extend(files.entries);
            for (path, pieces) in files.pieces {
                self.files.pieces.entry(path).or_default().extend(pieces);
            }
            for (path, pieces) in files.spare_pieces {
                self.files
                    .spare_pieces
                    .entry(path)
                    .or_default()
                    .extend(pieces);
            }
        }
    }

    pub(super) fn add(&mut self, lines: Vec<FileLine>) {
        let inputs = lines.iter().filter(|l| matches!(l, FileLine::Input(..)));
        self.input_hashes.reserve(inputs.count());
        for line in lines {
            match line {
                FileLine::Input(path, hashes) => {
                    self.input_hashes.insert(path, hashes);
                }
                other => self.files.add(other),
            }
        }
    }

    /// Whether the previous build had the inputs `inputs` and left `out`
    /// exactly as it is now; then, whether it noted the missing sitemap,
    /// and its warnings.
    pub fn unchanged(
        &mut self,
        inputs: Key,
        out: &Path,
    ) -> Option<(bool, Vec<crate::diagnostic::Diagnostic>)> {
        let (key, sitemap_note) = self.inputs?;
        (key == inputs && self.site_intact(out))
            .then(|| (sitemap_note, std::mem::take(&mut self.warnings)))
    }

    /// What the previous build's checks found, if it had the inputs
    /// `inputs` (the site it made may have changed since): its warnings
    /// (it had no errors) and how many players and tournaments it read.
    pub fn checked_unchanged(&mut self, inputs: Key) -> Option<CheckedBefore> {
        let (key, _) = self.inputs?;
        self.checked_before(key == inputs)
    }

    /// As [`Previous::checked_unchanged`], for inputs whose content hash
    /// ([`inputs_content`]) is `content`.
    pub fn checked_same_content(&mut self, content: Key) -> Option<CheckedBefore> {
        let (key, _) = self.content?;
        self.checked_before(key == content)
    }

    fn checked_before(&mut self, same: bool) -> Option<CheckedBefore> {
        let (players, tournaments) = self.checked?;
        same.then(|| CheckedBefore {
            warnings: std::mem::take(&mut self.warnings),
            players,
            tournaments,
        })
    }

    /// As [`Previous::unchanged`], for inputs whose content hash
    /// ([`inputs_content`]) is `content`: inputs touched (e.g. checked out
    /// again) but not changed.
    pub fn same_content(
        &mut self,
        content: Key,
        out: &Path,
    ) -> Option<(bool, Vec<crate::diagnostic::Diagnostic>)> {
        let (key, sitemap_note) = self.content?;
        (key == content && self.site_intact(out))
            .then(|| (sitemap_note, std::mem::take(&mut self.warnings)))
    }

    /// What the previous build read of each input file (after
    /// [`Previous::read_files`] or [`Previous::read_inputs`]).
    pub fn input_hashes(&self) -> &InputHashes {
        &self.input_hashes
    }

    /// The identity the previous build's parsed-files checkpoint had when
    /// it was written: a checkpoint with another was not written there (a
    /// file from a checkout, say) and is not to be trusted.
    pub fn parsed_identity(&self) -> Option<FileIdentity> {
        self.parsed
    }

    /// The identity the previous build's kept ratings (`.rated`) had when
    /// they were written: ratings with another are not to be trusted.
    pub fn rated_identity(&self) -> Option<FileIdentity> {
        self.rated
    }

    /// Number of files the previous build made or reused.
    pub fn files(&self) -> usize {
        match self.site {
            Some(site) if self.files.entries.is_empty() => site.files,
            _ => self.files.entries.len(),
        }
    }

    /// Whether `out` holds exactly the files the previous build left, each
    /// with its identity.
    pub(super) fn site_intact(&self, out: &Path) -> bool {
        self.site
            .is_some_and(|site| scan::site_fingerprint(out) == Some(site))
    }
}

/// The per-file lines of a cache file other than the inputs', still to
/// be read: the cache file and where its per-file lines start.
#[derive(Default)]
pub struct FilesToRead(Option<(PathBuf, u64)>);

impl FilesToRead {
    /// Reads them (nothing when there is no cache file).
    pub fn read(self) -> PreviousFiles {
        let mut files = PreviousFiles::default();
        if let Some(rest) = self.0 {
            let lines = read_file_lines(&rest, |line| !is_input_line(line));
            // Nearly every line is a site file's: the list is made at its size.
            files.entries.reserve(lines.len());
            for line in lines {
                files.add(line);
            }
        }
        files
    }
}

/// A previous build's site files (each one's key and identity) and where
/// its SQL dumps had each piece.
#[derive(Debug, Default)]
pub struct PreviousFiles {
    pub(super) entries: foldhash::HashMap<String, PreviousFile>,
    pub(super) pieces: PieceIndex,
    pub(super) spare_pieces: SparePieceIndex,
}

/// A site file the previous build left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct PreviousFile {
    /// The key it was made with.
    pub(super) key: Key,
    /// Its identity when that build published it.
    pub(super) identity: FileIdentity,
    /// Whether the staging folder held that very file (the same identity)
    /// when [`PreviousFiles::find_staged`] looked.
    pub(super) staged: bool,
}

impl PreviousFiles {
    /// Looks, file by file, whether the staging folder holds the file the
    /// previous build published (`staged` gives the identity of its file of
    /// a name), until all are seen or `stop` is set: a file found is kept
    /// later without a look of its own.
    pub fn find_staged(
        &mut self,
        mut staged: impl FnMut(&str) -> Option<FileIdentity>,
        stop: &std::sync::atomic::AtomicBool,
    ) {
        for (name, file) in &mut self.entries {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            file.staged = staged(name) == Some(file.identity);
        }
    }

    /// Takes in a site file's or a dump piece's line (not an input's).
    pub(super) fn add(&mut self, line: FileLine) {
        match line {
            FileLine::Entry(path, (key, identity)) => {
                let file = PreviousFile {
                    key,
                    identity,
                    staged: false,
                };
                self.entries.insert(path, file);
            }
            FileLine::Piece(path, key, piece) => {
                self.pieces.entry(path).or_default().insert(key, piece);
            }
            FileLine::SparePiece(path, key, piece) => {
                self.spare_pieces
                    .entry(path)
                    .or_default()
                    .insert(key, piece);
            }
            FileLine::Input(..) => {}
        }
    }
}

/// The per-file lines that `wanted` keeps of the cache file at `path`,
/// whose per-file lines start at `start`; none when it cannot be read.
pub(super) fn read_file_lines(
    (path, start): &(PathBuf, u64),
    wanted: impl Fn(&str) -> bool + Sync,
) -> Vec<FileLine> {
    use rayon::prelude::*;
    use std::io::{Read as _, Seek as _};
    let Some(mut file) = open_regular(path) else {
        return Vec::new();
    };
    let mut text = String::new();
    let read = file.seek(std::io::SeekFrom::Start(*start));
    if read.and_then(|_| file.read_to_string(&mut text)).is_err() {
        return Vec::new();
    }
    text.par_lines()
        .filter(|line| wanted(line))
        .filter_map(parse_file_line)
        .collect()
}

/// The inputs' lines at the start of the cache file's per-file lines (from
/// `start` in the cache file at `path`), and where the first other line
/// starts; none when the file cannot be read.
pub(super) fn read_input_lines(path: &Path, start: u64) -> (InputHashes, u64) {
    use std::io::Seek as _;
    let mut hashes = InputHashes::default();
    let Some(mut file) = open_regular(path) else {
        return (hashes, start);
    };
    if file.seek(std::io::SeekFrom::Start(start)).is_err() {
        return (hashes, start);
    }
    let mut reader = std::io::BufReader::with_capacity(1 << 20, file);
    let mut line = String::new();
    let mut end = start;
    // Gathered first and filed at once: a map grown line by line hashes
    // its hundreds of thousands of paths again at every step.
    let mut lines = Vec::new();
    while let Some(length) = read_line(&mut reader, &mut line) {
        let Some(input) = line.strip_prefix("input\t") else {
            break;
        };
        lines.extend(parse_input(input));
        end += length as u64;
    }
    hashes.reserve(lines.len());
    hashes.extend(lines);
    (hashes, end)
}

/// Reads the next line of `reader` into `line`, without its line break;
/// its length in the file, or `None` at the end.
/// The cache file at `path` opened for reading, if it is a regular file:
/// never through a symbolic link (a checkout could bring one, pointing at
/// a device that never ends, say).
pub(super) fn open_regular(path: &Path) -> Option<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NOFOLLOW);
    let file = options.open(path).ok()?;
    file.metadata().ok()?.is_file().then_some(file)
}

pub(super) fn read_line(reader: &mut impl BufRead, line: &mut String) -> Option<usize> {
    line.clear();
    let length = reader.read_line(line).ok().filter(|&n| n > 0)?;
    if line.ends_with('\n') {
        line.pop();
    }
    Some(length)
}
