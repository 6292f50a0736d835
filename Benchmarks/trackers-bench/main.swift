// trackers-bench: `swift run -c release trackers-bench`
//
// Every figure is a ratio against a baseline measured in the same run, or a figure with a budget from the
// README's performance section. Absolute times on a shared 2-core machine are noise; ratios are not.

var report = Report()

print("== 1. Dispatch: 4 feature enums x 5 vendor trackers")
let four = DispatchBenchmark(featureCount: 4)
let handWritten = four.nanosecondsPerEvent(four.handWritten())
let composed = four.nanosecondsPerEvent(four.composed())
let classic = four.nanosecondsPerEvent(four.classic())
report.add("dispatch.hand_written_ns", handWritten, unit: "ns/event")
report.add("dispatch.composed_ns", composed, unit: "ns/event")
report.add("dispatch.classic_keypath_ns", classic, unit: "ns/event")
report.add("dispatch.ratio_vs_switch", composed / handWritten, unit: "x", budget: "<= 8.0",
           passed: composed / handWritten <= 8.0)
report.add("dispatch.speedup_vs_classic", classic / composed, unit: "x", budget: ">= 5.0",
           passed: classic / composed >= 5.0)
for featureCount in [1, 2, 4, 8, 16] {
  let bench = DispatchBenchmark(featureCount: featureCount)
  let ratio = bench.nanosecondsPerEvent(bench.composed()) / bench.nanosecondsPerEvent(bench.handWritten())
  report.add("dispatch.ratio_vs_switch.features_\(featureCount)", ratio, unit: "x")
}

report.printTable()
if !report.missedBudgets.isEmpty {
  print("\nmissed budgets: \(report.missedBudgets.joined(separator: ", "))")
}
