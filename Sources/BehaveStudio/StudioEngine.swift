import BehaveCore
import BehaveLua
import BehaveScene

/// The studio's scene and everything about it, on one thread (the scene,
/// its Lua state and its handlers are not thread-safe; see `StudioHost`).
/// Every change to the scene is a line of the command language, run by the
/// same `CommandSession` as `behave run`.
final class StudioEngine {
    private let watched: WatchedSession
    /// What the scene is made from, without the inspector's values.
    private let base: SceneSource
    private let timeline: StudioTimeline
    /// What the last command printed (`show`, `state`, `help`).
    private let printed: Printed
    private let publish: (StudioPart, String) -> Void
    /// Tells the server which image files the page may ask for.
    private let showFiles: (_ photos: StudioImageFiles, _ images: StudioImageFiles) -> Void
    /// Inspectable values set in the inspector, kept across reloads.
    private var kept = KeptValues()
    /// Values the scene refused (`StudioRefusals`).
    private var refusals = StudioRefusals()
    /// The last command that was refused or mistyped.
    private var mistake: JSON = .null
    /// Why the files saved last do not load (the last good scene runs on).
    private var problem: String?
    private var generation = 1
    private var clock: WallClock
    private var nextPoll: ContinuousClock.Instant
    private var sent: [StudioPart: String] = [:]
    private var sceneIsStale = true
    private var timelineSent = -1
    private let recording: Recording
    private var lastWrite = ContinuousClock.now

    /// How often the scene's files are looked at.
    static let pollInterval = Duration.milliseconds(250)

    /// `record`: where to keep a transcript of what happens (until the
    /// scene is reloaded), which `behave test` replays.
    init(source: SceneSource, record: String? = nil, publish: @escaping (StudioPart, String) -> Void,
         files: @escaping (_ photos: StudioImageFiles, _ images: StudioImageFiles) -> Void) throws(SceneSourceError) {
        // Refused before anything runs, as `behave run --record` refuses:
        // a `--set` holding a line break would forge a transcript line.
        if let record {
            do throws(ValueError) {
                try TranscriptRecorder.checkDestination(record, for: source)
            } catch {
                throw .usage("--record: \(error.message)")
            }
        }
        let timeline = StudioTimeline()
        let printed = Printed()
        let recording = Recording(record.map { TranscriptRecorder(path: $0, source: source) })
        let make: WatchedSession.Maker = { source throws(SceneSourceError) in
            try CommandSession(source: source, output: { text in
                printed.lines.append(text)
                recording.recorder?.hear(text)
            }, trace: { entry in
                timeline.append(entry)
                recording.recorder?.hear(entry.line)
            }, wakes: false)
        }
        self.printed = printed
        self.recording = recording
        watched = try WatchedSession(source: source, make: make)
        base = source
        self.timeline = timeline
        self.publish = publish
        showFiles = files
        let now = ContinuousClock.now
        clock = WallClock(now: now)
        nextPoll = now.advanced(by: StudioEngine.pollInterval)
        didLoad()
    }

    private var session: CommandSession { watched.session }

    // MARK: Messages from the page

    func handle(_ message: StudioMessage) {
        switch message {
        case .command(let line):
            run(line)
        case .set(let object, let property, let value):
            let key = "\(object).\(property)"
            guard run("set \(key) \(value)") else {
                refusals.refuse(key, session.lastFailure ?? "")
                return
            }
            refusals.take(key)
            if session.scene.behaviour(named: object) != nil {
                kept.keep(behaviour: object, property: property, value: value)
            }
        case .clock(let running):
            if running { clock.run(now: .now) } else { clock.pause() }
        case .step(let seconds):
            run("advance \(formatNumber(seconds))")
        }
        sceneIsStale = true
    }

    /// A message from the page that could not be read.
    func refuse(_ error: StudioMessageError) {
        timeline.note("mistake", "a message from the page was refused: \(error.message)")
    }

    /// Runs a command line from the page; false when it was refused.
    @discardableResult
    private func run(_ line: String) -> Bool {
        timeline.note("command", line, subject: "you")
        if (try? SceneCommand.parse(line)) == .quit {
            return refuse(line, "the studio runs until you stop it: press Ctrl-C where you started it")
        }
        printed.lines.removeAll()
        recording.recorder?.command(line)
        session.execute(line)
        if session.lastFailure != nil { recording.recorder?.refused() }
        writeTranscript()
        // A refused command prints its reason, which `refuse` notes.
        if let failure = session.lastFailure { return refuse(line, failure) }
        for text in printed.lines { timeline.note("output", text) }
        mistake = .null
        return true
    }

    private func refuse(_ line: String, _ message: String) -> Bool {
        timeline.note("mistake", message, subject: "you")
        mistake = .object([("sequence", .number(Double(timeline.lastSequence))), ("command", .string(line)),
                           ("message", .string(message))])
        return false
    }

    // MARK: Time and files

    /// When something is due next: the clock's tick or a look at the files.
    var nextWake: ContinuousClock.Instant {
        guard let tick = clock.nextTick else { return nextPoll }
        return min(tick, nextPoll)
    }

    /// Advances the clock at wall speed and reloads saved files, when due.
    func tick(now: ContinuousClock.Instant) {
        if let seconds = clock.due(now: now) {
            recording.recorder?.advance(by: seconds)
            session.execute("advance \(formatNumber(seconds))")
            printed.lines.removeAll()
            if now - lastWrite > .seconds(1) { writeTranscript() }
        }
        guard now >= nextPoll else { return }
        nextPoll = now.advanced(by: StudioEngine.pollInterval)
        let changed = watched.changedFiles()
        if !changed.isEmpty { reload(saved: changed) }
    }

    private func reload(saved: [String]) {
        let names = saved.map(LuaScript.display).joined(separator: ", ")
        // The transcript holds one scene as it was loaded: it ends here (a
        // reload that fails keeps the scene, and the recording).
        let recorder = recording.recorder
        writeTranscript()
        recording.recorder = nil
        defer {
            if problem != nil { recording.recorder = recorder }
            else if recorder != nil { timeline.note("note", "the transcript ends before this reload: it holds the scene as it was") }
        }
        // The note goes before what the new scene does as it wakes (and
        // what the old scene's `destroy` handlers do after).
        var before = timeline.lastSequence
        let (error, dropped) = watched.reload(from: base, keeping: kept) { [timeline] in before = timeline.lastSequence }
        if dropped != nil { kept.removeAll() }
        if let error {
            problem = "\(names) saved, but the scene does not load; the last good scene keeps running.\n\(error.description)"
            timeline.note("problem", error.description)
            return
        }
        problem = nil
        refusals.removeAll()
        mistake = .null
        generation += 1
        timeline.note("reload", "\(names) saved: the scene is loaded again"
                      + (dropped.map { "; the inspector's values were dropped, as the new scene refuses them: \($0.description)" } ?? ""),
                      after: before)
        didLoad()
    }

    private func didLoad() {
        timeline.now = { [unowned watched] in watched.session.scene.clock.now }
        for warning in session.running.warnings { timeline.note("warning", warning.description) }
        showFiles(photos, images)
        sceneIsStale = true
    }

    private var photos: StudioImageFiles {
        StudioImageFiles((session.scene.platform as? HeadlessPlatform)?.configuration.library)
    }

    private var images: StudioImageFiles {
        StudioImageFiles(session.scene.imageCatalog as? ImageFolder)
    }

    // MARK: What the page is sent

    /// Sends the parts that changed since they were last sent.
    func publishChanges() {
        if sceneIsStale {
            send(.scene, StudioView.scene(session, source: watched.source, generation: generation, files: watched.files,
                                          photos: photos, images: images))
            sceneIsStale = false
        }
        send(.state, StudioView.state(of: session.scene))
        if timeline.lastSequence != timelineSent {
            send(.timeline, timeline.json)
            timelineSent = timeline.lastSequence
        }
        send(.status, .object([
            ("generation", .number(Double(generation))),
            ("running", .bool(clock.isRunning)),
            ("time", .number(session.scene.clock.now)),
            ("problem", problem.map(JSON.string) ?? .null),
            ("refusals", .object(refusals.entries.sorted { $0.key < $1.key }.map { ($0.key, .string($0.message)) })),
            ("mistake", mistake),
        ]))
    }

    private func send(_ part: StudioPart, _ json: JSON) {
        let text = JSON.object([("kind", .string("\(part)")), ("data", json)]).text
        guard sent[part] != text else { return }
        sent[part] = text
        publish(part, text)
    }
}

/// What a command printed, gathered while it runs.
private final class Printed {
    var lines: [String] = []
}

/// The transcript being recorded, if any (the sessions the engine makes
/// tell it what they print).
private final class Recording {
    var recorder: TranscriptRecorder?
    init(_ recorder: TranscriptRecorder?) { self.recorder = recorder }
}

extension StudioEngine {
    /// Writes the transcript as it is so far (the studio stops with
    /// Ctrl-C, when nothing more can be written).
    fileprivate func writeTranscript() {
        guard let recorder = recording.recorder else { return }
        lastWrite = .now
        do throws(ValueError) {
            try recorder.finish(state: session.scene.state())
        } catch {
            timeline.note("problem", "the transcript cannot be written: \(error.message)")
            recording.recorder = nil
        }
    }
}
