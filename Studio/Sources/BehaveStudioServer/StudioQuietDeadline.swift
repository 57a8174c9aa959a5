import NIOCore

/// Closes a connection on which the studio has had nothing to answer for
/// `limit`: a request that is not all there by then (a client that sends
/// its headers or body a byte at a time, or opens a connection and sends
/// nothing), or a kept-alive connection left idle. Such clients would
/// otherwise hold the server's connections (`StudioServer.maximumConnections`)
/// for as long as they liked and lock the page out. It sits first in the
/// pipeline, below HTTP, and watches bytes only: every write the server
/// makes arms it again. A page's WebSocket, which may rightly be quiet for
/// minutes, takes it out once upgraded (`StudioSocket`).
final class StudioQuietDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    /// Its name in the pipeline, by which the WebSocket removes it.
    static let name = "behave-studio-quiet-deadline"

    private let limit: TimeAmount
    private var deadline: Scheduled<Void>?

    init(limit: TimeAmount) {
        self.limit = limit
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        arm(context)
        context.write(data, promise: promise)
    }

    private func arm(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: limit) {
            context.close(promise: nil)
        }
    }
}
