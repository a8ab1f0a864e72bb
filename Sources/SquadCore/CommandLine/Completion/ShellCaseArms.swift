/// The `case` arms the bash and zsh scripts share — option values, options per command,
/// positional arguments per command — written with one shell's commands.
struct ShellCaseArms {
  let model: CompletionModel
  /// The shell command that offers words (`_squad_reply` in bash, `compadd --` in zsh).
  let reply: String
  /// How a value arm ends once it has offered something (`return 0` in bash, `return` in zsh).
  let valueReturn: String
  /// The shell command completing one kind of value.
  let call: (ValueCompletion) -> String

  /// Arms matching `"<command> <option>"`, completing that option's value.
  var values: String {
    model.valueCompletions.map { entry in
      let pattern = entry.command.map { "\"\($0) \(entry.option)\"" } ?? "*\" \(entry.option)\""
      return "      \(pattern)) \(call(entry.completion)); \(valueReturn) ;;"
    }.joined(separator: "\n")
  }

  /// Arms matching the command, offering its options (globals when there is no command).
  var options: String {
    (model.commands.map { command in
      "      \(command.name)) \(reply) \(model.optionNames(of: command).joined(separator: " ")) ;;"
    } + ["      *) \(reply) \(model.optionNames(of: nil).joined(separator: " ")) ;;"]).joined(separator: "\n")
  }

  /// Arms matching the command, completing its positional arguments up to their limit.
  var positionals: String {
    model.commands.compactMap { command in
      guard let (completion, limit) = model.positional(of: command) else { return nil }
      let guardText = limit.map { "(( positionals < \($0) )) && " } ?? ""
      return "    \(command.name)) \(guardText)\(call(completion)) ;;"
    }.joined(separator: "\n")
  }
}
