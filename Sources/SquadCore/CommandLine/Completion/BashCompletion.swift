/// The bash completion script: `source <(squad completion bash)`.
///
/// Hero names are offered unquoted with `compopt -o filenames`, so readline itself escapes the
/// spaces, parentheses and colons of `Spider-Man (Peter Parker)` as it inserts them, and a
/// name typed after an opening quote is closed properly.
enum BashCompletion {
  static func script(_ model: CompletionModel = CompletionModel()) -> String {
    """
    # bash completion for squad
    # Load it with: source <(squad completion bash)
    # or save it as ~/.local/share/bash-completion/completions/squad

    _squad_reply() {
      local IFS=$'\\n'
      COMPREPLY=($(compgen -W "$*" -- "$cur"))
    }

    _squad_list() {
      local head="" last="$cur"
      if [[ "$cur" == *,* ]]; then head="${cur%,*},"; last="${cur##*,}"; fi
      local IFS=$'\\n'
      COMPREPLY=($(compgen -P "$head" -W "$*" -- "$last"))
      compopt -o nospace 2>/dev/null
    }

    _squad_files() {
      local IFS=$'\\n'
      COMPREPLY=($(compgen -${1:-f} -- "$cur"))
      compopt -o filenames 2>/dev/null
    }

    _squad_heroes() {
      local prefix="${cur#[\\"\\']}" program="${COMP_WORDS[0]}"
      prefix="${prefix//\\\\/}"
      [[ "$program" == "~/"* ]] && program="$HOME/${program#"~/"}"
      local -a scope=()
      [[ -n "$home" ]] && scope=(--home "$home")
      [[ -n "$squadname" ]] && scope+=(--squad "$squadname")
      local IFS=$'\\n'
      COMPREPLY=($("$program" "${scope[@]}" __complete "$1" -- "$prefix" 2>/dev/null))
      compopt -o filenames 2>/dev/null
    }

    _squad() {
      local cur="${COMP_WORDS[COMP_CWORD]}" prev="" command="" home="" squadname="" word
      local -i i positionals=0
      COMPREPLY=()
      for (( i = 1; i < COMP_CWORD; i++ )); do
        word="${COMP_WORDS[i]}"
        case "$word" in
          \(model.valueOptionNames.joined(separator: "|")))
            [[ "${COMP_WORDS[i+1]}" == "=" ]] && (( i++ ))
            (( i + 1 < COMP_CWORD )) && [[ "$word" == --home ]] && home="${COMP_WORDS[i+1]}"
            (( i + 1 < COMP_CWORD )) && [[ "$word" == --squad ]] && squadname="${COMP_WORDS[i+1]}"
            (( i++ )) ;;
          -*) ;;
          *) if [[ -z "$command" ]]; then command="$word"; else (( positionals++ )); fi ;;
        esac
      done
      home="${home#[\\"\\']}"; home="${home%[\\"\\']}"
      squadname="${squadname#[\\"\\']}"; squadname="${squadname%[\\"\\']}"
      prev="${COMP_WORDS[COMP_CWORD-1]}"
      if [[ "$cur" == "=" ]]; then cur=""; elif [[ "$prev" == "=" ]]; then prev="${COMP_WORDS[COMP_CWORD-2]}"; fi

      if [[ "$prev" == --* ]]; then
        case "$command $prev" in
    \(arms(model).values)
        esac
      fi
      if [[ "$cur" == -* ]]; then
        case "$command" in
    \(arms(model).options)
        esac
        return 0
      fi
      case "$command" in
        "") _squad_reply \(model.commands.map(\.name).joined(separator: " ")) ;;
    \(arms(model).positionals)
      esac
    }

    complete -F _squad squad

    """
  }

  private static func call(_ completion: ValueCompletion, _ model: CompletionModel) -> String {
    let words = model.words(completion).joined(separator: " ")
    switch completion {
    case .none: return ":"
    case .choices, .helpTopics: return "_squad_reply " + words
    case .commaSeparated: return "_squad_list " + words
    case .files: return "_squad_files f"
    case .directories: return "_squad_files d"
    case .heroes: return "_squad_heroes heroes"
    case .members: return "_squad_heroes members"
    case .squads: return "_squad_heroes squads"
    case .squadActions:
      return "if (( positionals == 0 )); then _squad_reply \(words); "
        + "elif (( positionals == 1 )) && [[ $prev == rename || $prev == delete ]]; then _squad_heroes named; fi"
    }
  }

  private static func arms(_ model: CompletionModel) -> ShellCaseArms {
    ShellCaseArms(model: model, reply: "_squad_reply", valueReturn: "return 0") { call($0, model) }
  }
}
