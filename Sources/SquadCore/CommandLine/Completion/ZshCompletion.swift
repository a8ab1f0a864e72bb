/// The zsh completion script: `source <(squad completion zsh)` after `compinit`, or saved as
/// `_squad` in a folder on `$fpath`.
enum ZshCompletion {
  static func script(_ model: CompletionModel = CompletionModel()) -> String {
    """
    #compdef squad
    # zsh completion for squad
    # Load it with: source <(squad completion zsh)   (after compinit)
    # or save it as _squad in a folder on $fpath

    _squad_heroes() {
      local -a scope candidates
      [[ -n "$home" ]] && scope=(--home "$home")
      [[ -n "$squadname" ]] && scope+=(--squad "$squadname")
      candidates=("${(@f)$("${words[1]}" "${scope[@]}" __complete "$1" -- "${(Q)PREFIX}" 2>/dev/null)}")
      candidates=("${(@)candidates:#}")
      (( ${#candidates} )) && compadd -U -- "${candidates[@]}"
    }

    _squad() {
      local command="" home="" squadname="" word prev
      local -i i positionals=0
      for (( i = 2; i < CURRENT; i++ )); do
        word="${words[i]}"
        case "$word" in
          \(model.valueOptionNames.joined(separator: "|")))
            [[ "$word" == --home ]] && home="${(Q)words[i+1]}"
            (( i + 1 < CURRENT )) && [[ "$word" == --squad ]] && squadname="${(Q)words[i+1]}"
            (( i++ )) ;;
          --home=*) home="${(Q)word#--home=}" ;;
          --squad=*) squadname="${(Q)word#--squad=}" ;;
          -*) ;;
          *) if [[ -z "$command" ]]; then command="$word"; else (( positionals++ )); fi ;;
        esac
      done
      prev="${words[CURRENT-1]}"
      if [[ "$PREFIX" == --*=* ]]; then
        prev="${PREFIX%%=*}"
        compset -P '*='
      fi

      if [[ "$prev" == --* ]]; then
        case "$command $prev" in
    \(arms(model).values)
        esac
      fi
      if [[ "$PREFIX" == -* ]]; then
        case "$command" in
    \(arms(model).options)
        esac
        return
      fi
      case "$command" in
        "")
          local -a commands=(\(model.commands.map { CompletionModel.singleQuoted($0.name + ":" + $0.abstract) }.joined(separator: " ")))
          _describe -t commands 'squad command' commands ;;
    \(arms(model).positionals)
      esac
    }

    if [[ "${funcstack[1]}" == _squad ]]; then
      _squad "$@"
    else
      compdef _squad squad
    fi

    """
  }

  private static func call(_ completion: ValueCompletion, _ model: CompletionModel) -> String {
    let words = model.words(completion).map(CompletionModel.singleQuoted).joined(separator: " ")
    switch completion {
    case .none: return "_message 'a value'"
    case .choices, .helpTopics: return "compadd -- " + words
    case .commaSeparated: return "_values -s , 'fields' " + words
    case .files: return "_files"
    case .directories: return "_directories"
    case .heroes: return "_squad_heroes heroes"
    case .members: return "_squad_heroes members"
    case .squads: return "_squad_heroes squads"
    case .squadActions:
      return "if (( positionals == 0 )); then compadd -- \(words); "
        + "elif (( positionals == 1 )) && [[ $prev == rename || $prev == delete ]]; then _squad_heroes named; fi"
    }
  }

  private static func arms(_ model: CompletionModel) -> ShellCaseArms {
    ShellCaseArms(model: model, reply: "compadd --", valueReturn: "return") { call($0, model) }
  }
}
