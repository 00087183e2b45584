"""What the demo says about what it does not know: a word it was not taught, or a
request outside its world (anything but word meanings and sayings); and how it
greets and says what it can do. Requests come in training and held-out families,
so the held-out split asks for things in ways training never showed."""

WORLD = "the commonest English words and some sayings in English, Italian, Spanish and Chinese"

# One answer, always the same words, so it is learnt as firmly as a definition.
UNKNOWN_WORD_ANSWER = 'I don\'t know the word "{w}". I only know ' + WORLD + "."
UNKNOWN_WORD_THOUGHTS = [
    'The user asks about "{w}". I do not know this word: it is not one of the common English words I learnt.',
    '"{w}" is not a word I know, so I must say so instead of guessing.',
]
OUTSIDE_ANSWER = ("I can't help with that. I am Peng's small demo model: I only know " + WORLD +
                  ". Ask me what a word means, or for a saying.")
OUTSIDE_THOUGHTS = ["This is not about the meaning of a word or a saying, so it is outside what I know.",
                    "The user asks for something I cannot do: I only know word meanings and sayings."]

# Requests outside the demo's world, with slots filled from small lists.
TRAIN_REQUESTS = [
    "What's the weather like in {city} today?", "Write me a Python function that sorts a list.",
    "What is {a} plus {b}?", "How much is {a} times {b}?", "Translate \"{x}\" into French.",
    "Who won the world cup in {year}?", "What time is it in {city}?", "Book me a flight to {city}.",
    "Tell me today's news.", "Write a story about a {thing}.", "Can you fix my computer?",
    "What is the capital of {country}?", "Recommend a good restaurant in {city}.",
    "How do I install Linux?", "Give me a recipe for {food}.", "What's the price of bitcoin?",
    "Summarize this article for me.", "Play some music.", "Set an alarm for {hour} o'clock.",
    "Solve x^2 - {a} = 0.", "Who is the president of {country}?", "Send an email to my boss.",
]
HELDOUT_REQUESTS = [
    "Can you help me with my {subject} homework?", "How far is {city} from {city2}?",
    "Write a haiku about the {thing}.", "What stocks should I buy?", "Order a pizza for me.",
    "How many people live in {country}?", "Convert {a} dollars to euros.", "Draw me a picture of a {thing}.",
]
GREETINGS_TRAIN = ["Hello!", "Hi", "hello", "Hi there!", "What can you do?", "Who are you?", "help",
                   "What do you know?"]
GREETINGS_HELDOUT = ["Hey, what are you?", "good evening", "What are you able to do?"]
GREETING_ANSWER = ("Hello! I am Peng's small demo model. I know " + WORLD +
                   ". Ask me what a word means, for example \"What does house mean?\", or ask for a saying.")
GREETING_THOUGHT = "A greeting: I say what I can do."

SLOTS = {"city": ["Paris", "Tokyo", "Rome", "Madrid", "Berlin", "Lima", "Cairo", "Oslo"],
         "city2": ["London", "Beijing", "Sydney", "Toronto"],
         "country": ["France", "Japan", "Peru", "Kenya", "Canada", "Norway"],
         "a": ["3", "17", "42", "128", "7"], "b": ["5", "9", "11", "64"], "year": ["1998", "2006", "2014"],
         "x": ["good morning", "thank you", "the cat"], "thing": ["dragon", "robot", "lighthouse", "moon"],
         "food": ["lasagne", "pancakes", "curry"], "hour": ["six", "seven", "eight"],
         "subject": ["maths", "history", "chemistry"]}


def fill(template, rng):
    out = template
    for slot, values in SLOTS.items():
        out = out.replace("{" + slot + "}", rng.choice(values))
    return out


def unknown_word_turn(word, question, rng):
    return {"user": question, "reasoning": rng.choice(UNKNOWN_WORD_THOUGHTS).format(w=word),
            "answer": UNKNOWN_WORD_ANSWER.format(w=word), "kind": "refuse-word", "word": word}


def outside_turn(request, rng):
    return {"user": request, "reasoning": rng.choice(OUTSIDE_THOUGHTS), "answer": OUTSIDE_ANSWER,
            "kind": "refuse-request"}


def greeting_turn(greeting):
    return {"user": greeting, "reasoning": GREETING_THOUGHT, "answer": GREETING_ANSWER, "kind": "greeting"}
