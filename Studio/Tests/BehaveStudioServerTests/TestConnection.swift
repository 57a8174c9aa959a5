import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection to the studio on 127.0.0.1, as blunt as a hostile
/// client: it sends what it is given when it is given it, and reads only
/// when asked.
final class TestConnection: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let socket: Int32

    /// `receiveBuffer`: the kernel's buffer for what the studio sends (a
    /// small one fills at once when nothing is read).
    init(port: Int, receiveBuffer: Int32? = nil) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if var size = receiveBuffer {
            setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw Failure(description: "cannot connect to port \(port): errno \(errno)")
        }
    }

    deinit { close(socket) }

    /// Sends all of `text`; false when the studio has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    /// What arrives within `timeout` seconds, up to `count` bytes: nil when
    /// the studio closed the connection, empty when nothing came.
    func receive(upTo count: Int = 65536, timeout: Double) -> [UInt8]? {
        var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1000)) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, count, 0) }
        guard read > 0 else { return nil }
        return Array(buffer[..<read])
    }

    /// Exactly `count` bytes, waiting at most `timeout` seconds in all;
    /// nil when they do not all come.
    func receive(exactly count: Int, timeout: Double) -> [UInt8]? {
        let deadline = Date().addingTimeInterval(timeout)
        var bytes: [UInt8] = []
        while bytes.count < count {
            let left = deadline.timeIntervalSinceNow
            guard left > 0, let more = receive(upTo: count - bytes.count, timeout: left), !more.isEmpty else { return nil }
            bytes += more
        }
        return bytes
    }

    /// Whether the studio closes the connection within `timeout` seconds
    /// (what it sent before is read and dropped).
    func isClosed(within timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            guard let bytes = receive(timeout: deadline.timeIntervalSinceNow) else { return true }
            if bytes.isEmpty { return false }
        }
        return false
    }

    // MARK: HTTP and WebSocket

    /// The status line of the answer to `GET path`, or nil when none came
    /// within `timeout` seconds.
    static func get(_ path: String, port: Int, timeout: Double) throws -> String? {
        let connection = try TestConnection(port: port)
        connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        guard let head = connection.receive(upTo: 200, timeout: timeout), !head.isEmpty else { return nil }
        return String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")[0]
    }

    /// Opens the page's WebSocket, with the studio's own Origin; the
    /// status line of the answer.
    func openSocket(port: Int) -> String? {
        send("GET /socket HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
             + "Origin: http://127.0.0.1:\(port)\r\n\r\n")
        var head: [UInt8] = []
        while !head.ends(with: Array("\r\n\r\n".utf8)) {
            guard let byte = receive(exactly: 1, timeout: 5) else { return nil }
            head += byte
        }
        return String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")[0]
    }

    /// Sends a text message, masked as a client must.
    @discardableResult
    func sendMessage(_ text: String) -> Bool {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]
        switch payload.count {
        case ..<126: frame.append(0x80 | UInt8(payload.count))
        case ..<65536: frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: frame.append(0x80 | 127); frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return send(frame)
    }

    /// The next frame the studio sends (it never masks): its opcode (1
    /// text, 8 close) and payload; nil when none comes within `timeout`.
    func receiveFrame(timeout: Double) -> (opcode: UInt8, payload: [UInt8])? {
        guard let head = receive(exactly: 2, timeout: timeout) else { return nil }
        var length = Int(head[1] & 0x7F)
        if length >= 126 {
            guard let extended = receive(exactly: length == 126 ? 2 : 8, timeout: timeout) else { return nil }
            length = extended.reduce(0) { $0 << 8 | Int($1) }
        }
        guard let payload = receive(exactly: length, timeout: timeout) else { return nil }
        return (head[0] & 0x0F, payload)
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
