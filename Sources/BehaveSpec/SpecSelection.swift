import Foundation
import BehaveLua

/// Which specs run, as busted chooses them, by the spec's full name (its
/// describe names and its own, joined by spaces): `--filter` and
/// `--filter-out` take Lua patterns; `--name` takes a whole full name,
/// as it is (for a name full of pattern characters); `--tags` and `--exclude-tags` take
/// tags, written `#tag` in names, each matched as busted does, as the
/// pattern `#` followed by the tag (so `api` also selects `#apiv2`).
/// Exclusions win. Patterns are matched by the sandbox's own matcher
/// (`LuaPatterns`).
public struct SpecSelection: Sendable, Equatable, Codable {
    /// A spec runs when its name matches one of these (or there are none).
    public var filters: [String] = []
    /// A spec does not run when its name matches one of these.
    public var filtersOut: [String] = []
    /// A spec runs when its name has one of these tags (or there are none).
    public var tags: [String] = []
    /// A spec does not run when its name has one of these tags.
    public var excludedTags: [String] = []
    /// A spec runs when its name is one of these, byte for byte (or there are none).
    public var names: [String] = []

    public init(filters: [String] = [], filtersOut: [String] = [], tags: [String] = [], excludedTags: [String] = [],
                names: [String] = []) {
        self.filters = filters
        self.filtersOut = filtersOut
        self.tags = tags
        self.excludedTags = excludedTags
        self.names = names
    }

    /// Whether every spec runs.
    public var selectsAll: Bool {
        filters.isEmpty && filtersOut.isEmpty && tags.isEmpty && excludedTags.isEmpty && names.isEmpty
    }

    /// The options' names on the command line, and in busted's config file,
    /// in the order of the lists: filters, exclusions, tags, excluded tags,
    /// names.
    public static let flags = ["--filter", "--filter-out", "--tags", "--exclude-tags", "--name"]
    public static let configKeys = ["filter", "filter-out", "tags", "exclude-tags", "name"]

    /// Throws the first mistake in a pattern, named by its option
    /// (`--filter "[a": malformed pattern (missing ']')`; `options` names
    /// them as the config file does), or an empty name, which no spec has.
    public func check(with patterns: LuaPatterns, options: [String] = SpecSelection.flags) throws(LuaError) {
        if names.contains("") {
            throw LuaError("\(options[4]) is empty, and no spec's name is; give a spec's full name "
                           + "(`behave test --list` names each spec)")
        }
        for (option, list, prefix) in [(options[0], filters, ""), (options[1], filtersOut, ""),
                                       (options[2], tags, "#"), (options[3], excludedTags, "#")] {
            for pattern in list {
                do throws(LuaError) {
                    try patterns.check(prefix + pattern)
                } catch {
                    throw LuaError("\(option) \(pattern): \(error.summary)")
                }
            }
        }
    }

    /// Whether the spec named `name` runs.
    public func selects(_ name: String, with patterns: LuaPatterns) throws(LuaError) -> Bool {
        func any(_ list: [String]) throws(LuaError) -> Bool {
            for pattern in list where try patterns.matches(pattern, in: name) { return true }
            return false
        }
        if try any(excludedTags.map(Self.tagPattern)) { return false }
        if try any(filtersOut) { return false }
        if !tags.isEmpty, try !any(tags.map(Self.tagPattern)) { return false }
        if !filters.isEmpty, try !any(filters) { return false }
        if !names.isEmpty, !names.contains(name) { return false }
        return true
    }

    private static func tagPattern(_ tag: String) -> String { "#" + tag }

    /// Tags as busted takes them on its command line and in `.busted`:
    /// comma-separated, each repeatable; blanks around them are dropped,
    /// and a `#` before one, as names write it (`--tags '#slow'`), which
    /// busted would look for as `##slow` and find nowhere.
    public static func tags(_ lists: [String]) -> [String] {
        lists.flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
            .filter { !$0.isEmpty }
    }

    /// The options that chose, each named as `options` names filters,
    /// exclusions, tags, excluded tags and names (for a run that chose no
    /// spec): as a command line gives them, or a config file's keys.
    public func described(options: [String] = SpecSelection.flags, separator: String = " ") -> String {
        let lists = [filters, filtersOut, tags, excludedTags, names]
        return zip(options, lists).flatMap { option, list in list.map { "\(option) \($0)" } }.joined(separator: separator)
    }
}
