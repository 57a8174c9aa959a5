import BehaveSpec
import XCTest

/// `--shard K/N` and `--shuffle` from Swift: stable splits, repeatable
/// orders.
final class SpecOrderTests: XCTestCase {
    private let files = ["b_spec.lua", "a_spec.lua", "dir/c_spec.lua", "dir/a_spec.lua", "z_spec.lua"]

    func testShardsSplitTheFilesByPathRoundRobin() throws {
        let shards = (1...2).map { SpecShard("\($0)/2")!.select(files) }
        // Sorted: a, b, dir/a, dir/c, z; odd places to shard 1, in the order given.
        XCTAssertEqual(shards[0], ["a_spec.lua", "dir/a_spec.lua", "z_spec.lua"])
        XCTAssertEqual(shards[1], ["b_spec.lua", "dir/c_spec.lua"])
        for count in 1...7 {
            let union = (1...count).flatMap { SpecShard("\($0)/\(count)")!.select(files) }
            XCTAssertEqual(union.sorted(), files.sorted(), "\(count) shards: every file once")
            XCTAssertEqual((1...count).flatMap { SpecShard("\($0)/\(count)")!.select(files.reversed()) }.sorted(), files.sorted())
            XCTAssertEqual(Set(SpecShard("1/\(count)")!.select(files)), Set(SpecShard("1/\(count)")!.select(files.reversed())),
                           "the same files whatever the order they come in")
        }
    }

    func testOnlyKOfNIsAShard() {
        for text in ["1/1", "2/3", "10/10"] { XCTAssertNotNil(SpecShard(text), text) }
        for text in ["0/1", "2/1", "1/0", "1", "a/b", "1/2/3", "", "/", "-1/2", " 1/2"] { XCTAssertNil(SpecShard(text), text) }
    }

    func testAShuffleIsItsSeeds() {
        let many = (1...50).map { "f\($0)_spec.lua" }
        let order = SpecShuffle(seed: 99).order(files: many)
        XCTAssertEqual(order, SpecShuffle(seed: 99).order(files: many))
        XCTAssertNotEqual(order, many)
        XCTAssertNotEqual(order, SpecShuffle(seed: 100).order(files: many))
        XCTAssertEqual(order.sorted(), many.sorted())
        XCTAssertEqual(SpecShuffle(seed: 99, files: false).order(files: many), many)
        // A fixed seed gives a fixed order on every machine and release.
        XCTAssertEqual(SpecShuffle(seed: 1).order(files: ["a", "b", "c", "d", "e", "f"]), ["a", "b", "d", "c", "e", "f"])
    }
}
