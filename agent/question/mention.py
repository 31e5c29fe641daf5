"""'Which contracts mention X?', 'How many agreements mention "most favored nation"?', 'contracts that mention
'audit rights'': a full-text search of the contracts' own text (the Explorer's "Search the contracts' text",
graph.retrieval.text_search), not a clause type and not the summary.

    find_mention('Which license agreements mention "most favored nation"?')
    -> Mention(query='"most favored nation"', rest='Which license agreements?')

The cue is a literal verb (mention, mentioning, contain the word(s) / phrase / term, use the phrase ...) or any
of contain / include / use / say / with right before a quoted phrase. What follows is the query: a quoted
phrase ('single', "double" or “curly” quotes) becomes a "double-quoted phrase" of the search syntax; unquoted
words run up to the next word that starts another condition ('signed', 'governed', 'and', 'with', ...) and are
searched as words (all of them in one section). The rest of the question, without the cue and the query, is
parsed as usual and becomes the scope of the search.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

NOUN = r"(?:the |a )?(?:exact )?(?:words?|phrases?|terms?|expressions?|wording|language)"
LITERAL_CUE = (r"(?:(?:that|which|who) )?(?:mention|mentions|mentioned|mentioning|"
               r"(?:contain|contains|containing|include|includes|including|use|uses|using|have|has|having|with) "
               + NOUN + r")")
QUOTE_CUE = (r"(?:(?:that|which|who) )?(?:contain|contains|containing|include|includes|including|use|uses|using|"
             r"say|says|saying|with)")
QUOTED = r"(?:'(?P<single>[^']+)'|\"(?P<double>[^\"]+)\"|“(?P<curly>[^”]+)”|‘(?P<curlysingle>[^’]+)’)"
CUE_THEN_QUOTE = re.compile(r"\b(?:" + LITERAL_CUE + r"|" + QUOTE_CUE + r")\s+(?:" + NOUN + r"\s+)?" + QUOTED,
                            re.IGNORECASE)
CUE_THEN_WORDS = re.compile(r"\b" + LITERAL_CUE + r"\s+(?P<words>[^?!.]+)", re.IGNORECASE)
# Words that start another condition end an unquoted query ('mention audit rights and are governed by ...').
STOP = frozenset("""and or but signed governed executed entered dated effective expiring expire expires ending end
ends worth valued with from before after since until between under over during where whose that which who in by
per than more less at as""".split())
LEADING = frozenset({"the", "a", "an", "any", "some"})
MAX_WORDS = 6


@dataclass(frozen=True)
class Mention:
    """The search query (our syntax: words and "double-quoted phrases"), its words as typed, and the question
    without the cue and the query."""

    query: str
    typed: str
    rest: str


def _phrase(m: re.Match[str]) -> str | None:
    inner = next((m.group(g) for g in ("single", "double", "curly", "curlysingle") if m.group(g)), None)
    if inner is None:
        return None
    words = " ".join(inner.replace('"', " ").split())
    return words or None


def _unquoted(words: str) -> tuple[str, int]:
    """The query words at the start of `words` and how many characters of it they take."""
    taken: list[str] = []
    end = 0
    for token in re.finditer(r"\S+", words):
        word = token.group(0).strip(",;:").lower()
        if word in STOP or len(taken) == MAX_WORDS:
            break
        if not taken and word in LEADING:
            end = token.end()
            continue
        taken.append(token.group(0).strip(",;:"))
        end = token.end()
    return " ".join(taken), end


def _rest(text: str, start: int, end: int) -> str:
    rest = " ".join((text[:start] + " " + text[end:]).split())
    return re.sub(r"\s+([?!.,])", r"\1", rest)


def find_mention(text: str) -> Mention | None:
    """The 'mention' part of the question, if it has one."""
    quoted = CUE_THEN_QUOTE.search(text)
    if quoted is not None and (phrase := _phrase(quoted)) is not None:
        query = f'"{phrase}"' if " " in phrase else phrase
        return Mention(query, phrase, _rest(text, quoted.start(), quoted.end()))
    found = CUE_THEN_WORDS.search(text)
    if found is None:
        return None
    words, length = _unquoted(found.group("words"))
    if not words:
        return None
    # 'contain the phrase exclusive distributor': the noun says the words are one phrase.
    phrase = " " in words and re.search(r"phrase|expression|wording", found.group(0)[:found.start("words")
                                                                                    - found.start()], re.I)
    query = f'"{words}"' if phrase else words
    return Mention(query, words, _rest(text, found.start(), found.start("words") + length))
