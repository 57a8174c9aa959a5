@testable import BehaveScene
import CGtk
import Foundation
import XCTest

/// Headless finds a `.ui` file's screen, and the widgets a window would
/// not show, through the properties that make the widget given to them a
/// child of their object (`InterfaceDrawing.adoptingProperties`, and the
/// window's pre-scan's same list). The list must be GTK's: one it lacks
/// leaves a widget at the file's top level headless where GTK parents it
/// (a windowless file was then warned of where the window opens it).
final class AdoptingPropertyTests: InProcessGtkTestCase {
    /// Each widget property of each class a screen is drawn with, set to
    /// a fresh widget on a fresh object: those after which the widget has
    /// a parent are the list. Before: a tree view column's `widget` was
    /// missing, and three center box properties GTK 4.8 lacks were there.
    func testTheAdoptingPropertiesAreThoseGtkParentsAWidgetBy() throws {
        gtk_test_register_all_types()
        var parenting = Set<String>(), seen = Set<String>(), made: [UnsafeMutableRawPointer] = []
        // The windows made are destroyed (GTK keeps each in its list of windows).
        defer {
            for object in made where g_type_check_instance_is_a(object.assumingMemoryBound(to: GTypeInstance.self), gtk_window_get_type()) != 0 {
                gtk_window_destroy(object.assumingMemoryBound(to: GtkWindow.self))
            }
        }
        for className in GtkClasses.gtk.classes.keys.sorted()
        // A drag icon is refused apart (GTK crashes on one not made for a drag).
        where className.hasPrefix("Gtk") && !GtkClasses.gtk.isAbstract(className) && InterfaceDrawing.isDrawnWith(className)
            && !GtkClasses.gtk.isA(className, "GtkDragIcon") {
            let type = g_type_from_name(className)
            let klass = g_type_class_ref(type)
            defer { g_type_class_unref(klass) }
            var count: guint = 0
            guard let specs = g_object_class_list_properties(klass?.assumingMemoryBound(to: GObjectClass.self), &count) else { continue }
            defer { g_free(specs) }
            var object: UnsafeMutableRawPointer?
            for index in 0..<Int(count) {
                guard let spec = specs[index] else { continue }
                let valueType = spec.pointee.value_type, flags = spec.pointee.flags.rawValue
                let label = gtk_label_get_type()
                guard g_type_is_a(valueType, gtk_widget_get_type()) != 0, flags & G_PARAM_WRITABLE.rawValue != 0,
                      flags & G_PARAM_CONSTRUCT_ONLY.rawValue == 0 else { continue }
                let name = String(cString: spec.pointee.name)
                seen.insert(name)
                if object == nil {
                    object = g_object_ref_sink(g_object_new_with_properties(type, 0, nil, nil))
                    if let object { made.append(object) }
                }
                // A label where any widget goes, else one of the property's class.
                let childType = g_type_is_a(label, valueType) != 0 ? label : valueType
                guard let child = g_object_ref_sink(g_object_new_with_properties(childType, 0, nil, nil)) else { continue }
                made.append(child)
                var value = GValue()
                g_value_init(&value, valueType)
                g_value_set_object(&value, child)
                g_object_set_property(object?.assumingMemoryBound(to: GObject.self), spec.pointee.name, &value)
                g_value_unset(&value)
                if gtk_widget_get_parent(child.assumingMemoryBound(to: GtkWidget.self)) != nil { parenting.insert(name) }
            }
        }
        XCTAssertTrue(seen.contains("default-widget") && seen.contains("mnemonic-widget"), "\(seen.sorted())")
        XCTAssertEqual(parenting, InterfaceDrawing.adoptingProperties,
                       "GTK parents a widget by \(parenting.subtracting(InterfaceDrawing.adoptingProperties).sorted()), not by "
                       + "\(InterfaceDrawing.adoptingProperties.subtracting(parenting).sorted())")
    }
}
