#!/usr/bin/python3
"""Writes corpus.jsonl: the strings the tokenizer is compared on against the JS
reference, one JSON string per line. Deterministic (fixed seed, no input), so
re-running it reproduces the committed file byte for byte.

It avoids two characters on which the JS reference itself departs from Hugging
Face's tokenizers: U+0085 and U+FEFF (JavaScript's \\s differs from Unicode
White_Space there; Peng, like Hugging Face's Oniguruma, follows White_Space),
and characters assigned after Unicode 14 (PCRE2 10.42's tables), so that every
difference the test reports is a difference in Peng."""
import json
import random
import sys
from pathlib import Path

rng = random.Random(20250601)

WORDS = ("the of and to in is was that for it with as his on be at by this had not are but from or "
         "have an they which one you were her all she there would their we him been has when who will "
         "more no if out so said what up its about into than them can only other new some could time "
         "these two may then do first any my now such like our over man me even most made after also "
         "model expert memory layer token router attention bandwidth throughput latency cache disk "
         "quantization inference weights benchmark tokenizer sequence window context streaming").split()
CONTRACTION_BASES = ["don", "can", "won", "isn", "we", "they", "you", "i", "he", "she", "it", "that",
                     "there", "who", "what", "let", "couldn", "shouldn", "y", "o", "rock", "ma"]
SUFFIXES = ["s", "t", "re", "ve", "m", "ll", "d"]

CODE = [
    "#include <vector>\n\nint main() {\n    std::vector<int> v{1, 2, 3};\n    return v.size();\n}\n",
    "def fib(n):\n    if n < 2:\n        return n\n    return fib(n - 1) + fib(n - 2)\n",
    "for (let i = 0; i < 10; i++) {\n\tconsole.log(`i = ${i}`);\n}\n",
    "fn main() {\n    let s: &str = \"héllo\";\n    println!(\"{s:?}\");\n}\n",
    "SELECT id, name FROM users WHERE age >= 18 ORDER BY name DESC;",
    "if [ -f \"$HOME/.bashrc\" ]; then\n  . \"$HOME/.bashrc\"\nfi\n",
    "{\"role\": \"assistant\", \"content\": \"Sure!\\nHere it is.\", \"tool_calls\": []}",
    "<div class=\"row\">\n  <span id='x'>&nbsp;&amp;</span>\n</div>\n",
    "x = np.linspace(0.0, 1.0, num=1_000)  # 1000 points\r\ny = x ** 2\r\n",
    "    return a->next != nullptr && b[i] <= 0x7FFF;   \n",
    "@@ -1,4 +1,5 @@\n-old line\n+new line\n+another\n context\n",
    "    \n\t\t\n  trailing spaces after code;   \n",
    "template <typename T>\nconstexpr T clamp(T v, T lo, T hi) noexcept { return v < lo ? lo : hi < v ? hi : v; }",
    "matrix[i][j] += alpha * (x[i] - mean) / (stddev + 1e-6);",
    "print(f\"{name!r:>10} | {value:08.3f} | {pct:.1%}\")",
    "// TODO(peng): handle the case where len == 0\n/* block\n * comment */",
    "$ ./peng-cli tokenize --text 'hello' | jq '.[]'\n",
    "public static void Main(string[] args) => Console.WriteLine(\"Hi\");",
    "a=1;b=2;c=a+b;d=c*2;e=d/3;f=e%4;g=f<<1;h=g>>1;i=h&1;j=i|2;k=j^3;",
    "---\ntitle: \"Config\"\nlist:\n  - one\n  - two\n...\n",
]

CHINESE = ["我们在研究混合专家模型。", "今天天气很好，我们去公园散步吧！", "模型的推理速度取决于内存带宽。",
           "人工智能正在改变世界", "这是一个测试：中文、标点，还有数字123。", "《红楼梦》是中国古典小说。",
           "你好世界", "北京欢迎你", "请输入你的名字：", "（括号）「引号」『双引号』"]
JAPANESE = ["こんにちは、世界！", "東京は日本の首都です。", "カタカナとひらがなを混ぜる。", "ｶﾀｶﾅ半角",
            "私はエンジニアです", "トークナイザーのテスト"]
KOREAN = ["안녕하세요 세계", "한국어 텍스트를 토큰화합니다.", "서울은 대한민국의 수도입니다"]
RTL = ["مرحبا بالعالم", "اللغة العربية جميلة.", "النموذج يعمل بسرعة ١٢٣", "كَتَبَ الوَلَدُ الدَّرْسَ",
       "שלום עולם", "עברית נכתבת מימין לשמאל.", "בְּרֵאשִׁית בָּרָא", "سلام دنیا", "هذا نص\u200fمع علامة",
       "English then عربي then English", "שלום and hello ו-123"]
OTHER_SCRIPTS = ["Привет, мир!", "Ёлка и ЁЖИК", "Γειά σου Κόσμε", "नमस्ते दुनिया", "สวัสดีชาวโลก",
                 "Xin chào thế giới", "Tiếng Việt có dấu: ắ ằ ẳ ẵ ặ", "Łódź, Kraków, Gdańsk",
                 "Straße, Größe, Maß", "Ærøskøbing", "İstanbul ılık", "ქართული ენა", "Հայերեն",
                 "ᚠᚢᚦᚨᚱᚲ", "ⴰⵣⵓⵍ", "ꦲꦏ꧀ꦱꦫ", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𝕞𝕒𝕥𝕙", "Ω≈ç√∫˜µ≤≥÷", "½ ¾ ⅓ ⅞"]
EMOJI = ["😀", "😂", "🥲", "🤖", "🚀", "❤️", "✨", "🔥", "👍", "🙏", "🎉", "🧠", "💾", "⚡", "☕",
         "👍🏻", "👍🏼", "👍🏽", "👍🏾", "👍🏿", "🧑🏽‍🚀", "👩‍💻", "👨‍👩‍👧‍👦", "👩‍❤️‍👨", "🏳️‍🌈", "🏴‍☠️",
         "🇮🇹", "🇨🇳", "🇺🇸", "🇯🇵", "1️⃣", "#️⃣", "©️", "™️", "🫶🏾", "🧔‍♂️", "🤷🏻‍♀️", "👁️‍🗨️"]
COMBINING = ["e\u0301", "E\u0301cole", "A\u030angstro\u0308m", "\u212b", "\u2126", "n\u0303", "o\u0308\u0304",
             "a\u0328\u0301", "Z\u0351\u036b\u0343a\u0352l\u0357g\u0315o", "\u1100\u1161\u11a8",
             "\u1112\u1161\u11ab\u1100\u1173\u11af", "ﬁ ﬂ ﬀ", "x\u0336y\u0336", "q\u0307\u0323",
             "\u0915\u094d\u0937", "caf\u00e9 vs cafe\u0301", "\u0041\u030a\u0042", "ǅ ǈ ǋ",
             "\u0644\u0627\u064b", "\u05e9\u05c1\u05b8", "a\u0300\u0301\u0302\u0303\u0304"]
SPECIALS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<think>", "</think>", "<tool_call>",
            "</tool_call>", "<tool_response>", "</tool_response>", "<|vision_start|>", "<|image_pad|>",
            "<|fim_prefix|>", "<|fim_middle|>", "<|fim_suffix|>"]
WHITESPACE = [" ", "  ", "   ", "\t", "\n", "\n\n", "\r\n", "\r", " \n", "\n ", "\t\n", "\u00a0",
              "\u3000", "\u2003", "\u2009", "\u202f", "\x0b", "\x0c", "\u2028", "\r\n\r\n", "    "]

# Blocks assigned before Unicode 14 with no later additions in the ranges used.
BLOCKS = [(0x20, 0x7E), (0xA1, 0x17F), (0x370, 0x3FF), (0x400, 0x4FF), (0x590, 0x5EA), (0x620, 0x64A),
          (0x900, 0x97F), (0xE01, 0xE3A), (0x1E00, 0x1EFF), (0x2010, 0x2027), (0x2190, 0x21FF),
          (0x2200, 0x22FF), (0x2500, 0x257F), (0x2800, 0x28FF), (0x3041, 0x3096), (0x30A1, 0x30FA),
          (0x4E00, 0x9FA5), (0xAC00, 0xD7A3), (0xFF01, 0xFF5E), (0x1F600, 0x1F64F), (0x1D400, 0x1D454),
          (0xE000, 0xE0FF)]


def case_variants(word):
    """Every upper/lower pattern of a short word (capped), e.g. don't -> DON'T, Don'T, ..."""
    letters = [i for i, c in enumerate(word) if c.isalpha()]
    out = set()
    for mask in range(min(1 << len(letters), 64)):
        chars = list(word)
        for bit, i in enumerate(letters):
            if mask >> bit & 1:
                chars[i] = chars[i].upper()
        out.add("".join(chars))
    return sorted(out)


def sentence(n_words=None):
    n = n_words or rng.randint(3, 18)
    words = [rng.choice(WORDS) for _ in range(n)]
    words[0] = words[0].capitalize()
    text = " ".join(words)
    return text + rng.choice([".", "!", "?", "...", ";", ":", ""])


def random_codepoints(n):
    out = []
    for _ in range(n):
        lo, hi = rng.choice(BLOCKS)
        out.append(chr(rng.randint(lo, hi)))
    return "".join(out)


def digits(n):
    return "".join(rng.choice("0123456789") for _ in range(n))


corpus = []

# Edge cases first.
corpus += ["", " ", "a", "'", "''", "'s", "'S", "s'", " 's", "x's", "'''s", "’s", "don’t", "\n", "\r\n",
           "  ", " \n ", "\t\t", "0", "00", "9999999999", "<", "<|", "|>", "<>", "<<>>", "\u00a0\u00a0",
           "Hello world", "Hello, world!", "HELLO WORLD", "hello  world", "hello\nworld", "hello \nworld",
           "hello\n world", "hello   \n\n   world   ", "a\u180eb", " \u180e\u180e x", "x \u180e\n", "end with space ", "end with spaces   ",
           "end with newline\n", "end with crlf\r\n", " leading space", "   leading spaces",
           "\n\nleading newlines", "a\u200db", "a\u200cb", "\u200b", "x\u00adx"]

# Prose.
for _ in range(260):
    corpus.append(" ".join(sentence() for _ in range(rng.randint(1, 4))))

# Contractions in all cases, inside sentences and alone.
for base in CONTRACTION_BASES:
    for suffix in SUFFIXES:
        variants = case_variants(base + "'" + suffix)
        for v in rng.sample(variants, min(3, len(variants))):
            corpus.append(v)
        corpus.append(f"{sentence(4)[:-1]} {rng.choice(variants)} {sentence(3)}")
corpus += ["DON'T STOP", "We'LL see", "i'M here", "THEY'RE", "You'Ve", "He'D", "It'S", "'LL", "'Re",
           "I'm 'm 'M' 'll", "rock'n'roll", "O'Neil's", "'tis", "y'all'd've"]

# Code.
for snippet in CODE:
    corpus.append(snippet)
    corpus.append(snippet.replace("    ", "\t"))
for _ in range(200):
    a, b = rng.sample(CODE, 2)
    cut_a, cut_b = rng.randint(0, len(a)), rng.randint(0, len(b))
    corpus.append(a[:cut_a] + rng.choice(WHITESPACE) + b[cut_b:])

# CJK and other scripts.
for _ in range(240):
    parts = [rng.choice(CHINESE + JAPANESE + KOREAN) for _ in range(rng.randint(1, 3))]
    if rng.random() < 0.4:
        parts.insert(rng.randint(0, len(parts)), sentence(3))
    corpus.append(rng.choice(["", " ", "\n"]).join(parts))
for _ in range(200):
    parts = [rng.choice(RTL + OTHER_SCRIPTS) for _ in range(rng.randint(1, 3))]
    corpus.append(rng.choice([" ", "\n", ", ", ""]).join(parts))

# Emoji: singles, ZWJ sequences, skin tones, flags, keycaps, runs and in text.
corpus += EMOJI
for _ in range(200):
    run = "".join(rng.choice(EMOJI) for _ in range(rng.randint(1, 6)))
    corpus.append(rng.choice([run, f"{sentence(4)} {run}", f"{run}{sentence(3)}", f"a{run}b", f"{run} {run}"]))

# Combining marks and text whose NFC form differs.
corpus += COMBINING
for _ in range(150):
    corpus.append(" ".join(rng.choice(COMBINING + OTHER_SCRIPTS[:6]) for _ in range(rng.randint(1, 4))))

# Digits.
for n in range(1, 41):
    corpus.append(digits(n))
for _ in range(120):
    corpus.append(rng.choice([
        f"{digits(rng.randint(1, 9))}.{digits(rng.randint(1, 6))}",
        f"+{digits(2)} {digits(3)} {digits(7)}",
        f"{rng.randint(0, 10**9):,}",
        f"version {rng.randint(0, 20)}.{rng.randint(0, 99)}.{rng.randint(0, 999)}",
        f"{digits(4)}-{digits(2)}-{digits(2)}T{digits(2)}:{digits(2)}:{digits(2)}Z",
        f"x{digits(3)}y{digits(5)}",
        "٠١٢٣٤٥٦٧٨٩ " + digits(3),
        "１２３４５ and ²³ and ⅫⅣ",
        f"{sentence(3)[:-1]} {digits(rng.randint(5, 20))} items",
        f"0x{rng.randint(0, 2**32):08X} 0b{rng.randint(0, 255):08b}",
    ]))

# Whitespace.
for _ in range(220):
    parts = []
    for _ in range(rng.randint(1, 6)):
        parts.append(rng.choice(WHITESPACE) * rng.randint(1, 4))
        if rng.random() < 0.7:
            parts.append(rng.choice(WORDS + ["123", "!", "é", "中文", "😀", "'s"]))
    corpus.append("".join(parts))

# Added tokens inside text, complete and partial.
corpus += ["a<|im_end|>b", "<|im_start|>user\nHi<|im_end|><|im_start|>assistant\n",
           "<|im_end|", "<|im_end", "<<|im_end|>>", "<|endoftext|><|endoftext|>", "  <|im_end|>  ",
           "<think>\n\n</think>\n\nHello", "<tool_call>\n<function=get_weather>\n<parameter=city>Rome"
           "</parameter>\n</function>\n</tool_call>", "x<think>y</think>z", "<|im_start|><|im_end|>",
           "<|IM_END|>", "< |im_end| >", "<|im_end|>\n<|im_end|>\r\n<|im_end|>", "é<|im_end|>é",
           "😀<|im_start|>😀", "'s<|im_end|>'s", "123<|endoftext|>456"]
for _ in range(150):
    parts = [rng.choice([sentence(), rng.choice(SPECIALS), rng.choice(CHINESE), rng.choice(EMOJI),
                         rng.choice(WHITESPACE), digits(rng.randint(1, 5))]) for _ in range(rng.randint(2, 6))]
    corpus.append("".join(parts))

# Random code points from long-assigned blocks, and random mixtures of everything.
for _ in range(150):
    corpus.append(random_codepoints(rng.randint(1, 40)))
pools = [WORDS, CHINESE, JAPANESE, RTL, OTHER_SCRIPTS, EMOJI, COMBINING, SPECIALS, WHITESPACE, CODE]
for _ in range(250):
    corpus.append("".join(rng.choice(rng.choice(pools)) for _ in range(rng.randint(2, 12))))

# A few long strings.
for _ in range(6):
    corpus.append("\n\n".join(" ".join(sentence() for _ in range(8)) for _ in range(10)))
corpus.append(" " * 300 + "x")
corpus.append("\n" * 100)
corpus.append("a" * 500)
corpus.append("ab" * 300)
corpus.append("😀" * 120)
corpus.append("中" * 400)
corpus.append(digits(1000))
corpus.append("!" * 200 + "?" * 200)

for s in corpus:
    assert "\u0085" not in s and "\ufeff" not in s
    assert not any(0xD800 <= ord(c) <= 0xDFFF for c in s)

out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).with_name("corpus.jsonl")
with open(out, "w", encoding="utf-8", newline="\n") as f:
    for s in corpus:
        f.write(json.dumps(s, ensure_ascii=False) + "\n")
print(f"wrote {len(corpus)} strings to {out}")
