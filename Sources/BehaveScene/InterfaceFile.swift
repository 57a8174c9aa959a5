import BehaveCore
import BehaveLua
import Foundation

/// A scene's `ui:` file: a GtkBuilder file for GTK 4, beside the scene or
/// below it, read only as a regular file of bounded size (a FIFO named
/// `settings.ui` would block whoever opened it). The scene assembler checks
/// it, and a host that binds its widgets (`SceneLoader.interfaceFile(of:)`)
/// takes only a file that passed, so a mistake is told once, at the
/// scene's line, before any toolkit reads the file. With no toolkit, the
/// values its widgets were drawn with are read from it (`InterfaceDrawing`).
enum InterfaceFile {
    /// The real path of the file `written` names, from `directory`;
    /// throws the mistake, naming the file as written.
    static func check(_ written: String, directory: String?, access: FileAccess) throws(ValueError) -> String {
        try read(written, directory: directory, access: access).path
    }

    /// `; did you mean `app.ui`?` for a `.ui` file of the folder `written`
    /// names whose name is near; empty when none is.
    private static func nearest(to written: String, directory: String?) -> String {
        let names = LuaScript.files(besides: written, relativeTo: directory, endingWith: ".ui")
        return Suggestions.nearest(to: written, in: names).map { "; did you mean `\($0)`?" } ?? ""
    }

    /// The real path and the bytes of the file `written` names, checked as
    /// `check` does.
    static func read(_ written: String, directory: String?, access: FileAccess) throws(ValueError) -> (path: String, bytes: [UInt8]) {
        guard written.hasSuffix(".ui") else {
            throw ValueError("`ui` names a GtkBuilder file ending in .ui, not `\(written)`")
        }
        let path = PhotoLibrary.resolve(written, relativeTo: directory)
        guard let found = try access.check(path, shown: written) else {
            throw ValueError("\(written): no such file (a `ui` file is looked for beside the scene)" + nearest(to: written, directory: directory))
        }
        let bytes: [UInt8]
        do throws(ValueError) {
            bytes = try access.contents(of: found, maximumBytes: SceneLoader.maximumBytes)
        } catch {
            throw ValueError("\(written): \(error.message)")
        }
        if let line = gtk3Line(in: bytes) {
            throw ValueError("\(written):\(line): the file is for GTK 3 (`<requires lib=\"gtk+\" …/>`, as Glade writes it), "
                             + "and behave window runs GTK 4; convert it with "
                             + "`gtk4-builder-tool simplify --3to4 --replace \(written)`, or draw it in Cambalache")
        }
        return (found, bytes)
    }

    /// The line of a `<requires lib="gtk+" …/>`, GTK 3's library name
    /// (GTK 4's is `gtk`).
    static func gtk3Line(in bytes: [UInt8]) -> Int? {
        let text = String(decoding: bytes, as: UTF8.self)
        var line = 1
        for row in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            if row.contains("<requires"), row.contains("lib=\"gtk+\"") || row.contains("lib='gtk+'") { return line }
            line += 1
        }
        return nil
    }
}
