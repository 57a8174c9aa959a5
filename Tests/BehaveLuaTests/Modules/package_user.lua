local PackageUser = behaviour { name = "PackageUser" }

-- A behaviour has no package, and require's second argument (a spec's
-- package.path) is not read: palette.lua lies in nested/, which a
-- behaviour here reaches only as "nested.palette".
log(type(package))
log(pcall(require, "palette", "./Tests/BehaveLuaTests/Modules/nested/?.lua;nested/?.lua"))

return PackageUser
