//! Publishing as an unlucky maintainer meets it: builds killed at random
//! moments, two builds at once, a stale lock, a read-only folder and a file
//! in the way. After each, the output folder is byte for byte either the
//! previous site or the new one, and a message says what happened.

use crate::util::binary;
use crate::util::stderr;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Every file under `dir` (not the lock or staging siblings), by relative path.
fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    if !dir.exists() {
        return files;
    }
    for entry in walkdir::WalkDir::new(dir).min_depth(1) {
        let entry = entry.unwrap();
        if entry.file_type().is_file() {
            let name = entry
                .path()
                .strip_prefix(dir)
                .unwrap()
                .display()
                .to_string();
            files.insert(name, std::fs::read(entry.path()).unwrap());
        }
    }
    files
}

fn generate(out: &Path, players: u32, seed: u32) {
    let status = Command::new(binary())
        .args([
            "generate",
            "--players",
            &players.to_string(),
            "--tournaments",
            "30",
        ])
        .args(["--seed", &seed.to_string(), "--out"])
        .arg(out)
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
}

fn build(root: &Path, out: &Path) -> std::process::Output {
    Command::new(binary())
        .args(["build", "--root"])
        .arg(root)
        .arg("--out")
        .arg(out)
        .env("CI", "1")
        .output()
        .unwrap()
}

/// Replaces `dir` with a fresh copy of the files in `files`.
fn restore(dir: &Path, files: &BTreeMap<String, Vec<u8>>) {
    let _ = std::fs::remove_dir_all(dir);
    for (name, bytes) in files {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
}

struct Scene {
    _dir: tempfile::TempDir,
    old_root: PathBuf,
    new_root: PathBuf,
    out: PathBuf,
    old_site: BTreeMap<String, Vec<u8>>,
    new_site: BTreeMap<String, Vec<u8>>,
    build_time: Duration,
}

/// Two different repositories, the site of each, and how long a build takes.
fn scene() -> Scene {
    let dir = tempfile::tempdir().unwrap();
    let old_root = dir.path().join("old");
    let new_root = dir.path().join("new");
    generate(&old_root, 400, 1);
    generate(&new_root, 400, 2);
    let out = dir.path().join("site");
    assert!(build(&new_root, &out).status.success());
    let new_site = tree(&out);
    std::fs::remove_dir_all(&out).unwrap();
    assert!(build(&old_root, &out).status.success());
    let old_site = tree(&out);
    let started = Instant::now();
    assert!(build(&new_root, &out).status.success());
    let build_time = started.elapsed();
    assert_eq!(tree(&out), new_site);
    assert_ne!(old_site, new_site);
    Scene {
        _dir: dir,
        old_root,
        new_root,
        out,
        old_site,
        new_site,
        build_time,
    }
}

#[test]
fn a_killed_build_leaves_the_old_site_or_the_new_one_never_a_mix() {
    let s = scene();
    let tries = 60u32;
    let (mut old, mut new) = (0, 0);
    for i in 0..tries {
        restore(&s.out, &s.old_site);
        // Spread the kills over the whole build, half of them over its last
        // third, where the site is being put in place.
        let fraction = if i % 2 == 0 {
            f64::from(i) / f64::from(tries)
        } else {
            0.66 + 0.4 * f64::from(i) / f64::from(tries)
        };
        let mut child = Command::new(binary())
            .args(["build", "--root"])
            .arg(&s.new_root)
            .arg("--out")
            .arg(&s.out)
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(s.build_time.mul_f64(fraction));
        let _ = child.kill();
        child.wait().unwrap();
        let now = tree(&s.out);
        if now == s.old_site {
            old += 1;
        } else if now == s.new_site {
            new += 1;
        } else {
            let mixed = now
                .iter()
                .filter(|(k, v)| s.old_site.get(*k) != Some(v) && s.new_site.get(*k) != Some(v))
                .count();
            panic!("try {i}: the site is neither the old nor the new one ({mixed} files differ from both)");
        }
    }
    eprintln!("{tries} killed builds: {old} left the old site, {new} the new one, 0 a mix");
    assert!(old > 0, "no kill landed before the switch");
    // The next build cleans up whatever the killed ones left.
    restore(&s.out, &s.old_site);
    assert!(build(&s.new_root, &s.out).status.success());
    assert_eq!(tree(&s.out), s.new_site);
    let leftovers: Vec<String> = std::fs::read_dir(s.out.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        // The lock, the build cache and the previous site (the next build's
        // spare) stay by design; staging folders must not.
        .filter(|n| {
            n.contains("ratingbook-")
                && !n.ends_with("ratingbook-lock")
                && !n.ends_with("ratingbook-spare")
                && n != ".ratingbook-cache"
        })
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn unchanged_files_keep_their_bytes_and_times() {
    use std::os::unix::fs::MetadataExt;
    let s = scene();
    let before: BTreeMap<String, (u64, i64)> = s
        .new_site
        .keys()
        .map(|name| {
            let meta = std::fs::metadata(s.out.join(name)).unwrap();
            (name.clone(), (meta.ino(), meta.mtime_nsec()))
        })
        .collect();
    let output = build(&s.new_root, &s.out);
    assert!(stderr(&output).contains(&format!("0 written, {} unchanged, 0 removed", before.len())));
    for (name, (inode, mtime)) in before {
        let meta = std::fs::metadata(s.out.join(&name)).unwrap();
        assert_eq!((meta.ino(), meta.mtime_nsec()), (inode, mtime), "{name}");
    }
    let _ = (&s.old_root, &s.old_site);
}

#[test]
fn one_build_at_a_time_and_a_stale_lock_never_blocks() {
    let s = scene();
    let lock = ratingbook::publish::BuildLock::acquire(&s.out).unwrap();
    let output = build(&s.old_root, &s.out);
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{message}");
    assert!(
        message.contains("another build of")
            && message.contains(&format!("(pid {})", std::process::id())),
        "{message}"
    );
    assert!(message.contains("site not changed"), "{message}");
    assert_eq!(tree(&s.out), s.new_site);
    drop(lock);
    // A lock file left by a killed build holds a dead pid but no lock.
    let lock_file = s.out.with_file_name(".site.ratingbook-lock");
    std::fs::write(&lock_file, "999999999").unwrap();
    assert!(build(&s.old_root, &s.out).status.success());
    assert_eq!(tree(&s.out), s.old_site);
}

#[test]
fn builds_racing_for_one_folder_leave_one_whole_site() {
    let s = scene();
    let spawn = |root: &Path| {
        Command::new(binary())
            .args(["build", "--root"])
            .arg(root)
            .arg("--out")
            .arg(&s.out)
            .output()
    };
    for _ in 0..3 {
        let (a, b) = std::thread::scope(|scope| {
            let a = scope.spawn(|| spawn(&s.old_root).unwrap());
            let b = scope.spawn(|| spawn(&s.new_root).unwrap());
            (a.join().unwrap(), b.join().unwrap())
        });
        for o in [&a, &b] {
            let text = stderr(o);
            assert!(
                o.status.success() || text.contains("another build of"),
                "{text}"
            );
        }
        let now = tree(&s.out);
        assert!(now == s.old_site || now == s.new_site);
        // The site is the one of the last build that succeeded.
        if a.status.success() && !b.status.success() {
            assert_eq!(now, s.old_site);
        }
        if b.status.success() && !a.status.success() {
            assert_eq!(now, s.new_site);
        }
    }
}

#[test]
fn a_file_in_the_way_fails_the_build_and_says_the_site_is_unchanged() {
    let s = scene();
    std::fs::remove_dir_all(&s.out).unwrap();
    std::fs::write(&s.out, "a file where the site goes").unwrap();
    let output = build(&s.new_root, &s.out);
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(1));
    assert!(message.contains("is not a folder"), "{message}");
    assert!(message.contains("site not changed"), "{message}");
    assert_eq!(
        std::fs::read_to_string(&s.out).unwrap(),
        "a file where the site goes"
    );
    // A plain file where a sub-folder of the site was is simply replaced.
    std::fs::remove_file(&s.out).unwrap();
    restore(&s.out, &s.old_site);
    std::fs::remove_dir_all(s.out.join("players")).unwrap();
    std::fs::write(s.out.join("players"), "in the way").unwrap();
    assert!(build(&s.new_root, &s.out).status.success());
    assert_eq!(tree(&s.out), s.new_site);
}

/// Runs `command` as the unprivileged user `nobody` when the tests run as
/// root (root ignores file permissions), unchanged otherwise.
fn unprivileged(mut command: Command) -> Command {
    if !rustix::process::geteuid().is_root() {
        return command;
    }
    let mut wrapped = Command::new("setpriv");
    wrapped
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
        .arg(command.get_program())
        .args(command.get_args());
    command = wrapped;
    command
}

#[test]
fn a_read_only_folder_in_the_site_does_not_stop_the_publish() {
    use std::os::unix::fs::PermissionsExt;
    if rustix::process::geteuid().is_root()
        && !test_tools::require_tool(
            "setpriv",
            test_tools::runs("setpriv", &["--version"]),
            "apt-get install util-linux, to build as `nobody` when the tests run as root",
        )
    {
        return;
    }
    let s = scene();
    let open =
        |p: &Path| std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o777)).unwrap();
    // Everything readable and the output's folder writable by `nobody`.
    let root_dir = s.out.parent().unwrap();
    for entry in walkdir::WalkDir::new(root_dir) {
        let entry = entry.unwrap();
        let mode = if entry.file_type().is_dir() {
            0o777
        } else {
            0o666
        };
        std::fs::set_permissions(entry.path(), std::fs::Permissions::from_mode(mode)).unwrap();
    }
    restore(&s.out, &s.old_site);
    for entry in walkdir::WalkDir::new(&s.out) {
        let entry = entry.unwrap();
        if entry.file_type().is_dir() {
            open(entry.path());
        }
    }
    if rustix::process::geteuid().is_root() {
        let status = Command::new("chown")
            .args(["-R", "65534:65534"])
            .arg(&s.out)
            .status()
            .expect("chown");
        assert!(status.success());
    }
    std::fs::set_permissions(
        s.out.join("players"),
        std::fs::Permissions::from_mode(0o555),
    )
    .unwrap();
    let build_as_nobody = |root: &Path| {
        let mut command = Command::new(binary());
        command
            .args(["build", "--root"])
            .arg(root)
            .arg("--out")
            .arg(&s.out);
        unprivileged(command)
            .output()
            .expect("setpriv (util-linux)")
    };
    let output = build_as_nobody(&s.new_root);
    let message = stderr(&output);
    assert!(output.status.success(), "{message}");
    assert_eq!(tree(&s.out), s.new_site);
    // The previous site's read-only folder is cleaned up, not left behind.
    let leftovers: Vec<String> = std::fs::read_dir(root_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("ratingbook-staging") || n.contains("ratingbook-old"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}: {message}");
    // The previous site, read-only folder and all, is the next build's
    // spare: that build goes through too.
    let output = build_as_nobody(&s.old_root);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(tree(&s.out), s.old_site);
}
