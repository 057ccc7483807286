//! `ratingbook generate-man DIR` writes a manual page for every subcommand,
//! and `ratingbook completions SHELL` completes every one of them.

use std::path::Path;
use std::process::Command;

/// Runs the binary with `args` and gives its standard output; it must succeed.
fn ratingbook(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_ratingbook"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "ratingbook {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The visible subcommands `--help` lists for the command `words`, with the
/// words that call each (`["new", "player"]`), at every depth.
fn subcommands(words: &[String]) -> Vec<Vec<String>> {
    let mut args: Vec<&str> = words.iter().map(String::as_str).collect();
    args.push("--help");
    let help = ratingbook(&args);
    let Some(section) = help.split("Commands:\n").nth(1) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for line in section.lines().take_while(|l| l.starts_with("  ")) {
        let Some(name) = line.split_whitespace().next() else {
            continue;
        };
        if name == "help" || line.starts_with("   ") {
            continue;
        }
        let mut path = words.to_vec();
        path.push(name.to_string());
        found.extend(subcommands(&path));
        found.push(path);
    }
    found
}

#[test]
fn every_subcommand_has_a_manual_page() {
    let all = subcommands(&[]);
    assert!(all.len() > 15, "{all:?}");
    assert!(
        all.contains(&vec!["new".to_string(), "player".to_string()]),
        "{all:?}"
    );
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("man1");
    ratingbook(&["generate-man", out.to_str().unwrap()]);
    let top = std::fs::read_to_string(out.join("ratingbook.1")).unwrap();
    assert!(top.contains(".TH ratingbook 1"), "{top}");
    for words in &all {
        let name = format!("ratingbook-{}", words.join("-"));
        let page = out.join(format!("{name}.1"));
        assert!(Path::new(&page).is_file(), "no manual page {name}.1");
        let text = std::fs::read_to_string(&page).unwrap();
        assert!(
            text.contains(&format!(".TH {name} 1")),
            "{name}.1 does not name itself:\n{text}"
        );
        assert!(
            text.contains(".SH OPTIONS") || text.contains(".SH SUBCOMMANDS"),
            "{name}.1 lists nothing"
        );
    }
    let pages = std::fs::read_dir(&out).unwrap().count();
    assert_eq!(pages, all.len() + 1, "hidden subcommands get no page");
}

#[test]
fn every_subcommand_is_completed_in_every_shell() {
    let all = subcommands(&[]);
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = ratingbook(&["completions", shell]);
        for words in &all {
            let name = words.last().unwrap();
            assert!(
                script.contains(name.as_str()),
                "the {shell} completions lack `{}`",
                words.join(" ")
            );
        }
    }
    let bash = ratingbook(&["completions", "bash"]);
    assert!(bash.contains("complete -F"), "{bash}");
    assert!(bash.contains("--message-format") && bash.contains("--max-page-megabytes"));
}
