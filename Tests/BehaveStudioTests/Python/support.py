"""Starting behave studio and behave run --watch for the tests, and waiting."""
import os
import re
import shutil
import subprocess
import tempfile
import struct
import time
import zlib

REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


def behave_binary():
    """The behave binary under test: $BEHAVE_BINARY, or the debug build."""
    return os.environ.get("BEHAVE_BINARY") or os.path.join(REPOSITORY, ".build", "debug", "behave")


def wait_for(condition, timeout=10.0, interval=0.05, what="the condition"):
    """Polls `condition` until it returns something true; returns it."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            last = condition()
        except Exception as error:  # an element not there yet
            last = error
        else:
            if last:
                return last
        time.sleep(interval)
    raise AssertionError(f"timed out waiting for {what} (last: {last!r})")


def folder_with(files):
    """A fresh folder holding `files` (name: text, or name: path to copy)."""
    folder = tempfile.mkdtemp(prefix="behave-studio-test-")
    for name, content in files.items():
        path = os.path.join(folder, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if isinstance(content, tuple):
            shutil.copytree(content[0], path) if os.path.isdir(content[0]) else shutil.copy(content[0], path)
        else:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(content)
    return folder


def save(path, text):
    """Writes a file as an editor saves it, with a modification time that
    differs from the last one even on a coarse clock."""
    before = os.stat(path).st_mtime_ns if os.path.exists(path) else 0
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    after = os.stat(path).st_mtime_ns
    if after == before:
        os.utime(path, ns=(after + 1_000_000, after + 1_000_000))


class Studio:
    """`behave studio ARGS --port 0` in `folder`; its address once it listens."""

    def __init__(self, folder, *arguments):
        self.folder = folder
        self.process = subprocess.Popen([behave_binary(), "studio", *arguments, "--port", "0"], cwd=folder,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            self.process.kill()
            raise AssertionError(f"behave studio did not start: {line!r} {self.process.stderr.read()!r}")
        self.port = int(match.group(1))
        self.url = match.group(0)

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process.stdout.close()
        self.process.stderr.close()


def pixel(element, x, y):
    """The colour (red, green, blue) the browser drew at CSS pixel (x, y)
    of `element`, read from its screenshot."""
    png = element.screenshot_as_png
    width, height, rows = _decoded_png(png)
    scale = width / element.size["width"]
    column, row = int(x * scale), int(y * scale)
    channels = len(rows[0]) // width
    return tuple(rows[row][column * channels:column * channels + 3])


def _decoded_png(data):
    """A PNG of 8-bit RGB or RGBA (what Chromium's screenshots are): its
    width, height and rows of bytes, unfiltered."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    position, compressed = 8, b""
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, "a PNG of 8-bit RGB or RGBA, not interlaced"
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            compressed += body
        position += 12 + length
    raw = zlib.decompress(compressed)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for index in range(height):
        start = index * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                estimate = left + up - corner
                a, b, c = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
                nearest = left if a <= b and a <= c else up if b <= c else corner
                line[i] = (line[i] + nearest) & 0xFF
        rows.append(line)
        previous = line
    return width, height, rows
