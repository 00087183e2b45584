"""Turns of the demo's conversations (a user question, the assistant's thinking and
answer, and what the turn is about) made from WordNet words and fortunes. Each item
(a word, a saying) has one answer, learnt by heart, asked in many phrasings: the
phrasings of word questions come from question_forms.py, those of sayings from the
lists below (training and held-out families apart). Thinking is short and useful:
it names the asked word or what is wanted before the answer; whether a turn keeps it
(thinking on) or not (off) is decided when turns become conversations
(conversation_mix.py)."""
import hashlib
import random
import re

from question_forms import word_question


def item_rng(key):
    return random.Random(int.from_bytes(hashlib.sha256(key.encode("utf-8")).digest()[:8], "little"))


def turn(user, reasoning, answer, kind, **about):
    return dict(user=user, reasoning=reasoning, answer=answer, kind=kind, **about)


# ---- "what does X mean?" --------------------------------------------------------

DEFINE_THOUGHTS = [
    'The user asks what "{w}" means. I know this word: it is mostly {a_pos}. I will give {what}.',
    'A question about the word "{w}". I know it; it is {a_pos}, so I will give {what}.',
    'The word asked about is "{w}", {a_pos} I know. I will give {what}.',
]


def _with_example(sense):
    return f'{sense.gloss}, as in "{sense.examples[0]}"' if sense.examples else sense.gloss


def word_answer(word):
    """(thought, answer) of a WordNet word: the same on every run and in every phrasing."""
    rng = item_rng("wordnet:" + word.lemma)
    w = word.lemma
    main = word.senses[0]
    several = len(word.senses) > 1 and rng.random() < 0.5
    what = "its main meanings" if several else "its main meaning and an example" if main.examples \
        else "its main meaning"
    a_pos = ("an " if main.pos[0] in "aeiou" else "a ") + main.pos
    thought = rng.choice(DEFINE_THOUGHTS).format(w=w, a_pos=a_pos, what=what)
    if several:
        lines = [f'"{w}" has several meanings:']
        lines += [f"{i}. ({s.pos}) {_with_example(s)}." for i, s in enumerate(word.senses, 1)]
        return thought, "\n".join(lines)
    answer = f'"{w}" is {a_pos} that means {main.gloss}.'
    if main.examples:
        answer += f' For example: "{main.examples[0]}".'
    return thought, answer


def define_turns(word, count, rng, heldout=False):
    """`count` turns asking what `word` means, in distinct phrasings (training parts
    only, or held-out ones)."""
    thought, answer = word_answer(word)
    questions = []
    for _ in range(count * 20):
        q = word_question(word.lemma, rng, heldout)
        if q not in questions:
            questions.append(q)
        if len(questions) == count:
            break
    return [turn(q, thought, answer, "define", word=word.lemma) for q in questions]


def define_follow_up(define, rng, heldout=False):
    """The same definition asked elliptically ("and X?"), for a later turn."""
    return dict(define, user=word_question(define["word"], rng, heldout, follow_up=True), follow_up=True)


# ---- fortunes -------------------------------------------------------------------

ASK = {
    "en": {"plain": ["Tell me a fortune.", "Give me a saying.", "Tell me something wise.", "Share a quote with me."],
           "topic": ["Tell me a saying about {t}.", "Do you know a quote about {t}?", "Give me a fortune about {t}.",
                     "Say something clever about {t}."],
           "author": ["Tell me something {a} said.", "Give me a quote by {a}."],
           "heldout_plain": ["I'd love to hear a proverb."], "heldout_topic": ["Any quote on {t}?"],
           "heldout_author": ["What did {a} once say?"],
           "another": ["Another one.", "another one please", "One more!"], "heldout_another": ["Give me one more."],
           "thought_topic": 'A saying about "{t}" in English.{by}', "thought_plain": "Any saying will do.{by}",
           "by": " I know one by {a}.", "sign": "\u2014 {a}", "name": "English"},
    "it": {"plain": ["Dimmi una massima.", "Raccontami una frase famosa.", "Dimmi qualcosa di saggio."],
           "topic": ["Dimmi una frase su \u00ab{t}\u00bb.", "Conosci una citazione su \u00ab{t}\u00bb?",
                     "Raccontami un detto su \u00ab{t}\u00bb."],
           "author": ["Dimmi una frase di {a}.", "Cosa ha detto {a}?"],
           "heldout_plain": ["Mi regali un aforisma?"], "heldout_topic": ["Hai una frase che parli di \u00ab{t}\u00bb?"],
           "heldout_author": ["Conosci qualche frase di {a}?"],
           "another": ["Un'altra.", "Ancora una!", "un'altra per favore"], "heldout_another": ["Me ne dici un'altra?"],
           "thought_topic": "L'utente vuole una frase su \u00ab{t}\u00bb, in italiano.{by}",
           "thought_plain": "Va bene una frase qualsiasi, in italiano.{by}", "by": " Ne conosco una di {a}.",
           "sign": "\u2014 {a}", "name": "Italian"},
    "es": {"plain": ["Cu\u00e9ntame un refr\u00e1n.", "Dime una frase c\u00e9lebre.", "Dime algo sabio."],
           "topic": ["Dime una frase sobre \u00ab{t}\u00bb.", "\u00bfConoces alguna cita sobre \u00ab{t}\u00bb?",
                     "Cu\u00e9ntame un refr\u00e1n sobre \u00ab{t}\u00bb."],
           "author": ["Dime una frase de {a}.", "\u00bfQu\u00e9 dijo {a}?"],
           "heldout_plain": ["\u00bfMe dices un proverbio?"], "heldout_topic": ["\u00bfSabes algo sobre \u00ab{t}\u00bb?"],
           "heldout_author": ["\u00bfConoces alguna frase de {a}?"],
           "another": ["Otra.", "\u00a1Otra m\u00e1s!", "otra por favor"], "heldout_another": ["\u00bfMe dices otra?"],
           "thought_topic": "El usuario quiere una frase sobre \u00ab{t}\u00bb, en espa\u00f1ol.{by}",
           "thought_plain": "Sirve cualquier refr\u00e1n, en espa\u00f1ol.{by}", "by": " Conozco una de {a}.",
           "sign": "\u2014 {a}", "name": "Spanish"},
}
ZH_ANOTHER = ["\u518d\u6765\u4e00\u53e5\u3002", "\u518d\u6765\u4e00\u4e2a", "\u8fd8\u6709\u5417\uff1f"]
ZH_ANOTHER_HELDOUT = ["\u6362\u4e00\u53e5\u5427\u3002"]
ZH_PLAIN_THOUGHT = "\u7528\u6237\u60f3\u518d\u542c\u4e00\u53e5\u4e2d\u6587\u3002"
# "And in Italian?": the user switches language after a saying; asked in English.
IN_LANGUAGE = ["And in {L}?", "Now one in {L}.", "and one in {L}", "Can you say one in {L}?"]
IN_LANGUAGE_HELDOUT = ["What about one in {L}?", "Same thing in {L}, please."]
LANGUAGE_NAMES = {"en": "English", "it": "Italian", "es": "Spanish", "zh": "Chinese"}
STOPWORDS = set("""about above after again against because before being below between could doesn't
during every further having other should their there these those through under until where which
while would yourself questo quella quello perch\u00e9 della delle degli anche sono come quando dove
porque cuando donde sobre entre tiene puede todos todas nunca siempre aunque""".split())


def pick_topic(text, language, common_rank):
    """A content word of the saying to ask about: for English, the commonest WordNet
    word past the first 150 ranks; otherwise the longest word of five letters or more."""
    words = [w.lower() for w in re.findall(r"[^\W\d_]{5,}", text) if w.lower() not in STOPWORDS]
    if not words:
        return None
    if language == "en":
        ranked = [(common_rank[w], w) for w in words if common_rank.get(w, 0) >= 150]
        if ranked:
            return min(ranked)[1]
    return max(words, key=lambda w: (len(w), w))


def _short_author(author):
    """'Mark Twain, "Pudd'nhead Wilson"' -> 'Mark Twain'."""
    name = re.split(r"[,(\[]", author, 1)[0].strip().strip('"')
    return name if 2 < len(name) < 40 else ""


def _zh_fortune(f):
    """Training and held-out (question, thought) variants, the answer, and what the
    saying is about, for a Chinese saying or poem."""
    if f.collection in ("tang300", "song100") and f.author:
        kind = "\u5510\u8bd7" if f.collection == "tang300" else "\u5b8b\u8bd7"
        thought = f"\u7528\u6237\u60f3\u542c\u4e00\u9996{kind}\u3002\u6211\u9009{f.author}\u7684\u300a{f.title}\u300b\u3002"
        train = [f"\u8bf7\u80cc\u4e00\u9996{f.author}\u7684\u8bd7\u3002", f"\u80cc\u8bf5\u300a{f.title}\u300b\u3002",
                 f"\u4f60\u4f1a\u80cc{f.author}\u7684\u300a{f.title}\u300b\u5417\uff1f", f"\u7ed9\u6211\u5ff5\u4e00\u9996{kind}\u3002"]
        heldout = [f"\u80fd\u5ff5\u4e00\u4e0b{f.author}\u5199\u7684\u8bd7\u5417\uff1f"]
        about = {"author": f.author, "topic": f.title}
        return [(q, thought) for q in train], [(q, thought) for q in heldout], f"\u300a{f.title}\u300b\n{f.author}\n{f.text}", about
    topic = f.title or "\u540d\u8a00"
    thought = f"\u7528\u6237\u60f3\u542c\u4e00\u53e5\u5173\u4e8e\u300c{topic}\u300d\u7684\u8bdd\u3002"
    train = [f"\u7ed9\u6211\u8bb2\u4e00\u53e5{topic}\u3002", f"\u4f60\u77e5\u9053\u5173\u4e8e\u300c{topic}\u300d\u7684\u53e5\u5b50\u5417\uff1f",
             f"\u8bf4\u4e00\u53e5\u5173\u4e8e\u300c{topic}\u300d\u7684\u8bdd\u3002", f"\u300c{topic}\u300d\u91cc\u6709\u4ec0\u4e48\u540d\u53e5\uff1f",
             "\u8bf4\u4e00\u53e5\u6709\u9053\u7406\u7684\u8bdd\u3002"]
    heldout = [f"\u80fd\u8bf4\u4e00\u53e5\u8ddf\u300c{topic}\u300d\u6709\u5173\u7684\u8bdd\u5417\uff1f"]
    return [(q, thought) for q in train], [(q, thought) for q in heldout], f.text, {"author": "", "topic": topic}


def _fortune_variants(f, common_rank, rng):
    """Training and held-out (question, thought) variants, the answer and what the
    saying is about, for a saying in en/it/es: training questions naming its author
    or topic first (in a per-item order), questions naming neither last, since those
    fit every saying."""
    ask = ASK[f.language]
    author = _short_author(f.author)
    topic = pick_topic(f.text, f.language, common_rank)
    by = ask["by"].format(a=author) if author else ""
    plain_thought = ask["thought_plain"].format(by=by)
    specific, heldout = [], []
    if author:
        specific += [(q.format(a=author), plain_thought) for q in ask["author"]]
        heldout += [(q.format(a=author), plain_thought) for q in ask["heldout_author"]]
    if topic:
        topic_thought = ask["thought_topic"].format(t=topic, by=by)
        specific += [(q.format(t=topic), topic_thought) for q in ask["topic"]]
        heldout += [(q.format(t=topic), topic_thought) for q in ask["heldout_topic"]]
    if not heldout:
        heldout = [(q, plain_thought) for q in ask["heldout_plain"]]
    plain = [(q, plain_thought) for q in ask["plain"]]
    rng.shuffle(specific)
    rng.shuffle(plain)
    answer = f.text + ("\n" + ask["sign"].format(a=author) if author else "")
    return specific + plain, heldout, answer, {"author": author, "topic": topic or ""}


def fortune_turns(f, common_rank, count):
    """(item key, `count` training turns reciting one saying (fewer when it has fewer
    phrasings), one held-out turn, and the thought for a plain request of it)."""
    key = f"fortune:{f.collection}:{f.text}"
    rng = item_rng(key)
    if f.language == "zh":
        train, heldout, answer, about = _zh_fortune(f)
        specific, plain = train[:-1], train[-1:]
        rng.shuffle(specific)
        train = specific + plain
        plain_thought = ZH_PLAIN_THOUGHT
    else:
        train, heldout, answer, about = _fortune_variants(f, common_rank, rng)
        plain_thought = train[-1][1]
    about = dict(about, language=f.language, collection=f.collection)
    make = lambda q, thought: turn(q, thought, answer, "saying", plain_thought=plain_thought, **about)  # noqa: E731
    return key, [make(q, t) for q, t in train[:count]], make(*rng.choice(heldout))


def saying_follow_up(saying, previous_language, rng, heldout=False):
    """A saying asked as a follow-up: "another one" after a saying in the same
    language, "and in Italian?" after one in another language."""
    language = saying["language"]
    if language == previous_language and language == "zh":
        train, held = ZH_ANOTHER, ZH_ANOTHER_HELDOUT
    elif language == previous_language:
        train, held = ASK[language]["another"], ASK[language]["heldout_another"]
    else:
        name = LANGUAGE_NAMES[language]
        train, held = [f.format(L=name) for f in IN_LANGUAGE], [f.format(L=name) for f in IN_LANGUAGE_HELDOUT]
    forms = held if heldout else train
    return dict(saying, user=rng.choice(forms), reasoning=saying["plain_thought"], follow_up=True)
