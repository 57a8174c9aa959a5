/// What `behave run` and `behave window` both take to make and drive a
/// scene, declared once: the window runs a scene as `run` does.
public enum SceneOptions {
    public static let parameters: [Parameter] = [
        .argument("file", help: "A script (toggle.lua) or a scene file (.yaml, .json)."),
        .option("set", valueName: "NAME=VALUE",
                help: "Set an inspectable before the behaviour wakes (of a scene file: OBJECT.NAME=VALUE).", repeatable: true),
        .option("do", valueName: "COMMAND", help: "Run a command (repeatable).", repeatable: true),
        .option("images", valueName: "DIR",
                help: "A folder of PNG and JPEG files: the images scripts name, by file name without its extension, sized from the files (in place of a scene file's `images:`)."),
    ] + LimitOptions.parameters
}
