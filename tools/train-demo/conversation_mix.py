"""Turns into conversations: single questions, and conversations of 2 to 5 turns
that mix words, sayings, refusals and greetings, where a later question may be a
follow-up ("and river?", "another one", "and in Italian?") that only the earlier
turn explains. Each turn's answer is about its own question, so the model learns
to answer the latest question, not the first. Each assistant turn keeps its
thinking (thinking on) or has it empty (thinking off, as the template writes
`<think></think>` when the app turns thinking off), half and half."""
from dialogues import define_follow_up, saying_follow_up

THINKING_OFF_SHARE = 0.5
FOLLOW_UP_SHARE = 0.4


def messages_of(turns, rng, thinking=None):
    """OpenAI messages; thinking None: on or off per turn at random."""
    messages = []
    for t in turns:
        on = rng.random() >= THINKING_OFF_SHARE if thinking is None else thinking
        messages.append({"role": "user", "content": t["user"]})
        messages.append({"role": "assistant", "content": t["answer"], "reasoning_content": t["reasoning"] if on else ""})
    return messages


def about(t):
    """What a record says about each turn, for the held-out measurements."""
    keep = ("kind", "word", "language", "author", "topic", "collection", "follow_up")
    return {k: t[k] for k in keep if k in t}


def as_follow_up(previous, current, rng, heldout):
    """`current` asked as a follow-up to `previous` where the pair allows one, else as is."""
    if current["kind"] == "define" and previous["kind"] in ("define", "refuse-word"):
        return define_follow_up(current, rng, heldout)
    if current["kind"] == "saying" and previous["kind"] == "saying":
        return saying_follow_up(current, previous["language"], rng, heldout)
    return current


def chain(turns, rng, heldout=False, follow_up_share=FOLLOW_UP_SHARE):
    """A conversation of `turns` in order, later ones turned into follow-ups now and then."""
    out = [turns[0]]
    for t in turns[1:]:
        out.append(as_follow_up(out[-1], t, rng, heldout) if rng.random() < follow_up_share else t)
    return out


def record(key, turns, messages):
    sources = sorted({t.get("source", t["kind"]) for t in turns})
    return {"key": key, "source": "+".join(sources), "turns": [about(t) for t in turns], "messages": messages}


SAME_KIND_SHARE = 0.5


def _next_turn(buckets, previous_kind, rng):
    """A turn from the same kind's bucket as the previous one now and then (so
    follow-ups such as "another one" get their chance), else from any bucket in
    proportion to its size."""
    if previous_kind in buckets and buckets[previous_kind] and rng.random() < SAME_KIND_SHARE:
        return buckets[previous_kind].pop()
    kinds = [k for k in sorted(buckets) if buckets[k]]
    kind = rng.choices(kinds, weights=[len(buckets[k]) for k in kinds])[0]
    return buckets[kind].pop()


def mix(keyed_turns, rng, multi_share, max_turns=5, max_chars=1400):
    """Records from [(key, turn)]: about `multi_share` of the turns go into
    conversations of 2..max_turns turns (bounded by characters, so the encoded
    conversation stays short), the others stay single questions."""
    rng.shuffle(keyed_turns)
    multi = int(len(keyed_turns) * multi_share)
    buckets = {}
    for keyed in keyed_turns[:multi]:
        buckets.setdefault(keyed[1]["kind"], []).append(keyed)
    records, left = [], multi
    while left > 0:
        want = rng.randint(2, max_turns)
        group = [_next_turn(buckets, None, rng)]
        chars = len(group[0][1]["answer"])
        while len(group) < want and left - len(group) > 0:
            nxt = _next_turn(buckets, group[-1][1]["kind"], rng)
            group.append(nxt)
            chars += len(nxt[1]["answer"])
            if chars > max_chars:
                break
        left -= len(group)
        turns = chain([t for _, t in group], rng)
        records.append(record("|".join(k for k, _ in group), turns, messages_of(turns, rng)))
    for key, t in keyed_turns[multi:]:
        records.append(record(key, [t], messages_of([t], rng)))
    rng.shuffle(records)
    return records
