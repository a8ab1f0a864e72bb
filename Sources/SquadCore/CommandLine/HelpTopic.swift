/// Help pages that are not commands: `squad help environment`, `exit-codes`, `formatting`.
enum HelpTopic: String, CaseIterable, Sendable {
  case environment
  case exitCodes = "exit-codes"
  case formatting

  var abstract: String {
    switch self {
    case .environment: return "Environment variables and files squad reads and writes."
    case .exitCodes: return "What each exit code means."
    case .formatting: return "Output formats, colour and terminal behaviour."
    }
  }

  var text: String {
    switch self {
    case .exitCodes:
      let rows = ExitCode.allCases.map { HelpPrinter.row(String($0.rawValue), $0.meaning) }
        .joinedDirectly(separator: "\n")
      return "OVERVIEW: Exit codes\n\n\(rows)\n\n" + Self.exitCodeNotes
    case .environment:
      return "OVERVIEW: Environment variables and files\n\nVARIABLES:\n\(Self.variables)\nFILES:\n\(Self.files)"
    case .formatting: return Self.formattingPage
    }
  }

  /// The environment topic's VARIABLES section, also the man page's ENVIRONMENT.
  static let variables = """
      MARVEL_PUBLIC_KEY       Your Marvel API public key.
      MARVEL_PRIVATE_KEY      Your Marvel API private key. Never printed, traced or stored by squad.
      MARVEL_API_BASE         The API base URL. (default: https://gateway.marvel.com/v1/public)
      SQUAD_HOME              Keep every file under this folder (same as --home).
      SQUAD_NAME              The squad to work on (same as --squad; the flag wins); it must
                              exist ('squad squads create'). Empty or unset: the default squad.
      SQUAD_OFFLINE           1, true or yes: answer from the local catalogue, as --offline does;
                              0, false or no: may go online even when config.json says offline.
      XDG_DATA_HOME           squad.json and the local catalogue live in $XDG_DATA_HOME/squad/
                              (default: ~/.local/share/squad/).
      XDG_CACHE_HOME          The HTTP cache lives in $XDG_CACHE_HOME/squad/ (default: ~/.cache/squad/).
      XDG_CONFIG_HOME         config.json lives in $XDG_CONFIG_HOME/squad/ (default: ~/.config/squad/).
      HOME                    The base of the default XDG folders above.
      NO_COLOR                Set (not empty) to turn colour off.
      CLICOLOR_FORCE          Set (not empty, not 0) to colour tables even when stdout is not a
                              terminal. --color never still wins.
      TERM                    'dumb' turns colour and the rewritten status line off.
      COLUMNS                 Overrides the measured terminal width for tables.
      PATH                    Where 'help --man' looks for man to show the manual on a terminal.
      LINES                   Overrides the measured terminal height, which decides paging.
      SQUAD_PAGER             The pager for output taller than the terminal; empty or 'cat':
                              none. (default: $PAGER, else 'less -FRX')
      PAGER                   The pager when SQUAD_PAGER is unset.
      LESS                    Options for less; set to FRX for the pager when unset.
      SQUAD_LOCK_TIMEOUT      Seconds a change waits in all for other squad commands' locks
                              before it gives up (exit 1); 0 gives up at once, at most 31622400 (a
                              year). (default: 60)
      SQUAD_LIBCURL           The libcurl squad loads when it first needs the network, as a file
                              name or a path. (default: libcurl.so.4, then libcurl-gnutls.so.4)

    """

  /// The environment topic's FILES section, also the man page's FILES.
  static let files = """
      With --home DIR or SQUAD_HOME all of these are in DIR. Otherwise config.json is in
      $XDG_CONFIG_HOME/squad/, what is under cache/ in $XDG_CACHE_HOME/squad/, the rest in
      $XDG_DATA_HOME/squad/.

      squad.json              The squad: {"schemaVersion": 1, "members": [...]}. Written atomically.
      squad.lock              Held (flock) during every change, so concurrent runs never lose one.
      history.jsonl           The default squad's history: the newest 1,000 changes, one per line.
      squads/NAME/            A named squad: squad.json (plus maxMembers), squad.lock, history.jsonl.
      squads.lock             Held shared by changes of named squads, exclusively by 'squads
                              create', 'rename' and 'delete'.
      squads/.deleted/        Deleted squads with their history (the newest 10 with members or
                              changes, and the newest 10 empty ones).
      catalogue.sqc           The local catalogue: the bundled set plus heroes synced, learnt from the
                              API or imported (see 'squad help catalogue'). Indexed; written atomically.
      catalogue.lock          Held (flock) during every change of the catalogue.
      cache/responses/        ETags, times and the ids of API answers, reused within the cache TTL.
      cache/local-catalogue-noticed
                              Says that 'Using the local catalogue: no Marvel API keys are set'
                              was shown, so it is shown once; remove it to see it again.
      config.json             Optional: publicKey, privateKey, baseURL, timeout, cacheTTL, and
                              offline (true: always the local catalogue, never the network;
                              SQUAD_OFFLINE=0 goes online for one run).
                              Precedence: flag > environment > config file > default.
                              Keep it private (chmod 600) if it holds privateKey.

    """

  static let exitCodeNotes = """
    NOTES:
      Recruiting, importing or picking past a squad's --max limit changes nothing and exits 1.
      undo and redo exit 1 when the squad file was changed by something other than squad since
      the last recorded change, and 65 when the squad's history file cannot be used (corrupt,
      over 64 MiB, or not a regular file of its own: a link, a FIFO); nothing changes.
      A squad name that breaks the rules ('squad help squads') is a usage error: exit 64. A name
      that names no squad (--squad, SQUAD_NAME, squads rename or delete), 'squads create' of
      one that exists, and a limit below a squad's members exit 1, changing nothing.
      A partial result exits 1 after keeping what it could, with a warning saying what is missing:
      heroes --all or sync receiving fewer heroes than the server promised, or a sync that could
      not refresh (or record the refresh of) a squad, which the warning names.
      A change whose squad was deleted or renamed meanwhile (or, for pick, replaced) exits 1,
      saving nothing.
      catalogue import of squad's own catalogue file exits 0 when it brings back at least one
      intact record, saying how many it left out; 65 when it brings back nothing (every record
      it found is damaged, or the file was cut short before them).

    """

  static let formattingPage = """
    OVERVIEW: Output formats, colour and terminal behaviour

    FORMATS (--format, for heroes, show and list):
      table                   Aligned columns with a header, cut to the terminal width (East
                              Asian wide characters count as two). The default on a terminal.
      tsv                     Tab-separated, no header, full values. The default in a pipe.
      json                    One JSON document (indented on a terminal). Same as --json;
                              between --json and --format the last one given wins, and
                              only its value is checked, as for every repeated option.
      jsonl                   One JSON object per line.
      csv                     RFC 4180 with a header. Cells starting with = + - @ tab or CR get a
                              leading ' so spreadsheets do not run them as formulas.

      In every table, TSV and CSV the first column is the id and the second the name, so
      'squad heroes | cut -f1' yields ids. --no-headers drops the header row of tables and CSV.
      --fields (heroes, list, export, squads) chooses and orders the columns, and the keys of
      JSON objects, in every format; then the first column is the first field named. Names
      ignore case and '_': heroes take id, name, description, modified, thumbnail, comics,
      series, stories, events, inSquad; list takes export's member fields; squads take name,
      default, members, maxMembers, lastChange and the squad's total comics, series, stories,
      events. A count the catalogue does not know is empty (null in JSON), never 0.

    EXPORT (squad export --format, default json):
      json                    The squad file's schema plus squad, exportedAt and attribution,
                              indented, keys in a stable order. Round-trips through 'squad import'.
      jsonl                   One member object per line.
      csv                     As above, with a header; round-trips through 'squad import', which
                              removes the leading ' it added.
      tsv                     As above: no header.
      markdown                A page: '# NAME', a table of names and counts, Marvel's
                              attribution; markup in names (* _ ` [ ] < & | ~ \\) is escaped.
      --fields id,name,...    Chooses and orders the columns (id, name, description, thumbnail,
                              recruitedAt, and the catalogue's comics, series, stories,
                              events, modified); --output FILE writes the file atomically,
                              follows links, writes through FIFOs and devices, and never
                              overwrites squad's own files.

    COLOUR (--color auto|always|never):
      Only the table format carries colour; JSON, JSONL, CSV, TSV and exports are
      never coloured. auto colours tables when stdout is a terminal, NO_COLOR is unset and
      TERM is not 'dumb'; CLICOLOR_FORCE or --color always forces it. A pipe gets TSV unless
      you ask for the table: 'squad heroes --format table --color always | less -R'.

    PAGER:
      Output taller than the terminal goes through a pager, as in git: $SQUAD_PAGER, else
      $PAGER, else 'less -FRX' (LESS=FRX when LESS is unset). Never in a pipe, never for
      pick or a question; --no-pager, or an empty or 'cat' pager, prints straight out. A
      pager that exits non-zero fails the run (exit 1); quitting it early, or a signal, does not.

    STREAMS:
      stdout carries data only. Progress, notices, warnings and errors go to stderr.
      --quiet leaves only the result and errors; --trace adds one JSON line per action.

    UNTRUSTED TEXT:
      Names and descriptions come from the API or an imported file. Before they reach the
      terminal, control characters (ESC and friends) and bidi overrides are removed: tables,
      TSV and Markdown turn tabs and line breaks into spaces. Files stay exact: JSON escapes
      them (\\u001b) and CSV keeps them as they are (cleaned only when stdout is a terminal),
      so both round-trip through 'squad import'.

    """
}
