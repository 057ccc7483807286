//! The whole pipeline, in order: load and check the repository, rate it,
//! render every output, write the site (or one SQL dump).

use crate::diagnostic::{self, Diagnostic};
use crate::incremental::cache::Key;
use crate::model::Dataset;
use crate::{check, incremental, load, publish, rating, render, site_files, sql, standings};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A repository loaded and checked.
#[derive(Debug)]
pub struct Checked {
    /// What was loaded.
    pub loaded: load::Loaded,
    /// Every problem, loading and cross-file, sorted.
    pub diagnostics: Vec<Diagnostic>,
}

impl Checked {
    /// Number of errors.
    pub fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }
}

/// Loads the repository at `root` (taking over what the latest build of a
/// site beside it parsed: [`load_after_build`]) and runs every check.
pub fn check_repository(root: &Path) -> Checked {
    check_with_links(root, load_after_build(root))
}

/// Runs every check on `loaded`, the repository at `root`, the links where
/// a build of its default site would write first.
fn check_with_links(root: &Path, loaded: load::Loaded) -> Checked {
    let mut checked = check_loaded(loaded);
    checked
        .diagnostics
        .splice(0..0, links_where_a_build_writes(root));
    checked
}

/// What `check` found in a repository: every problem, sorted, and how many
/// players and tournaments it read (those with errors included).
#[derive(Debug)]
pub struct CheckReport {
    /// Every problem.
    pub diagnostics: Vec<Diagnostic>,
    /// Players read.
    pub players: usize,
    /// Tournaments read.
    pub tournaments: usize,
    /// Whether these are the latest build's findings, its inputs unchanged since.
    pub as_built: bool,
}

/// Checks the repository at `root` as [`check_repository`] does, unless
/// its inputs are as the latest build of a site in `root` read them: then
/// that build's findings stand (its warnings; links where a build writes
/// are looked for again). Unchanged is told first by the files' metadata,
/// as a build tells it has nothing to do, then by their content.
pub fn check_report(root: &Path) -> CheckReport {
    let started = std::time::SystemTime::now();
    let Some(cache_file) = incremental::cache::latest_in(root) else {
        return fresh_check(root, load::load_repository(root));
    };
    let paths = input_paths(root);
    let (mut previous, files) = rayon::join(
        || incremental::previous::Previous::read(Some(&cache_file)),
        || incremental::scan::input_files(&paths),
    );
    let tool = incremental::inputs::tool_key();
    let inputs = files
        .as_deref()
        .and_then(|files| incremental::inputs::inputs_fingerprint(tool, &paths, files, started));
    if let Some(before) = inputs.and_then(|key| previous.checked_unchanged(key)) {
        return as_built(root, before);
    }
    let listed = move || files;
    let (content, checkpoint) =
        content_and_checkpoint(root, &cache_file, &mut previous, (&paths, listed), started);
    let same = content
        .as_ref()
        .and_then(|(key, _)| previous.checked_same_content(*key));
    if let Some(before) = same {
        return as_built(root, before);
    }
    fresh_check(root, load_taking_over(root, &checkpoint, content.as_ref()))
}

/// The report of checking `loaded`, the repository at `root`.
fn fresh_check(root: &Path, loaded: load::Loaded) -> CheckReport {
    let checked = check_with_links(root, loaded);
    let (players, tournaments) = checked.loaded.read_counts();
    CheckReport {
        diagnostics: checked.diagnostics,
        players,
        tournaments,
        as_built: false,
    }
}

/// The report of what the latest build found in the repository at `root`,
/// unchanged since.
fn as_built(root: &Path, before: incremental::previous::CheckedBefore) -> CheckReport {
    let mut diagnostics = links_where_a_build_writes(root);
    diagnostics.extend(before.warnings);
    CheckReport {
        diagnostics,
        players: before.players,
        tournaments: before.tournaments,
        as_built: true,
    }
}

/// The places where a build of the default site of `root` would write
/// that are symbolic links (committed with the repository, say), as errors:
/// a build writes through none of them.
fn links_where_a_build_writes(root: &Path) -> Vec<Diagnostic> {
    publish::links_in_the_way(&root.join("site"))
        .into_iter()
        .map(|link| {
            let target = std::fs::read_link(&link).unwrap_or_default();
            let shown = link.strip_prefix(root).unwrap_or(&link);
            Diagnostic::error(
                shown,
                format!(
                    "is a symbolic link (to `{}`) where a build writes; ratingbook never writes through links",
                    target.display().to_string().escape_debug()
                ),
            )
            .hint("remove the link (`git rm` it if it is committed); a build makes this file or folder itself")
        })
        .collect()
}

/// Loads the repository at `root`, taking over the player and tournament
/// records that the latest build of a site in `root` (its build cache in
/// `root/.ratingbook-cache`) parsed, for the files unchanged since. Only a
/// speed-up, and read only: without such a build, or with a checkpoint
/// that build did not write, every file is parsed.
pub fn load_after_build(root: &Path) -> load::Loaded {
    let started = std::time::SystemTime::now();
    let Some(cache_file) = incremental::cache::latest_in(root) else {
        return load::load_repository(root);
    };
    let mut previous = incremental::previous::Previous::read(Some(&cache_file));
    if previous.parsed_identity().is_none() {
        return load::load_repository(root);
    }
    let paths = input_paths(root);
    let scan = || incremental::scan::input_files(&paths);
    let (content, checkpoint) =
        content_and_checkpoint(root, &cache_file, &mut previous, (&paths, scan), started);
    // What the previous build read of each input (hundreds of thousands of
    // paths) is let go before the records are loaded.
    drop(previous);
    load_taking_over(root, &checkpoint, content.as_ref())
}

/// The hashes of the inputs' content (the files `files` lists under
/// `paths`, those unchanged since the build `previous` records taken over
/// from it) and the parsed-files checkpoint that build kept beside its
/// cache file `cache_file`, found side by side.
fn content_and_checkpoint(
    root: &Path,
    cache_file: &Path,
    previous: &mut incremental::previous::Previous,
    (paths, files): (
        &[PathBuf],
        impl FnOnce() -> Option<Vec<incremental::scan::InputFile>> + Send,
    ),
    started: std::time::SystemTime,
) -> (
    Option<incremental::inputs::InputsContent>,
    incremental::checkpoint::Checkpoint,
) {
    let tool = incremental::inputs::tool_key();
    let expected = previous.parsed_identity();
    rayon::join(
        || {
            let files = files()?;
            previous.read_inputs();
            let known = previous.input_hashes();
            let root = inputs_root(root);
            incremental::inputs::inputs_content(tool, &root, paths, &files, started, known)
        },
        || trusted_checkpoint(expected, Some(&cache_file.with_extension("parsed")), tool),
    )
}

/// The parsed-files checkpoint in `file`, if it has the identity `expected`
/// the previous build recorded when it wrote it (not one that came with a
/// checkout, say); else an empty one.
fn trusted_checkpoint(
    expected: Option<site_files::FileIdentity>,
    file: Option<&Path>,
    tool: incremental::cache::Key,
) -> incremental::checkpoint::Checkpoint {
    let file =
        file.filter(|file| expected.is_some() && site_files::FileIdentity::of(file) == expected);
    file.map_or_else(Default::default, |file| {
        incremental::checkpoint::Checkpoint::read(file, tool)
    })
}

/// Loads the repository at `root`, taking over from `checkpoint` the
/// records of the files whose hashes `content` gives and the checkpoint holds.
fn load_taking_over(
    root: &Path,
    checkpoint: &incremental::checkpoint::Checkpoint,
    content: Option<&incremental::inputs::InputsContent>,
) -> load::Loaded {
    with_reuse(root, checkpoint, content, |reuse| {
        load::load_repository_reusing(root, &reuse)
    })
}

/// Calls `f` with what taking over from `checkpoint` needs: the content
/// hash of each input file under `root` that `content` lists, and the
/// files under `data/` as listed there.
fn with_reuse<R>(
    root: &Path,
    checkpoint: &incremental::checkpoint::Checkpoint,
    content: Option<&incremental::inputs::InputsContent>,
    f: impl FnOnce(incremental::checkpoint::Reuse) -> R,
) -> R {
    let known = content_by_path(root, content);
    let listed = listed_data(root, content);
    f(incremental::checkpoint::Reuse {
        checkpoint,
        content: &|path| known.get(path.to_str()?).copied(),
        listed: listed.as_deref(),
    })
}

/// The files under `root`'s `data/` that `content` lists, by path relative
/// to `root`, in its order; none when a path there is behind a symbolic
/// link (the loader's link policy must see those) or could not be named
/// exactly (not UTF-8).
fn listed_data<'a>(
    root: &Path,
    content: Option<&'a incremental::inputs::InputsContent>,
) -> Option<Vec<&'a str>> {
    let (_, files) = content?;
    let root = inputs_root(root);
    let data = root.join("data");
    let data = data.to_str()?;
    let prefix = [data, std::path::MAIN_SEPARATOR_STR].concat();
    // Where `data` starts in each path.
    let start = data.len() - "data".len();
    let mut listed = Vec::with_capacity(files.len());
    for file in files.iter().filter(|f| f.path.starts_with(&prefix)) {
        if file.link || file.path.contains(char::REPLACEMENT_CHARACTER) {
            return None;
        }
        listed.push(&file.path[start..]);
    }
    Some(listed)
}

/// Runs every check on a loaded repository; its loading problems come first.
pub fn check_loaded(mut loaded: load::Loaded) -> Checked {
    let taken_over = std::mem::take(&mut loaded.taken_over);
    checked_with(loaded, |dataset, unreadable_players| {
        check::check_dataset_taking_over(dataset, unreadable_players, &taken_over)
    })
}

/// [`check_loaded`] (the records the previous build vouches for not checked
/// again), also handing back what each tournament's own rules found, and
/// taking over from `earlier` the findings it vouches for
/// ([`check::check_dataset_reusing`]).
pub fn check_loaded_reusing(
    mut loaded: load::Loaded,
    earlier: Option<check::Earlier>,
) -> (Checked, check::TournamentFindings) {
    let taken_over = std::mem::take(&mut loaded.taken_over);
    let mut findings = check::TournamentFindings::default();
    let checked = checked_with(loaded, |dataset, unreadable_players| {
        let found;
        (found, findings) =
            check::check_dataset_reusing(dataset, unreadable_players, &taken_over, earlier);
        found
    });
    (checked, findings)
}

/// Runs every check on a loaded repository, the rules across files by
/// `check_dataset`; its loading problems come first.
fn checked_with(
    mut loaded: load::Loaded,
    check_dataset: impl FnOnce(&crate::model::Dataset, &BTreeSet<String>) -> Vec<Diagnostic>,
) -> Checked {
    let mut diagnostics = std::mem::take(&mut loaded.diagnostics);
    diagnostics.extend(standings::check_ids(
        &loaded.config.standings.tiebreaks,
        Path::new("ratingbook.toml"),
        "standings.tiebreaks",
    ));
    diagnostics.extend(standings::check_ids(
        &loaded.config.standings.round_robin_tiebreaks,
        Path::new("ratingbook.toml"),
        "standings.round_robin_tiebreaks",
    ));
    diagnostics.extend(check_dataset(&loaded.dataset, &loaded.unreadable_players));
    diagnostics.extend(crate::tournament::manual::manual_pairing_findings(
        &loaded.dataset,
    ));
    diagnostics.extend(check::check_pools(
        &loaded.dataset,
        loaded.config.pools.keys().map(String::as_str),
    ));
    diagnostics.extend(check::check_overlaps_in(&loaded.dataset, &loaded.config));
    diagnostics.extend(check::check_starts(&loaded.dataset, &loaded.config));
    diagnostics.extend(check::check_partly_read_tournaments(
        &loaded.partly_read,
        &loaded.dataset,
        &loaded.unreadable_players,
        loaded.config.pools.keys().map(String::as_str),
    ));
    diagnostics.extend(translation_diagnostics(
        &loaded.templates,
        &loaded.config.site.language,
    ));
    let compile_problems = template_diagnostics(&loaded.templates);
    let renders = compile_problems.is_empty() && !diagnostics.iter().any(Diagnostic::is_error);
    diagnostics.extend(compile_problems);
    if renders {
        diagnostics.extend(render_diagnostics(&loaded));
    }
    diagnostic::sort(&mut diagnostics);
    Checked {
        loaded,
        diagnostics,
    }
}

/// The repository's templates that do not compile, as diagnostics.
fn template_diagnostics(files: &std::collections::BTreeMap<String, Vec<u8>>) -> Vec<Diagnostic> {
    render::templates::template_problems(files)
        .into_iter()
        .map(|(name, message)| {
            template_diagnostic(&name, &message).hint(
                "fix the template (tera syntax); a file under templates/ replaces the built-in one of the same name",
            )
        })
        .collect()
}

/// The repository's message files (`templates/translations/*.ftl`) that do
/// not parse, as errors at their places; and the site language's messages
/// that neither its own file nor a built-in one gives, as a warning (the
/// pages show those in English).
fn translation_diagnostics(
    files: &std::collections::BTreeMap<String, Vec<u8>>,
    language: &str,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (name, bytes) in files.iter().filter(|(n, _)| n.starts_with("translations/")) {
        let file = Path::new("templates").join(name);
        let text = String::from_utf8_lossy(bytes);
        for problem in crate::translate::problems_in(&text) {
            out.push(
                Diagnostic::error(file.clone(), format!("this message file does not parse: {}", problem.message))
                    .at(problem.line, problem.column)
                    .hint("write each message as `key = text`; a placeable is `{ $name }`; see the manual's chapter on the site's language"),
            );
        }
    }
    if !out.is_empty() {
        return out;
    }
    let set = render::templates::TemplateSet::with_overrides(files);
    let primary = crate::translate::primary_language(language);
    let file = Path::new("templates").join(crate::translate::file_name(language));
    let built_in = crate::translate::BUILT_IN
        .iter()
        .any(|(code, _)| *code == primary);
    if !built_in && !set.translations.contains_key(&format!("{primary}.ftl")) {
        out.push(
            Diagnostic::warning(
                file,
                format!("ratingbook has no words in language `{primary}`: the pages are in English"),
            )
            .hint("add the file with the messages of templates/translations/en.ftl in your language (the manual's chapter on the site's language says how)"),
        );
        return out;
    }
    if let Ok(words) = set.translations_for(language) {
        let missing = words.missing();
        if !missing.is_empty() {
            out.push(
                Diagnostic::warning(
                    file,
                    format!(
                        "{} messages of language `{}` are missing and show in English: {}",
                        missing.len(),
                        words.language(),
                        missing.join(", ")
                    ),
                )
                .hint("add them to the file, in the form the built-in English file gives them"),
            );
        }
    }
    out
}

/// The templates that fail when the site is rendered with the data, as
/// `build` renders it: each page kind once, with a sample of the data
/// ([`render::sample`]), nothing written.
fn render_diagnostics(loaded: &load::Loaded) -> Vec<Diagnostic> {
    let sample = render::sample::Sample::of(
        &loaded.dataset,
        &loaded.config,
        &loaded.pages,
        &loaded.surveys,
    );
    render::sample::render_problems(&sample, &loaded.config, &loaded.templates)
        .into_iter()
        .map(|problem| {
            template_diagnostic(&problem.template, &problem.message).hint(
                "`build` renders this template with the data and fails the same way: \
                 use only the variables the page is given (test others with `is defined`), \
                 filters with arguments of the right type, and no loop without end; \
                 a file under templates/ replaces the built-in one of the same name",
            )
        })
        .collect()
}

/// An error in the template `name` (empty: the set as a whole), at the
/// line and column tera's `message` names.
fn template_diagnostic(name: &str, message: &str) -> Diagnostic {
    let file = if name.is_empty() {
        Path::new("templates").to_path_buf()
    } else {
        Path::new("templates").join(name)
    };
    let located = template_location(message);
    let message = message
        .strip_prefix("error: ")
        .unwrap_or(message)
        .to_string();
    let d = Diagnostic::error(file, message);
    match located {
        Some((line, column)) => d.at(line, column),
        None => d,
    }
}

/// Line and column from tera's ` --> name:line:column` marker.
fn template_location(message: &str) -> Option<(usize, usize)> {
    let marker = message.split("--> ").nth(1)?.lines().next()?;
    let mut parts = marker.rsplitn(3, ':');
    let column = parts.next()?.trim().parse().ok()?;
    let line = parts.next()?.trim().parse().ok()?;
    Some((line, column))
}

/// The loaded repository and its warnings, or [`BuildError::InvalidData`]
/// when the check found errors.
fn without_errors(checked: Checked) -> Result<(load::Loaded, Vec<Diagnostic>), BuildError> {
    let errors = checked.error_count();
    if errors > 0 {
        return Err(BuildError::InvalidData {
            errors,
            diagnostics: checked.diagnostics,
        });
    }
    Ok((checked.loaded, checked.diagnostics))
}

/// Why a build did not produce a site.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// The data has errors; nothing was written.
    #[error("the data has {errors} error(s); site not written")]
    InvalidData {
        /// Number of errors.
        errors: usize,
        /// All diagnostics (errors and warnings).
        diagnostics: Vec<Diagnostic>,
    },
    /// A template failed; nothing was written.
    #[error(transparent)]
    Render(#[from] render::RenderError),
    /// The site could not be put in place (or another build holds it).
    #[error(transparent)]
    Publish(#[from] publish::PublishError),
    /// A rendered file could not be written into the new site.
    #[error(transparent)]
    Write(#[from] site_files::WriteError),
    /// An SQL dump could not be written.
    #[error(transparent)]
    Dump(#[from] render::DumpError),
}

impl From<std::io::Error> for BuildError {
    fn from(error: std::io::Error) -> Self {
        BuildError::Dump(render::DumpError::Write(error))
    }
}

/// What a successful build did.
#[derive(Debug)]
pub struct BuildReport {
    /// Warnings found by the checks.
    pub warnings: Vec<Diagnostic>,
    /// Files in the site.
    pub files: usize,
    /// What changed on disk.
    pub written: publish::WriteReport,
    /// Files rendered, and files the build cache took over unchanged.
    pub cached: incremental::cache::CacheReport,
    /// Player and tournament records parsed, and taken over unchanged.
    pub records: load::Records,
    /// Wall time and peak memory of each phase, in order.
    pub timings: Vec<Phase>,
    /// Notes on what was not written and why (e.g. no sitemap without `site.base_url`).
    pub notes: Vec<&'static str>,
    /// How many first tournaments' ratings were taken over from the ratings
    /// the previous build kept; `None` when the build rated nothing.
    pub rated_again: Option<incremental::rated::RatedAgain>,
}

/// What one phase of a build took.
#[derive(Debug, Clone, Copy)]
pub struct Phase {
    /// What the phase did, e.g. `"rate"`.
    pub name: &'static str,
    /// Its wall time.
    pub took: std::time::Duration,
    /// The most memory the process's allocations held at once during it
    /// (0 when the binary does not count them, see [`crate::memory`]).
    pub peak_live_bytes: usize,
}

/// Checks, rates and renders the repository at `root` into `out`, one build
/// of `out` at a time. `out` changes only if everything succeeded, and then
/// in one atomic step, with new bytes only in files whose content changed.
/// `tick` is called once per rendered page (for progress display).
pub fn build_repository(
    root: &Path,
    out: &Path,
    tick: &(dyn Fn() + Sync),
) -> Result<BuildReport, BuildError> {
    let _lock = publish::BuildLock::acquire(out)?;
    let mut clock = Clock::start();
    let mut hashed = match hash_inputs(root, out, &mut clock)? {
        Inputs::Changed(hashed) => *hashed,
        Inputs::Unchanged(report) => return Ok(report),
    };
    let staging = publish::Staging::begin(out)?;
    let (mut loaded, warnings, look_ahead) = load_and_check(root, &mut hashed, &staging)?;
    let checked = loaded.read_counts();
    clock.lap("load and check");
    let (dataset, writer) = keep_parsed(root, &mut hashed, &mut loaded, &warnings);
    let rated_file = hashed
        .cache_file
        .as_ref()
        .map(|f| f.with_extension("rated"));
    let kept = rated_file.as_deref().filter(|file| {
        let expected = hashed.previous.rated_identity();
        expected.is_some() && site_files::FileIdentity::of(file) == expected
    });
    let (rated, chain, same, rated_again) = rate(&dataset, &loaded.config, kept);
    clock.lap("rate");
    let data = (&loaded, &*dataset, &rated);
    // The ratings are kept for the next build while the site is rendered;
    // kept ratings of the very same tournaments stay as they are.
    let (cache, rated_identity) = std::thread::scope(|scope| {
        let keeping = scope.spawn(|| {
            if same {
                kept.and_then(site_files::FileIdentity::of)
            } else {
                keep_ratings(rated_file.as_deref(), &chain, &rated.0)
            }
        });
        let cache = render_into(&staging, &mut hashed, look_ahead, data, tick);
        (cache, keeping.join().ok().flatten())
    });
    let cache = cache?;
    clock.lap("render and write");
    let notes = sitemap_notes(&loaded.config);
    let record = (
        writer,
        !notes.is_empty(),
        &warnings[..],
        checked,
        rated_identity,
    );
    let written = publish_with_cache(staging, &cache, &mut hashed, record)?;
    clock.lap("publish");
    let (cached, records) = (cache.report(), loaded.records);
    crate::memory::let_go((dataset, rated, loaded, cache));
    let mut report = built_report(warnings, written, cached, records, clock.timings, notes);
    report.rated_again = Some(rated_again);
    Ok(report)
}

/// The report of a build that rendered and published: `cached` files
/// rendered or kept, `written` to disk.
fn built_report(
    warnings: Vec<Diagnostic>,
    written: publish::WriteReport,
    cached: incremental::cache::CacheReport,
    records: load::Records,
    timings: Vec<Phase>,
    notes: Vec<&'static str>,
) -> BuildReport {
    BuildReport {
        warnings,
        files: cached.rendered + cached.reused,
        written,
        cached,
        records,
        timings,
        notes,
        rated_again: None,
    }
}

/// Loads the repository at `root`, taking over the parsed files whose
/// inputs did not change, and checks it; its warnings. Meanwhile the
/// previous build's file records, which rendering needs, are read on a
/// thread of their own, and each file looked for in the staging folder with
/// the time to spare: that thread comes back too.
fn load_and_check(
    root: &Path,
    hashed: &mut Hashed,
    staging: &publish::Staging,
) -> Result<(load::Loaded, Vec<Diagnostic>, LookAhead), BuildError> {
    let files_to_read = std::mem::take(&mut hashed.files_to_read);
    let look_ahead = LookAhead::start(files_to_read, staging.look());
    let loaded = load_taking_over(root, &hashed.checkpoint, hashed.content.as_ref());
    let (loaded, warnings) = without_errors(check_loaded(loaded))?;
    Ok((loaded, warnings, look_ahead))
}

/// Wall time and peak memory of each phase, as a build goes.
struct Clock {
    timings: Vec<Phase>,
    since: std::time::Instant,
}

impl Clock {
    fn start() -> Clock {
        let since = std::time::Instant::now();
        crate::memory::take_peak_live_bytes();
        Clock {
            timings: Vec::new(),
            since,
        }
    }

    /// Ends the phase `name`.
    fn lap(&mut self, name: &'static str) {
        self.timings.push(Phase {
            name,
            took: self.since.elapsed(),
            peak_live_bytes: crate::memory::take_peak_live_bytes(),
        });
        self.since = std::time::Instant::now();
    }
}

/// What hashing the inputs found.
enum Inputs {
    /// The inputs and the site are as the previous build left them: the report.
    Unchanged(BuildReport),
    /// Something changed: what the phases need.
    Changed(Box<Hashed>),
}

/// What a build knows before loading: the previous build's records, the
/// inputs' hashes and the parsed files it may take over.
struct Hashed {
    /// The build cache file, when the site folder has a place for one.
    cache_file: Option<PathBuf>,
    /// The tool's key (see [`incremental::inputs::tool_key`]).
    tool: Key,
    /// The inputs' fingerprint from their metadata, when every input could be read.
    inputs: Option<Key>,
    /// The inputs' content hashes, when every input could be read.
    content: Option<incremental::inputs::InputsContent>,
    /// The parsed files the previous build kept.
    checkpoint: incremental::checkpoint::Checkpoint,
    /// The previous build's records.
    previous: incremental::previous::Previous,
    /// Its per-file lines, still to be read.
    files_to_read: incremental::previous::FilesToRead,
}

/// Hashes the inputs of `root` and reads the previous build's records of
/// the site `out`; a build whose inputs and site did not change ends here.
fn hash_inputs(root: &Path, out: &Path, clock: &mut Clock) -> Result<Inputs, BuildError> {
    let started = std::time::SystemTime::now();
    let site = publish::resolved(out)?;
    let cache_file = incremental::cache::file_for(&site);
    let paths = input_paths(root);
    // The cache file's first lines and the inputs' listing side by side;
    // the inputs' lines of the cache file too, which a changed build needs
    // and which one thread reads while the listing of a big folder of
    // inputs is on one thread as well.
    let ((mut previous, files_to_read), files) = rayon::join(
        || {
            let mut previous = incremental::previous::Previous::read(cache_file.as_deref());
            let files_to_read = previous.read_inputs_leaving_files();
            (previous, files_to_read)
        },
        || incremental::scan::input_files(&paths),
    );
    let tool = incremental::inputs::tool_key();
    // An input that cannot be read makes both hashes unknown: the build goes on.
    let inputs = files
        .as_deref()
        .and_then(|files| incremental::inputs::inputs_fingerprint(tool, &paths, files, started));
    if let Some((sitemap_note, warnings)) = inputs.and_then(|key| previous.unchanged(key, &site)) {
        clock.lap("inputs unchanged");
        let timings = std::mem::take(&mut clock.timings);
        let report = unchanged_report(previous.files(), sitemap_note, warnings, timings);
        return Ok(Inputs::Unchanged(report));
    }
    let checkpoint_file = cache_file.as_ref().map(|f| f.with_extension("parsed"));
    // Hashed before loading: an input edited during the build differs next time.
    let (content, checkpoint) = rayon::join(
        || {
            let files = files.as_deref()?;
            let known = previous.input_hashes();
            let root = inputs_root(root);
            incremental::inputs::inputs_content(tool, &root, &paths, files, started, known)
        },
        || trusted_checkpoint(previous.parsed_identity(), checkpoint_file.as_deref(), tool),
    );
    drop(files);
    let same = content
        .as_ref()
        .and_then(|(key, _)| previous.same_content(*key, &site));
    if let Some((sitemap_note, warnings)) = same {
        if let (Some(file), Some(key), Some((_, files))) = (&cache_file, inputs, &content) {
            // Touched, not changed: the next build can tell by the fingerprint.
            let _ = incremental::inputs::refresh_inputs(file, key, files);
        }
        clock.lap("inputs unchanged");
        let timings = std::mem::take(&mut clock.timings);
        let report = unchanged_report(previous.files(), sitemap_note, warnings, timings);
        return Ok(Inputs::Unchanged(report));
    }
    clock.lap("hash inputs");
    Ok(Inputs::Changed(Box::new(Hashed {
        cache_file,
        tool,
        inputs,
        content,
        checkpoint,
        previous,
        files_to_read,
    })))
}

/// The thread writing the parsed files for the next build; it hands the
/// inputs' hashes back, with the identity of the checkpoint written.
type CheckpointWriter = JoinedOnDrop<(
    Option<incremental::inputs::InputsContent>,
    Option<site_files::FileIdentity>,
)>;

/// The dataset, moved out of `loaded` to be shared with the thread that
/// writes the parsed files for the next build (when the site has a build
/// cache), and that thread.
fn keep_parsed(
    root: &Path,
    hashed: &mut Hashed,
    loaded: &mut load::Loaded,
    warnings: &[Diagnostic],
) -> (Arc<Dataset>, CheckpointWriter) {
    let dataset = Arc::new(std::mem::take(&mut loaded.dataset));
    let Some(file) = hashed
        .cache_file
        .as_ref()
        .map(|f| f.with_extension("parsed"))
    else {
        return (dataset, JoinedOnDrop(None));
    };
    let (shared, warnings) = (dataset.clone(), warnings.to_vec());
    let (root, tool) = (root.to_path_buf(), hashed.tool);
    let checkpoint = std::mem::take(&mut hashed.checkpoint);
    let content = hashed.content.take();
    let writer = std::thread::spawn(move || {
        write_checkpoint(&file, tool, &root, &shared, checkpoint, content, &warnings)
    });
    (dataset, JoinedOnDrop(Some(writer)))
}

/// The ratings of a dataset, and the pages' hashes of the data as entered.
type Rated = (rating::AllRatings, incremental::fingerprint::EnteredPrints);

/// The ratings of `dataset`, with the pages' hashes of the data as entered
/// and the rating's chain of keys. The association's list takes over the
/// records of the first tournaments that did not change from the ratings
/// kept in `kept` (read while the hashes are made), when there are any;
/// whether those were the ratings of this very dataset.
fn rate(
    dataset: &Dataset,
    config: &crate::config::Config,
    kept: Option<&Path>,
) -> (
    Rated,
    incremental::rated::Chain,
    bool,
    incremental::rated::RatedAgain,
) {
    let (prints, kept) = rayon::join(
        || incremental::fingerprint::EnteredPrints::new(dataset),
        || kept.and_then(incremental::rated::Rated::read),
    );
    let rules = incremental::rated::rules_text(config);
    let tool = incremental::inputs::tool_key();
    let chain = incremental::rated::Chain::from_prints(&prints, &rules, tool);
    let same = kept.as_ref().is_some_and(|kept| kept.is_of(&chain));
    let (ratings, again) = incremental::rated::rate_all_taking_over(dataset, config, &chain, kept);
    ((ratings, prints), chain, same, again)
}

/// Keeps the association's ratings in `file` for the next build (only a
/// speed-up: without them it rates everything); the identity of the file
/// written.
fn keep_ratings(
    file: Option<&Path>,
    chain: &incremental::rated::Chain,
    ratings: &rating::AllRatings,
) -> Option<site_files::FileIdentity> {
    let file = file?;
    match incremental::rated::write(file, chain, &ratings.association.by_tournament) {
        Ok(()) => site_files::FileIdentity::of(file),
        Err(_) => {
            let _ = std::fs::remove_file(file);
            None
        }
    }
}

/// The file of the association's ratings the latest build of a site in
/// `root` kept, when its build cache vouches for it (it is the file that
/// build wrote, not one that came with a checkout, say); `None` otherwise.
pub fn kept_ratings(root: &Path) -> Option<PathBuf> {
    let cache_file = incremental::cache::latest_in(root)?;
    let previous = incremental::previous::Previous::read(Some(&cache_file));
    let file = cache_file.with_extension("rated");
    let expected = previous.rated_identity()?;
    (site_files::FileIdentity::of(&file) == Some(expected)).then_some(file)
}

/// Renders the site into `staging`, taking over from the previous build
/// (its records, with the files the look ahead found) each page whose
/// inputs did not change; the page cache, for publishing.
fn render_into(
    staging: &publish::Staging,
    hashed: &mut Hashed,
    look_ahead: LookAhead,
    (loaded, dataset, rated): (&load::Loaded, &Dataset, &Rated),
    tick: &(dyn Fn() + Sync),
) -> Result<incremental::cache::PageCache, BuildError> {
    let templates = render::templates::TemplateSet::with_overrides(&loaded.templates);
    let pages: Vec<render::markdown_pages::MdPage> = loaded
        .pages
        .iter()
        .map(render::markdown_pages::MdPage::render)
        .collect();
    let mut previous = std::mem::take(&mut hashed.previous);
    if let Some(files) = look_ahead.finish() {
        previous.add_files(files);
    }
    let shared = (hashed.tool, &templates, &loaded.config);
    let cache = incremental::cache::PageCache::open(previous, &shared);
    staging.expect(cache.previous_count());
    let input = render::Input {
        dataset,
        ratings: &rated.0.association,
        pools: &rated.0.pools,
        config: &loaded.config,
        templates: &templates,
        content: &render::Content {
            pages: &pages,
            surveys: &loaded.surveys,
        },
        entered: Some(&rated.1),
    };
    render::render_site_into(&input, staging, &cache, tick).map_err(|e| match e {
        render::SiteError::Render(e) => BuildError::Render(e),
        render::SiteError::Write(e) => BuildError::Write(e),
    })?;
    crate::memory::let_go((templates, pages));
    Ok(cache)
}

/// Notes on what a build with `config` does not write, and why.
fn sitemap_notes(config: &crate::config::Config) -> Vec<&'static str> {
    let mut notes = Vec::new();
    if config.output.html && !render::writes_sitemap(config) {
        notes.push(render::NO_SITEMAP_NOTE);
    }
    notes
}

/// Puts the staged site in place. The build cache (with the inputs'
/// hashes the checkpoint `writer` hands back, whether the build noted the
/// missing sitemap, and its `warnings`) is written while the site is
/// published, and put in place after it.
fn publish_with_cache(
    staging: publish::Staging,
    cache: &incremental::cache::PageCache,
    hashed: &mut Hashed,
    (writer, sitemap_note, warnings, checked, rated): (
        CheckpointWriter,
        bool,
        &[Diagnostic],
        (usize, usize),
        Option<site_files::FileIdentity>,
    ),
) -> Result<publish::WriteReport, BuildError> {
    // The writer hands the inputs' hashes back when it is done.
    let (content, parsed) = match writer.join() {
        Some((written, parsed)) => (written, parsed),
        None => (hashed.content.take(), None),
    };
    let inputs = incremental::cache::InputsRecord {
        metadata: hashed.inputs,
        content: content.as_ref(),
        parsed,
        rated,
        sitemap_note,
        warnings,
        checked,
    };
    let cache_file = &hashed.cache_file;
    let (published, saved) = staging.finish_after_beside(cache.previous_paths(), |stored| {
        let file = cache_file.as_ref()?;
        Some(cache.save_beside(file, stored, &inputs))
    });
    let mut written = match published {
        Ok(written) => written,
        Err(e) => {
            if let Some(Ok(saved)) = saved {
                saved.discard();
            }
            return Err(e.into());
        }
    };
    if let (Some(file), Some(saved)) = (cache_file, saved) {
        if let Err(e) = saved.and_then(incremental::cache::SavedCache::put_in_place) {
            // The site is in place; without the cache the next build renders everything.
            let _ = std::fs::remove_file(file);
            written.cleanup_warning.get_or_insert(format!(
                "the build cache could not be saved to {}: {e}; the next build renders every page",
                file.display()
            ));
        }
    }
    Ok(written)
}

/// Writes the parsed files of `dataset` (loaded from `root` taking over
/// from `checkpoint`, with `warnings`) for the next build. Only a speed-up:
/// without it the next build parses every file. Gives `content` (the
/// inputs' hashes) back, with the identity of the checkpoint written.
fn write_checkpoint(
    file: &Path,
    tool: incremental::cache::Key,
    root: &Path,
    dataset: &crate::model::Dataset,
    checkpoint: incremental::checkpoint::Checkpoint,
    content: Option<incremental::inputs::InputsContent>,
    warnings: &[Diagnostic],
) -> (
    Option<incremental::inputs::InputsContent>,
    Option<site_files::FileIdentity>,
) {
    let written = with_reuse(root, &checkpoint, content.as_ref(), |reuse| {
        incremental::checkpoint::write(file, tool, dataset, reuse, warnings)
    });
    let identity = written
        .ok()
        .and_then(|()| site_files::FileIdentity::of(file));
    (content, identity)
}

/// The previous build's file records, read on a thread of their own, which
/// then looks for each file in the staging folder until told to stop.
struct LookAhead {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: JoinedOnDrop<incremental::previous::PreviousFiles>,
}

impl LookAhead {
    fn start(
        files: incremental::previous::FilesToRead,
        staged: Option<publish::StagedFiles>,
    ) -> LookAhead {
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let stopped = stop.clone();
        let thread = std::thread::spawn(move || {
            let mut files = files.read();
            if let Some(mut staged) = staged {
                use_spare_time_only();
                files.find_staged(|name| staged.identity(name), &stopped);
            }
            files
        });
        LookAhead {
            stop,
            thread: JoinedOnDrop(Some(thread)),
        }
    }

    /// The records, with the files found so far.
    fn finish(mut self) -> Option<incremental::previous::PreviousFiles> {
        self.stop_looking();
        self.thread.0.take()?.join().ok()
    }

    fn stop_looking(&self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

impl Drop for LookAhead {
    /// A build that ends early does not wait for the look to end.
    fn drop(&mut self) {
        self.stop_looking();
    }
}

/// Gives the calling thread the lowest priority, so that it runs when the
/// build's other threads leave a processor idle (on Linux, each thread has
/// its own). Where that cannot be done it runs as it is: only slower.
fn use_spare_time_only() {
    #[cfg(target_os = "linux")]
    let _ = rustix::process::setpriority_process(None, 19);
}

/// A thread joined when this is dropped (a build that stops early waits for
/// it too), or by [`JoinedOnDrop::join`].
struct JoinedOnDrop<T>(Option<std::thread::JoinHandle<T>>);

impl<T> JoinedOnDrop<T> {
    /// What the thread returned, unless it panicked (or there is none).
    fn join(mut self) -> Option<T> {
        self.0.take()?.join().ok()
    }
}

impl<T> Drop for JoinedOnDrop<T> {
    fn drop(&mut self) {
        if let Some(thread) = self.0.take() {
            let _ = thread.join();
        }
    }
}

/// The content hash of each input file under `root` that is not a symbolic
/// link, by its path relative to `root`.
fn content_by_path<'a>(
    root: &Path,
    content: Option<&'a incremental::inputs::InputsContent>,
) -> foldhash::HashMap<&'a str, incremental::cache::Key> {
    let root = inputs_root(root);
    let files = content.map_or(&[][..], |(_, files)| files.as_slice());
    let mut known = foldhash::HashMap::with_capacity_and_hasher(files.len(), Default::default());
    let relative = files.iter().filter(|f| !f.link).filter_map(|f| {
        let relative = load::relative_text(&root, Path::new(&f.path))?;
        Some((relative, f.content))
    });
    // Made at its size: a federation has hundreds of thousands of inputs.
    known.extend(relative);
    known
}

/// What a build reads: the configuration, `data/` and `templates/`.
fn input_paths(root: &Path) -> Vec<std::path::PathBuf> {
    let root = inputs_root(root);
    vec![
        root.join(crate::load::CONFIG_FILE),
        root.join("data"),
        root.join("templates"),
    ]
}

/// `root` as the build cache names the input files under it: one spelling
/// however the repository is named (`.`, a relative or an absolute path),
/// so that what one command recorded another finds.
fn inputs_root(root: &Path) -> std::path::PathBuf {
    std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf())
}

/// The report of a build that found its inputs and the site as the previous
/// build left them: `files` files kept, nothing else done, the previous
/// build's warnings.
fn unchanged_report(
    files: usize,
    sitemap_note: bool,
    warnings: Vec<Diagnostic>,
    timings: Vec<Phase>,
) -> BuildReport {
    BuildReport {
        warnings,
        files,
        written: publish::WriteReport {
            unchanged: files,
            ..publish::WriteReport::default()
        },
        cached: incremental::cache::CacheReport {
            rendered: 0,
            reused: files,
            dump_pieces_reused: 0,
            dump_pieces_in_place: 0,
        },
        records: load::Records::default(),
        timings,
        notes: if sitemap_note {
            vec![render::NO_SITEMAP_NOTE]
        } else {
            Vec::new()
        },
        rated_again: None,
    }
}

/// Checks and rates the repository at `root` and writes its dump for
/// `dialect` into `out` (the repository's `templates/sql/ratingbook.sql`
/// overrides the built-in one); the checks' warnings.
pub fn dump_repository(
    root: &Path,
    dialect: sql::Dialect,
    out: &mut dyn std::io::Write,
) -> Result<Vec<Diagnostic>, BuildError> {
    let (loaded, warnings) = without_errors(check_repository(root))?;
    let rated = rating::rate_all(&loaded.dataset, &loaded.config);
    let templates = render::templates::TemplateSet::with_overrides(&loaded.templates);
    let tera = templates
        .engine(&loaded.config.site.language)
        .map_err(|e| render::RenderError::new("(compiling templates)", &e))?;
    render::write_sql_dump(
        &tera,
        templates.is_built_in(sql::TEMPLATE),
        &loaded.dataset,
        &rated.association,
        &rated.pools,
        &loaded.config,
        dialect,
        out,
    )?;
    Ok(warnings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_inputs_are_named_alike_however_the_repository_is_named() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("data")).unwrap();
        let detour = dir.path().join("data/..");
        assert_eq!(input_paths(&detour), input_paths(dir.path()));
    }
}
