/// Typed reading of option values, with usage errors that name the option and the range.
enum OptionValues {
  /// A whole number within `range`, or the default when the option was not given.
  static func integer(
    _ arguments: ParsedArguments, _ option: OptionKey, in range: ClosedRange<Int>, default fallback: Int
  ) -> Result<Int, UsageError> {
    let name = option.name
    guard let text = arguments.value(option) else { return .success(fallback) }
    guard let value = Int(text), range.contains(value) else {
      let bound = range.upperBound == Int.max ? "\(range.lowerBound) or more" : "from \(range.lowerBound) to \(range.upperBound)"
      return .failure(
        UsageError("The value '\(text)' is invalid for '\(name)': expected a whole number \(bound).", command: arguments.command))
    }
    return .success(value)
  }

  /// Hero references from positional arguments; blank ones are refused.
  static func heroRefs(_ arguments: ParsedArguments) -> Result<[HeroRef], UsageError> {
    var refs: [HeroRef] = []
    for argument in arguments.positionals {
      let ref = HeroRef(argument: argument)
      if case .name(let name) = ref, name.isEmpty {
        return .failure(UsageError("A hero must be an id or a name, not an empty string.", command: arguments.command))
      }
      refs.append(ref)
    }
    return .success(refs)
  }
}
