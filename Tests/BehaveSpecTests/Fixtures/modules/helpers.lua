return { where = "beside the spec" }
