/// The fish completion script: `squad completion fish | source`, or saved as
/// `~/.config/fish/completions/squad.fish`.
enum FishCompletion {
  static func script(_ model: CompletionModel = CompletionModel()) -> String {
    let valueOptions = model.valueOptionNames.joined(separator: " ")
    var lines = [
      "# fish completion for squad",
      "# Load it with: squad completion fish | source",
      "# or save it as ~/.config/fish/completions/squad.fish",
      "",
      "function __squad_words --description 'The squad command and its positional arguments so far'",
      "    set -l skip 0",
      "    for word in (commandline -opc)[2..-1]",
      "        if test $skip -eq 1",
      "            set skip 0",
      "        else if contains -- $word \(valueOptions)",
      "            set skip 1",
      "        else if not string match -q -- '-*' $word",
      "            echo $word",
      "        end",
      "    end",
      "end",
      "",
      "function __squad_is --description 'Whether the squad command is one of the arguments'",
      "    set -l words (__squad_words)",
      "    test (count $argv) -eq 0 -a (count $words) -eq 0; and return 0",
      "    contains -- \"$words[1]\" $argv",
      "end",
      "",
      "function __squad_heroes --argument-names kind",
      "    set -l tokens (commandline -opc)",
      "    set -l scope",
      "    set -l index (contains -i -- --home $tokens)",
      "    and set scope --home $tokens[(math $index + 1)]",
      "    set -l squad_index (contains -i -- --squad $tokens)",
      "    and test $squad_index -lt (count $tokens)",
      "    and set -a scope --squad $tokens[(math $squad_index + 1)]",
      "    set -l prefix (commandline -ct | string replace -ra '[\\\\\\\\\\'\"]' '')",
      "    $tokens[1] $scope __complete $kind -- \"$prefix\" 2>/dev/null",
      "end",
      "",
      "function __squad_squads_arguments --description 'squads: its actions, then the squad to rename or delete'",
      "    set -l words (__squad_words)",
      "    if test (count $words) -le 1",
      "        printf '%s\\n' \(SquadsCommand.actions.joined(separator: " "))",
      "    else if test (count $words) -eq 2; and contains -- $words[2] rename delete",
      "        __squad_heroes named",
      "    end",
      "end",
      "",
      "function __squad_split --description 'Its arguments, one per line'",
      "    string split ' ' -- $argv",
      "end",
      "",
      "complete -c squad -f",
    ]
    for command in model.commands {
      lines.append(
        "complete -c squad -n '__squad_is' -a \(command.name) -d \(CompletionModel.singleQuoted(command.abstract))")
    }
    for option in CommandRegistry.globalOptions {
      lines.append(line(for: option, condition: nil, model))
    }
    for command in model.commands {
      for option in command.options {
        lines.append(line(for: option, condition: "__squad_is \(command.name)", model))
      }
      if let (completion, _) = model.positional(of: command) {
        lines.append("complete -c squad -n '__squad_is \(command.name)' \(arguments(completion, model))")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func line(for option: OptionSpec, condition: String?, _ model: CompletionModel) -> String {
    // A command's own --format replaces the global one: the global line must not apply there.
    let overriding = model.commands.filter { $0.options.contains { $0.name == option.name } }.map(\.name)
    let test = condition ?? (overriding.isEmpty ? nil : "not __squad_is " + overriding.joined(separator: " "))
    var parts = ["complete -c squad"]
    if let test { parts.append("-n '\(test)'") }
    parts.append("-l " + String(option.name.dropFirst(2)))
    if let short = option.short { parts.append("-s " + String(short.dropFirst())) }
    if !option.isFlag { parts.append(arguments(option.valueCompletion, model, requiresValue: true)) }
    parts.append("-d " + CompletionModel.singleQuoted(option.help.split(separator: "\n").first.map(String.init) ?? ""))
    return parts.joined(separator: " ")
  }

  private static func arguments(_ completion: ValueCompletion, _ model: CompletionModel, requiresValue: Bool = false)
    -> String
  {
    let words = CompletionModel.singleQuoted(model.words(completion).joined(separator: " "))
    let exclusive = requiresValue ? "-x " : ""
    switch completion {
    case .none: return requiresValue ? "-x" : ""
    case .choices, .helpTopics: return exclusive + "-a " + words
    case .commaSeparated:
      return exclusive + "-a "
        + CompletionModel.singleQuoted(
          "(__fish_complete_list , \"__squad_split \(model.words(completion).joined(separator: " "))\")")
    case .files: return requiresValue ? "-r -F" : "-F"
    case .directories: return exclusive + "-a '(__fish_complete_directories (commandline -ct))'"
    case .heroes: return "-a '(__squad_heroes heroes)'"
    case .members: return "-a '(__squad_heroes members)'"
    case .squads: return exclusive + "-a '(__squad_heroes squads)'"
    case .squadActions: return "-a '(__squad_squads_arguments)'"
    }
  }
}
