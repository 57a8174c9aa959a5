import ArgumentParser

struct Types: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "placeholder")
    func run() throws {}
}
