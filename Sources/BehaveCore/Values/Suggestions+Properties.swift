/// "did you mean …?" for a control's property: a misspelling, or the name
/// GTK, UIKit or the web gives it (a GtkButton's `label` is a Button's
/// `title`), in scripts, specs, scenes, commands and `behave check` alike.
extension Suggestions {
    /// Other toolkits' names for properties, each with the properties of
    /// Behave's controls it may mean, the first a control type has being
    /// the one. Names that say the opposite of Behave's are marked so.
    public static let toolkitProperties = ToolkitWords(noun: "name", [
        // GTK 4 (GtkButton, GtkLabel, GtkSwitch, GtkEntry, GtkAdjustment…)
        "label": .gtk("title", "text"),
        "active": .gtk("isOn", "selected"),
        "state": .gtk("isOn"),
        "sensitive": .gtk("enabled", "userInteractionEnabled"),
        "can-target": .gtk("userInteractionEnabled"),
        "visible": ToolkitWord.gtk("hidden").opposite,
        "visibility": ToolkitWord.gtk("secureTextEntry").opposite,
        "placeholder-text": .gtk("placeholder"),
        "lower": .gtk("minimumValue"),
        "upper": .gtk("maximumValue"),
        "step-increment": .gtk("stepValue"),
        "icon-name": .gtk("image"),
        "file": .gtk("image"),
        "paintable": .gtk("image"),
        "orientation": .gtk("axis"),
        "width-request": .gtk("frame"),
        "height-request": .gtk("frame"),
        "opacity": .gtkAndWeb("alpha"),
        // UIKit names Behave's types lack (a Label has no `enabled`)
        "enabled": .uikit("userInteractionEnabled"),
        "isEnabled": .uikit("enabled", "userInteractionEnabled"),
        "currentTitle": .uikit("title"),
        // the web (HTML elements, CSS)
        "disabled": ToolkitWord.web("enabled", "userInteractionEnabled").opposite,
        "checked": .web("isOn", "selected"),
        "textContent": .web("text", "title"),
        "innerText": .web("text", "title"),
        "src": .web("image"),
        "min": .web("minimumValue"),
        "max": .web("maximumValue"),
        "step": .web("stepValue"),
        "color": .web("textColor", "titleColor"),
        "background": .web("backgroundColor"),
        "width": .web("frame"),
        "height": .web("frame"),
    ])
}
