"""Party names: the one list of legal forms and every party-key rule built on it.

Entity resolution, evidence search, chunk merging, the graph's party merging, duplicate recognition, the
question parser's party lookup, the rules engine's party reader and the evaluation all read names through this
module, so a name one of them matches is the name the others match. The rules, for their uses:

* `party_key`: the graph's Party key, one per legal entity (docs/DATA.md#legal-entities-and-organisations): the
  base name's letters and digits (accents folded, a leading "the" dropped) followed by its trailing legal forms
  in one spelling each ("Incorporated" is "inc", "Corporation" "corp", "Company" "co", "Limited" "ltd"). So
  "Acme, Inc." and "ACME INCORPORATED" are one party, "Acme Inc." and "Acme LLC" two.
* `organisation_key`: the base name alone, shared by the legal forms of one name (an `Organisation`).
* `legal_form`: the trailing legal forms as a label ("Co., LLC"), None when the name states none.
* `compact_name`: letters and digits only, everything kept (comparisons that are not party identity).
* `norm_party`: names compared word by word (evaluation, resolution, evidence): lower case, leading "the" and
  trailing legal forms and organisation words ("Holdings", "Group") removed.
* `loose_party_key`: names compared fuzzily (duplicate recognition): legal forms and "the" dropped anywhere.
"""

from __future__ import annotations

import re
import unicodedata

# Legal forms, lower case, without dots or spaces ("L.L.C." is "llc"). "lcc" is a frequent misspelling of LLC.
LEGAL_FORMS: frozenset[str] = frozenset("""
inc incorporated corp corporation co company llc lc lcc ltd limited plc lp llp lllp pllc
sa sas sarl ag gmbh kg kgaa bv nv spa srl sl pte pty pvt kk ab as asa oy se
""".split())
# Forms also written letter by letter ("L.L.C.", "S. A.", "N.V."): the letters are joined before comparing.
INITIALISMS: frozenset[str] = frozenset("llc llp lllp lp plc pllc sa sas sarl spa srl bv nv ag na".split())
# "N.A." (national association) names a bank apart from its holding company ("Bank of America, N.A." is not
# "Bank of America Corporation"): no legal form to merge away, only a word a typed name may leave out.
BANK_FORMS: frozenset[str] = frozenset({"na"})
# Forms that are also common words ("as", "se"): recognised at the end of a name, never searched for in
# running text or a typed question ("as of 2020").
COMMON_WORD_FORMS: frozenset[str] = frozenset({"as", "se"})
# One spelling per legal form in a party key: the written-out and abbreviated forms are the same form.
CANONICAL_FORMS: dict[str, str] = {"incorporated": "inc", "corporation": "corp", "company": "co",
                                   "limited": "ltd", "lcc": "llc"}
# A party key's legal forms: "N.A." tells a bank apart from its holding company like a legal form does.
ENTITY_FORMS: frozenset[str] = LEGAL_FORMS | BANK_FORMS
# How a legal form is shown (`legal_form`); a form not listed is shown upper-case.
FORM_LABELS: dict[str, str] = {"inc": "Inc.", "corp": "Corp.", "co": "Co.", "ltd": "Ltd.", "lp": "L.P.",
                               "gmbh": "GmbH", "kgaa": "KGaA", "spa": "S.p.A.", "sarl": "S.à r.l.", "plc": "plc",
                               "sa": "S.A.", "sas": "S.A.S.", "na": "N.A.", "bv": "B.V.", "nv": "N.V."}
# Words that follow a company's name like a legal form ("Acme Holdings", "Acme Group"). Dropped only where
# names are compared loosely word by word (norm_party), never from a merge key: Acme Holdings is not Acme.
ORGANISATION_WORDS: frozenset[str] = frozenset("holding holdings group private public".split())
# Forms that are whole words: a full stop after one may end a sentence ("... is limited.").
WORD_FORMS: frozenset[str] = frozenset("incorporated corporation company limited".split())
# How contracts write the forms after a name, as typed (case matters): where a name ends in running text.
WRITTEN_FORMS: tuple[str, ...] = ("Inc.", "INC.", "Inc", "INC", "LLC", "Ltd.", "LTD.", "GmbH", "Corp.", "CORP.",
                                  "Corporation", "Limited", "LIMITED", "AG", "plc")


def join_initials(words: list[str]) -> list[str]:
    """Single letters that spell a legal form joined into it: ["acme", "s", "a"] -> ["acme", "sa"]."""
    out: list[str] = []
    i = 0
    while i < len(words):
        end = i
        while end < len(words) and len(words[end]) == 1 and words[end].isalpha():
            end += 1
        joined = next((k for k in range(end, i + 1, -1) if "".join(words[i:k]) in INITIALISMS), None)
        if joined is not None:
            out.append("".join(words[i:joined]))
            i = joined
        else:
            out.append(words[i])
            i += 1
    return out


def strip_trailing_forms(words: list[str], extra: frozenset[str] = frozenset()) -> list[str]:
    """`words` without trailing legal forms (and `extra` words), always keeping the first word."""
    kept = list(words)
    while len(kept) > 1 and (kept[-1] in LEGAL_FORMS or kept[-1] in extra):
        kept.pop()
    return kept


def _folded(name: str) -> str:
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()


def name_words(name: str) -> list[str]:
    """Accent-folded lower-case words (letters and digits), spelled-out legal forms joined ("L.L.C." -> "llc")."""
    return join_initials(re.findall(r"[a-z0-9]+", _folded(name)))


def compact_name(name: str) -> str:
    """Accents folded, lowercase letters and digits only ("Acme, Inc." -> "acmeinc")."""
    return re.sub(r"[^a-z0-9]", "", _folded(name))


def entity_parts(name: str) -> tuple[list[str], tuple[str, ...]]:
    """(base words, legal forms): "The Acme Company, L.L.C." -> (["acme"], ("co", "llc")). The first word is
    always base, so a name that is only a form ("Company") keeps it as its base."""
    words = join_initials(re.findall(r"[a-z0-9]+", re.sub(r"['’]", "", _folded(name))))
    if len(words) > 1 and words[0] == "the":
        words = words[1:]
    base = strip_trailing_forms(words, BANK_FORMS)
    return base, tuple(CANONICAL_FORMS.get(w, w) for w in words[len(base):])


def party_key(name: str) -> str:
    """The graph's Party key: one per legal entity ("ACME, INC." and "Acme Incorporated" -> "acmeinc")."""
    base, forms = entity_parts(name)
    return "".join(base) + "".join(forms)


def organisation_key(name: str) -> str:
    """The base name the legal forms of one name share, word by word ("Acme Widgets Inc." and "ACME WIDGETS
    LLC" -> "acme widgets"): words kept apart, so "Holdings I/II GP" and "Holdings III GP" are two names."""
    return " ".join(entity_parts(name)[0])


def legal_form(name: str) -> str | None:
    """The name's trailing legal forms as a label ("Premier Nutrition Company, LLC" -> "Co., LLC"), or None."""
    forms = entity_parts(name)[1]
    return ", ".join(FORM_LABELS.get(f, f.upper()) for f in forms) or None




def norm_party(name: str) -> str:
    """Lower case, punctuation out, leading "the" and trailing legal forms and organisation words removed."""
    words = join_initials(re.findall(r"[a-z0-9&]+", name.lower().replace("'", "")))
    if len(words) > 1 and words[0] == "the":
        words = words[1:]
    return " ".join(strip_trailing_forms(words, ORGANISATION_WORDS))


def loose_party_key(name: str) -> str:
    """Lower case, punctuation to spaces, legal forms and "the" dropped wherever they stand."""
    words = join_initials(re.sub(r"[^a-z0-9]+", " ", name.lower()).split())
    return " ".join(w for w in words if w not in LEGAL_FORMS and w != "the")


def legal_form_pattern(forms: frozenset[str] = LEGAL_FORMS - COMMON_WORD_FORMS) -> str:
    """A regex alternation of `forms` as text writes them: initialisms with optional dots ("l\\.?l\\.?c")."""
    spelled = [r"\.?".join(form) if form in INITIALISMS else form for form in forms]
    return "(?:" + "|".join(sorted(spelled, key=len, reverse=True)) + ")"


def abbreviated_forms() -> frozenset[str]:
    """Legal forms written as abbreviations, with and without their inner dots ("llc", "l.l.c"): a full stop
    after one does not end a sentence."""
    short = LEGAL_FORMS - WORD_FORMS - COMMON_WORD_FORMS
    return short | {".".join(form) for form in INITIALISMS}


def written_form_lookbehind(forms: tuple[str, ...] = WRITTEN_FORMS) -> str:
    """A regex that matches right after one of the written forms (one fixed-width lookbehind per form)."""
    return "(?:" + "|".join(f"(?<={re.escape(form)})" for form in forms) + ")"


# A trailing legal form as written: initialisms with dots, spaces or a slash between letters ("N. A", "S/A").
_TRAILING_FORM = re.compile(r"[\s,]+(?:" + "|".join(sorted(
    (r"[.\s/]{0,2}".join(f) if f in INITIALISMS | BANK_FORMS else f for f in ENTITY_FORMS), key=len, reverse=True))
    + r")\.?[\s,.]*$", re.IGNORECASE)


def base_name(name: str) -> str:
    """The name as written without its trailing legal forms and a leading "The" ("The Acme Co., Ltd." ->
    "Acme"); the name itself when the forms cannot be cut off as written (the key still has them apart)."""
    text = " ".join(name.split()).strip(" ,")
    stripped = re.sub(r"^the\s+", "", text, flags=re.IGNORECASE) if len(text.split()) > 1 else text
    while (cut := _TRAILING_FORM.sub("", stripped)) != stripped and cut:
        stripped = cut
    stripped = stripped.strip(" ,")
    return stripped if compact_name(stripped) == organisation_key(name).replace(" ", "") else text
