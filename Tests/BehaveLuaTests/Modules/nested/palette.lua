return { accent = "teal" }
