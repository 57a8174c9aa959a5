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
        // UIKit properties Behave's controls have no equivalent of
        "textAlignment": .uikit(none: "a text's alignment"),
        "numberOfLines": .uikit(none: "a label's most lines"),
        "tintColor": .uikit(none: "a control's accent colour"),
        "onTintColor": .uikit(none: "a switch's colour while on"),
        "tag": .uikit(none: "a view's number"),
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

/// UIKit's methods that set what Behave keeps as a property
/// (`button.setTitle(_:for:)`, `field.becomeFirstResponder()`): called on
/// a control, each is told the property and how to set it.
extension Suggestions {
    public static let toolkitPropertyMethods = ToolkitWords(noun: "method", [
        "setTitle": setting("title", "`control.title = \"Go\"` (a button has one title, not one a state)"),
        "setTitleColor": setting("titleColor", "`control.titleColor = \"red\"`"),
        "setImage": setting("image", "`control.image = \"toggle-on\"`"),
        "setOn": setting("isOn", "`control.isOn = true`"),
        "setValue": setting("value", "`control.value = 0.5`"),
        "becomeFirstResponder": setting("editing", "`control.editing = true`"),
        "resignFirstResponder": setting("editing", "`control.editing = false`"),
    ])

    private static func setting(_ property: String, _ example: String) -> ToolkitWord {
        ToolkitWord(whose: "UIKit's", meanings: [property], isOpposite: false, note: "for it; here it is a property: \(example)")
    }
}
