/// Prints the benchmark table for people and one `bench ...` line per figure for machines.
struct Report {
  private(set) var rows: [(name: String, value: Double, unit: String, budget: String, verdict: String)] = []

  /// Records a figure; `budget` is a readable condition, `passed` whether the figure meets it (nil: no budget).
  mutating func add(_ name: String, _ value: Double, unit: String, budget: String = "", passed: Bool? = nil) {
    let verdict = passed.map { $0 ? "ok" : "MISSED" } ?? ""
    rows.append((name, value, unit, budget, verdict))
    print("bench name=\(name) value=\(format(value)) unit=\(unit)\(budget.isEmpty ? "" : " budget=\"\(budget)\" verdict=\(verdict)")")
  }

  func printTable() {
    let nameWidth = max(4, rows.map(\.name.count).max() ?? 0)
    print("")
    print(pad("figure", nameWidth) + "  " + pad("value", 12) + "  " + pad("unit", 10) + "  budget")
    print(String(repeating: "-", count: nameWidth + 50))
    for row in rows {
      let budget = row.budget.isEmpty ? "" : "\(row.budget)  \(row.verdict)"
      print(pad(row.name, nameWidth) + "  " + pad(format(row.value), 12) + "  " + pad(row.unit, 10) + "  " + budget)
    }
  }

  var missedBudgets: [String] { rows.filter { $0.verdict == "MISSED" }.map(\.name) }

  private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  private func format(_ value: Double) -> String {
    if value >= 1000 { return String(Int(value.rounded())) }
    let hundredths = (value * 100).rounded() / 100
    return String(hundredths)
  }
}
