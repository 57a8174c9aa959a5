import BehaveCore
@testable import BehaveStudio
import Foundation
import XCTest

/// What the server may serve: the page's own files by name, and the
/// photos of the scene's library, never a path built from a request.
final class StudioFilesTests: XCTestCase {
    func testThePagesOwnFiles() throws {
        let page = try XCTUnwrap(StudioAssets.file(at: "/"))
        XCTAssertEqual(page.type, "text/html; charset=utf-8")
        XCTAssert(String(decoding: page.bytes, as: UTF8.self).contains("<title>Behave Studio</title>"))
        XCTAssertEqual(StudioAssets.file(at: "/js/main.js")?.type, "text/javascript; charset=utf-8")
        XCTAssertEqual(StudioAssets.file(at: "/studio.css")?.type, "text/css; charset=utf-8")
        for path in ["/../Package.swift", "/js/../index.html", "/Page/index.html", "/index.html/", "/js",
                     "/%2e%2e/Package.swift", "//etc/passwd", "/nothing.js"] {
            XCTAssertNil(StudioAssets.file(at: path), path)
        }
    }

    func testNoScriptInlineInThePage() throws {
        // The content security policy allows the page's own script files
        // only: an inline script or handler would not run, and none is written.
        for name in StudioAssets.names where name.hasSuffix(".html") {
            let text = String(decoding: try XCTUnwrap(StudioAssets.file(at: "/" + name)).bytes, as: UTF8.self)
            XCTAssertNil(text.range(of: #"<script(?![^>]*\bsrc=)"#, options: .regularExpression), name)
            XCTAssertNil(text.range(of: #"\son[a-z]+="#, options: .regularExpression), name)
        }
        for name in StudioAssets.names where name.hasSuffix(".js") {
            let text = String(decoding: try XCTUnwrap(StudioAssets.file(at: "/" + name)).bytes, as: UTF8.self)
            for unsafe in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"] {
                XCTAssertFalse(text.contains(unsafe), "\(name) uses \(unsafe): scene text must go in as text")
            }
        }
    }

    func testPhotosByTheirNamesInTheLibraryOnly() throws {
        let folder = try temporaryFolder(self)
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let examplePhotos = repository.appendingPathComponent("Examples/ImagePicker/photos")
        try FileManager.default.copyItem(at: examplePhotos.appendingPathComponent("badge.png"),
                                         to: photos.appendingPathComponent("badge.png"))
        try FileManager.default.copyItem(at: examplePhotos.appendingPathComponent("pebble.jpg"),
                                         to: photos.appendingPathComponent("pebble.jpg"))
        let library = try PhotoLibrary.load(folder: photos.path)
        let served = StudioImageFiles(library)
        XCTAssertEqual(served.names, ["badge.png", "pebble.jpg"])
        XCTAssertEqual(served.file(named: "badge.png")?.type, "image/png")
        XCTAssertEqual(served.file(named: "pebble.jpg")?.type, "image/jpeg")
        for name in ["../photos/badge.png", "nothing.png", "", ".", "..", "/etc/passwd", "photos/badge.png"] {
            XCTAssertNil(served.file(named: name), name)
        }
        // A photo replaced, after the library was read, by a link out of
        // the folder or by a file that is no image, is not served.
        let secret = folder.appendingPathComponent("secret.png")
        try FileManager.default.copyItem(at: examplePhotos.appendingPathComponent("badge.png"), to: secret)
        try FileManager.default.removeItem(at: photos.appendingPathComponent("badge.png"))
        try FileManager.default.createSymbolicLink(at: photos.appendingPathComponent("badge.png"), withDestinationURL: secret)
        XCTAssertNil(served.file(named: "badge.png"))
        try Data("not an image".utf8).write(to: photos.appendingPathComponent("pebble.jpg"))
        XCTAssertNil(served.file(named: "pebble.jpg"))
        XCTAssertNil(StudioImageFiles.none.file(named: "badge.png"))
    }

    func testAPhotoFolderSwappedForALinkAfterItWasReadIsNotServed() throws {
        let folder = try temporaryFolder(self)
        let photos = folder.appendingPathComponent("photos"), elsewhere = folder.appendingPathComponent("elsewhere")
        let badge = repository.appendingPathComponent("Examples/ImagePicker/photos/badge.png")
        for place in [photos, elsewhere] {
            try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: badge, to: place.appendingPathComponent("badge.png"))
        }
        let served = StudioImageFiles(try PhotoLibrary.load(folder: photos.path))
        XCTAssertEqual(served.file(named: "badge.png")?.type, "image/png")
        // The folder itself, not a file in it, now leads elsewhere.
        try FileManager.default.moveItem(at: photos, to: folder.appendingPathComponent("old"))
        try FileManager.default.createSymbolicLink(at: photos, withDestinationURL: elsewhere)
        XCTAssertNil(served.file(named: "badge.png"))
    }

    func testOnlyTheStudiosOwnHostAndOrigin() {
        let address = StudioAddress(port: 8470)
        XCTAssertEqual(address.url, "http://127.0.0.1:8470/")
        XCTAssert(address.allowsHost("127.0.0.1:8470"))
        XCTAssert(address.allowsHost("localhost:8470"))
        for host in [nil, "", "127.0.0.1", "127.0.0.1:8471", "evil.example:8470", "evil.example", "127.0.0.1:8470.evil"] {
            XCTAssertFalse(address.allowsHost(host), host ?? "nil")
        }
        XCTAssert(address.allowsOrigin("http://127.0.0.1:8470"))
        XCTAssert(address.allowsOrigin("http://localhost:8470"))
        for origin in [nil, "null", "", "http://127.0.0.1:8471", "https://127.0.0.1:8470", "http://evil.example",
                       "http://127.0.0.1:8470.evil.example", "http://127.0.0.1"] {
            XCTAssertFalse(address.allowsOrigin(origin), origin ?? "nil")
        }
    }
}
