import Trackers

/// Tracks from `tasks` tasks at once, each under its own subject (`subject(task)`), `eventsPerTask` events
/// named `name` with the properties `"n"` (the task) and `"i"` (the event's index in it), yielding between
/// events so the tasks interleave: a test then checks that each record carries the ids and the IP of the
/// task its `"n"` names, whatever the interleaving was.
public func trackFromConcurrentSubjects(
  tasks: Int, eventsPerTask: Int, name: String,
  subject: @escaping @Sendable (_ task: Int) -> EventSubject,
  track: @escaping Tracker<AnalyticsData>
) async {
  await withTaskGroup(of: Void.self) { group in
    for task in 0..<tasks {
      group.addTask {
        let subject = subject(task)
        for index in 0..<eventsPerTask {
          await withEventSubject(subject) {
            await Task.yield()
            track(.event(name: name, properties: ["n": .int(task), "i": .int(index)]))
          }
        }
      }
    }
  }
}
