import BehaveCore
import Foundation
import XCTest

/// The scene's thread is the one that made it, for as long as it lives: a
/// thread made after it ended (a worker's, a task's) may get the same
/// pthread id, and is another thread all the same.
final class SceneThreadTests: XCTestCase {
    func testAThreadThatTakesTheIdOfTheScenesEndedThreadIsNotTheScenes() {
        let made = Box<SceneThread>()
        let madeOn = runToItsEnd { made.value = SceneThread.current }
        var sameID = 0, passed = 0
        for _ in 0..<20 {
            let isCurrent = Box<Bool>()
            let ranOn = runToItsEnd { isCurrent.value = made.value?.isCurrent }
            if pthread_equal(ranOn, madeOn) != 0 { sameID += 1 }
            if isCurrent.value == true { passed += 1 }
        }
        XCTAssertEqual(passed, 0, "a later thread passed for the scene's (\(sameID) of 20 had its pthread id)")
        XCTAssertEqual(made.value?.isCurrent, false)
        XCTAssertTrue(SceneThread.current.isCurrent)
    }
}

/// What a thread of the test sets (it has ended before it is read).
private final class Box<T>: @unchecked Sendable {
    var value: T?
}

/// Runs `body` on a thread of its own, joined (so it has ended) before
/// this returns its id.
private func runToItsEnd(_ body: @escaping () -> Void) -> pthread_t {
    let context = Unmanaged.passRetained(body as AnyObject)
    #if canImport(Glibc)
    var thread = pthread_t()
    #else
    var thread: pthread_t?
    #endif
    let created = pthread_create(&thread, nil, { raw in
        let unmanaged = Unmanaged<AnyObject>.fromOpaque(raw!)
        (unmanaged.takeRetainedValue() as! () -> Void)()
        return nil
    }, context.toOpaque())
    precondition(created == 0, "no thread")
    #if canImport(Glibc)
    pthread_join(thread, nil)
    return thread
    #else
    pthread_join(thread!, nil)
    return thread!
    #endif
}
