"""Sayings, quotations and poems from Debian's fortune packages, in the app's four
languages: fortunes (English), fortunes-it, fortunes-es, fortunes-zh.

Only the collections that hold sayings are read; the offensive ("off") ones, ASCII
art and banners are left out. ANSI colour codes (fortunes-zh) are stripped.
"""
import os
import re
from dataclasses import dataclass

ROOT = "/usr/share/games/fortunes"

# (language, path relative to ROOT) of every collection used; UTF-8 (.u8) where the
# package ships one.
COLLECTIONS = (
    [("en", name + ".u8") for name in (
        "fortunes", "wisdom", "platitudes", "literature", "people", "science", "humorists",
        "education", "food", "work", "pets", "love", "miscellaneous", "magic", "computers",
        "goedel", "law", "medicine", "politics", "sports", "kids", "tao")]
    + [("it", "it/" + name + ".u8") for name in (
        "italia", "leggi", "definizioni", "formiche", "luttazzi", "paolotedeschi", "zuse", "computer",
        "adams", "norm", "jackfr")]
    + [("es", "es/" + name + ".fortunes.u8") for name in (
        "amistad", "arte", "asimov", "ciencia", "familia", "famosos", "filosofia", "humanos",
        "informatica", "lao-tse", "leydemurphy", "libertad", "nietzsche", "poder", "proverbios",
        "refranes", "sabiduria", "deprimente", "pintadas")]
    + [("zh", name + ".u8") for name in ("chinese", "tang300", "song100")])

ANSI = re.compile(r"\x1b\[[0-9;]*m")
MAX_CHARS = 360          # longer pieces make poor chat answers and long sequences


@dataclass
class Fortune:
    language: str
    collection: str      # e.g. "es/refranes"
    text: str            # the saying itself, without attribution
    author: str          # "" when none is given
    title: str           # poem title (fortunes-zh), else ""


class FortuneError(Exception):
    pass


def _split_attribution(lines):
    """A trailing '-- Author' line (indented) is the attribution."""
    author = ""
    if lines and lines[-1].strip().startswith("--"):
        author = lines[-1].strip()[2:].strip()
        lines = lines[:-1]
    return lines, author


def _zh_poem(lines):
    """fortunes-zh poems: '《title》' / '题目:《title》', '作者：name' lines, then the verses."""
    title = author = ""
    body = []
    for line in lines:
        stripped = line.strip()
        match = re.search(r"《(.+?)》", stripped)
        if not title and match and len(stripped) < 40:
            title = match.group(1)
        elif stripped.startswith("作者"):
            author = re.split(r"[:：]", stripped, 1)[-1].strip()
            author = re.sub(r"[（(].*$", "", author).strip()
        elif stripped:
            body.append(stripped)
    return body, author, title


def _unwrap(lines):
    """Joins lines the collection wrapped at 72 columns; a line that opens a quote,
    a dialogue turn or a list item starts a new line."""
    out = []
    for line in lines:
        stripped = line.strip()
        starts_turn = stripped[:1] in "\"'-*(" or re.match(r"^[A-Z][A-Za-z .]{0,20}:", stripped)
        if out and not starts_turn:
            out[-1] += " " + stripped
        else:
            out.append(stripped)
    return "\n".join(re.sub(r"\s+", " ", l) for l in out).strip()


def parse_collection(language, relative, text):
    pieces = []
    for raw in text.split("\n%\n"):
        raw = ANSI.sub("", raw).strip("\n")
        lines = [l.rstrip() for l in raw.split("\n") if l.strip()]
        if not lines:
            continue
        title = ""
        if language == "zh":
            lines, author, title = _zh_poem(lines)
            if not title:
                lines, author = _split_attribution(lines)
        else:
            lines, author = _split_attribution(lines)
        body = "\n".join(l.strip() for l in lines) if language == "zh" else _unwrap(lines)
        if 8 <= len(body) <= MAX_CHARS:
            pieces.append(Fortune(language, relative.rsplit(".", 1)[0].replace(".fortunes", ""), body, author, title))
    return pieces


def load_fortunes(root=ROOT):
    fortunes = []
    for language, relative in COLLECTIONS:
        path = os.path.join(root, relative)
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            raise FortuneError(f"{path}: cannot read ({e}); install fortunes, fortunes-it, fortunes-es, "
                               "fortunes-zh") from None
        except UnicodeDecodeError as e:
            raise FortuneError(f"{path}: not UTF-8 ({e})") from None
        fortunes.extend(parse_collection(language, relative, text))
    return fortunes
