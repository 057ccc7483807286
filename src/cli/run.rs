//! Runs one parsed command: sets the budgets' ceilings, turns the command
//! line's words into the library's options and calls the subcommand.

use super::args::{today, BasisArg, CeilingArgs, Cli, Command, FormatArg, NewWhat, ResultsAction};
use super::MessageFormat;
use handicap::{Basis, SurveyOptions};
use pairing::generate::GenerateOptions;
use ratingbook::render::survey::OutputFormat;
use ratingbook::tournament::trf_exchange::ImportOptions;
use std::process::ExitCode;

/// Runs `cli`'s command and gives the process's exit code.
pub fn run(cli: Cli) -> ExitCode {
    let format = cli.message_format.unwrap_or_else(MessageFormat::detect);
    let ceilings = match cli.command {
        Command::Check { ceilings, .. }
        | Command::Build { ceilings, .. }
        | Command::Serve { ceilings, .. } => ceilings,
        _ => CeilingArgs::default(),
    };
    if !set_ceilings(ceilings) {
        return ExitCode::from(2);
    }
    run_command(cli.command, format)
}

/// Sets this process's ceilings from the environment and `args`, the
/// command line winning; `false` after printing why the environment is unusable.
pub(crate) fn set_ceilings(args: CeilingArgs) -> bool {
    let mut ceilings = match ratingbook::limits::Ceilings::from_environment() {
        Ok(ceilings) => ceilings,
        Err(e) => {
            eprintln!("error: {e}");
            return false;
        }
    };
    if let Some(mb) = args.max_page_megabytes {
        ceilings.max_page_megabytes = mb;
    }
    if let Some(seconds) = args.page_render_seconds {
        ceilings.page_render_seconds = seconds;
    }
    ceilings.set();
    true
}

/// Calls the subcommand `command`, diagnostics printed as `format` says.
fn run_command(command: Command, format: MessageFormat) -> ExitCode {
    match command {
        Command::Check { root, .. } => super::check(&root, format),
        Command::Results {
            action:
                ResultsAction::Add {
                    tournament,
                    round,
                    from,
                },
        } => super::results_add(&tournament, round, from.as_deref(), format),
        Command::Results {
            action:
                ResultsAction::Set {
                    tournament,
                    round,
                    game,
                    from,
                },
        } => {
            let correction = if game.is_empty() {
                super::results::Given::From(from)
            } else {
                super::results::Given::Line(game.join(" "))
            };
            super::results_correct(&tournament, round, correction, format)
        }
        Command::Results {
            action:
                ResultsAction::Clear {
                    tournament,
                    round,
                    players,
                },
        } => super::results_correct(
            &tournament,
            round,
            super::results::Given::Clear(players),
            format,
        ),
        Command::Event { action } => super::event_command(action, format),
        Command::Round {
            event,
            round,
            sheet,
            format: printed,
            output,
            root,
        } => super::round_view(&event, &root, round, sheet, printed, output.as_ref()),
        Command::New { what } => new(what),
        Command::Build {
            root, out, timings, ..
        } => {
            let out = out.unwrap_or_else(|| root.join("site"));
            super::build(&root, &out, format, timings)
        }
        Command::Diff(args) => super::diff(&args),
        Command::Serve {
            root,
            out,
            port,
            bind,
            ..
        } => {
            let out = out.unwrap_or_else(|| root.join("site"));
            super::serve(&root, &out, std::net::SocketAddr::new(bind, port), format)
        }
        Command::Sql { dialect, root, out } => {
            super::sql(&root, dialect.into(), out.as_deref(), format)
        }
        Command::Init {
            dir,
            association,
            title,
            language,
            install,
            empty,
        } => {
            let title = title.unwrap_or_else(|| default_title(&association, &language));
            super::init(
                &dir,
                &ratingbook::init::InitOptions {
                    association,
                    title,
                    language,
                    date: today(),
                    install,
                    empty,
                },
            )
        }
        Command::Evaluate { root, pool } => super::evaluate(&root, pool.as_deref(), format),
        Command::Generate {
            players,
            tournaments,
            seed,
            out,
        } => super::generate(players, tournaments, seed, &out),
        Command::GenerateMan { dir } => super::generate_man(&dir),
        Command::Completions { shell } => super::completions(shell),
        tool => run_tournament_tool(tool),
    }
}

/// Calls one of the tournament director's and club's tools, which work on
/// files of their own (TRF, surveys) beside the rating book.
fn run_tournament_tool(command: Command) -> ExitCode {
    match command {
        Command::Handicaps {
            survey,
            root,
            grades,
            threshold,
            basis,
            format,
            out,
        } => {
            let options = SurveyOptions {
                threshold,
                basis: survey_basis(basis),
                known_ids: None,
            };
            let format = survey_format(format);
            super::handicaps(&survey, &root, grades, options, format, out.as_deref())
        }
        Command::Pair {
            dutch: _,
            system,
            report,
            check,
            file,
            root,
            write,
            output,
            round,
            baku,
            format: printed,
        } => {
            let system = match super::pair_system::chosen(system.as_deref(), file.is_some()) {
                Ok(Some(s)) => s,
                Ok(None) => return super::pair_system::list_systems(),
                Err(code) => return code,
            };
            let Some(file) = file else {
                return super::pair_system::list_systems();
            };
            if report {
                super::pair_system::report(&file, system)
            } else if system != pairing::System::Dutch {
                super::pair_system::pair_trf(&file, system, check, output.as_ref(), round)
            } else if file.extension().is_some_and(|e| e == "trf") {
                super::pair(&file, check, output.as_ref(), round, baku)
            } else {
                super::pair_event(&file, &root, write, printed)
            }
        }
        Command::ImportTrf {
            file,
            root,
            id,
            membership,
            membership_of,
            map,
            date,
            dry_run,
        } => {
            let Some(mut options) = import_options(&file, id, &membership, map, date) else {
                return ExitCode::from(2);
            };
            options.memberships = membership_of.into_iter().collect();
            super::import(&file, &root, &options, dry_run)
        }
        Command::ImportFideList {
            file,
            pool,
            root,
            date,
            dry_run,
        } => super::import_fide_list(&file, &root, &pool, date, dry_run),
        Command::ExportTrf {
            event,
            root,
            trf_version,
            personal_data,
            output,
        } => super::export_trf(&event, &root, trf_version, personal_data, output.as_ref()),
        Command::Tiebreaks {
            file,
            tiebreaks,
            date,
        } => super::tiebreaks(&file, &tiebreaks, date),
        Command::GenerateTrf {
            players,
            rounds,
            seed,
            play,
            forfeit_rate,
            bye_rate,
            out,
        } => {
            let mut opts = GenerateOptions::new(players, rounds, seed);
            opts.play_rounds = play;
            opts.forfeit_rate = forfeit_rate;
            opts.bye_rate = bye_rate;
            super::generate_trf(&opts, out.as_ref())
        }
        other => run_exchange(other),
    }
}

fn new(what: NewWhat) -> ExitCode {
    match what {
        NewWhat::Player {
            name,
            club,
            country,
            membership,
            id,
            root,
        } => {
            let player = super::NewPlayer {
                name,
                id,
                membership,
                club,
                country,
            };
            super::new_player(&root, &player)
        }
        NewWhat::Tournament {
            name,
            start,
            end,
            system,
            rounds,
            players,
            id,
            root,
        } => {
            let tournament = super::NewTournament {
                name,
                id,
                start,
                end,
                system: system.into(),
                rounds,
                players,
            };
            super::new_tournament(&root, &tournament)
        }
    }
}

fn survey_basis(basis: BasisArg) -> Basis {
    match basis {
        BasisArg::Original => Basis::FilledIn,
        BasisArg::LeastSquares => Basis::LeastSquares,
    }
}

fn survey_format(format: FormatArg) -> OutputFormat {
    match format {
        FormatArg::Text => OutputFormat::Text,
        FormatArg::Markdown => OutputFormat::Markdown,
        FormatArg::Html => OutputFormat::Html,
    }
}

/// `import-trf`'s options from its words; `None` after printing what is wrong.
fn import_options(
    file: &std::path::Path,
    id: Option<String>,
    membership: &str,
    map: Vec<(u32, ratingbook::model::Slug)>,
    date: Option<ratingbook::model::Date>,
) -> Option<ImportOptions> {
    let Some(membership) = ratingbook::model::Membership::parse(membership) else {
        eprintln!("error: unknown membership `{membership}`; use member, honorary, rif or other");
        return None;
    };
    let id = match id.map(|id| ratingbook::model::Slug::parse(&id)).transpose() {
        Ok(id) => id,
        Err(e) => {
            eprintln!("error: --id: {e}");
            return None;
        }
    };
    Some(ImportOptions {
        name: file.file_stem().map(|s| s.to_string_lossy().into_owned()),
        id,
        membership,
        memberships: Default::default(),
        map: map.into_iter().collect(),
        date,
    })
}

/// Calls one of the commands that bring other programs' files in or write
/// ours for them: a rating history, a member list, EGD reports.
fn run_exchange(command: Command) -> ExitCode {
    match command {
        Command::ImportLegacy {
            file,
            root,
            dates,
            dry_run,
        } => super::import_legacy(&file, &root, &dates.into_iter().collect(), dry_run),
        Command::ImportPlayers {
            file,
            root,
            columns,
            memberships,
            write,
        } => super::import_players(&file, &root, columns, memberships, write),
        Command::ImportEgd {
            file,
            root,
            date,
            membership,
            dry_run,
        } => super::import_egd(&file, &root, date, &membership, dry_run),
        Command::ExportEgd {
            event,
            root,
            class,
            komi,
            country,
            time,
            output,
        } => {
            let options = ratingbook::import::egd::ExportOptions {
                class,
                komi,
                country,
                time,
            };
            super::export_egd(&event, &root, &options, output.as_ref())
        }
        _ => unreachable!("the rating book's commands are run by run_command"),
    }
}

/// The title `init` gives a new site without `--title`: the association's
/// name and "rating list" in the site's language.
fn default_title(association: &str, language: &str) -> String {
    use ratingbook::translate::{Arg, Translations};
    Translations::new(language, None)
        .unwrap_or_else(|_| Translations::english())
        .with("init-title", &[("association", Arg::Text(association))])
}
