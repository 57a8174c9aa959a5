@testable import BehaveStudio
import XCTest

/// Messages from the page: only the studio's few kinds, one line each,
/// names as commands write them, bounded.
final class StudioMessageTests: XCTestCase {
    func testTheKindsOfMessage() throws {
        XCTAssertEqual(try StudioMessage.parse(#"{"kind":"command","line":"tap wifi"}"#), .command("tap wifi"))
        XCTAssertEqual(try StudioMessage.parse(#"{"kind":"set","object":"toggle","property":"animated","value":"true"}"#),
                       .set(object: "toggle", property: "animated", value: "true"))
        XCTAssertEqual(try StudioMessage.parse(#"{"kind":"clock","running":false}"#), .clock(running: false))
        XCTAssertEqual(try StudioMessage.parse(#"{"kind":"step","seconds":0.1}"#), .step(0.1))
    }

    func testWhatIsRefused() {
        let refused = [
            "", "[]", "42", #"{"line":"tap wifi"}"#, #"{"kind":"shell","line":"ls"}"#,
            #"{"kind":"command"}"#, #"{"kind":"command","line":"tap wifi\nquit"}"#,
            #"{"kind":"command","line":"tap\u0000wifi"}"#,
            #"{"kind":"set","object":"a.b","property":"c","value":"1"}"#,
            #"{"kind":"set","object":"a","property":"c d","value":"1"}"#,
            #"{"kind":"set","object":"a","property":"c=1","value":"1"}"#,
            #"{"kind":"set","object":"","property":"c","value":"1"}"#,
            #"{"kind":"set","object":"a","property":"c","value":"1\r"}"#,
            #"{"kind":"step","seconds":0}"#, #"{"kind":"step","seconds":-1}"#, #"{"kind":"step","seconds":61}"#,
            #"{"kind":"step","seconds":"1"}"#, #"{"kind":"clock","running":"yes"}"#,
            #"{"kind":"command","line":""# + String(repeating: "x", count: StudioMessage.maximumBytes) + #""}"#,
        ]
        for text in refused {
            XCTAssertThrowsError(try StudioMessage.parse(text), String(text.prefix(80)))
        }
    }
}
