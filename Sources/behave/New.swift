import BehaveCommandLine
import BehaveCore
import BehaveCheck
import BehaveLua
import BehaveSyntax
import Foundation

struct New: Command {
    static let name = "new"
    static let spec = CommandSpec(
        name: name,
        abstract: "Write a starter behaviour: NAME.lua, NAME.scene.yaml and NAME_spec.lua, which pass `behave test` at once.",
        discussion: "Existing files are never overwritten. Exit status 2 for a bad name or outlet, or when a file exists.",
        parameters: [
            .argument("name", help: "The behaviour's name: letters, digits and _, starting with a letter (like, like_button)."),
            .option("outlet", valueName: "NAME:TYPE", help: "An outlet and its control type (repeatable; default button:Button).",
                    repeatable: true),
            .option("directory", valueName: "DIR", help: "Where to write the files, made when missing (default: the working directory)."),
        ])

    var name: String
    var outlets: [String]
    var directory: String?

    init(_ arguments: ParsedArguments) {
        name = arguments.string("name") ?? ""
        outlets = arguments.strings("outlet")
        directory = arguments.string("directory")
    }

    func run() -> Int32 {
        failing {
            let starter = try Starter(name: name, outlets: outlets.isEmpty ? ["button:Button"] : outlets)
            let files = [("\(name).lua", starter.script), ("\(name).scene.yaml", starter.scene), ("\(name)_spec.lua", starter.spec)]
            let paths = files.map { (((directory ?? ".") as NSString).appendingPathComponent($0.0), $0.1) }
            for (path, _) in paths where FileManager.default.fileExists(atPath: path) {
                throw UsageFailure("\(path) already exists; choose another name or move it away (nothing was written)")
            }
            // Nothing half-made: a folder or file that fails (a path past
            // the system's length, a full disk) takes back what came before.
            var made: [String] = []
            do throws(UsageFailure) {
                if let directory { try New.makeFolder(directory, made: &made) }
                for (path, text) in paths {
                    try New.write(text, to: path)
                    made.append(path)
                }
            } catch {
                for path in made.reversed() { remove(path) }
                throw error
            }
            for (path, _) in paths { print("wrote \(DisplayText.line(path))") }
            // The next commands as they run from here: in the folder written to.
            let (scene, spec) = directory == nil ? ("\(name).scene.yaml", "\(name)_spec.lua") : (paths[1].0, paths[2].0)
            print("next: behave test \(DisplayText.line(spec)), then behave run \(DisplayText.line(scene))")
            return 0
        }
    }
}

extension New {
    /// `--directory` made when it is missing, as `mkdir -p` would, so that
    /// `behave new like --directory like` starts a folder of its own; each
    /// folder it makes is added to `made`.
    static func makeFolder(_ directory: String, made folders: inout [String]) throws(UsageFailure) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw UsageFailure("--directory \(directory) is a file, not a folder; name a folder (it is made when missing)")
            }
            return
        }
        // Folder by folder with mkdir(2), for the system's reason when one
        // cannot be made (Foundation's error names none on Linux).
        var made = directory.hasPrefix("/") ? "/" : ""
        for part in directory.split(separator: "/") {
            made += (made.isEmpty || made.hasSuffix("/") ? "" : "/") + part
            if mkdir(made, 0o777) == 0 {
                folders.append(made)
            } else if errno != EEXIST {
                let reason = String(cString: strerror(errno))
                throw UsageFailure("--directory \(directory): cannot make the folder \(made) (\(reason.lowercased())); choose a folder you can write to")
            }
        }
    }

    /// Writes a new file (never over one: O_EXCL), with the system's
    /// reason when it cannot.
    static func write(_ text: String, to path: String) throws(UsageFailure) {
        let file = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        let bytes = Array(text.utf8)
        let written = file < 0 ? -1 : bytes.withUnsafeBytes { Foundation.write(file, $0.baseAddress, $0.count) }
        let failure = written == bytes.count ? 0 : (written < 0 ? errno : EIO)
        if file >= 0 { close(file) }
        guard failure == 0 else {
            let reason = String(cString: strerror(failure)).lowercased()
            throw UsageFailure("\(path): cannot write the file (\(reason)); choose a --directory you can write to")
        }
    }
}

/// The three starter files of `behave new`.
struct Starter {
    let name: String
    /// `like_button` → `LikeButton`: the class's local.
    let className: String
    let outlets: [(name: String, type: String)]

    init(name: String, outlets specs: [String]) throws(UsageFailure) {
        guard Starter.isName(name), !name.hasSuffix("_spec") else {
            throw UsageFailure("`\(name)` cannot name a behaviour: use letters, digits and _, starting with a letter (for example `like` or `like_button`), not ending in _spec")
        }
        // The starter's specs reach the behaviour as `s.NAME`, which a
        // method of the scene object (`s:now()`) would take.
        guard !SpecSceneNames.taken.contains(name) else {
            throw UsageFailure("`\(name)` is the name of \(name == "controls" || name == "behaviours" ? "the table `s.\(name)`" : "the method `s:\(name)(…)`") of a spec's scene, so specs could not reach the behaviour as `s.\(name)`; choose another name (for example `\(name)_button`)")
        }
        self.name = name
        className = name.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        var outlets: [(String, String)] = []
        for spec in specs {
            let parts = spec.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, Starter.isName(parts[0]) else {
                throw UsageFailure("--outlet takes NAME:TYPE with a Lua name (for example button:Button), not `\(spec)`")
            }
            guard ControlTypes.named(parts[1]) != nil else {
                throw UsageFailure("--outlet \(spec): \(ControlTypes.unknown(parts[1]).message)")
            }
            guard !ScriptAPI.behaviourFields.contains(parts[0]), !ScriptAPI.lifecycleMethods.contains(parts[0]),
                  parts[0] != name, parts[0] != "count" else {
                throw UsageFailure("--outlet \(spec): `\(parts[0])` is taken (by every behaviour, or by the starter); choose another name")
            }
            guard !outlets.contains(where: { $0.0 == parts[0] }) else {
                throw UsageFailure("--outlet \(parts[0]) is given twice")
            }
            outlets.append((parts[0], parts[1]))
        }
        self.outlets = outlets
    }

    /// A Lua name of at most 64 characters that starts with a letter.
    static func isName(_ text: String) -> Bool {
        LuaLexer.isName(text) && text.count <= 64 && text.first?.isLetter == true
    }

    /// The first outlet that sends an event, and the event the starter
    /// counts.
    var trigger: (outlet: String, type: String, event: String)? {
        for outlet in outlets {
            guard let events = ControlTypes.named(outlet.type)?.schema.events, !events.isEmpty else { continue }
            let event = events.contains("touchUpInside") ? "touchUpInside"
                : events.contains("editingChanged") ? "editingChanged" : events[0]
            return (outlet.name, outlet.type, event)
        }
        return nil
    }

    /// The first outlet that shows text and sends nothing (a `Label`):
    /// the starter shows its count there.
    var display: String? {
        outlets.first { outlet in
            guard let schema = ControlTypes.named(outlet.type)?.schema else { return false }
            return schema.index(of: "text") != nil && schema.events.isEmpty
        }?.name
    }

    private var outletTable: String {
        outlets.map { "\($0.name) = \"\($0.type)\"" }.joined(separator: ", ")
    }

    var script: String {
        var awake = "  self.count = 0\n"
        let show = display.map { "  self.\($0).text = tostring(self.count)\n" } ?? ""
        awake += show
        if let trigger {
            awake += "  self.\(trigger.outlet):on(\"\(trigger.event)\", function() self:increment() end)\n"
        }
        return """
            -- \(name): a behaviour. Try it:
            --   behave test \(name)_spec.lua      the specs beside it
            --   behave run \(name).scene.yaml     its scene (type `help` at the prompt)
            --   behave check \(name).lua          mistakes, with their line and fix
            ---@class \(className)
            local \(className) = behaviour {
              name = "\(className)",
              outlets = { \(outletTable) },
              inspectables = { step = 1 },
              events = { "valueChanged" },
            }

            -- Called once, when the outlets and inspectables are set.
            function \(className):awake()
            \(awake)end

            -- An action: a scene can wire any control's event to it. Helpers
            -- that are no action start with _ or are local functions.
            function \(className):increment()
              self.count = self.count + self.step
            \(show)  self:send("valueChanged")
            end

            return \(className)

            """
    }

    var scene: String {
        // A control with a title shows its outlet's name, so that a window
        // (`behave window`) or `show` does not draw an empty button.
        let controls = outlets.map { outlet in
            let titled = ControlTypes.named(outlet.type)?.schema.index(of: "title") != nil
            return "  \(outlet.name): { type: \(outlet.type)\(titled ? ", title: \(outlet.name)" : "") }"
        }.joined(separator: "\n")
        let wiring = outlets.map { "\($0.name): \($0.name)" }.joined(separator: ", ")
        return """
            # The screen of \(name).lua: `behave run \(name).scene.yaml`.
            screen: \(className)
            controls:
            \(controls)
            behaviours:
              \(name):
                script: \(name).lua
                outlets: { \(wiring) }
                inspectables: { step: 1 }

            """
    }

    var spec: String {
        var act: String
        switch trigger {
        case let trigger? where trigger.type == "Button":
            act = "s:tap(\"\(trigger.outlet)\")"
        case let trigger?:
            act = "s:send(\"\(trigger.outlet)\", \"\(trigger.event)\")"
        case nil:
            act = "s:advance(0)"
        }
        let expected = trigger == nil ? 0 : 1
        return """
            -- Specs of \(name).lua: `behave test \(name)_spec.lua`.
            describe("\(name)", function()
              it("starts at 0", function()
                local s = scene.script("\(name).lua")
                assert.equals(0, s.\(name).count)
              end)

              it("counts what the user does", function()
                local s = scene.script("\(name).lua")
                \(act)
                assert.equals(\(expected), s.\(name).count)\(display.map { "\n    assert.equals(\"\(expected)\", s.\($0).text)" } ?? "")
              end)

              it("runs in its scene", function()
                local s = scene.load("\(name).scene.yaml")
                \(act)
                assert.equals(\(expected), s.\(name).count)
              end)
            end)

            """
    }
}
