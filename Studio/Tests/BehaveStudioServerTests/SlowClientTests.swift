import Foundation
import XCTest

/// Clients that connect and then take their time must not lock the page
/// out: the studio takes `StudioServer.maximumConnections` (64) at once and
/// `StudioHost.maximumSubscriptions` (16) pages, so each of those places
/// has to come back from a client that holds it without using it.
final class SlowClientTests: XCTestCase {
    /// The server's limits, as a client sees them (its quiet limit and
    /// stall limit are 10 s; the tests allow a few seconds more).
    let connections = 64
    let pages = 16
    let patience = 16.0

    func testClientsThatSendAByteASecondDoNotLockThePageOut() throws {
        let studio = try StudioServerProcess.toggle()
        defer { studio.stop() }
        XCTAssertEqual(try TestConnection.get("/", port: studio.port, timeout: 5), "HTTP/1.1 200 OK")
        // Every place taken: half send their headers a byte a second, half
        // send a whole head and then a long body a byte a second.
        let slow = try (0..<connections).map { _ in try TestConnection(port: studio.port) }
        for (index, connection) in slow.enumerated() where index % 2 == 1 {
            connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(studio.port)\r\nContent-Length: 1000000\r\n\r\n")
        }
        let dripping = Dripping(slow)
        defer { dripping.stop() }
        // The page still loads, once the slow ones have had their time.
        let started = Date()
        let answer = try TestConnection.get("/", port: studio.port, timeout: patience)
        XCTAssertEqual(answer, "HTTP/1.1 200 OK", "the page did not load while \(connections) slow clients were connected")
        XCTAssertLessThan(Date().timeIntervalSince(started), patience)
        // And every slow client was sent away within the quiet limit (the
        // page may have loaded sooner, as on a busy machine, where the
        // server took the page's connection before all of theirs).
        let closing = started.addingTimeInterval(patience + 2)
        let kept = slow.indices.filter { !slow[$0].isClosed(within: max(0.05, closing.timeIntervalSinceNow)) }
        XCTAssertEqual(kept, [], "slow clients still connected")
    }

    func testAConnectionThatSendsNothingIsClosed() throws {
        let studio = try StudioServerProcess.toggle()
        defer { studio.stop() }
        // A page with its clock paused has nothing to say for as long: it stays.
        let page = try studio.pausedPage()
        let silent = try TestConnection(port: studio.port)
        XCTAssertTrue(silent.isClosed(within: patience), "a connection that sent nothing was kept")
        // A kept-alive connection left idle after its answer is closed too.
        let idle = try TestConnection(port: studio.port)
        idle.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(studio.port)\r\n\r\n")
        XCTAssertTrue(idle.isClosed(within: patience), "an idle kept-alive connection was kept")
        while let frame = page.receiveFrame(timeout: 0.5), frame.opcode == 1 {}
        XCTAssertTrue(page.sendMessage(#"{"kind": "step", "seconds": 0.5}"#))
        let frame = page.receiveFrame(timeout: 5)
        XCTAssertEqual(frame?.opcode, 1, "the quiet page was dropped")
    }

    func testPagesThatStopReadingAreDroppedSoThePageCanConnect() throws {
        let studio = try StudioServerProcess.toggle()
        defer { studio.stop() }
        // Every page's place but one taken by a client that never reads
        // what it is sent; the last by one that changes the scene a lot
        // (each tap lengthens the timeline every page is sent).
        let stalled = try (1..<pages).map { _ in try TestConnection(port: studio.port, receiveBuffer: 2048) }
        for connection in stalled { XCTAssertEqual(connection.openSocket(port: studio.port), "HTTP/1.1 101 Switching Protocols") }
        let driver = try TestConnection(port: studio.port)
        XCTAssertEqual(driver.openSocket(port: studio.port), "HTTP/1.1 101 Switching Protocols")
        let tap = {
            for _ in 0..<20 {
                driver.sendMessage(#"{"kind": "command", "line": "tap wifi"}"#)
                _ = driver.receive(timeout: 0.02)
            }
        }
        // A page that reads connects, once the ones that do not have been dropped.
        let deadline = Date().addingTimeInterval(patience + 10)
        var last = "nothing"
        while Date() < deadline {
            tap()
            let page = try TestConnection(port: studio.port)
            guard page.openSocket(port: studio.port) == "HTTP/1.1 101 Switching Protocols",
                  let frame = page.receiveFrame(timeout: 5) else { continue }
            let text = String(decoding: frame.payload, as: UTF8.self)
            if frame.opcode == 1, text.contains(#""kind":"scene""#) { return }
            last = "opcode \(frame.opcode): \(text.prefix(80))"
        }
        XCTFail("a page that reads was still refused while \(pages - 1) pages did not read (last: \(last))")
    }
}

/// Sends one byte a second to each connection, on a thread of its own.
private final class Dripping: @unchecked Sendable {
    private let thread: Thread

    init(_ connections: [TestConnection]) {
        thread = Thread {
            let text = Array("ET / HTTP/1.1\r\nX-Slow: " + String(repeating: "a", count: 4096))
            var index = 0
            while !Thread.current.isCancelled {
                Thread.sleep(forTimeInterval: 1)
                for connection in connections { connection.send(String(text[index % text.count])) }
                index += 1
            }
        }
        thread.start()
    }

    func stop() { thread.cancel() }
}
