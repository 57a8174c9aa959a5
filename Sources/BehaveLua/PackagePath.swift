import BehaveCore

/// A spec's own `package.path` searched for a module, as Lua's searcher
/// reads it (templates separated by `;`, `?` standing for the module's
/// path, `a.b` as `a/b`), within the sandbox's file rules: a template is
/// searched only where it leads inside the folders the runtime may read,
/// once `..` and links are resolved, and only for a `.lua` file. One that
/// leads elsewhere is passed over and said, with the reason and the fix,
/// if the module is found nowhere.
struct PackagePathSearch {
    /// The file to load; nil when no template leads to one.
    var found: String?
    /// The files looked for, as the templates wrote them.
    var tried: [String] = []
    /// The templates passed over (as shown), by why, in the order met.
    var passedOver: [(reason: String, templates: [String])] = []

    mutating func passOver(_ template: String, _ reason: String) {
        if let index = passedOver.firstIndex(where: { $0.reason == reason }) {
            passedOver[index].templates.append(template)
        } else {
            passedOver.append((reason, [template]))
        }
    }

    /// The message of a module found nowhere.
    func notFound(_ name: String) -> String {
        var message = "module '\(name)' not found; "
        message += tried.isEmpty ? "package.path names no file to try" : "tried \(tried.joined(separator: ", "))"
        for (reason, templates) in passedOver {
            message += templates.count == 1
                ? "; package.path's \(templates[0]) was not searched: \(reason)"
                : "; package.path's \(templates.joined(separator: ", ")) were not searched: \(reason)"
        }
        return message + " (in a spec, require searches package.path; its templates must lead inside the spec's folder or the working directory)"
    }
}

extension LuaRuntime {
    /// Templates of one `package.path`, at most: each is a look at the file
    /// system, outside any instruction budget.
    static let maximumTemplates = 100
    /// Bytes of a `package.path`, at most.
    static let maximumPackagePath = 64 << 10
    /// Bytes of a file a template names, at most (Linux's PATH_MAX).
    static let maximumFilePath = 4096

    /// The first file `package.path` (`path`) leads to for module `name`
    /// among what `access` allows, and what was tried and passed over.
    static func searchPackagePath(_ name: String, _ path: String, access: FileAccess) throws(ValueError) -> PackagePathSearch {
        let relative = try modulePath(name)
        guard path.utf8.count <= maximumPackagePath else {
            throw ValueError("package.path is \(path.utf8.count) bytes; require reads at most \(maximumPackagePath) in a spec: name fewer templates")
        }
        let templates = path.split(separator: ";", omittingEmptySubsequences: true)
        guard templates.count <= maximumTemplates else {
            throw ValueError("package.path has \(templates.count) templates; require searches at most \(maximumTemplates) in a spec: name fewer")
        }
        var search = PackagePathSearch()
        for template in templates {
            let shown = "`\(DisplayText.line(String(template.prefix(200))))`"
            guard !template.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                search.passOver(shown, "it holds a control character; write the template as a plain path")
                continue
            }
            let marks = template.utf8.count { $0 == UInt8(ascii: "?") }
            guard template.utf8.count + marks * relative.utf8.count <= maximumFilePath else {
                search.passOver(shown, "the file it names is longer than \(maximumFilePath) bytes")
                continue
            }
            let file = template.replacingOccurrences(of: "?", with: relative)
            guard file.hasSuffix(".lua") else {
                search.passOver(shown, "a spec's require loads only Lua files; end the template in `.lua` (`./lib/?.lua`)")
                continue
            }
            do throws(ValueError) {
                search.tried.append(file)
                if let real = try access.check(file) {
                    search.found = access.isRestricted ? real : file
                    return search
                }
            } catch {
                search.tried.removeLast()
                search.passOver(shown, error.message)
            }
        }
        return search
    }
}
