import BehaveStudio
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import Synchronization

/// The studio's server: the page's own files, the scene's photos and
/// images, and one WebSocket per page (`/socket`), on 127.0.0.1 only.
struct StudioServer {
    let host: StudioHost
    let port: Int

    /// Connections at once, at most (pages, their files, their sockets).
    static let maximumConnections = 64
    /// How long a connection that is not a page's WebSocket may go without
    /// the studio having anything to answer: a request must be all there
    /// by then, and a kept-alive connection closes (the browser opens
    /// another). A browser sends a request at once; a client that sends
    /// one slowly, or nothing, gives its place back this soon.
    static let quietLimit = TimeAmount.seconds(10)

    struct BindFailure: Error {
        var message: String
    }

    func run() async throws {
        let address = BoundAddress()
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: StudioGuard(address: address))
        router.get("/photos/:name") { [host] _, context -> Response in
            guard let name = context.parameters.get("name")?.removingPercentEncoding,
                  let photo = host.photos.file(named: name) else { return StudioGuard.notFound }
            return StudioGuard.file(photo.bytes, type: photo.type)
        }
        router.get("/images/:name") { [host] _, context -> Response in
            guard let name = context.parameters.get("name")?.removingPercentEncoding,
                  let image = host.images.file(named: name) else { return StudioGuard.notFound }
            return StudioGuard.file(image.bytes, type: image.type)
        }
        router.get("/socket") { _, _ -> Response in
            Response(status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                     body: .init(byteBuffer: ByteBuffer(string: "WebSocket connections are taken from the studio's own page only\n")))
        }
        let page: @Sendable (Request, BasicRequestContext) async throws -> Response = { request, _ in
            guard let asset = StudioAssets.file(at: request.uri.path) else { return StudioGuard.notFound }
            return StudioGuard.file(asset.bytes, type: asset.type)
        }
        router.get("/", use: page)
        router.get("**", use: page)
        let socket = StudioSocket(host: host, address: address)
        var logger = Logger(label: "behave-studio")
        logger.logLevel = .critical
        let app = Application(
            router: router,
            server: HTTPServerBuilder { responder in
                StudioChannel(inner: HTTP1WebSocketUpgradeChannel(
                    responder: responder,
                    configuration: .init(ws: .init(maxFrameSize: StudioSocket.maximumFrame))
                ) { request, channel, _ in
                    socket.shouldUpgrade(request, channel: channel)
                }, quietLimit: StudioServer.quietLimit)
            },
            configuration: .init(address: .hostname(StudioAddress.host, port: port), serverName: nil,
                                 availableConnectionsDelegate: MaximumAvailableConnections(StudioServer.maximumConnections)),
            onServerRunning: { channel in
                let bound = StudioAddress(port: channel.localAddress?.port ?? port)
                address.set(bound)
                print("Behave Studio: \(bound.url)  (Ctrl-C stops it)")
                fflush(nil)
            },
            logger: logger
        )
        do {
            try await app.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw BindFailure(message: "port \(port) is in use: pick another with --port N (0: any free port)")
        }
    }
}

/// The address the server listens on, once it is bound (the port may be
/// chosen by the system).
final class BoundAddress: Sendable {
    private let value = Mutex<StudioAddress?>(nil)

    func set(_ address: StudioAddress) { value.withLock { $0 = address } }

    var current: StudioAddress? { value.withLock { $0 } }
}
