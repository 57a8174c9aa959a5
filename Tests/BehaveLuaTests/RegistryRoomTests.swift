import CLuaShim
import XCTest

/// A new state keeps room in its registry's array part for the references
/// a runtime takes (state.c, reserve_references): they are handed out
/// lowest first, each once, within that room, and come back when freed.
final class RegistryRoomTests: XCTestCase {
    func testANewStatesReferencesAreTakenLowestFirstWithinItsRoom() throws {
        var config = bh_config(memory_limit: 16 << 20, instruction_budget: 100_000, time_limit: 10, random_seed: 1)
        let L = try XCTUnwrap(bh_open(&config, nil, nil))
        defer { bh_close(L) }
        func take(_ count: Int) -> [Int32] {
            (0..<count).map { i in
                lua_pushinteger(L, lua_Integer(i))
                return luaL_ref(L, bh_registryindex())
            }
        }
        let refs = take(48)
        XCTAssertEqual(refs, refs.sorted(), "taken lowest first")
        XCTAssertEqual(Set(refs).count, refs.count, "each once")
        XCTAssertLessThanOrEqual(refs.last ?? 0, 64, "within the room")
        for (i, ref) in refs.enumerated() {
            XCTAssertEqual(lua_rawgeti(L, bh_registryindex(), lua_Integer(ref)), LUA_TNUMBER)
            XCTAssertEqual(lua_tointegerx(L, -1, nil), lua_Integer(i), "reference \(ref) holds what it was given")
            lua_settop(L, -2)
        }
        for ref in refs.reversed() { luaL_unref(L, bh_registryindex(), ref) }
        XCTAssertEqual(take(48), refs, "freed, the same come back")
    }
}
