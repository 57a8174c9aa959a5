@testable import BehaveCore
import Foundation
import XCTest

/// `ImageFolder` (a folder of PNG and JPEG files as a catalogue) and how a
/// scene's catalogue sizes the images its controls and behaviours name.
final class ImageCatalogTests: XCTestCase {
    func testAFolderNamesEachFileWithoutItsExtension() throws {
        let folder = try temporaryFolder(["toggle-on.png": png(width: 64, height: 48), "photo.jpeg": jpeg(width: 30, height: 20),
                                          "v1.2.png": png(width: 1, height: 2), ".hidden": [1, 2, 3]])
        try FileManager.default.createDirectory(atPath: folder + "/drafts", withIntermediateDirectories: true)
        let images = try ImageFolder(folder: folder)
        XCTAssertEqual(images.names, ["photo", "toggle-on", "v1.2"])
        XCTAssertEqual(images.image(named: "toggle-on"), Image(name: "toggle-on", width: 64, height: 48))
        XCTAssertEqual(images.image(named: "photo"), Image(name: "photo", width: 30, height: 20))
        XCTAssertNil(images.image(named: "toggle-on.png"), "a name is the file's without its extension")
        XCTAssertNil(images.image(named: ".hidden"))
        XCTAssertEqual(images.files["toggle-on"], FileAccess.absolutePath(folder) + "/toggle-on.png")
        XCTAssertEqual(images.folder, folder)
        XCTAssertEqual(images.sized(.image(Image(name: "v1.2"))), .image(Image(name: "v1.2", width: 1, height: 2)))
        XCTAssertEqual(images.sized(.image(Image(name: "v1.2", width: 9, height: 9))), .image(Image(name: "v1.2", width: 9, height: 9)))
        XCTAssertEqual(images.sized(.image(Image(name: "nothing"))), .image(Image(name: "nothing")))
        XCTAssertEqual(images.sized(.string("toggle-on")), .string("toggle-on"))
    }

    func testEveryProblemOfAFolderNamesItsFile() throws {
        let folder = try temporaryFolder(["a.png": png(width: 1, height: 1), "a.jpg": jpeg(width: 1, height: 1),
                                          "b.png": png(width: 1, height: 1), "b.PNG": png(width: 1, height: 1),
                                          "readme.md": Array("# icons".utf8)])
        XCTAssertThrowsError(try ImageFolder(folder: folder)) { error in
            XCTAssertEqual((error as? PhotoLibrary.Failure)?.problems, [
                "\(folder): two images are named `a` (a.jpg and a.png); keep one",
                "\(folder): two images are named `b` (b.PNG and b.png); keep one",
                "\(folder)/readme.md: not a PNG or JPEG image (it looks like text); an images folder holds PNG and JPEG files only: move it out, or hide it (a name starting with a dot)",
            ])
        }
        XCTAssertThrowsError(try ImageFolder(folder: "icons/", relativeTo: folder)) { error in
            XCTAssertEqual((error as? PhotoLibrary.Failure)?.problems, ["icons/: no such folder"])
            XCTAssertEqual((error as? PhotoLibrary.Failure)?.isMissingFolder, true)
        }
        var many: [String: [UInt8]] = [:]
        for i in 0...PhotoLibrary.maximumEntries { many[".hidden\(i)"] = [] }
        let crowded = try temporaryFolder(many)
        XCTAssertThrowsError(try ImageFolder(folder: crowded)) { error in
            XCTAssertEqual((error as? PhotoLibrary.Failure)?.problems,
                           ["\(crowded): more than 4000 entries; an images folder holds at most 1000 images"])
        }
        // A folder a restricted reader may not read is refused before it is listed.
        let access = FileAccess(folders: [NSTemporaryDirectory() + "/nowhere-\(UUID().uuidString)"], description: "one folder")
        XCTAssertThrowsError(try ImageFolder(folder: folder, access: access)) { error in
            XCTAssertEqual((error as? PhotoLibrary.Failure)?.problems, ["\(folder): outside the folders a spec may read (one folder)"])
        }
    }

    func testASceneSizesWhatItsControlsAndBehavioursName() throws {
        let catalogue = try ImageFolder(folder: try temporaryFolder(["on.png": png(width: 8, height: 6),
                                                                    "toggle-off.png": png(width: 5, height: 4)]))
        let scene = Scene(screen: "S")
        let button = Button(name: "button")
        try button.set("image", to: .image(Image(name: "on")))
        let probe = Probe()  // its normalImage: toggle-off by default
        scene.imageCatalog = catalogue
        // Named before they met the catalogue: sized as they join the scene.
        scene.add(button)
        scene.attach(probe)
        probe.start()
        XCTAssertEqual(button.image, Image(name: "on", width: 8, height: 6))
        XCTAssertEqual(probe.inspectable("normalImage"), .image(Image(name: "toggle-off", width: 5, height: 4)))
        XCTAssertFalse(scene.trace.entries.contains { $0.message.hasPrefix("button.image") }, "a size filled in is no change")
        XCTAssertTrue(probe.changes.isEmpty)
        // Set in the scene: sized at once; a name it lacks stays bare.
        try button.set("image", to: .image(Image(name: "off")))
        XCTAssertEqual(button.image, Image(name: "off"))
        try button.set("image", to: .image(Image(name: "on")))
        XCTAssertEqual(button.image, Image(name: "on", width: 8, height: 6))
        try probe.setInspectable("normalImage", to: .image(Image(name: "on")))
        XCTAssertEqual(probe.inspectable("normalImage"), .image(Image(name: "on", width: 8, height: 6)))
        XCTAssertEqual(probe.changes.last?.2, .image(Image(name: "on", width: 8, height: 6)))
        // A catalogue set on a running scene sizes what is there.
        let later = Scene(screen: "L")
        let view = ImageView(name: "view")
        later.add(view)
        try view.set("image", to: .image(Image(name: "on")))
        XCTAssertEqual(view.image, Image(name: "on"))
        later.imageCatalog = catalogue
        XCTAssertEqual(view.image, Image(name: "on", width: 8, height: 6))
    }
}
