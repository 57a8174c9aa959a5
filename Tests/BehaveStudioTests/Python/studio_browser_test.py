"""Behave Studio in a real browser: headless Chromium (Debian's chromium and
chromium-driver) driven by Selenium. Run by StudioBrowserTests (swift test)
or alone: python3 studio_browser_test.py (BEHAVE_BINARY names the behave
under test; BEHAVE_STUDIO_SCREENSHOT=Docs/studio.png writes the README's
screenshot)."""
import http.client
import os
import re
import shutil
import socket
import subprocess
import time
import unittest

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from support import REPOSITORY, Studio, behave_binary, folder_with, pixel, save, wait_for


def chromium():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1360,1000",
                     "--disable-gpu", "--no-first-run"]:
        options.add_argument(argument)
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(service=service, options=options)


def http_get(port, path, host=None):
    """A request to the studio as given (no normalising of the path): its
    status, headers and body."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
    connection.putheader("Host", host or f"127.0.0.1:{port}")
    connection.endheaders()
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), body


class Page:
    """The studio's page in the browser."""

    def __init__(self, browser, url=None):
        """Opens the page at `url` (without one: the page the browser shows)
        and waits until it is connected."""
        self.browser = browser
        if url:
            browser.get(url)
        wait_for(lambda: "is-connected" in browser.find_element(By.TAG_NAME, "body").get_attribute("class"),
                 what="the page to connect")

    def find(self, selector):
        return self.browser.find_element(By.CSS_SELECTOR, selector)

    def finds(self, selector):
        return self.browser.find_elements(By.CSS_SELECTOR, selector)

    def widget(self, name):
        return self.find(f'.widget[data-name="{name}"]')

    def image_name(self, name):
        """The name of the image a widget shows: its real image's, else
        its placeholder's."""
        widget = self.widget(name)
        images = widget.find_elements(By.CSS_SELECTOR, "img.photo")
        if images:
            return images[0].get_attribute("alt")
        return widget.find_element(By.CSS_SELECTOR, ".placeholder-name").text

    def image(self, name):
        """The <img> a widget shows, once its file has loaded: its address
        (the path) and its size in pixels; None while there is none."""
        found = self.widget(name).find_elements(By.CSS_SELECTOR, "img.photo")
        if not found:
            return None
        return self.browser.execute_script(
            "const i = arguments[0]; return i.complete && i.naturalWidth"
            " ? [new URL(i.src).pathname, i.naturalWidth, i.naturalHeight] : null", found[0])

    def alpha(self, name):
        return float(self.widget(name).get_attribute("data-alpha"))

    def field(self, key):
        return self.find(f'.inspectable[data-field="{key}"]')

    def refusal(self, key):
        return self.find(f'.refusal[data-field="{key}"]').text

    def problem(self):
        element = self.find("#problem")
        return None if element.get_attribute("hidden") is not None else self.find("#problem-text").text

    def time(self):
        return float(self.find("#clock-time").get_attribute("data-time"))

    def generation(self):
        return int(self.find("body").get_attribute("data-generation") or 0)

    def timeline(self):
        return [entry.text for entry in self.finds("#timeline .entry")]


class OnAStudioPage(unittest.TestCase):
    """A studio on a scratch folder's scene, open in a browser for the
    tests of a class, and taken down after them."""

    @classmethod
    def open_studio(cls, files, scene):
        cls.folder = folder_with(files)
        cls.studio = Studio(cls.folder, scene)
        cls.browser = chromium()
        cls.page = Page(cls.browser, cls.studio.url)

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()
        cls.studio.stop()
        shutil.rmtree(cls.folder, ignore_errors=True)


class ToggleInTheStudio(OnAStudioPage):
    """The toggle scene: its icons, clicks, the inspector, the clock,
    reloading on save."""

    @classmethod
    def setUpClass(cls):
        cls.open_studio({
            "toggle.scene.yaml": (os.path.join(REPOSITORY, "Examples", "Toggle", "toggle.scene.yaml"),),
            "images": (os.path.join(REPOSITORY, "Examples", "Toggle", "images"),),
            "toggle.lua": (os.path.join(REPOSITORY, "Scripts", "toggle.lua"),),
        }, "toggle.scene.yaml")
        cls.script = os.path.join(cls.folder, "toggle.lua")
        with open(cls.script, encoding="utf-8") as handle:
            cls.original = handle.read()

    def test_0_the_icons_of_the_images_folder(self):
        # The scene's `images: images/`: each toggle shows its PNG, by name.
        page = self.page
        self.assertEqual(wait_for(lambda: page.image("wifi"), what="wifi's icon"), ["/images/toggle-off", 64, 64])
        self.assertEqual(wait_for(lambda: page.image("sound"), what="sound's icon"), ["/images/sound-off", 64, 64])
        self.assertEqual(page.widget("wifi").find_elements(By.CSS_SELECTOR, ".placeholder"), [])
        status, headers, body = http_get(self.studio.port, "/images/toggle-on")
        self.assertEqual((status, headers["Content-Type"]), (200, "image/png"))
        with open(os.path.join(self.folder, "images", "toggle-on.png"), "rb") as handle:
            self.assertEqual(body, handle.read())
        # By image name only: not a file name, a path, or another file.
        for path in ["/images/toggle-on.png", "/images/..%2ftoggle.scene.yaml", "/images/../toggle.lua",
                     "/images/%2e%2e", "/images/", "/images/nothing", "/images/toggle.scene"]:
            status, _, _ = http_get(self.studio.port, path)
            self.assertEqual(status, 404, path)

    def test_1_a_click_changes_the_image(self):
        page = self.page
        wait_for(lambda: page.image_name("wifi") == "toggle-off", what="wifi's image toggle-off")
        self.assertEqual(page.widget("wifi").find_element(By.CSS_SELECTOR, ".button-title").text, "Wi-Fi")
        page.widget("wifi").click()
        wait_for(lambda: page.image("wifi") == ["/images/toggle-on", 64, 64], what="wifi's icon toggle-on after a click")
        # The same commands as behave run, in the timeline.
        wait_for(lambda: any("press wifi" in entry for entry in page.timeline()), what="the press in the timeline")
        wait_for(lambda: any("wifi.image: toggle-off (64×64) → toggle-on (64×64)" in entry for entry in page.timeline()),
                 what="the change in the timeline")
        page.widget("wifi").click()
        wait_for(lambda: page.image_name("wifi") == "toggle-off", what="wifi's image back to toggle-off")

    def test_2_animated_fades(self):
        page = self.page
        box = page.field("toggle.animated").find_element(By.CSS_SELECTOR, "input[type=checkbox]")
        self.assertFalse(box.is_selected())
        box.click()
        wait_for(lambda: any("toggle.animated: false → true" in entry for entry in page.timeline()),
                 what="the set of animated in the timeline")
        page.widget("wifi").click()
        mid = wait_for(lambda: (lambda a: a if 0.05 < a < 0.95 else None)(page.alpha("wifi")), timeout=3,
                       interval=0.01, what="wifi's alpha mid-fade")
        self.assertTrue(0 < mid < 1)
        opacity = float(page.widget("wifi").value_of_css_property("opacity"))
        self.assertLess(opacity, 1)
        wait_for(lambda: page.image_name("wifi") == "toggle-on", timeout=4, what="the image swapped after the fade")
        wait_for(lambda: page.alpha("wifi") == 1, timeout=4, what="wifi faded back in")
        screenshot = os.environ.get("BEHAVE_STUDIO_SCREENSHOT")
        if screenshot:
            page.widget("sound").click()
            wait_for(lambda: 0.3 < page.alpha("sound") < 0.8, timeout=3, interval=0.01, what="sound mid-fade")
            page.browser.save_screenshot(screenshot)

    def test_3_clock_pauses_and_steps(self):
        page = self.page
        page.find("#clock-toggle").click()
        wait_for(lambda: page.find("#clock-toggle").text == "Run", what="the clock paused")
        before = page.time()
        page.find("#clock-step").click()  # 0.1 s
        wait_for(lambda: abs(page.time() - (before + 0.1)) < 1e-6, what="a step of 0.1 s")
        page.find("#clock-toggle").click()
        wait_for(lambda: page.time() > before + 0.3, what="the clock running again")

    def test_4_a_refused_value_shows_its_message(self):
        page = self.page
        number = page.field("fadingToggle.duration").find_element(By.CSS_SELECTOR, "input[type=number]")
        number.click()
        number.send_keys(Keys.CONTROL, "a")
        number.send_keys("11", Keys.TAB)
        message = wait_for(lambda: page.refusal("fadingToggle.duration"), what="the refusal beside duration")
        self.assertIn("at most 10", message)
        number.click()
        number.send_keys(Keys.CONTROL, "a")
        number.send_keys("0.5", Keys.TAB)
        wait_for(lambda: page.refusal("fadingToggle.duration") == "", what="the refusal gone after a good value")

    def test_5_saving_the_script_reloads_it_keeping_inspector_values(self):
        page = self.page
        generation = page.generation()
        save(self.script, self.original.replace('name = "ToggleButton"', 'name = "SavedToggle"'))
        wait_for(lambda: page.generation() > generation, timeout=5, what="the page to reload the scene")
        card = page.find('.card[data-behaviour="toggle"] .card-kind')
        self.assertIn("SavedToggle", card.text)
        box = page.field("toggle.animated").find_element(By.CSS_SELECTOR, "input[type=checkbox]")
        wait_for(lambda: box.is_selected(), what="animated kept across the reload")
        wait_for(lambda: any("saved: the scene is loaded again" in entry for entry in page.timeline()),
                 what="the reload in the timeline")

    def test_6_a_syntax_error_shows_with_its_line_and_the_scene_runs_on(self):
        page = self.page
        lines = self.original.split("\n")
        lines.insert(2, "local broken = = 1")  # line 3
        save(self.script, "\n".join(lines))
        problem = wait_for(page.problem, timeout=5, what="the problem shown")
        self.assertIn("toggle.lua:3", problem)
        # The last good scene keeps running.
        name = page.image_name("sound")
        page.widget("sound").click()
        wait_for(lambda: page.image_name("sound") != name, timeout=5, what="the old scene still answering")
        save(self.script, self.original)
        wait_for(lambda: page.problem() is None, timeout=5, what="the problem gone once fixed")


    def test_7_the_command_box_suggests_this_scenes_commands(self):
        # Lines that work here, in the scene's own names (not another scene's).
        page = self.page
        shown = lambda: page.find("#command-line").get_attribute("placeholder")
        suggestion = wait_for(lambda: shown() if shown().startswith("tap ") else None, what="the command box's suggestion")
        # animated as the inspector has it (an earlier test set it).
        self.assertRegex(suggestion, r"^tap wifi · advance 0\.5 · set toggle\.animated (true|false) · help$")
        command = page.find("#command-line")
        for line in suggestion.split(" · "):
            command.send_keys(line, Keys.ENTER)
            wait_for(lambda: any(f"> {line}" in entry for entry in page.timeline()), what=f"{line} run")
            self.assertEqual(page.find("#mistake").text, "", line)


class ImagePickerInTheStudio(unittest.TestCase):
    """The image picker: action sheet, photo picker with the real photos."""

    def test_pick_a_photo_through_the_sheets(self):
        studio = Studio(os.path.join(REPOSITORY, "Examples", "ImagePicker"), "profile.scene.yaml")
        browser = chromium()
        try:
            page = Page(browser, studio.url)
            wait_for(lambda: page.widget("change"), what="the change button")
            page.widget("change").click()
            option = wait_for(lambda: page.find('.dialog-option[data-option="Photo Library"]'), what="the action sheet")
            self.assertEqual(page.find(".dialog-title").text, "Choose a photo")
            option.click()
            photo = wait_for(lambda: page.find('.dialog-option[data-option="mountains.png"]'), what="the photo picker")
            wait_for(lambda: browser.execute_script(
                "return arguments[0].querySelector('img.thumbnail').naturalWidth", photo), what="the thumbnail")
            photo.click()
            image = wait_for(lambda: page.widget("avatar").find_element(By.CSS_SELECTOR, "img.photo"),
                             what="the avatar's photo")
            self.assertTrue(image.get_attribute("src").endswith("/photos/mountains.png"))
            wait_for(lambda: browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image),
                     what="the photo loaded")
            wait_for(lambda: page.find("#dialog").get_attribute("hidden") is not None, what="the sheet gone")
        finally:
            browser.quit()
            studio.stop()


HOSTILE_SCRIPT = r'''
local Evil = behaviour { name = "Evil", outlets = { label = "Label", button = "Button" } }
local html = '<img src=x onerror="document.title=1"><script>document.title=2</script>'
function Evil:awake()
  self.label.text = html
  self.button.title = html
  self.button.image = html
  print(html)
  self.button:on("touchUpInside", function()
    ask { style = "alert", title = html, message = html, options = { html } }
  end)
end
return Evil
'''

HOSTILE_SCENE = '''
screen: "<b>screen</b>"
controls:
  label: { type: Label }
  button: { type: Button }
behaviours:
  evil: { script: evil.lua, outlets: { label: label, button: button } }
'''

WIDGETS_SCENE = '''
screen: Widgets
controls:
  password: { type: TextField, secureTextEntry: true, placeholder: Password }
  wifi: { type: Switch }
  count: { type: Stepper }
  volume: { type: Slider }
  list: { type: ScrollView, frame: [16, 400, 300, 200], contentSize: [300, 1000] }
  row: { type: Label, parent: list, text: row, frame: [0, 600, 100, 20] }
  box: { type: View, backgroundColor: "#FF3B30", alpha: 0.5, frame: [16, 620, 100, 40] }
  ghost: { type: Label, text: ghost, hidden: true, textColor: "#0000FF" }
  tab: { type: Button, title: Tab, titleColor: orange, fontWeight: bold, fontSize: 20 }
  off: { type: Button, title: "Off", titleColor: red, enabled: false }
  total: { type: Label, text: "42", fontSize: 24, fontWeight: semibold }
  code: { type: TextField, fontSize: 13 }
'''


class ScriptsCannotReachThePage(unittest.TestCase):
    """What scripts write is shown as text: no markup, no script runs."""

    def test_script_text_is_never_markup(self):
        folder = folder_with({"hostile.scene.yaml": HOSTILE_SCENE, "evil.lua": HOSTILE_SCRIPT})
        studio = Studio(folder, "hostile.scene.yaml")
        browser = chromium()
        try:
            page = Page(browser, studio.url)
            html = '<img src=x onerror="document.title=1"><script>document.title=2</script>'
            wait_for(lambda: page.widget("label").text == html, what="the label's text shown as text")
            self.assertEqual(page.find("#screen-title").text, "<b>screen</b>")
            self.assertEqual(page.image_name("button"), html)
            wait_for(lambda: any(html in entry for entry in page.timeline()), what="the print in the timeline")
            page.widget("button").click()
            option = wait_for(lambda: page.find(".dialog-option"), what="the alert")
            self.assertEqual(option.text, html)
            self.assertEqual(page.find(".dialog-title").text, html)
            option.click()
            wait_for(lambda: page.find("#dialog").get_attribute("hidden") is not None, what="the alert answered")
            self.assertNotIn(browser.title, ["1", "2"])
            self.assertEqual(len(page.finds("#screen img, #dialog img, #timeline img, #inspector img")), 0)
            self.assertEqual(len(page.finds("body script")), 0)
        finally:
            browser.quit()
            studio.stop()
            shutil.rmtree(folder, ignore_errors=True)


class Widgets(unittest.TestCase):
    """Typing (secure entry as dots), switches, steppers, sliders, scrolling."""

    def test_widgets_send_the_commands_of_behave_run(self):
        folder = folder_with({"widgets.scene.yaml": WIDGETS_SCENE})
        studio = Studio(folder, "widgets.scene.yaml")
        browser = chromium()
        try:
            page = Page(browser, studio.url)
            field = wait_for(lambda: page.widget("password").find_element(By.TAG_NAME, "input"), what="the field")
            box = page.widget("box")
            self.assertEqual(box.value_of_css_property("background-color"), "rgba(255, 59, 48, 1)")
            self.assertEqual(box.value_of_css_property("opacity"), "0.5")
            self.assertEqual(browser.execute_script(
                "const s = arguments[0].style; return [s.left, s.top, s.width, s.height]", box),
                ["16px", "620px", "100px", "40px"])
            ghost = page.widget("ghost")
            self.assertIn("is-hidden", ghost.get_attribute("class"))
            self.assertEqual(ghost.value_of_css_property("color"), "rgba(0, 0, 255, 1)")
            # Text styles: a title's colour (dimmed when disabled), sizes and weights.
            tab = page.widget("tab")
            tab_title = tab.find_element(By.CSS_SELECTOR, ".button-title")
            self.assertEqual(tab_title.value_of_css_property("color"), "rgba(255, 149, 0, 1)")
            self.assertEqual(tab.value_of_css_property("font-weight"), "700")
            self.assertEqual(tab_title.value_of_css_property("font-size"), "20px")
            off_title = page.widget("off").find_element(By.CSS_SELECTOR, ".button-title")
            self.assertNotEqual(off_title.value_of_css_property("color"), "rgba(255, 59, 48, 1)")
            total = page.widget("total")
            self.assertEqual(total.value_of_css_property("font-size"), "24px")
            self.assertEqual(total.value_of_css_property("font-weight"), "600")
            self.assertEqual(page.widget("code").find_element(By.TAG_NAME, "input").value_of_css_property("font-size"),
                             "13px")
            self.assertEqual(page.widget("ghost").value_of_css_property("font-size"), "17px")
            self.assertEqual(page.widget("row").find_element(By.XPATH, "..").get_attribute("class"), "scroll-content")
            self.assertEqual(field.get_attribute("type"), "password")
            field.click()
            field.send_keys("abc")
            wait_for(lambda: field.get_attribute("value") == "abc", what="the typed text")
            wait_for(lambda: any("keys password" in entry for entry in page.timeline()), what="keys in the timeline")
            field.send_keys(Keys.BACKSPACE)
            wait_for(lambda: field.get_attribute("value") == "ab", what="a backspace")
            switch = page.widget("wifi")
            switch.click()
            wait_for(lambda: switch.get_attribute("aria-checked") == "true", what="the switch on")
            page.widget("count").find_element(By.CSS_SELECTOR, ".stepper-plus").click()
            wait_for(lambda: page.widget("count").find_element(By.CSS_SELECTOR, ".stepper-value").text == "1",
                     what="the stepper at 1")
            slider = page.widget("volume").find_element(By.TAG_NAME, "input")
            browser.execute_script(
                "arguments[0].value = 0.75; arguments[0].dispatchEvent(new Event('change'))", slider)
            wait_for(lambda: any("volume.value: 0 → 0.75" in entry for entry in page.timeline()), what="the slide")
            scroll = page.widget("list")
            browser.execute_script("arguments[0].scrollTop = 300", scroll)
            wait_for(lambda: any("list.contentOffset" in entry for entry in page.timeline()), what="the scroll")
        finally:
            browser.quit()
            studio.stop()
            shutil.rmtree(folder, ignore_errors=True)


TOUCHES_SCENE = """
screen: Touches
controls:
  under: { type: Switch, frame: [16, 100, 51, 31] }
  veil: { type: Button, title: Veil, alpha: 0, frame: [0, 80, 200, 70] }
  lamp: { type: Switch, frame: [16, 200, 51, 31] }
  pane: { type: View, alpha: 0.005, frame: [0, 180, 200, 70] }
  shield: { type: Button, title: Shield, parent: pane, frame: [0, 0, 200, 70] }
  lit: { type: Switch, on: true, frame: [16, 300, 51, 31] }
  dim: { type: Switch, on: true, enabled: false, frame: [116, 300, 51, 31] }
"""


def click_at(browser, element):
    """A real click (pointer down and up) at the middle of `element`'s
    box, on whatever the browser finds there."""
    ActionChains(browser).move_to_element(element).click().perform()


class TouchesInTheStudio(OnAStudioPage):
    """A click goes to the topmost control a touch reaches, by the core's
    rule (hidden, alpha below 0.01, userInteractionEnabled, enabled), as
    UIKit's hit-testing and GTK's picking do."""

    @classmethod
    def setUpClass(cls):
        cls.open_studio({"touches.scene.yaml": TOUCHES_SCENE}, "touches.scene.yaml")
        wait_for(lambda: cls.page.widget("dim"), what="the screen")

    def mentions(self, name):
        """The timeline's entries that name the control (a command sent to it)."""
        return [entry for entry in self.page.timeline() if re.search(rf"\b{name}\b", entry)]

    def test_a_transparent_control_lets_the_click_through(self):
        page = self.page
        # The veil (alpha 0) covers the switch: the click flips the switch.
        click_at(self.browser, page.widget("under"))
        wait_for(lambda: page.widget("under").get_attribute("aria-checked") == "true", what="the switch under the veil on")
        self.assertEqual(self.mentions("veil"), [])

    def test_a_control_in_a_transparent_view_lets_the_click_through(self):
        page = self.page
        # The shield is opaque, but in a view of alpha 0.005: a touch skips both.
        click_at(self.browser, page.widget("lamp"))
        wait_for(lambda: page.widget("lamp").get_attribute("aria-checked") == "true", what="the switch under the pane on")
        self.assertEqual(self.mentions("shield"), [])

    def test_a_disabled_control_is_dimmed_and_a_click_does_nothing(self):
        page = self.page
        # What a user sees: the on switch's green track, grey when it is disabled.
        lit = pixel(page.widget("lit"), 8, 15)
        dim = pixel(page.widget("dim"), 8, 15)
        self.assertTrue(lit[1] > lit[0] + 80 and lit[1] > lit[2] + 80, f"an enabled switch that is on is green, not {lit}")
        self.assertLess(max(dim) - min(dim), 12, f"a disabled switch is grey, not {dim}")
        click_at(self.browser, page.widget("dim"))
        # Commands run in order: once the next click's flip shows, the first was done.
        click_at(self.browser, page.widget("lit"))
        wait_for(lambda: page.widget("lit").get_attribute("aria-checked") == "false", what="the enabled switch off")
        self.assertEqual(page.widget("dim").get_attribute("aria-checked"), "true")
        self.assertEqual(self.mentions("dim"), [])


LAYOUT_SCENE = '''
screen: Layout
controls:
  column: { type: Stack, spacing: 10, padding: 12, backgroundColor: "#F2F2F7" }
  row: { type: Stack, parent: column, axis: horizontal, spacing: 6 }
  left: { type: Label, parent: row, text: Left }
  go: { type: Button, parent: row, title: Go }
  centred: { type: Stack, parent: column, alignment: center }
  small: { type: Button, parent: centred, title: Small }
  sized: { type: Label, parent: column, text: Sized, frame: [0, 0, 100, 30] }
  gone: { type: Label, parent: column, text: Gone, hidden: true }
  tabs: { type: Stack, parent: column, axis: horizontal, distribution: fillEqually, spacing: 4 }
  a: { type: Button, parent: tabs, title: A }
  longer: { type: Button, parent: tabs, title: "A longer title" }
  loose: { type: TextField, placeholder: "Not in a stack" }
'''


class StacksInTheStudio(unittest.TestCase):
    """Stacks drawn as UIStackView and GtkBox lay them out, readable sizes,
    each control's name on demand."""

    def boxes(self, page):
        """Each widget's box on the screen, in the screen's points."""
        return page.browser.execute_script("""
            const screen = document.getElementById("screen");
            const origin = screen.getBoundingClientRect();
            const scale = origin.width / screen.offsetWidth;
            const boxes = {};
            for (const widget of screen.querySelectorAll(".widget")) {
              const r = widget.getBoundingClientRect();
              boxes[widget.dataset.name] = { x: (r.left - origin.left) / scale, y: (r.top - origin.top) / scale,
                width: r.width / scale, height: r.height / scale, shown: r.width > 0 || r.height > 0 };
            }
            return boxes;""")

    def test_1_stacks_lay_their_controls_out(self):
        folder = folder_with({"layout.scene.yaml": LAYOUT_SCENE})
        studio = Studio(folder, "layout.scene.yaml")
        browser = chromium()
        try:
            page = Page(browser, studio.url)
            wait_for(lambda: page.widget("longer"), what="the widgets")
            b = wait_for(lambda: (lambda b: b if b["go"]["width"] > 0 else None)(self.boxes(page)), what="a layout")
            near = lambda a, b, what: self.assertAlmostEqual(a, b, delta=1, msg=what)
            # On the screen, within its 16-point margins, as wide as they leave.
            near(b["column"]["x"], 16, "the stack at the screen's margin")
            near(b["column"]["width"], 375 - 32, "the stack fills the screen's width")
            # Padding inside the stack, spacing between its controls.
            near(b["row"]["x"], b["column"]["x"] + 12, "padding at the left")
            near(b["row"]["y"], b["column"]["y"] + 12, "padding at the top")
            near(b["row"]["width"], b["column"]["width"] - 24, "fill: as wide as the stack within its padding")
            near(b["centred"]["y"], b["row"]["y"] + b["row"]["height"] + 10, "spacing")
            # A row: the label takes the room left, the button keeps its size at the end.
            near(b["left"]["x"], b["row"]["x"], "the label first")
            near(b["go"]["x"] + b["go"]["width"], b["row"]["x"] + b["row"]["width"], "the button at the trailing edge")
            near(b["go"]["x"], b["left"]["x"] + b["left"]["width"] + 6, "spacing across")
            self.assertLess(b["go"]["width"], 120)
            # Centred: its natural size in the middle.
            self.assertLess(b["small"]["width"], b["centred"]["width"] / 2)
            near(b["small"]["x"] + b["small"]["width"] / 2, b["centred"]["x"] + b["centred"]["width"] / 2, "centred")
            # A frame in a stack gives the size; the stack places it.
            near(b["sized"]["width"], 100, "the frame's width")
            near(b["sized"]["height"], 30, "the frame's height")
            near(b["sized"]["x"], b["row"]["x"], "placed by the stack")
            # A hidden control takes no room.
            self.assertFalse(b["gone"]["shown"])
            near(b["tabs"]["y"], b["sized"]["y"] + 30 + 10, "nothing between sized and tabs")
            # fillEqually: the same width, whatever the title.
            near(b["a"]["width"], b["longer"]["width"], "equal widths")
            near(b["a"]["width"] * 2 + 4, b["tabs"]["width"], "sharing the row")
            # Readable sizes: a button is at least 44 points high, text is 17.
            self.assertGreaterEqual(b["go"]["height"], 44 - 1)
            self.assertEqual(page.widget("left").value_of_css_property("font-size"), "17px")
            # A control on the screen without a frame fills its width too.
            near(b["loose"]["width"], 375 - 32, "a text field as wide as the screen's margins leave")
            # A click in a stack is a command as anywhere.
            page.widget("go").click()
            wait_for(lambda: any("go touchUpInside" in entry for entry in page.timeline()), what="the tap")
        finally:
            browser.quit()
            studio.stop()
            shutil.rmtree(folder, ignore_errors=True)

    def test_2_names_on_demand(self):
        studio = Studio(os.path.join(REPOSITORY, "Examples", "GTK"), "settings_stacks.scene.yaml")
        browser = chromium()
        try:
            page = Page(browser, studio.url)
            wait_for(lambda: page.widget("summary").text.startswith("Wi-Fi on"), what="the summary")
            tags = lambda: sorted(tag.get_attribute("textContent") for tag in page.finds(".name-tag"))
            self.assertEqual(tags(), [])
            page.find("#show-names").click()
            shown = wait_for(tags, what="the names")
            # Every control a person sees, by name; the hidden error label,
            # and stacks (their outlines show them), have none.
            for name in ["wifiTitle", "wifi", "bluetooth", "brightness", "email", "favorite", "summary"]:
                self.assertIn(name, shown)
            for name in ["emailError", "content", "wifiRow"]:
                self.assertNotIn(name, shown)
            # A tag sits over its control's top left.
            tag = page.browser.execute_script(
                "return Array.from(document.querySelectorAll('.name-tag')).find(t => t.textContent === 'wifi')"
                ".getBoundingClientRect().left")
            self.assertAlmostEqual(tag, page.widget("wifi").rect["x"], delta=2)
            # Clicks go through the names to the controls.
            page.widget("bluetooth").click()
            wait_for(lambda: "Bluetooth on" in page.widget("summary").text, what="bluetooth flipped")
            # The browser remembers the choice.
            page.browser.refresh()
            wait_for(lambda: "is-connected" in page.find("body").get_attribute("class"), what="the page again")
            self.assertTrue(page.find("#show-names").is_selected())
            wait_for(lambda: "wifi" in tags(), what="the names again")
            screenshot = os.environ.get("BEHAVE_STUDIO_STACKS_SCREENSHOT")
            if screenshot:
                page.browser.save_screenshot(screenshot)
            page.find("#show-names").click()
            wait_for(lambda: tags() == [], what="the names gone")
        finally:
            browser.quit()
            studio.stop()


INSPECTABLES_SCRIPT = r'''
local Probe = behaviour {
  name = "Probe",
  outlets = { label = "Label" },
  inspectables = {
    title = "Hello",
    ratio = { type = "number", default = 0.5, min = 0, max = 1 },
    price = { type = "number", default = 10, min = 0, max = 500, step = 0.5 },
    huge = { type = "number", default = 0, min = 0, max = 1e9 },
    flat = { type = "number", default = 2, min = 2, max = 2 },
    low = { type = "number", default = 0, min = 0 },
    count = { type = "integer", default = 3, min = 1, max = 20 },
    many = { type = "integer", default = 1, min = 1, max = 1000000 },
  },
}
function Probe:awake() self.label.text = self.title end
function Probe:changed(name, _, new) if name == "title" then self.label.text = new end end
return Probe
'''

INSPECTABLES_SCENE = '''
controls:
  label: { type: Label }
behaviours:
  probe: { script: probe.lua, outlets: { label: label } }
'''


class InspectorEditors(OnAStudioPage):
    """Sliders only over ranges a slider can use; text applied when left."""

    @classmethod
    def setUpClass(cls):
        cls.open_studio({"probe.scene.yaml": INSPECTABLES_SCENE, "probe.lua": INSPECTABLES_SCRIPT}, "probe.scene.yaml")
        wait_for(lambda: cls.page.field("probe.title"), what="the inspector")

    def test_sliders_only_over_usable_ranges(self):
        page = self.page
        sliders = {key: len(page.field(f"probe.{key}").find_elements(By.CSS_SELECTOR, "input[type=range]"))
                   for key in ["ratio", "price", "count", "huge", "flat", "low", "many"]}
        self.assertEqual(sliders, {"ratio": 1, "price": 1, "count": 1, "huge": 0, "flat": 0, "low": 0, "many": 0})
        # The number field is there for every one.
        self.assertEqual(len(page.field("probe.huge").find_elements(By.CSS_SELECTOR, "input[type=number]")), 1)
        self.assertEqual(page.field("probe.price").find_element(By.CSS_SELECTOR, "input[type=range]").get_attribute("step"), "0.5")

    def test_a_number_field_left_empty_shows_the_scenes_value_again(self):
        page = self.page
        number = page.field("probe.count").find_element(By.CSS_SELECTOR, "input[type=number]")
        wait_for(lambda: number.get_attribute("value") == "3", what="the count shown")
        number.click()
        number.send_keys(Keys.CONTROL, "a")
        number.send_keys(Keys.BACKSPACE, Keys.TAB)
        wait_for(lambda: number.get_attribute("value") == "3", timeout=3, what="the scene's count back in the field")
        self.assertFalse([entry for entry in page.timeline() if "probe.count" in entry], "nothing was set")

    def test_text_is_applied_when_left_or_on_enter(self):
        page = self.page
        sets = lambda: [entry for entry in page.timeline() if "probe.title:" in entry]
        field = page.field("probe.title").find_element(By.CSS_SELECTOR, "input[type=text]")
        wait_for(lambda: field.get_attribute("value") == "Hello", what="the title shown")
        field.click()
        field.send_keys(Keys.END)
        for _ in range(5):
            field.send_keys(Keys.BACKSPACE)
        field.send_keys("Bye")
        time.sleep(0.5)
        self.assertEqual(sets(), [], "nothing is set while typing")
        self.assertEqual(page.widget("label").text, "Hello")
        field.send_keys(Keys.ENTER)
        wait_for(lambda: page.widget("label").text == "Bye", what="the title set on Enter")
        self.assertEqual(len(sets()), 1, sets())
        self.assertIn('probe.title: "Hello" → "Bye"', sets()[0])
        # Leaving the field applies it too.
        field.send_keys("!")
        time.sleep(0.3)
        self.assertEqual(len(sets()), 1, sets())
        field.send_keys(Keys.TAB)
        wait_for(lambda: page.widget("label").text == "Bye!", what="the title set when the field is left")
        self.assertEqual(len(sets()), 2, sets())
        # Escape puts the scene's value back; leaving then sets nothing.
        field.click()
        field.send_keys("zzz", Keys.ESCAPE)
        self.assertEqual(field.get_attribute("value"), "Bye!")
        field.send_keys(Keys.TAB)
        time.sleep(0.3)
        self.assertEqual(len(sets()), 2, sets())


class NarrowWindows(unittest.TestCase):
    """A window narrower than three columns: the page goes down, never
    sideways, and every part of it stays within the window."""

    def test_the_page_fits_narrow_windows(self):
        studio = Studio(os.path.join(REPOSITORY, "Examples", "Toggle"), "toggle.scene.yaml")
        browser = chromium()
        try:
            for width in [1000, 900, 420]:
                browser.set_window_size(width, 900)
                page = Page(browser, studio.url)
                wait_for(lambda: page.field("toggle.normalImage"), what="the inspector")
                fits = browser.execute_script("""
                    const inside = (element, box) => {
                      const r = element.getBoundingClientRect();
                      return r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
                    };
                    const view = { left: 0, right: document.documentElement.clientWidth };
                    const card = document.querySelector('.card[data-behaviour="toggle"]').getBoundingClientRect();
                    return {
                      sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
                      phone: inside(document.querySelector(".phone"), view),
                      clock: inside(document.getElementById("keyboard-toggle"), view),
                      timeline: inside(document.getElementById("timeline"), view),
                      command: inside(document.querySelector("#command-form button"), view),
                      card: inside(document.querySelector('.card[data-behaviour="toggle"]'), view),
                      editor: inside(document.querySelector('[data-field="toggle.normalImage"] input'), card),
                      slider: inside(document.querySelector('[data-field="toggle.duration"] input[type=range]'), card),
                    };""")
                self.assertEqual(fits, {"sideways": False, "phone": True, "clock": True, "timeline": True, "command": True,
                                        "card": True, "editor": True, "slider": True}, f"at {width} pixels")
            # And it works there: a click is a command as anywhere.
            page.widget("wifi").click()
            wait_for(lambda: page.image_name("wifi") == "toggle-on", what="wifi on at 420 pixels")
        finally:
            browser.quit()
            studio.stop()


def page_socket(port):
    """A WebSocket to the studio as its page opens one (its Origin); the
    socket, once the studio has taken it."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=5)
    connection.sendall((f"GET /socket HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                        "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                        f"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nOrigin: http://127.0.0.1:{port}\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += connection.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return connection


def masked_text(text):
    """One text frame as a client sends it (masked; short)."""
    data = text.encode()
    mask = bytes([1, 2, 3, 4])
    return bytes([0x81, 0x80 | len(data)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


class WhenThePageCannotConnect(unittest.TestCase):
    """A page the studio turns away, or whose studio has stopped, says why
    and takes no clicks that would go nowhere."""

    def test_turned_away_then_stopped(self):
        studio = Studio(os.path.join(REPOSITORY, "Examples", "Toggle"), "toggle.scene.yaml")
        browser = chromium()
        others = []
        try:
            # Every page's place taken (their clock paused, so little is sent to them).
            for _ in range(16):
                others.append(page_socket(studio.port))
            others[0].sendall(masked_text('{"kind": "clock", "running": false}'))
            browser.get(studio.url)
            status = lambda: browser.find_element(By.ID, "connection").text
            wait_for(lambda: "pages are connected" in status(), what="the reason the page is turned away")
            self.assertEqual(status(), "disconnected: 16 pages are connected already: close one")
            self.assertLess(float(browser.find_element(By.CSS_SELECTOR, ".device").value_of_css_property("opacity")), 1)
            # A place comes free: the page connects by itself.
            others.pop().close()
            page = Page(browser)
            wait_for(lambda: page.widget("wifi"), what="the screen")
            self.assertEqual(page.widget("wifi").value_of_css_property("pointer-events"), "auto")
            # The studio stops: the page says so, and its screen takes no clicks.
            studio.stop()
            wait_for(lambda: status() == "disconnected: is behave studio still running?", what="the page told")
            self.assertEqual(page.widget("wifi").value_of_css_property("pointer-events"), "none")
            self.assertEqual(page.find("#command-line").value_of_css_property("pointer-events"), "none")
        finally:
            for other in others:
                other.close()
            browser.quit()
            studio.stop()


class OnlyTheStudiosOwnPage(unittest.TestCase):
    """Origins, hosts and paths: what a web site or a crafted request gets."""

    @classmethod
    def setUpClass(cls):
        cls.studio = Studio(os.path.join(REPOSITORY, "Examples", "ImagePicker"), "profile.scene.yaml")

    @classmethod
    def tearDownClass(cls):
        cls.studio.stop()

    def handshake(self, origin, host=None):
        with socket.create_connection(("127.0.0.1", self.studio.port), timeout=5) as connection:
            request = (f"GET /socket HTTP/1.1\r\nHost: {host or f'127.0.0.1:{self.studio.port}'}\r\n"
                       "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                       "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n")
            if origin:
                request += f"Origin: {origin}\r\n"
            connection.sendall((request + "\r\n").encode())
            return connection.recv(4096).decode(errors="replace").split("\r\n")[0]

    def get(self, path, host=None):
        return http_get(self.studio.port, path, host)

    def test_websockets_only_from_the_studios_page(self):
        self.assertIn("101", self.handshake(f"http://127.0.0.1:{self.studio.port}"))
        self.assertIn("101", self.handshake(f"http://localhost:{self.studio.port}"))
        for origin in ["http://evil.example", f"http://127.0.0.1:{self.studio.port + 1}", "null", None,
                       f"https://127.0.0.1:{self.studio.port}"]:
            self.assertNotIn("101", self.handshake(origin), origin)
        self.assertNotIn("101", self.handshake(f"http://127.0.0.1:{self.studio.port}", host="evil.example"))

    def test_only_the_page_and_the_photos(self):
        status, headers, body = self.get("/")
        self.assertEqual(status, 200)
        self.assertIn("script-src 'self'", headers["Content-Security-Policy"])
        self.assertEqual(headers["X-Content-Type-Options"], "nosniff")
        status, headers, body = self.get("/photos/mountains.png")
        self.assertEqual((status, headers["Content-Type"]), (200, "image/png"))
        for path in ["/photos/..%2fprofile.scene.yaml", "/photos/../profile.scene.yaml", "/photos/%2e%2e",
                     "/../../etc/passwd", "/photos/..%2f..%2f..%2fetc%2fpasswd", "/profile.scene.yaml",
                     "/photos/", "/photos/nothing.png", "/js/../../Package.swift", "/%2e%2e/%2e%2e/etc/passwd"]:
            status, _, body = self.get(path)
            self.assertEqual(status, 404, path)
            self.assertNotIn(b"root:", body)

    def test_requests_for_other_hosts_are_refused(self):
        status, _, body = self.get("/", host="evil.example")
        self.assertEqual(status, 421)
        self.assertNotIn(b"<html", body)
        status, _, _ = self.get("/photos/mountains.png", host=f"evil.example:{self.studio.port}")
        self.assertEqual(status, 421)


class MistakesOnTheCommandLine(unittest.TestCase):
    """What `behave studio` says to a mistake before it serves: one line
    and status 2, as every command of `behave` says bad usage."""

    def studio(self, *arguments):
        folder = os.path.join(REPOSITORY, "Examples", "Toggle")
        return subprocess.run([behave_binary(), "studio", *arguments], cwd=folder, capture_output=True, text=True,
                              timeout=30)

    def test_bad_usage_is_one_line(self):
        for arguments, reason in [(["--port", "99999"], "--port is from 1 to 65535 (0: any free port); not 99999"),
                                  (["--port", "abc"], "The value 'abc' is invalid for '--port <port>'"),
                                  (["--record", "notes.txt"], "--record writes a transcript named FILE.behave, not notes.txt"),
                                  (["--record", "nodir/t.behave"], "--record: nodir/t.behave: there is no folder nodir to write "
                                   "the transcript in; make it first (mkdir -p nodir) or record elsewhere")]:
            done = self.studio("toggle.scene.yaml", *arguments)
            self.assertEqual(done.returncode, 2, arguments)
            self.assertEqual(done.stdout, "")
            self.assertEqual(done.stderr, f"behave: {reason} (see `behave studio --help`)\n")

    def test_a_port_in_use_names_the_option(self):
        with socket.socket() as taken:
            taken.bind(("127.0.0.1", 0))
            taken.listen()
            port = taken.getsockname()[1]
            done = self.studio("toggle.scene.yaml", "--port", str(port))
        self.assertEqual(done.returncode, 2)
        self.assertEqual(done.stderr, f"behave: port {port} is in use: pick another with --port N (0: any free port)\n")


if __name__ == "__main__":
    unittest.main(verbosity=2)
