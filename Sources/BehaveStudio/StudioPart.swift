/// The parts of what the page shows. Each is sent whole, and only the
/// latest of each matters: a client that reads slowly misses in-between
/// versions, never a part.
public enum StudioPart: Int, CaseIterable, Sendable {
    /// The scene's shape (behaviours, outlets, connections, photos): at
    /// each load.
    case scene
    /// The controls, behaviours' values and fields, the presented dialog.
    case state
    /// The latest entries of the timeline.
    case timeline
    /// The clock, the last load's problem, refused values, the last mistake.
    case status
}
