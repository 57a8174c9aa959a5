import Foundation

/// Prints `line` at once, to a pipe too (where standard output waits for a
/// full buffer): what the app prints is read as it runs.
func printNow(_ line: String) {
    print(line)
    fflush(nil)
}
