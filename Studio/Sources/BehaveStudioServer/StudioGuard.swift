import BehaveStudio
import HTTPTypes
import Hummingbird
import NIOCore

/// Every HTTP answer of the studio: only to requests that name the studio
/// as their host (no DNS rebinding), with headers that keep the page to
/// its own files (a content security policy without inline scripts, no
/// framing, no sniffing, no caching).
struct StudioGuard: RouterMiddleware {
    typealias Context = BasicRequestContext
    let address: BoundAddress

    static let securityHeaders: HTTPFields = [
        .contentSecurityPolicy: "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        .xContentTypeOptions: "nosniff",
        HTTPField.Name("X-Frame-Options")!: "DENY",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        .cacheControl: "no-store",
        HTTPField.Name("Cross-Origin-Resource-Policy")!: "same-origin",
    ]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let address = address.current, address.allowsHost(request.head.authority) else {
            return StudioGuard.text(.misdirectedRequest, "this server answers requests for 127.0.0.1 only\n")
        }
        var response = try await next(request, context)
        for field in StudioGuard.securityHeaders { response.headers[field.name] = field.value }
        return response
    }

    static var notFound: Response { text(.notFound, "not found\n") }

    static func text(_ status: HTTPResponse.Status, _ text: String) -> Response {
        var response = Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"],
                                body: .init(byteBuffer: ByteBuffer(string: text)))
        for field in securityHeaders { response.headers[field.name] = field.value }
        return response
    }

    static func file(_ bytes: [UInt8], type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
