/// Whole numbers with thousands separators, `1,562`, the same in every locale.
enum Grouped {
  static func format(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var output = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { output.append(",") }
      output.append(digit)
    }
    return (number < 0 ? "-" : "") + output
  }
}
