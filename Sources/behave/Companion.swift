import Foundation

/// A program a `behave` command runs, which is built apart so that
/// building `behave` never builds what it needs: `behave-studio` (a web
/// server, the package in `Studio/`) and `behave-window` (GTK 4, the
/// package in `Hosts/GTK/`). It is looked for beside this binary, as
/// `install` leaves them, then, for a development build in a checkout,
/// where the checkout's package builds it.
struct Companion {
    /// The program's name (`behave-studio`).
    let name: String
    /// The command that runs it (`studio`).
    let command: String
    /// Its package's folder in the checkout (`Studio`, `Hosts/GTK`).
    let package: String
    /// What must be installed first, for the message when it is missing.
    var needs: String?

    static let studio = Companion(name: "behave-studio", command: "studio", package: "Studio")
    static let window = Companion(name: "behave-window", command: "window", package: "Hosts/GTK",
                                  needs: "GTK 4 (bash .ci/install --gtk installs libgtk-4-dev)")

    /// A development build: `behave` at `CHECKOUT/.build/SUBPATH/behave` in
    /// a checkout that has the companion's package. The companion builds at
    /// `CHECKOUT/PACKAGE/.build/SUBPATH/NAME` (the same triple and
    /// configuration).
    struct Checkout: Equatable {
        var root: URL
        /// The folders between `.build` and the binary (`x86_64-unknown-linux-gnu/debug`).
        var subpath: [String]
        var package: String

        init?(behave: URL, package: String) {
            let folders = Array(behave.standardizedFileURL.pathComponents.dropLast())
            guard let build = folders.lastIndex(of: ".build"), build > 0 else { return nil }
            root = URL(fileURLWithPath: NSString.path(withComponents: Array(folders[..<build])), isDirectory: true)
            subpath = Array(folders[(build + 1)...])
            self.package = package
            guard FileManager.default.fileExists(atPath: root.appendingPathComponent("\(package)/Package.swift").path) else {
                return nil
            }
        }

        /// Where the package builds `name`.
        func binary(_ name: String) -> URL {
            subpath.reduce(root.appendingPathComponent("\(package)/.build")) { $0.appendingPathComponent($1) }
                .appendingPathComponent(name)
        }

        /// The command that builds it there, run in the checkout.
        var buildCommand: String {
            (subpath.last == "release" ? "swift build -c release" : "swift build") + " --package-path \(package)"
        }
    }

    /// Where the program may be, in the order they are tried.
    func places(behave: URL) -> [URL] {
        [behave.deletingLastPathComponent().appendingPathComponent(name)]
            + [Checkout(behave: behave, package: package)?.binary(name)].compactMap { $0 }
    }

    /// Why the program was not found, naming every place looked at and
    /// what puts it there.
    func missing(behave: URL) -> String {
        let beside = behave.deletingLastPathComponent().appendingPathComponent(name).path
        let first = needs.map { "; it needs \($0)" } ?? ""
        if let checkout = Checkout(behave: behave, package: package) {
            return "behave \(command) runs \(name), found neither beside behave (\(beside)) nor where the checkout's \(package) package builds it (\(checkout.binary(name).path)); build it in \(checkout.root.path) with `\(checkout.buildCommand)`\(first)"
        }
        return "behave \(command) runs \(name), which is not beside behave (\(beside)); build it in Behave's checkout with `swift build -c release --package-path \(package)` and install it beside behave: `install \(package)/.build/release/\(name) \(behave.deletingLastPathComponent().path)/`\(first)"
    }

    /// Runs the program in place of this process with `arguments`; returns
    /// only when it cannot (status 2, with the reason on standard error).
    func exec(_ arguments: [String]) -> Int32 {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        guard let program = places(behave: me).first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })?.path else {
            writeError(missing(behave: me))
            return 2
        }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        fflush(nil)
        execv(program, argv)
        writeError("cannot run \(program): \(String(cString: strerror(errno)))")
        return 2
    }
}
