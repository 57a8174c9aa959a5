import Foundation
import XCTest

/// A page's socket is untrusted input: messages that are not JSON, nested
/// without end, of unknown kinds, for controls that do not exist, a frame
/// of megabytes, thousands at once. The studio stays up, answers the other
/// pages, and its memory stays bounded.
final class HostileMessageTests: XCTestCase {
    func testMalformedHugeAndFloodingMessagesLeaveTheStudioAnsweringOthers() throws {
        let studio = try StudioServerProcess.toggle()
        defer { studio.stop() }
        let page = try studio.pausedPage()
        let before = studio.residentBytes

        let hostile = try TestConnection(port: studio.port)
        XCTAssertEqual(hostile.openSocket(port: studio.port), "HTTP/1.1 101 Switching Protocols")
        let nested = String(repeating: "[", count: 30000) + String(repeating: "]", count: 30000)
        for text in ["not json", "{", nested, #"{"kind": "launch"}"#, #"{"kind": "command", "line": "tap nothingHere"}"#,
                     #"{"kind": "set", "object": "ghost", "property": "alpha", "value": "1"}"#] {
            XCTAssertTrue(hostile.sendMessage(text))
        }
        // Thousands of messages, as fast as the socket takes them, each for
        // another name.
        for index in 0..<5000 {
            guard hostile.sendMessage(#"{"kind": "set", "object": "ghost\#(index)", "property": "alpha", "value": "1"}"#) else { break }
            if index % 200 == 0 { _ = hostile.receive(timeout: 0) }
        }
        // A frame of 10 MB (longer than a message may be): its sender is
        // sent away.
        let huge = try TestConnection(port: studio.port)
        XCTAssertEqual(huge.openSocket(port: studio.port), "HTTP/1.1 101 Switching Protocols")
        huge.sendMessage(String(repeating: "x", count: 10 << 20))
        XCTAssertTrue(huge.isClosed(within: 10), "a 10 MB frame was taken")

        XCTAssertTrue(studio.isRunning)
        // The other page is still answered: a step moves the clock it is sent.
        let draining = Date().addingTimeInterval(10)
        while Date() < draining, let frame = page.receiveFrame(timeout: 1), frame.opcode == 1 {}
        XCTAssertTrue(page.sendMessage(#"{"kind": "command", "line": "tap wifi"}"#))
        var answered = false
        let deadline = Date().addingTimeInterval(10)
        while !answered, Date() < deadline, let frame = page.receiveFrame(timeout: 5) {
            answered = frame.opcode == 1 && String(decoding: frame.payload, as: UTF8.self).contains("toggle-on")
        }
        XCTAssertTrue(answered, "the page was not answered after the hostile messages")
        if let before, let after = studio.residentBytes {
            XCTAssertLessThan(after - before, 64 << 20, "the studio's memory grew by \(after - before) bytes")
        }
    }
}
