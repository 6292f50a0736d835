// trackers-bench: `swift run -c release trackers-bench`
//
// Every figure is a ratio against a baseline measured in the same run, or a figure with a budget from the
// README's performance section. Absolute times on a shared 2-core machine are noise; ratios are not.

import Foundation
import GoogleAnalyticsTracker
import ShopApp

// `trackers-bench --count-track <vendor|write2> <events>`: only that many `track` calls (or `write(2)`s), for
// `Benchmarks/instruction-count` to count under callgrind; first, before anything awaits (InstructionCount).
if CommandLine.arguments.dropFirst().first == InstructionCount.flag { InstructionCount.main(Array(CommandLine.arguments.dropFirst(2))) }

// A connection the client closed while the loopback server still writes to it must not end the run: on
// Linux that write raises SIGPIPE, whose default action kills the process (exit 141, output lost).
signal(SIGPIPE, SIG_IGN)

// The memory and cold-start benchmarks run the shop in a child process: this same executable.
if CommandLine.arguments.dropFirst().first == ShopChild.flag {
  exit(await ShopChild.main(Array(CommandLine.arguments.dropFirst(2))))
}

// `trackers-bench --profile-track <vendor>`: only `track` into that vendor's live environment, for a
// second, to run under a profiler (`perf record -g .build/release/trackers-bench --profile-track mixpanel`).
if CommandLine.arguments.dropFirst().first == "--profile-track",
  let vendor = CommandLine.arguments.dropFirst(2).first.flatMap(Vendor.init(rawValue:))
{
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trackers-bench-profile-\(UUID().uuidString)")
  let link = VendorLink.forVendor(vendor)
  // A cap no run reaches, so the profile shows `track`, not the drops that keep a full queue under it.
  var settings = VendorLink.LiveSettings(endpoint: URL(string: "http://127.0.0.1:9")!, storage: directory, maxPendingBytes: 1 << 30)
  settings.redactor = nil  // the module alone, as `track.<vendor>_ns` measures it
  try link.goLive(settings)
  let track = TrackBenchmark.moduleTracker(link)
  let start = ContinuousClock.now
  var seq = 0
  while ContinuousClock.now - start < .seconds(1) {
    for _ in 0..<1_000 {
      track(TrackBenchmark.event(seq))
      seq += 1
    }
  }
  print("profile-track \(vendor): \(seq) events, \(((ContinuousClock.now - start).nanoseconds / Double(seq)).rounded()) ns/event")
  await link.close(.milliseconds(100))
  try? FileManager.default.removeItem(at: directory)
  exit(0)
}

// `trackers-bench --e2e-only [vendor] [in-flight]`: only benchmark 3 (end to end), for one vendor or all,
// to compare builds or to run under a profiler.
if CommandLine.arguments.dropFirst().first == "--e2e-only" {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trackers-bench-e2e-\(UUID().uuidString)")
  let vendors = CommandLine.arguments.dropFirst(2).first.flatMap(Vendor.init(rawValue:)).map { [$0] } ?? Vendor.allCases
  let inFlight = CommandLine.arguments.dropFirst(3).first.flatMap { Int($0) }
  for vendor in vendors {
    _ = try await DeliveryBenchmark.eventsPerSecond(.forVendor(vendor), scratch: directory, inFlight: inFlight, count: 10_000)
    let (rate, note) = try await DeliveryBenchmark.eventsPerSecond(.forVendor(vendor), scratch: directory, inFlight: inFlight)
    print("bench name=e2e.\(vendor)_events_per_s value=\(rate.rounded())\(note.map { " note=\($0)" } ?? "")")
  }
  try? FileManager.default.removeItem(at: directory)
  exit(0)
}

// `trackers-bench --transport-only [concurrency] [bytes]`: bare requests through URLSessionTransport to the
// loopback server, the transport's own ceiling in requests per second.
if CommandLine.arguments.dropFirst().first == "--transport-only" {
  let concurrency = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 4
  let bytes = CommandLine.arguments.dropFirst(3).first.flatMap { Int($0) } ?? DeliveryBenchmark.ga4RequestBytes
  let rate = try await DeliveryBenchmark.transportRequestsPerSecond(concurrency: concurrency, bodyBytes: bytes)
  print("bench name=transport.requests_per_s value=\(rate.rounded()) concurrency=\(concurrency) bytes=\(bytes)")
  exit(0)
}

// `trackers-bench --gzip-only`: only the request bodies before and after gzip (benchmark 3b).
if CommandLine.arguments.dropFirst().first == "--gzip-only" {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trackers-bench-gzip-\(UUID().uuidString)")
  for vendor in [Vendor.posthog, .mixpanel, .amplitude] {
    guard let figures = try await CompressionBenchmark.figures(.forVendor(vendor), scratch: directory) else { continue }
    print("gzip \(vendor): \(figures.events) events, \(figures.plainBytes) -> \(figures.gzipBytes) bytes, \(figures.milliseconds) ms")
  }
  try? FileManager.default.removeItem(at: directory)
  exit(0)
}

let benchStart = ContinuousClock.now
var report = Report()
var notes: [String] = []
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("trackers-bench-\(UUID().uuidString)", isDirectory: true)
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

// `trackers-bench --track-only` / `--dispatch-only`: only benchmark 2 or 1, to compare builds in seconds.
let trackOnly = CommandLine.arguments.dropFirst().first == "--track-only"
let dispatchOnly = CommandLine.arguments.dropFirst().first == "--dispatch-only"

if !trackOnly {
  print("== 1. Dispatch: 4 feature enums x 5 vendor trackers")
  let four = DispatchBenchmark(featureCount: 4)
  let handWritten = four.nanosecondsPerEvent(four.handWritten())
  let composed = four.nanosecondsPerEvent(four.composed())
  let classic = four.nanosecondsPerEvent(four.classic())
  report.add("dispatch.hand_written_ns", handWritten, unit: "ns/event")
  report.add("dispatch.composed_ns", composed, unit: "ns/event")
  report.add("dispatch.classic_keypath_ns", classic, unit: "ns/event")
  report.add("dispatch.ratio_vs_switch", composed / handWritten, unit: "x", budget: "<= 3.0",
             passed: composed / handWritten <= 3.0)
  report.add("dispatch.speedup_vs_classic", classic / composed, unit: "x", budget: ">= 5.0",
             passed: classic / composed >= 5.0)
  for featureCount in [1, 2, 4, 8, 16] {
    let bench = DispatchBenchmark(featureCount: featureCount)
    let ratio = bench.nanosecondsPerEvent(bench.composed()) / bench.nanosecondsPerEvent(bench.handWritten())
    report.add("dispatch.ratio_vs_switch.features_\(featureCount)", ratio, unit: "x")
  }

  print("== 1. Dispatch: a root of 40 features (combineTrackers, one line each) x 3 vendors")
  let wide = WideRootBenchmark()
  let wideSwitch = wide.nanosecondsPerEvent(wide.handWritten())
  let wideComposed = wide.nanosecondsPerEvent(wide.composed())
  report.add("dispatch.root40.hand_written_ns", wideSwitch, unit: "ns/event")
  report.add("dispatch.root40.composed_ns", wideComposed, unit: "ns/event")
  report.add("dispatch.root40.ratio_vs_switch", wideComposed / wideSwitch, unit: "x")
  for featureCount in [10, 20, 40] {
    // Events of every feature, through the first `featureCount` lines: the cost of the lines an event
    // passes, whichever of them it reaches.
    let ratio = wide.nanosecondsPerEvent(wide.composed(featureCount: featureCount)) / wideSwitch
    report.add("dispatch.root40.ratio_vs_switch.lines_\(featureCount)", ratio, unit: "x")
  }
}

/// Each vendor's `track` cost in this run: the caller's own rate, which end to end is a share of (issue 41).
var trackNanoseconds: [Vendor: Double] = [:]

if !dispatchOnly {
  print("== 2. track into a live environment, network down (median of \(TrackBenchmark.rounds) rounds of \(TrackBenchmark.eventsPerRound))")
  let writeFloor = try TrackBenchmark.writeSyscallNanoseconds(scratch: scratch)
  let fileHandle = try TrackBenchmark.fileHandleNanoseconds(scratch: scratch)
  let jsonSerialization = try TrackBenchmark.jsonSerializationNanoseconds(scratch: scratch)
  report.add("track.baseline_write2_240b_ns", writeFloor, unit: "ns/event")
  report.add("track.baseline_filehandle_write_ns", fileHandle, unit: "ns/event")
  report.add("track.baseline_jsonserialization_write_ns", jsonSerialization, unit: "ns/event")
  for vendor in Vendor.allCases {
    let (nanoseconds, composed) = try await TrackBenchmark.trackNanoseconds(.forVendor(vendor), scratch: scratch)
    trackNanoseconds[vendor] = nanoseconds
    report.add("track.\(vendor)_ns", nanoseconds, unit: "ns/event", budget: "<= 5000", passed: nanoseconds <= 5_000)
    // What the app pays: the same event through its composed root (pullback and combine) into the module.
    report.add("track.\(vendor)_composed_ns", composed, unit: "ns/event")
    report.add("track.\(vendor)_vs_write2", nanoseconds / writeFloor, unit: "x", budget: "<= 1.0",
               passed: nanoseconds <= writeFloor)
  }
  // What the shop pays on top: its default redaction (key rules and the personal-data scan of every
  // string), inside the module.
  let redacted = try await TrackBenchmark.trackNanoseconds(.forVendor(.mixpanel), scratch: scratch, redacted: true).module
  report.add("track.mixpanel_redacted_vs_write2", redacted / writeFloor, unit: "x")
}

if !trackOnly && !dispatchOnly {
  print("== 3. End to end to a loopback server, largest batches")
  // GA4's requests carry at most 25 events: its floor is also bound by what the transport alone answers.
  let ceiling = try await DeliveryBenchmark.transportRequestsPerSecond()
  report.add("e2e.transport_requests_per_s", ceiling, unit: "requests/s")
  report.add("e2e.ga4_ceiling_events_per_s", ceiling * Double(GoogleAnalyticsLimits.eventsPerRequest), unit: "events/s")
  // With the queue's default requests in flight (the budget), then one at a time for comparison, in this run.
  for vendor in Vendor.allCases {
    // A warm-up, so neither measured run pays the vendor's first start.
    _ = try await DeliveryBenchmark.eventsPerSecond(.forVendor(vendor), scratch: scratch, count: 10_000)
    let (rate, note) = try await DeliveryBenchmark.eventsPerSecond(.forVendor(vendor), scratch: scratch)
    report.add("e2e.\(vendor)_events_per_s", rate, unit: "events/s", budget: ">= 100000",
               passed: rate >= 100_000 && note == nil)
    if let note { notes.append(note) }
    // The share of the slower floor: the caller's own `track` rate in this run and, for GA4, the bare
    // transport's requests of 25 events. Without a `track` figure (--e2e-only runs), the transport's alone.
    let callerRate = trackNanoseconds[vendor].map { 1e9 / $0 } ?? .infinity
    let transportRate = vendor == .ga4 ? ceiling * Double(GoogleAnalyticsLimits.eventsPerRequest) : .infinity
    let floor = min(callerRate, transportRate)
    if floor.isFinite {
      report.add("e2e.\(vendor)_share_of_floor", rate / floor, unit: "x", budget: ">= 0.90",
                 passed: rate / floor >= 0.90 && note == nil)
    }
    // The same share when the caller and the transport can't overlap, as on a 2-core machine where both are
    // CPU-bound beside the in-process collector: each event costs its `track` plus its part of a request.
    // Informational (issue 41's note): the budget above stays the issue's.
    if vendor == .ga4, callerRate.isFinite {
      report.add("e2e.ga4_share_of_additive_floor", rate * (1 / callerRate + 1 / transportRate), unit: "x")
    }
    let (one, oneNote) = try await DeliveryBenchmark.eventsPerSecond(.forVendor(vendor), scratch: scratch, inFlight: 1)
    report.add("e2e.\(vendor)_events_per_s_1_in_flight", one, unit: "events/s")
    report.add("e2e.\(vendor)_in_flight_vs_1", rate / one, unit: "x")
    if let oneNote { notes.append(oneNote) }
  }

  print("== 3b. Request bodies of \(CompressionBenchmark.events) events, before and after gzip")
  for vendor in [Vendor.posthog, .mixpanel, .amplitude] {
    guard let figures = try await CompressionBenchmark.figures(.forVendor(vendor), scratch: scratch) else {
      notes.append("\(vendor): no request of \(CompressionBenchmark.events) events was caught")
      continue
    }
    report.add("gzip.\(vendor)_events", Double(figures.events), unit: "records")
    report.add("gzip.\(vendor)_plain_bytes", Double(figures.plainBytes), unit: "bytes")
    report.add("gzip.\(vendor)_gzip_bytes", Double(figures.gzipBytes), unit: "bytes")
    report.add("gzip.\(vendor)_ratio", Double(figures.plainBytes) / Double(figures.gzipBytes), unit: "x")
    report.add("gzip.\(vendor)_compress_ms", figures.milliseconds, unit: "ms")
  }

  print("== 4. Memory: 1,000,000 events with the endpoint down, then --drain (in a child process)")
  let million = try MemoryBenchmark.million(scratch: scratch)
  report.add("memory.peak_rss_mb_1m_events", million.peakMegabytes, unit: "MB", budget: "<= 64",
             passed: million.peakMegabytes <= 64 && million.peakMegabytes > 0)
  report.add("memory.delivered_after_drain", Double(million.delivered), unit: "events", budget: "== 1000000",
             passed: million.delivered == 1_000_000 && million.serverEvents == 1_000_000 && million.tracked == 1_000_000)
  notes.append(contentsOf: million.notes)
  let smallCap = try MemoryBenchmark.smallCap(scratch: scratch)
  report.add("memory.small_cap_dropped_oldest", Double(smallCap.dropped), unit: "events",
             budget: "exact, oldest first", passed: smallCap.exactOldestFirst)
  notes.append(smallCap.note)

  print("== 5. Cold start with 100,000 pending events")
  let coldStart = try await ColdStartBenchmark.firstRequestMilliseconds(scratch: scratch)
  report.add("cold_start.first_request_ms", coldStart.milliseconds, unit: "ms", budget: "<= 200",
             passed: coldStart.milliseconds <= 200)
  notes.append(coldStart.note)
}

report.add("bench.total_s", (ContinuousClock.now - benchStart).seconds, unit: "s", budget: "< 120",
           passed: (ContinuousClock.now - benchStart).seconds < 120)

report.printTable()
if !notes.isEmpty {
  print("\nnotes:")
  for note in notes { print("  \(note)") }
}
if !report.missedBudgets.isEmpty {
  print("\nmissed budgets: \(report.missedBudgets.joined(separator: ", "))")
}
