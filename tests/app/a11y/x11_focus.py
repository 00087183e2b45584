"""Gives a process's main window the X keyboard focus, as a window manager would on
launch. Xvfb runs no window manager, so Qt never sees its window activated and no
item would take the keyboard focus. Plain Xlib through ctypes (libX11 is there
wherever Xvfb and Qt's xcb plugin are)."""
import ctypes

_X = ctypes.cdll.LoadLibrary("libX11.so.6")
_Window = ctypes.c_ulong
_Atom = ctypes.c_ulong
_Display = ctypes.c_void_p

_X.XOpenDisplay.restype = _Display
_X.XOpenDisplay.argtypes = [ctypes.c_char_p]
_X.XDefaultRootWindow.restype = _Window
_X.XDefaultRootWindow.argtypes = [_Display]
_X.XInternAtom.restype = _Atom
_X.XInternAtom.argtypes = [_Display, ctypes.c_char_p, ctypes.c_int]
_X.XQueryTree.argtypes = [_Display, _Window, ctypes.POINTER(_Window), ctypes.POINTER(_Window),
                          ctypes.POINTER(ctypes.POINTER(_Window)), ctypes.POINTER(ctypes.c_uint)]
_X.XGetWindowProperty.argtypes = [_Display, _Window, _Atom, ctypes.c_long, ctypes.c_long, ctypes.c_int, _Atom,
                                  ctypes.POINTER(_Atom), ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_ulong),
                                  ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.POINTER(ctypes.c_ubyte))]
_X.XGetGeometry.argtypes = [_Display, _Window, ctypes.POINTER(_Window)] + [ctypes.POINTER(ctypes.c_int)] * 2 + \
                           [ctypes.POINTER(ctypes.c_uint)] * 4
_X.XSetInputFocus.argtypes = [_Display, _Window, ctypes.c_int, ctypes.c_ulong]
_X.XRaiseWindow.argtypes = [_Display, _Window]
_X.XFlush.argtypes = [_Display]
_X.XSync.argtypes = [_Display, ctypes.c_int]
_X.XFree.argtypes = [ctypes.c_void_p]
_X.XCloseDisplay.argtypes = [_Display]

_XA_CARDINAL = 6
_REVERT_TO_PARENT = 2
_CURRENT_TIME = 0

# A failed request must not end this process (Xlib's default handler exits).
_ERROR_HANDLER = ctypes.CFUNCTYPE(ctypes.c_int, _Display, ctypes.c_void_p)(lambda display, event: 0)
_X.XSetErrorHandler(_ERROR_HANDLER)


def _pid_of(display, window, atom):
    actual_type, actual_format = _Atom(), ctypes.c_int()
    count, after = ctypes.c_ulong(), ctypes.c_ulong()
    data = ctypes.POINTER(ctypes.c_ubyte)()
    if _X.XGetWindowProperty(display, window, atom, 0, 1, 0, _XA_CARDINAL, ctypes.byref(actual_type),
                             ctypes.byref(actual_format), ctypes.byref(count), ctypes.byref(after),
                             ctypes.byref(data)) != 0 or not data:
        return None
    try:
        return ctypes.cast(data, ctypes.POINTER(ctypes.c_ulong))[0] if count.value == 1 else None
    finally:
        _X.XFree(data)


def _area(display, window):
    root, x, y = _Window(), ctypes.c_int(), ctypes.c_int()
    w, h, border, depth = ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint()
    if not _X.XGetGeometry(display, window, ctypes.byref(root), ctypes.byref(x), ctypes.byref(y), ctypes.byref(w),
                           ctypes.byref(h), ctypes.byref(border), ctypes.byref(depth)):
        return 0
    return w.value * h.value


def focus_window_of(pid):
    """Focuses the largest top-level window that `pid` owns (_NET_WM_PID); False if none."""
    display = _X.XOpenDisplay(None)
    if not display:
        return False
    try:
        atom = _X.XInternAtom(display, b"_NET_WM_PID", 1)
        root, parent = _Window(), _Window()
        children, count = ctypes.POINTER(_Window)(), ctypes.c_uint()
        if not atom or not _X.XQueryTree(display, _X.XDefaultRootWindow(display), ctypes.byref(root),
                                         ctypes.byref(parent), ctypes.byref(children), ctypes.byref(count)):
            return False
        try:
            mine = [children[i] for i in range(count.value) if _pid_of(display, children[i], atom) == pid]
        finally:
            if children:
                _X.XFree(children)
        if not mine:
            return False
        window = max(mine, key=lambda w: _area(display, w))
        _X.XRaiseWindow(display, window)
        _X.XSetInputFocus(display, window, _REVERT_TO_PARENT, _CURRENT_TIME)
        _X.XSync(display, 0)
        return True
    finally:
        _X.XCloseDisplay(display)
