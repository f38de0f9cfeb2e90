"""A caption as a voice should say it: numbers, vectors, symbols and markup written out as words.

Captions are written to be read ("q · k_i", "[0.665, 0.245]", "√2 ≈ 1.414", "3.29 × 10⁻⁴"); a speech
engine given them would spell symbols, skip them or guess. `spoken` rewrites them as a person reads them
aloud, and whatever it does not know is dropped, so only letters, spaces and sentence punctuation reach a
voice (`SPEAKABLE`).
"""

from __future__ import annotations

import re

SPEAKABLE = re.compile(r"[^\W\d_]+(?:[ '’,.;:?!-]+[^\W\d_]+)*[,.;:?!]?")  # letters and punctuation only
ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen"
).split()
TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
SCALES = ((10**12, "trillion"), (10**9, "billion"), (10**6, "million"), (1000, "thousand"), (100, "hundred"))
SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺ᵀ", "0123456789-+T")
RAISED = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺ᵀ]+")  # 10⁻⁴, Kᵀ: a power written as superscripts
GREEK = {"α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "epsilon", "θ": "theta", "λ": "lambda"}
GREEK |= {"μ": "mu", "π": "pi", "σ": "sigma", "τ": "tau", "φ": "phi", "ω": "omega", "Σ": "sum of"}
WORDS = {  # symbols read as words (spaces added around them)
    "·": "dot",
    "×": "times",
    "÷": "divided by",
    "≈": "is about",
    "=": "equals",
    "≠": "is not",
    "≤": "is at most",
    "≥": "is at least",
    "<": "is less than",
    ">": "is more than",
    "+": "plus",
    "−": "minus",
    "→": "to",
    "∞": "infinity",
    "&": "and",
    "%": "percent",
    "°": "degrees",
    "/": "over",
    **GREEK,
}
RULES = (  # (pattern, replacement) in order; numbers are written out last
    (r"\.\.\.|…", ","),  # a trailing or leading ellipsis is a pause
    (r"[“”\"‘]|(?<![^\W\d_])’|’(?![^\W\d_])|(?<![^\W\d_])'|'(?![^\W\d_])", " "),  # quotes, not apostrophes
    (r"(\d+(?:\.\d+)?) ?× ?10\^(-?)(\d+)", r"\1 times ten to the \2\3"),  # scientific notation
    (r"\^ ?T\b", " transpose"),
    (r"\^", " to the "),
    (r"√ ?", " root "),
    (r"\b([^\W\d_]+)_([^\W_]+)", r"\1 \2"),  # subscripts: k_i, score_i
    (r"\b([^\W\d_]+)ᵢ", r"\1 i"),  # and as a caption writes them: kᵢ, scoreᵢ
    (r"(\d+) ?× ?(\d+)(?= (?:grid|matrix|matrices|table))", r"\1 by \2"),  # shapes
    (r"(?<=\d)-(?=\d)", " to "),  # ranges: coordinates 1-2
    (r"(?<![\w)\]])[-−](?=\d)", "minus "),  # a negative number
    (r"\b([^\W\d_])\(", r"\1 times ("),  # w(1 − w): a product
    (r"\b([^\W\d_]{2,})\(", r"\1 of ("),  # softmax(...): a function
    (r"\[", " "),  # a vector is its numbers: [2, 0] -> 2, 0
    (r"[\]()]", ","),  # asides are set off by pauses
    (r"(?<=\d),(?=\d{3}\b)", ""),  # thousands: 1,024
    (r"(?<!\S)-(?!\S)", " minus "),
)


def spoken(caption: str) -> str:
    """`caption` as a voice should say it: only letters, spaces and sentence punctuation."""
    text = RAISED.sub(lambda m: "^" + m.group().translate(SUPERSCRIPTS), caption.replace("\n", " "))
    for pattern, replacement in RULES:
        text = re.sub(pattern, replacement, text)
    text = "".join(f" {WORDS[c]} " if c in WORDS else c for c in text)
    text = re.sub(r"\d+(?:\.\d+)?", lambda m: " " + number(m.group()) + " ", text)
    return _tidy(re.sub(r"[^\w\s'’,.;:?!-]|_", " ", text))


def number(digits: str) -> str:
    """A number as it is read: '1024' -> 'one thousand twenty-four', '0.500' -> 'zero point five zero zero'."""
    whole, _, fraction = digits.partition(".")
    said = integer(int(whole))
    return f"{said} point {' '.join(ONES[int(d)] for d in fraction)}" if fraction else said


def integer(n: int) -> str:
    """A whole number in words (English, without 'and')."""
    if n < 20:
        return ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return TENS[tens] + (f"-{ONES[ones]}" if ones else "")
    size, name = next((s, w) for s, w in SCALES if n >= s)
    high, rest = divmod(n, size)
    return f"{integer(high)} {name}" + (f" {integer(rest)}" if rest else "")


def _tidy(text: str) -> str:
    """One space between words, none before punctuation, no doubled or leading punctuation."""
    text = re.sub(r"\s+", " ", text)
    text = re.sub(r" ?[,;:](?: ?([,;:]))+", r"\1", text)  # ", ," -> ",", ",:" -> ":"
    text = re.sub(r"\b(equals|of|times|by|about|to|at|from|gets|over|plus|minus) ?, ?", r"\1 ", text)
    text = re.sub(r" ([,.;:?!])", r"\1", text)
    text = re.sub(r"([,;:])([.?!])", r"\2", text)
    text = re.sub(r"([,;:])(?=[^\s\d])", r"\1 ", text)
    text = re.sub(r"^[\s,.;:-]+", "", text)
    return text.strip().rstrip(",;:").strip()
