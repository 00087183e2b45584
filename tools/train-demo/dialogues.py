"""Chat conversations (OpenAI messages, reasoning in `reasoning_content`) made from
WordNet words and fortunes. Each item (a word, a saying) has one answer, asked in
several phrasings chosen by a seed of its own, so the data is the same on every run
and a held-out phrasing can test whether the model knows the item. A quarter of the
answers have an empty thinking block, as the template writes when thinking is off."""
import hashlib
import random
import re

EMPTY_THINKING_SHARE = 0.25


def item_rng(key):
    return random.Random(int.from_bytes(hashlib.sha256(key.encode("utf-8")).digest()[:8], "little"))


def conversation(user, reasoning, answer, rng):
    if rng.random() < EMPTY_THINKING_SHARE:
        reasoning = ""
    return [{"role": "user", "content": user},
            {"role": "assistant", "content": answer, "reasoning_content": reasoning}]


# ---- "what does X mean?" --------------------------------------------------------

DEFINE_QUESTIONS = [
    'What does "{w}" mean?', "What does {w} mean?", 'What is the meaning of the word "{w}"?',
    "Define {w}.", "Can you tell me what {w} means?", '"{w}": what does it mean?',
    'Explain the word "{w}" to me.', "what does {w} mean", 'I came across the word "{w}". What does it mean?',
    "What is the definition of {w}?", 'Give me the meaning of "{w}".', "Meaning of {w}?",
]
DEFINE_THOUGHTS = [
    'The user asks about the English word "{w}". It is mostly used as {a_pos}. I will give {what}.',
    '"{w}" is {a_pos}. I should explain {what}.',
    'A question about the meaning of "{w}". Its main use is as {a_pos}, so I will give {what}.',
]


def _with_example(sense):
    return f'{sense.gloss}, as in "{sense.examples[0]}"' if sense.examples else sense.gloss


def define_word(word, phrasings):
    """Conversations about one WordNet word: one answer and one thought, asked in
    `phrasings` different ways (a per-word order of DEFINE_QUESTIONS), so the model
    learns the meaning rather than one question. Returns (item key, conversations)."""
    key = "wordnet:" + word.lemma
    rng = item_rng(key)
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
        answer = "\n".join(lines)
    else:
        answer = f'"{w}" is {a_pos} that means {main.gloss}.'
        if main.examples:
            answer += f' For example: "{main.examples[0]}".'
    questions = rng.sample(DEFINE_QUESTIONS, min(phrasings, len(DEFINE_QUESTIONS)))
    return key, [conversation(q.format(w=w), thought, answer, rng) for q in questions]


# ---- fortunes -------------------------------------------------------------------

ASK = {
    "en": {"plain": ["Tell me a fortune.", "Give me a saying.", "Tell me something wise.", "Share a quote with me."],
           "topic": ["Tell me a saying about {t}.", "Do you know a quote about {t}?", "Give me a fortune about {t}.",
                     "Say something clever about {t}."],
           "author": ["Tell me something {a} said.", "Give me a quote by {a}."],
           "thought_topic": 'A saying about "{t}" in English.{by}', "thought_plain": "Any saying will do.{by}",
           "by": " I know one by {a}.", "sign": "— {a}"},
    "it": {"plain": ["Dimmi una massima.", "Raccontami una frase famosa.", "Dimmi qualcosa di saggio."],
           "topic": ["Dimmi una frase su «{t}».", "Conosci una citazione su «{t}»?", "Raccontami un detto su «{t}»."],
           "author": ["Dimmi una frase di {a}.", "Cosa ha detto {a}?"],
           "thought_topic": "L'utente vuole una frase su «{t}», in italiano.{by}",
           "thought_plain": "Va bene una frase qualsiasi, in italiano.{by}", "by": " Ne conosco una di {a}.",
           "sign": "— {a}"},
    "es": {"plain": ["Cuéntame un refrán.", "Dime una frase célebre.", "Dime algo sabio."],
           "topic": ["Dime una frase sobre «{t}».", "¿Conoces alguna cita sobre «{t}»?", "Cuéntame un refrán sobre «{t}»."],
           "author": ["Dime una frase de {a}.", "¿Qué dijo {a}?"],
           "thought_topic": "El usuario quiere una frase sobre «{t}», en español.{by}",
           "thought_plain": "Sirve cualquier refrán, en español.{by}", "by": " Conozco una de {a}.",
           "sign": "— {a}"},
}
STOPWORDS = set("""about above after again against because before being below between could doesn't
during every further having other should their there these those through under until where which
while would yourself questo quella quello perché della delle degli anche sono come quando dove
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
    """(question, thought) variants and the answer of a Chinese saying or poem."""
    if f.collection in ("tang300", "song100") and f.author:
        kind = "唐诗" if f.collection == "tang300" else "宋诗"
        thought = f"用户想听一首{kind}。我选{f.author}的《{f.title}》。"
        questions = [f"请背一首{f.author}的诗。", f"背诵《{f.title}》。", f"你会背{f.author}的《{f.title}》吗？",
                     f"给我念一首{kind}。"]
        return [(q, thought) for q in questions], f"《{f.title}》\n{f.author}\n{f.text}"
    topic = f.title or "名言"
    thought = f"用户想听一句关于「{topic}」的话。"
    questions = [f"给我讲一句{topic}。", f"你知道关于「{topic}」的句子吗？", f"说一句关于「{topic}」的话。",
                 f"「{topic}」里有什么名句？", "说一句有道理的话。"]
    return [(q, thought) for q in questions], f.text


def _fortune_variants(f, common_rank, rng):
    """(question, thought) variants and the answer of a saying in en/it/es: questions
    naming its author or topic first (in a per-item order), questions naming neither
    last, since those fit every saying."""
    ask = ASK[f.language]
    author = _short_author(f.author)
    topic = pick_topic(f.text, f.language, common_rank)
    by = ask["by"].format(a=author) if author else ""
    specific = [(q.format(a=author), ask["thought_plain"].format(by=by)) for q in ask["author"]] if author else []
    if topic:
        specific += [(q.format(t=topic), ask["thought_topic"].format(t=topic, by=by)) for q in ask["topic"]]
    plain = [(q, ask["thought_plain"].format(by=by)) for q in ask["plain"]]
    rng.shuffle(specific)
    rng.shuffle(plain)
    answer = f.text + ("\n" + ask["sign"].format(a=author) if author else "")
    return specific + plain, answer


def tell_fortune(f, common_rank, phrasings):
    """Conversations reciting one saying, asked in `phrasings` ways (fewer when the
    saying has fewer). Returns (item key, conversations)."""
    key = f"fortune:{f.collection}:{f.text}"
    rng = item_rng(key)
    if f.language == "zh":
        variants, answer = _zh_fortune(f)
        specific, plain = variants[:-1], variants[-1:]
        rng.shuffle(specific)
        variants = specific + plain
    else:
        variants, answer = _fortune_variants(f, common_rank, rng)
    return key, [conversation(q, thought, answer, rng) for q, thought in variants[:phrasings]]
