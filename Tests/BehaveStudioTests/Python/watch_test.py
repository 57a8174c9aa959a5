"""behave run --watch: a save runs the scene again with the --do commands;
a file that does not load is reported with its line and the watch goes on.
Run by StudioBrowserTests (swift test) or alone (BEHAVE_BINARY names the
behave under test)."""
import os
import queue
import shutil
import subprocess
import threading
import unittest

from support import REPOSITORY, behave_binary, folder_with, save, wait_for


class Lines:
    """A stream's lines, read as they come."""

    def __init__(self, stream):
        self.lines = queue.Queue()
        self.seen = []
        threading.Thread(target=self.read, args=(stream,), daemon=True).start()

    def read(self, stream):
        for line in stream:
            self.lines.put(line.rstrip("\n"))

    def text(self):
        while not self.lines.empty():
            self.seen.append(self.lines.get())
        return "\n".join(self.seen)

    def count(self, needle):
        return self.text().count(needle)


class WatchInTheTerminal(unittest.TestCase):
    def test_a_save_runs_the_commands_again(self):
        folder = folder_with({"toggle.lua": (os.path.join(REPOSITORY, "Scripts", "toggle.lua"),)})
        script = os.path.join(folder, "toggle.lua")
        with open(script, encoding="utf-8") as handle:
            original = handle.read()
        process = subprocess.Popen([behave_binary(), "run", "toggle.lua", "--watch", "--do", "tap button"], cwd=folder,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
        out, err = Lines(process.stdout), Lines(process.stderr)
        try:
            wait_for(lambda: "watching" in err.text(), what="the watch to begin")
            self.assertEqual(out.count("button.image: toggle-off → toggle-on"), 1)
            save(script, original.replace('default = "toggle-on"', 'default = "lit"'))
            wait_for(lambda: "button.image: toggle-off → lit" in out.text(), timeout=5, what="the commands run again")
            self.assertIn("toggle.lua saved: reloaded", err.text())
            # The old scene's behaviour is destroyed, heard, once the new one woke.
            reloaded = out.text().split("\n")
            destroyed = reloaded.index("[0s] toggle destroyed")
            self.assertEqual(reloaded[destroyed - 1], "[0s] screen toggle dismissed")
            woke = [index for index, line in enumerate(reloaded) if line == "[0s] toggle awake"]
            self.assertEqual(len(woke), 2)
            self.assertLess(woke[1], destroyed)
            lines = original.split("\n")
            lines.insert(4, "local broken = = 1")  # line 5
            save(script, "\n".join(lines))
            wait_for(lambda: "toggle.lua:5" in err.text(), timeout=5, what="the syntax error with its line")
            self.assertIn("does not load", err.text())
            save(script, original)
            wait_for(lambda: out.count("button.image: toggle-off → toggle-on") == 2, timeout=5,
                     what="the fixed script run again")
            self.assertIsNone(process.poll())
        finally:
            process.terminate()
            process.wait(timeout=5)
            process.stdout.close()
            process.stderr.close()
            shutil.rmtree(folder, ignore_errors=True)

    def test_watch_does_not_record(self):
        result = subprocess.run([behave_binary(), "run", "toggle.lua", "--watch", "--record", "a.behave"],
                                capture_output=True, text=True, stdin=subprocess.DEVNULL)
        self.assertEqual(result.returncode, 2)
        self.assertIn("--watch", result.stderr)


if __name__ == "__main__":
    unittest.main(verbosity=2)
