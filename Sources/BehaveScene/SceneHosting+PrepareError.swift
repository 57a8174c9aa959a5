import BehaveCore
import Foundation

extension SceneHosting {
    /// What `prepare` threw, as the scene's error. Behave's own errors (an
    /// event `on` refuses, a Lua call's) keep their words and place. Any
    /// other error was the app's: printed as Swift prints it, an enum's
    /// case read alone (`notReady`) and an NSError as `Error Domain=…`,
    /// which named neither who threw nor what. It says the host's
    /// `prepare` for this scene threw it, its type, its own words, and
    /// where when it knows (a scene that did not load, a file's error).
    static func prepareError(_ error: any Error, scene file: String) -> ScriptError {
        if let error = error as? ScriptError { return error }
        let words: String
        if let loadError = error as? SceneLoadError {
            // Each mistake at its own `file:line`.
            words = loadError.diagnostics.map(\.description).joined(separator: "; ")
        } else if let described = (error as? LocalizedError)?.errorDescription {
            words = described
        } else {
            // Every Swift error bridges to an NSError; only one made as
            // such (Foundation's file errors) has a domain worth reading.
            let bridged = error as NSError
            if Swift.type(of: error) is NSError.Type || error is CocoaError {
                // A file's error names the file, at no line.
                let path = (bridged.userInfo[NSFilePathErrorKey] as? String) ?? (bridged.userInfo[NSURLErrorKey] as? URL)?.path
                words = "\(bridged.localizedDescription) (\(bridged.domain) \(bridged.code)\(path.map { ", file \($0)" } ?? ""))"
            } else {
                words = String(describing: error)
            }
        }
        let type = String(reflecting: Swift.type(of: error))
        let text = "the host's `prepare` for `\((file as NSString).lastPathComponent)` threw \(type): \(JSON.cutForReading(words))"
        return ScriptError(text: text,
                           fix: "it is the app's code, run before any behaviour wakes; the rest of `prepare` did not run")
    }
}
