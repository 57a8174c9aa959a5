"""Whether the widgets are still the truth after a monkey's run.

behave window reads a text field's or a label's text, a switch's state, a
slider's or a stepper's value and a scroll view's offset from the widget
(`state` prints what the widget shows), while the trace prints each value
the control stored. After the storm the two must agree: the last value
the trace gave each of those properties (in the last scene loaded) is what
the last `state` printed. Text the trace shortens, or writes with escapes,
is left out. A script's offset past a scroll view's content is traced as
the offset the GtkScrolledWindow holds, within its content.

    python3 truth.py window.log      # exit 1, with each disagreement, when they differ
"""
import json
import re
import sys

KEPT = {"text", "on", "value", "contentOffset"}
CHANGE = re.compile(r"^\[[0-9.]+s\] ([A-Za-z_][A-Za-z0-9_]*)\.([A-Za-z]+): (.*) → (.*)$")


def traced(value):
    """A value as the trace writes it, read back; None when it cannot be."""
    if value in ("true", "false"):
        return value == "true"
    if value.startswith('"'):
        if not value.endswith('"') or "\\" in value or "…" in value:
            return None
        return value[1:-1]
    point = re.fullmatch(r"\((-?[0-9.e+-]+), (-?[0-9.e+-]+)\)", value)
    if point:
        return {"x": float(point[1]), "y": float(point[2])}
    try:
        return float(value)
    except ValueError:
        return None


def same(a, b):
    if isinstance(a, dict) and isinstance(b, dict):
        return all(same(a[k], b.get(k)) for k in a)
    if isinstance(a, float) and isinstance(b, (int, float)) and not isinstance(b, bool):
        return abs(a - b) <= 1e-6 * max(1, abs(a))
    return a == b


def main(path):
    lines = open(path, encoding="utf-8", errors="replace").read().split("\n")
    last, state = {}, None
    for line in lines:
        if "saved: the scene is loaded again" in line:
            last = {}
        elif line.startswith('{"screen"'):
            try:
                state = json.loads(line)
            except ValueError:
                pass
        else:
            match = CHANGE.match(line)
            if match and match[2] in KEPT:
                last[(match[1], match[2])] = traced(match[4])
    if state is None:
        print("truth: no state was printed")
        return 1
    differ = 0
    for (name, prop), value in sorted(last.items()):
        shown = state["controls"].get(name, {}).get(prop)
        if value is None or name not in state["controls"]:
            continue
        if not same(value, shown):
            print(f"truth: {name}.{prop} was last stored as {value!r}, but the widget shows {shown!r}")
            differ = 1
    return differ


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
