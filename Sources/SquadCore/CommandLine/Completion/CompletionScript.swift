/// The completion scripts `squad completion bash|zsh|fish` prints: each passes the words typed
/// to `squad __complete` and inserts its answer, so it holds no command list to go stale.
enum CompletionScript {
  /// In the order help names them.
  static let shells: [(name: String, script: String)] = [("bash", bash), ("zsh", zsh), ("fish", fish)]

  /// bash: `eval "$(squad completion bash)"` (bash 3.2 ignores `source <(…)`). Names are inserted
  /// with `compopt -o filenames`, so readline escapes their spaces and parentheses.
  static let bash = #"""
    # bash completion for squad
    # Load it with: eval "$(squad completion bash)"
    # or save it as ~/.local/share/bash-completion/completions/squad

    _squad() {
      local program="${COMP_WORDS[0]}" cur="${COMP_WORDS[COMP_CWORD]}" kind
      [[ "$program" == "~/"* ]] && program="$HOME/${program#"~/"}"
      cur="${cur#[\"\']}"
      cur="${cur//\\/}"
      local IFS=$'\n'
      local -a reply=($("$program" __complete -- "${COMP_WORDS[@]:1:COMP_CWORD-1}" "$cur" 2>/dev/null))
      kind="${reply[0]}"
      reply=("${reply[@]:1}")
      case "$kind" in
        files) COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null ;;
        directories) COMPREPLY=($(compgen -d -- "$cur")); compopt -o filenames 2>/dev/null ;;
        names) COMPREPLY=("${reply[@]%%$'\t'*}")
          if type compopt >/dev/null 2>&1; then compopt -o filenames 2>/dev/null; compopt -o nosort 2>/dev/null
          else COMPREPLY=($(printf '%q\n' "${COMPREPLY[@]}")); fi ;;
        list) COMPREPLY=("${reply[@]}"); compopt -o nospace 2>/dev/null ;;
        *) COMPREPLY=("${reply[@]%%$'\t'*}") ;;
      esac
    }

    complete -F _squad squad

    """#

  static let zsh = #"""
    #compdef squad
    # zsh completion for squad
    # Load it with: source <(squad completion zsh)   (after compinit)
    # or save it as _squad in a folder on $fpath

    _squad() {
      local kind
      local -a reply described
      reply=("${(@f)$("${words[1]}" __complete -- "${(@Q)words[2,CURRENT-1]}" "${(Q)PREFIX}" 2>/dev/null)}")
      kind=${reply[1]}
      reply=("${(@)reply[2,-1]}")
      case $kind in
        files) [[ $PREFIX == --*=* ]] && compset -P '*='; _files ;;
        directories) [[ $PREFIX == --*=* ]] && compset -P '*='; _directories ;;
        names) described=("${(@)reply/$'\t'/  -- }"); compadd -V heroes -U -d described -- "${(@)reply%%$'\t'*}" ;;
        list) compadd -U -S '' -- "${reply[@]}" ;;
        *) described=("${(@)reply/$'\t'/:}"); _describe -t values squad described -U ;;
      esac
    }

    if [[ "${funcstack[1]}" == _squad ]]; then
      _squad "$@"
    else
      compdef _squad squad
    fi

    """#

  static let fish = #"""
    # fish completion for squad
    # Load it with: squad completion fish | source
    # or save it as ~/.config/fish/completions/squad.fish

    function __squad_complete --description 'What squad offers for the word being completed'
        set -l tokens (commandline -opc)
        set -l current (commandline -ct | string replace -ra '[\\\\\'"]' '')
        set -l reply ($tokens[1] __complete -- $tokens[2..-1] "$current" 2>/dev/null)
        switch "$reply[1]"
            case files
                __fish_complete_path "$current"
            case directories
                __fish_complete_directories "$current"
            case '*'
                printf '%s\n' $reply[2..-1]
        end
    end

    complete -c squad -f -k -a '(__squad_complete)'

    """#
}
