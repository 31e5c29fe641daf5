"""Word lists the parser uses to judge what is left over: filler (never reported), words that make a question
unanswerable exactly (negation, actions, unsupported statistics) and the vocabulary typos are corrected to."""

from __future__ import annotations

import re

# Submodules by name, not `from agent.question import ...` (the package's __init__ imports the parser, which imports
# this module: an import cycle).
import agent.question.amounts as amounts
import agent.question.contract as contract
import agent.question.dates as dates
import agent.question.facets as facets
import agent.question.followup as followup
import agent.question.intent as intent
import agent.question.lexicon as lexicon
from agent.question.lexicon import COUNTRY_NAMES, SUBDIVISIONS
from core.vocab import MONTH_NAMES
from core.vocab import MONTH_NUMBERS as MONTHS

FILLER = frozenset("""
how many much what which who whom whose when where why is are was were be been being the a an of in on at for to
from with by do does did done we our us i me my you your they them those these that this it its there their here
have has had having any all every some list listing show showing display give find get tell please number count
counts counted total contracts contract agreements agreement deals deal documents document portfolio database db
graph data and also as so than then ones one sign signing signed executed entered into made date dates dated
exist exists
existing available overall altogether whole entire kind currently now still just only involve involves involving
include includes including contain contains containing party parties companies company counterparty counterparties
clause clauses provision provisions term terms section sections like value values amount amounts worth valued
can could would should will may might let lets let's see know want need looking look at hold holds held there's
what's how's which's ok okay thanks thank hi please via per those them thereof among between between both either
same break down breakdown distribution distributed spread across grouped group sorted sort order ordered ranked
rank ranking top most least numbers figures stats statistics summary table chart plot out them about
other again instead do we've we're our question same got system compare compared comparing comparison
versus vs against respectively allow allows allowed permit permits permitted
""".split())
NEGATION = frozenset("not no n't except excluding exclude excludes without besides nor neither non isn't aren't "
                     "don't doesn't didn't wasn't weren't never".split())
ACTIONS = frozenset("delete remove update change edit draft write create add send email upload modify insert rename "
                    "cancel terminate sign approve generate compose prepare translate".split())
UNSUPPORTED = frozenset("median percentile percentiles variance deviation mode ratio percentage percent proportion "
                        "share correlation forecast predict trend riskiest risk risky compliance compliant".split())
# Left over, these mean the question asked for a number or an amount the parser did not read: refuse.
SIGNIFICANT = frozenset("""average mean avg sum valuable value values amounts million millions thousand billion
dollars usd k bn percent more less fewer greater higher lower longer shorter then early late mid status statuses
money revenue north south end ends ended ending expire expires expiring rarest often frequently
""".split())
NOT_CONTRACTS = frozenset("""parties party companies company counterparties clauses clause sections section pages page
words people employees lawyers types""".split())
GROUP_WORDS = frozenset({"per", "each", "breakdown", "distribution", "split", "grouped"})
CONTRACT_WORDS = frozenset("contracts contract agreements agreement deals deal documents document portfolio them "
                           "those these ones".split())
VOCABULARY: tuple[str, ...] = tuple(sorted(set("""
license licence licenses licensing agreement agreements contract contracts distribution distributor distributors
supply supplier suppliers sponsorship endorsement endorsements franchise franchises strategic alliance alliances
hosting reseller resellers manufacturing maintenance service services transportation outsourcing promotion
promotional consulting collaboration development marketing affiliate venture ventures signed effective expire
expired expires expiring expiration between before after since until quarter years months governed governing
jurisdiction active inactive force running lapsed status started window
perpetual confidentiality indemnification liability exclusivity termination renewal million thousand billion
worth value valued exceed exceeding average total largest smallest oldest latest newest distribution breakdown
parties party country countries number clause clauses provisions sponsorships endorsement partnerships
""".split()) | {w for name in [*COUNTRY_NAMES, *SUBDIVISIONS] for w in name.split() if len(w) >= 5}
    | {m for m in MONTHS if len(m) >= 5} | {name.lower() for name in MONTH_NAMES if name != "May"}))
COMMON = frozenset("""weather employees employee people ceo revenue revenues stock price prices hello paris great
greater greatest higher lower larger smaller bigger longer shorter month months year years week weeks day days
quarter quarters today tomorrow yesterday recent recently latest earliest example examples different various
average length duration long short examples sample typical common frequent popular least often language
english french german spanish chinese""".split())


def _pattern_words() -> frozenset[str]:
    """Every word the extractors' patterns spell out: a question word equal to one is never 'corrected'."""
    sources = [p.pattern for module in (amounts, contract, dates, facets, followup, intent)
               for p in vars(module).values() if isinstance(p, re.Pattern)]
    sources += [p.pattern for table in (lexicon.TYPE_PATTERNS, lexicon.CLAUSE_PATTERNS, lexicon.CUAD_PATTERNS)
                for p, _ in table]
    sources += list(intent.KEYS_TEXT)
    found = {w for source in sources for w in re.findall(r"[a-z]{3,}", source)}
    return frozenset(found | {w + "s" for w in found} | {w.rstrip("s") for w in found})


KNOWN = FILLER | NEGATION | ACTIONS | UNSUPPORTED | frozenset(VOCABULARY) | COMMON | _pattern_words()
PARTY_CUES = frozenset({"with", "involving", "involve", "involves", "between", "by", "from", "and"})
