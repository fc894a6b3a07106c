"""How the strict verdict reads an answer: by its structure, then by its words.

markdown-it-py parses the answer into blocks: headings, paragraphs, list items, table cells with their row and
column headers, code blocks, quotes. Each block is read by its kind, and each part the answer marks as former or
rejected becomes a `Zone` (its span and why):
- a section under a heading that names the former ("## Old format") is former; under a heading that tells what
  changed ("## What changed"), a clause is former unless it states what holds now (a short bold line alone,
  "**Cleanup checklist for older files**", heads what follows it too);
- a table column or row headed old / previous / before / was / deprecated (and their kin) holds former values, and so
  does such a column of text laid out in columns in code ("Before          After");
- in code, what a command searches for (grep, rg, sed's pattern), a diff's removed lines, lines after a "# before"
  comment or labelled "Before:" and values a config lists to reject are former; everything else in code is stated;
- a block introduced by a short line naming the former ("Before:", "The old template said:") is former; so is a line
  led by a cross ("- ❌ `deck_v3.pptx`") and text struck through ("~~45 s~~"); so is a code block, table, list or
  quote that the next paragraph points back at as former or changes ("That was the guidance for a while.", "Both are
  superseded.", "Please switch these keys to ...");
- an FAQ's question ("**Q: I thought it was 60/40?**") is the reader's, not a statement, unless its reply grants it;
  a no to "Do I need to change it?" accepts what it names;
- a list of stages ("- **Originally:** 1 hour", "- **Then:** 3 hours", "- **Now:** 90 minutes") holds former
  values in the items before the one led by what holds now;
- in text, the markers of the vocabulary (omseval.scorers.markers) mark their scope within a clause, a clause that
  points back ("Both are out.") marks the one before, and a hedge marks nothing; a clause that accepts what it points
  at ("..., and that's perfectly acceptable") or a condition whose sentence accepts what it names ("If you'd rather
  keep 65%, that's still defensible") offers it.
Markdown syntax (list numbers, heading marks, table rules) is blanked in the reading, so "3." is no value.
Everything here is linear in the answer: bounded patterns, one pass over the blocks and clauses.
"""

import bisect
import functools
import itertools
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from markdown_it import MarkdownIt

from omseval.scorers.markers import VOCAB
from omseval.text import NUMBERS, fragment

MARKDOWN = MarkdownIt("commonmark").enable("table")
_MARKDOWN_LINE = re.compile(  # at a line's start; a bold line alone heads what follows it ("**Why**")
    r"(?: {0,3}(?:#{1,6}\s|[|>]|```|~~~|[-*+]\s|\d{1,9}[.)]\s)| {4,}\S|\*\*[^*\n]{1,80}\*\*[ \t]*:?[ \t]*\n)"
)
_MARKDOWN_LATER_LINE = re.compile("\n" + _MARKDOWN_LINE.pattern)  # found by its line break: a fast scan
_MARKDOWN_MARKS = ("\n#", "|", "```", "~~~", "\n>", "\n-", "\n*", "\n+", "\n    ", ". ")
SCOPE = 80  # characters a clause-wide marker reaches at most
_NEAR = 2  # with no number after a negation, words within which a limit word makes it a limit ("don't go past")
# words of an answer that may speak of what holds now (a quick look before its story of changes is read)
_NOW_WORDS = ("now", "Now", "current", "Current", "today", "Today", "days", "recent", "Recent", "as of", "As of",
                  "forward", "present", "again", "since then", "Since then", "has since", "have since", "since been",
                  "in force", "latest", "Latest", "newest", "Newest")  # fmt: skip
WORDS = re.compile(r"(?:\s*\S+){1,5}")  # a `words` marker's reach
# a stop that ends a sentence: not the one of "e.g." or "9 a.m." (looked for behind the stop: a fast scan); closing
# bold, quotes or brackets end it too
_STOP = (  # ... and a quote closed in italics: *"So does 12 months still apply?"*, or italics: *Is that wrong?*
    r"[.!?](?<!\b[eE]\.g.)(?<!\b[iI]\.e.)(?<!\bvs.)(?<!\bcf.)(?<![\d ][aApP]\.[mM].)"
    r"(?:(?:\*\*|__|(?<=[?!])[*_])?[\"'”’)\]]*|[\"'”’)\]]+[*_]{1,2})(?=\s|$)"
)
_BOUNDARY = re.compile(
    _STOP + r"|\n|;|:(?:\*\*|__)?(?=\s)(?!\s+(?:or|and|nor)\b)"
    r"|(?<!, later)(?<!, then)(?<!, afterwards)(?<!, briefly)(?<!, eventually)(?<!, earlier)"  # "and, later, in ET"
    r"(?:(?<!`)|(?!,\s*`))"  # not between two code spans: "The `_draft1`, `_draft2` suffixes" is one list
    r",(?=\s)(?!\s*(?:[\w.%$`'\"*-]+|`[^`\n]{1,60}`|\"[^\"\n]{1,60}\")\s*(?:,|\band\b|\bor\b|\)))"
    r"(?!\s+(?:such as|e\.g\.|i\.e\.|for (?:example|instance)|namely)\s)"  # examples go on their clause
    r"(?!\s*[\w%$`'\"*-]+(?:[.,:]\d+)*(?:[.;!?](?:\s|$)|$))"  # "the really old ones use P01, P02." lists two
    r"(?!\s+(?:or|and) even\b)"  # "Thursday, or even Tuesday" goes on
    r"|\s[—–-]{1,2}\s"
)
_SENTENCE = re.compile(_STOP + r"|\n")
_NEGATION = re.compile(
    r"(?i)\b(?:not|no|never|neither|nor|nobody|no one|no longer|would(?: \w+)? have|would've|could(?: \w+)? have)\b"
    r"|n't\b"
)
_REFUSED = re.compile(  # what follows a hedge word and refuses what it names
    r"(?i)\s+(?:[\w-]+\s+){0,3}?(?:won'?t|will not|doesn'?t|does not|can'?t|cannot|isn'?t|is not|aren'?t|are not|"
    r"wouldn'?t|would not|shouldn'?t|should not|never)\b"
)
_PREDICATE = re.compile(r"(?i)\s*(?:(?:is|are)\s+)?(?:now\s+|also\s+|still\s+)?")  # what leads a predicate
_COUNTERFACTUAL = re.compile(  # "would have been", not "would have to move"
    r"(?i)\b(?:would|could|might)(?:n't| not)?(?: \w+)? have\b(?! to\b)|\bwould've\b|\w'd have\b(?! to\b)"
)
_NUMBER = re.compile(
    r"(?i)\d|\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|fifty)\b"
)
_ARROW = re.compile(r"\s(?:→|->|=>|⇒)\s|(?<=\w)[→⇒](?=\w)")  # "12 -> 15", "High→Green"
_LISTED_BEFORE = re.compile(r"[ \t>]*(?:(?:[-*+]|\d{1,2}[.)])[ \t]+)?((?:[^,;:.\n→]{1,40},\s*(?:(?:or|and)\s+)?)+)")
_UNTIL = re.compile(r"(?i)\b(?:to|with|into|for|by)\b")
_TO = re.compile(r"(?i)\b(?:to|with|into)\b")
_RELATIVE_BEFORE = re.compile(r"(?i)\b(?:that|which|who)\s+$")
_MAIN_VERB = re.compile(r"(?i)(?<=\w)\s+(?:has|have|had|is|are|was|were|will|would|should|must|can)\b")
_QUOTED_LAST = re.compile(r"\s*(?:the |any |every |all )?(?:\"[^\"\n]{1,60}\"|“[^”\n]{1,60}”|`[^`\n]{1,60}`)\W*")
_PLACE = re.compile(r"(?i)\b(?:in|on|across|throughout|everywhere|wherever|at|from)\b")  # where a change is made
_STRETCH = r"(?:[^.;:\n]|(?<=\d)[.:](?=\d))"  # a character of a clause, a value's stop among them ("09:00", "1.5")
_CHANGE_CHAIN = re.compile(  # a value changed from, to one changed again: both are former
    rf"(?i)\bfrom\s+({_STRETCH}{{1,60}}?)\s+(?:(?:all the way|down|up|back)\s+)?to\s+({_STRETCH}{{1,60}}?)[,;]?\s+"
    r"((?:and\s+)?(?:then|later|afterwards|eventually|finally|now)\s+(?:(?:all the way|down|up|back)\s+)?to)\b"
)
_FROM_TO = re.compile(rf"(?i)\bfrom\b({_STRETCH}{{1,80}}?)\b(?:to|into)\b")  # "from 09:00 to"
_PERSON = re.compile(  # "we still use 12", "Today we still use 12" commit: a person is the clause's subject
    r"(?i)^\W*(?:(?:and|but|so|if|when|because|today|here)\W+){0,2}(?:we|you|i|(?:our|your|the) (?:team|teams|"
    r"reviewers?|leads?|managers?|approvers?|colleagues|people|designers?|engineers?))\s+(?:\w+\s+)?$"
)
# "Under the 6-year rule, people tagged ...", "Under CIF we still had to ...", "By that rule you'd need ..."
_UNDER = re.compile(
    r"(?i)^\W*(?:under (?:the )?(?!(?:current|new|present|latest|updated|today'?s?)\b)[^,.\n]{1,60}?|"
    r"(?:by|with|following|per) (?:that|this|those|the (?:old|older|previous|earlier|original|first|former)) "
    r"(?:[\w-]+ )?(?:rule|logic|standard|policy|guidance|convention|scheme|window|limit|version|setup)s?)"
    r"(?:,|(?=\s(?:we|they|you|people|it|teams?|everyone|nobody|most|many)\b))"
)
_VERB = re.compile(  # what opens a predicate ("won't be read correctly", "are stale")
    r"(?i)(?:will|would|won't|wouldn't|'ll|is|are|was|were|isn't|aren't|wasn't|weren't|has|have|had|hasn't|haven't|"
    r"should|shouldn't|must|mustn't|needs?|can't|cannot|doesn't|don't|does|do|follows?|uses?|matches)\b"
)
_NEGATOR = r"n't|\bnot|\bnever"
_NEGATED = re.compile(rf"(?i)(?:{_NEGATOR})(?:\s+been)?\s+$")  # what follows is negated ("hasn't been changed")
_PREDICATE = re.compile(r"(?i)\b(?:is|are|was|were|been|be)\s+(?:[\w']+\s+){0,2}$")  # what follows is said of it
_COMPARATIVE = re.compile(  # a limit word that limits only with "than" ("no older than", not "the older `Note:`")
    r"(?i)more|less|fewer|greater|higher|lower|longer|shorter|smaller|bigger|larger|earlier|later|older|newer"
)
_THAN = re.compile(r"\s+than\b")
_DIGITS = re.compile(r"(?<![\d.,])\d+(?:[.,]\d+)*")
_ACCEPTED_CELL = re.compile(  # a cell that accepts its row ("Acceptable where ..."), but not one telling a story
    r"(?i)[\s*_]*(?:(?:still |also )?(?:acceptable|accepted|fine|ok|okay|allowed|permitted|tolerated)|keep|stick with|"
    r"continue (?:with|using))\b"
    r"(?![^|\n]*\b(?:but|however|though|until(?! (?:its|the|their|your|our|a) next\b)|at first|initially|originally)\b)"
)
# "don't use ", "there's no case where ", "won't pick parameters up from " before "either"
_NEGATED_VERB = re.compile(rf"(?i)(?:{_NEGATOR}|\bno (?:case|situation|scenario|context))(?:\s+[\w-]+){{0,4}}\s+$")
_BLANK = re.compile(r"[ *_]*")  # nothing but spaces and emphasis marks
_MERE = re.compile(r"(?i)\s+(?:just|only|merely|a mere)\b")  # a value belittled after a limit ("after just an hour")
_CELL_PARTS = re.compile(r"[;.]\s")
_SUBORDINATE = re.compile(r"(?i)\b(?:if|unless|when|whenever|once)\b")  # opens a clause inside a clause
_NO_NEED = re.compile(  # a fix not asked for ("you don't strictly need to redo it")
    r"(?i)\b(?:(?:don'?t|do not|doesn'?t|does not|won'?t|will not)(?: \w+)? (?:need|have) to|no need to|needn'?t"
    r"|no (?:real )?(?:urgency|rush|hurry) to)\b"
)
# an indirect question ("asks whether 8 px is fine"): what it asks is fine is not accepted
_INDIRECT = re.compile(  # ... or what a step checks ("check the layout still works")
    r"(?i)\b(?:whether|(?:asks?|asked|asking|wonders?|wondering) if|(?:check(?:s|ed|ing)?|verif(?:y|ies|ied|ying)|"
    r"confirm(?:s|ed|ing)?|ensur(?:e|es|ed|ing)|mak(?:e|es|ing) sure|test(?:s|ed|ing)?)(?: that)?)\b"
)
_DETERMINED = re.compile(r"(?i)\b(?:an?|the|this|that|each|every|one|any|its|our|your|their)\s+(?:[\w-]+\s+)?$")
# a purpose ("so old links still work"): what a step keeps working, not a value it accepts
_PURPOSE = re.compile(r"(?i)\bso (?:that )?(?:[\w'-]+ ){1,3}(?:will |should |can )?(still work)")
_TOLD = re.compile(r"(?i)\b(?:would|could|might|used to|was|were|had|\w{3,}ed)\b|\w'd\b")  # ... in the past or supposed
_CONTRAST = re.compile(  # not within a compound ("strong-but-not-stellar")
    r"(?i)(?<![\w-])(?:but|however|whereas|although|though|now|today|these days|currently)(?![\w-])"
)
_VALUE = re.compile(r"\d|\"|(?<!\w)'[^']+'(?!\w)|`")  # a quote, not an apostrophe ("Tuesday's")
_APPOSITION = re.compile(r"(?i)^\W*(?:the|our|an?|what|that|those|which)\b")  # after a dash: "— the bar we used"
_RELATIVE = re.compile(r"(?i)^\W*(?:which|what)\b")
_NOUN_PHRASE = re.compile(r"(?i)\W*(?:the|our) (?:[\w-]+ ){0,3}[\w-]+[\s*_]*")
_ENDS_HERE = re.compile(r"[*_]*(?:[.;!]|[ \t]*$)", re.MULTILINE)  # a clause ending its sentence or line
_NUMBER_WORDS = (  # a number in words, as a value
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|"
    r"hundred|twice|once"
)
_CONSEQUENCE = re.compile(r"(?i)[,;]\s*(?:and )?so\b")  # "..., so `X.pdf` is fine": what follows from it
_TURNING = "but|however|whereas|although|though|yet"  # the words of a contrast
_OPPOSING = re.compile(rf"(?i)^\W*(?:{_TURNING})\b")  # a clause opening with a contrast
_CONCEDING = re.compile(rf"(?i)(?<![\w-])(?:{_TURNING})(?![\w-])")  # a concession: "..., but 65% is the current cap"
_BUT = re.compile(r"(?i)(?:,[\"”’']?|;|\s[—–])\s*but\s")  # a contrast within a sentence: "..., but the limit is now 48"
_HAS_VALUE = re.compile(rf"\d|[\"“`]|\b(?:{_NUMBER_WORDS})\b|(?<=\w )[A-Z][\w-]+|\w+-\w+")
_EITHER_OR = re.compile(r"(?i)either\b(?!\s+(?:is|one|option|value|version|choice|works?)\b)")
_COUNTED_FORMER = re.compile(
    r"(?i)\b(?:one of )?(?:two|three|four|a few|several|both)(?= (?:earlier|older|previous|former|old|prior|other)\b)"
    r"|\b(?:two|three|four|five|six|seven|eight|nine|ten|\d{1,2})(?= [a-z-]+s\W*$)"  # "asking for three breakpoints:"
)
_ITEM_LEAD = re.compile(
    r"(?:\*\*|__)([^*_\n]{1,40})(?:\*\*|__)|([^:\n*_]{1,30}):\s|(?i:(now|today|currently|these days)\b)"
)
_SAID = re.compile(r"\s*(?:[—–:,]|-{1,2}(?=\s))\s*([^.;\n]{1,60})")  # "**50 lines** — the original guideline"
_REST = re.compile(r"\s*([^.;\n]{1,60})")  # "20 per page: the original default"
_STAGE = re.compile(
    r"(?i)^\W*(?:the )?(?:then|later|next|after(?: that)?|afterwards|first|second|third|initially|at first|early|"
    r"earlier|before|until|up to|prior|in \d|\d{4}|v\d)"
)
# where the last clause of a line starts: "..., and old sheets may still have:", "**1. Ticket prefix.** You've got:"
_LAST_CLAUSE = re.compile(r"[,;]\s+(?:and\s+|but\s+|so\s+)?|\.[*_]*\s+|\s[—–]\s")
_INTRODUCING = [("heading", "former"), ("column", "former"), ("leftover", "clause"), ("former", "draft")]  # what names
# the former there, or the draft the answer corrects
_REPLY = re.compile(  # what leads a reply to a question ("A:", or an arrow: "`DEV-`? → Replace with `[BUILD]`")
    r"[*_\"”’)\]]*[ \t]*(?:\n[ \t]*){0,2}(?:\*\*A:\*\*|A:|→|->|=>)?[ \t]*"
)
_REPLIES = [("former", "reply"), ("condition", "fix")]  # what a reply to a question says of what it names
_NO = re.compile(r"(?i)[\s*_]*no\b(?!\s+(?:longer|more|one|later|earlier|matter|problem|need)\b)")
_CHANGE_ASKED = re.compile(  # a question whether to change what it names ("Do I need to change it?")
    r"(?i)\b(?:change|update|convert|migrate|rename|replace|switch|rewrite|reword|redo|fix|correct|reformat|move|touch)"
    r"\s+(?:it|them|those|these|that|this|(?:the|my|our) (?:old|older|existing|earlier|previous) [\w-]+)"
    r"(?: over| across|\s+(?:in|on|at|for|from|of)\b[^?\n]{0,40})?\W*$"
)
_NOT_NEEDED = re.compile(  # a reply saying a fix is not needed ("Do I need to change it?" "Not necessarily.")
    r"(?i)[\s*_]*(?:no\b(?!\s+(?:longer|more|one|later|earlier|matter|problem)\b)"
    r"|not (?:necessarily|really|yet|required|needed|urgently|right away|immediately)\b"
    r"|you (?:don'?t|do not) (?:need|have) to\b)"
)
_PAST_TENSE = re.compile(
    r"(?i)\b(?:was(?:n't)?|were(?:n't)?|had(?:n't)?|did(?:n't)?|used|said|went|took|made|wrote|kept|began|became|meant|ran|chose|told|got|gave|"
    r"left|felt|found|thought|held|grew|knew|saw|came|brought|rose|fell|stood|sent|built|spent|lost|"
    r"(?:(?<=\bthey )|(?<=\bhe )|(?<=\bshe )|(?<=\bsomeone )|(?<=\bsomebody ))(?:set|put|cut)|"  # "they set it to 8"
    r"(?!(?:speed|proceed|exceed|succeed|indeed|embed|hundred|need|seed|feed|based|shed)\b)"
    # not an adjective that tells no time ("the numbered scale")
    r"(?!(?:(?<=\bthe )|(?<=\ba )|(?<=\ban )|(?<=\bour )|(?<=\bits )|(?<=\byour )|(?<=\btheir )|(?<=\bthis ))"
    r"(?:numbered|named|labell?ed|detailed|advanced|limited|mixed|nested|linked|signed|related|dedicated|automated|"
    r"expected|preferred|recommended|required|registered|trusted|formatted)\b)"
    r"(?<![\w-])[a-z]{2,}ed)\b"
)
_STORY_VALUE = re.compile(  # a value a story tells: bold, a number with what is written onto it, code, a quote, ...
    r"\*\*[^*\n]{1,60}\*\*|[^\s()\[\]{}\"'`*“”]*\d(?:[^\s()\[\]{}\"'`*“”,;]*[^\s()\[\]{}\"'`*“”,;.:!?])?|"
    r"`[^`\n]{1,60}`|\"[^\"\n]{1,60}\"|“[^”\n]{1,60}”|"
    rf"(?i:\b(?:{_NUMBER_WORDS})\b)"  # ... a number word
)
_NOT_PROSE = ("|", "```", "~~~", "    ")  # a table or code: no story told there
_ALONG = re.compile(r"(?i)\W*(?:with|plus|including)\b")  # a sequence word that goes on within a sentence only
_SETTING = re.compile(  # a clause that only sets the scene of its sentence: an adverb, or a phrase led by a preposition
    r"(?i)\W*(?:then|later|next|soon|eventually|afterwards|after that|at first|at the time|back then|so|and|but|"
    r"(?:(?:and|but|so)\s+)?(?:for|in|on|at|after|before|during|by|with|under|over|from|until)\b[^,;:\n]{0,60}?)\W*"
)
# a change's clause going on after a comma: where it went ("..., to 90 words"), or the value alone (', "$5MM"')
_GOES_ON = re.compile(r"\s*(?:(?:all the way|down|up|back)\s+)?(?:to|at)\b|\s*[\"“`*]+[^\"”`*\n]{1,40}[\"”`*]+\W*$")
_PRESENT_BEFORE = re.compile(  # before a past form, what makes it present ("has used", "you've got")
    r"(?i)\b(?:is|are|be|been|being|am|has|have|will|would|should|must|can|could|may|might|to|gets?)\s+(?:\w+\s+)?$|"
    r"'(?:s|re|ve)\s+(?:\w+\s+)?$"
)
_LIST_MARKER = re.compile(r"[ \t>]*(?:[-*+]|\d{1,9}[.)])[ \t]+")
_HEADING_MARKS = re.compile(r"[ \t]*#{1,6}[ \t]*|[ \t]*#+[ \t]*$")
_QUOTE = re.compile(r"[ \t]*>[ \t]?")
_RULE = re.compile(r"^[\s|:-]*$")
_LEAD = re.compile(r"\s[—–-]{1,2}\s|[:;(,]")
_ENDS_LINE = re.compile(r"[*_]*[ \t]*(?:\n|$)")
_CAPITAL_NEXT = re.compile(r"[ \t]+[A-Z]")
# a short bold line alone, no sentence: a heading below every "#" heading ("**Cleanup checklist for old files**")
_WORD_IN_BOLD = r"(?:(?!\1)[^\s.!?])+"
# ... alone, or on the first line of its paragraph ("**Why**\nThe layout crops ..."), perhaps with a mark outside the
# bold ("❌ **Don't**")
_BOLD_HEADING = re.compile(
    rf"[ \t]*(?:[^\w\s*_#>|+-]{{1,3}}[ \t]*)?(\*\*|__)({_WORD_IN_BOLD}(?:[ \t]+{_WORD_IN_BOLD}){{0,9}})\1[ \t]*:?"
    rf"[ \t]*(?:[^\w\s*_#>|+-]{{1,3}}[ \t]*)?(?:\n|$)"
)
_BOLD_LEVEL = 7
# bold leading a paragraph, perhaps numbered: "**1. Then: 8.**"
_SLIDE = re.compile(
    r"[*_]*(?:slide|page|part|section|step) \d{1,2}[*_]*\s*[–—:-]\s*[*_]*([^\n*_]{1,80})[*_]*[ \t]*(?:\n|$)", re.I
)
_BOLD_LEAD = re.compile(r"[ \t]*(\*\*|__)(\d{1,2}[.)][ \t]*)?([^\n]{1,120}?)\1")
_LEAD_WORDS = 14  # words of a lead that can name a stage of a history
_OPENING_WORDS = 30  # ... and of the first sentence after a lead that names none ("A correction shortened it to 4 h.")
_TOLD_LEAD = re.compile(r"[^\n?]{1,80}\.")  # a lead told as a sentence ("The switch to magenta."), not a heading
_HISTORY = 3  # stages a history told without naming the stage in force has at least
# a bold question, or a bold "Why ...", leading a paragraph: "**Why did it change?**", "**Why 180 and not 500.**"
_BOLD_QUESTION = re.compile(r"[ \t]*(\*\*|__)([^\n*_]{1,120}\?|[Ww]hy\b[^\n*_]{1,120})\1")
# a question the answer asks for its reader (an FAQ's): a line led by "Q:" (a bold one whole), a bold or italic span
# leading its line and ending in "?" ("**Q: I thought it was 60/40?**", "*Still on 45 s?* Switch."), or a bold line
# that asks and then tells ("**What about 80%? I remember that number.**") or tells what the reader saw ("**I've also
# seen 90 days in older docs.**"), or a heading that asks ("### What about P03? Some older reports use it"), or a quoted
# question, up to its last question mark ("> Inputs go in orange, right? That's what I was told."); not one asking why,
# which grants its premise
_ASKED = re.compile(
    r"^(?:[ \t]*>[ \t>]*(?!why\b)[^\n]{0,300}\?|"
    r"[ \t>]*(?:[-*+][ \t]+)?(?:(\*\*|__)[ \t]*(?:Q\d*[:.]|Question:)[ \t]*(?!why\b)[^\n]{1,300}?\1(?=[ \t]*$)"
    r"|(?:\*\*|__)?[ \t]*(?:Q\d*[:.]|Question:)[ \t]*(?!why\b)[^\n]{0,300}\?"  # a bold "Q:" line whole, first
    r"|(\*\*|__|\*|_)(?![\s*_]|why\b)[^\n]{1,300}?\?\2"  # ("**Q: And ten weeks? I heard ten.**")
    r"|(\*\*|__)(?![\s*_]|why\b)[^\n]{1,300}?\?[ \t]+[^\n]{1,200}?\3(?=[ \t]*$)"
    r"|(\*\*|__)I(?:'ve| have)?(?: also| already)? (?:read|heard|seen|saw|remember|thought|was told|noticed|found|"
    r"came across)\b[^\n]{1,200}?\4(?=[ \t]*$)"
    r"|#{1,6}[ \t]+(?!why\b)[^\n]{1,300}?\?(?:[ \t]+[^\n]{1,200})?(?=[ \t]*$)))",
    re.MULTILINE | re.IGNORECASE,
)
_YES = re.compile(  # a reply granting what its question asks ("We do, every Monday.")
    r"(?i)\W*(?:(?:mostly|largely|generally|broadly|usually),?\s+)?(?:yes|yep|yeah|correct|right|exactly|indeed|"
    r"absolutely|sure|(?:that'?s|that is) (?:right|correct)|"
    r"(?:we|you|it|they|that) (?:do|does|is|are|can|will|should|(?:did|was|were)(?![^.!?\n]{0,60}\bbut\b))\b"
    r"(?! not| no\b|n't))"  # but not what held and no longer does ("It was, but it's been replaced.")
)
_STRUCK = re.compile(r"(?<!~)~~(?=[^\s~])[^~\n]{0,300}?(?<=[^\s~])~~(?!~)")
# a line break inside a paragraph that only wraps a long line of prose (commit messages, plain-text mail): not one
# after the end of a sentence, a colon or bold ("**Q: Is 12 fine?**"), nor before a list item, a quote, a table row, a
# heading, a bold lead or a label ("Before: 8 hours")
_SOFT_BREAK = re.compile(
    r"(?<=[\w,`])\n(?=[ \t]*(?![-*+>|#][ \t]|\d{1,9}[.)][ \t]|\*\*|__|[A-Za-z][\w ]{0,24}:[ \t])\S)"
)
_WRAPPED = 50  # the fewest characters of a line that a soft break wraps (a shorter line ends where it ends)
_LINE_LEAD = re.compile(r"^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?(?:\[[ xX]\][ \t]*)?(?:\*\*|__)?[ \t]*", re.MULTILINE)
_ASIDE_LABELLED = re.compile(  # a line led by a label with an aside in brackets, and its colon
    r"^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?[*_]*[^\n():*_]{1,40}?[ \t]*\(([^()\n]{1,60})\)[*_]*:", re.MULTILINE
)
_LABELLED = re.compile(  # a line led by a short label and its colon ("**Before:** Tuesdays at 10:00 Pacific")
    r"^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?(?:\*\*|__)?([A-Za-z][\w ()'-]{0,30}?)[ \t]*(?:\*\*|__)?:(?:\*\*|__)?"
    r"[ \t]+(?=\S)",
    re.MULTILINE,
)
_TRAILING_COMMENT = re.compile(r"\s(?:#|//)\s+(\S.*)$", re.MULTILINE)  # a comment after code on its line
_CODE_HEADING = re.compile(r"[ \t]*([A-Za-z][^:\n]{0,60}?)[ \t]*:[ \t]*")  # a line that is only a label
_CODE_LABEL = re.compile(r"([A-Za-z][\w ]{0,24}?)[ \t]*:[ \t]")  # a line's label in code ("Before:  #,##0;(#,##0)")
_COMMENT = re.compile(r"(?:#|//|--|<!--|/\*|;|%|')\s*(.*)$")
_CLOSED = re.compile(r"[.!?:;]\W*$")  # a comment line whose sentence ends on it
_GOES_ON_BELOW = re.compile(r"[a-z0-9(`\"]")  # ... or goes on in the line below
_SUBSTITUTION = re.compile(r"\bs([/|#,:])((?:\\.|(?!\1).){1,200})\1((?:\\.|(?!\1).){0,200})\1")
_REPLACE_CALL = re.compile(r"(?i)\b(?:replace|replaceall|sub|gsub|tr)\s*\(\s*[rbuf]{0,2}([\"'`])(.{0,200}?)\1\s*,")
_MAPPING_CALL = re.compile(r"(?i)\b(?:replace|rename|map|translate)\w*\s*\(\s*(?:\w+\s*=\s*)?\{")
_INLINE_CODE = re.compile(r"`([^`\n]{1,400})`")
_LISTED_IN_PARENS = re.compile(r"\([^()\n.;:!?]{1,200},[^()\n.;:!?]{1,200}\)")  # "(Strong Yes, Yes, No, Strong No)"
# "The medals, and the P0 tags before them, are retired": an aside naming more of what the clause retires
_ALSO_BEFORE = re.compile(  # ... set off by commas or by dashes ("medals — and the P0 tags before them — are")
    r"(?:,|\s[—–])\s(?:and|or|as well as|along with|plus)\s[^,.;:!?\n]{1,80}?\b(?:before|after|ahead of|preceding)\s"
    r"(?:it|them|that|those|this|these)(?:\s(?:too|as well))?(?:,|\s[—–])(?=\s)"
)
_LATER_ASIDE = re.compile(  # "Bold, and later italics, were the earlier conventions": an aside in the sequence
    r",\s(?:and|or)\s(?:later|then|earlier|afterwards|eventually|briefly)\s[^,.;:!?\n]{1,30},(?=\s)"
)
_DASH_ASIDE = re.compile(  # "the older convention — words for single digits — is still acceptable": one clause
    r"\s[—–]{1,2}\s[^—–\n]{1,100}?\s[—–]{1,2}\s(?=(?:is|are|was|were|remains?|stays?|still|also|works?)\b)"
)
_BETWEEN = re.compile(r"[\s>*_#.!?)\"”-]*")  # between two sentences that follow one another (a break, markup)
_LABEL_WORDS = 8  # words of a label before a colon that leads a sentence
_NEAR = 2  # sentences after the one setting a piece against what holds now in which "That's fine" points at it
_POINTS_AT_PIECE = re.compile(  # what points at the asker's piece ("leave it as it is", "Could you re-rate them")
    r"(?i)\b(?:it|this|that|them|these|those|yours|either|both)\b|\bas (?:it|they) (?:is|are|stands?)\b"
)
_FIRST_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")
_DESCRIPTION_ENDS = re.compile(  # ... what ends a description of the draft: a turn, or what it should be instead
    rf"(?i)[:;]|\s[—–]\s|,?\s+(?:{_TURNING}|while|so|instead|please)\b"
    r"|\b(?:should|must|needs? to|has to|have to|(?:could|can|would|will) you)\b"
)
_COMMA_QUOTED = re.compile(r",[\"”]\s+")
_QUOTE_MARKS = re.compile(r"^[ \t]*(?:>[ \t]?)+[ \t]*")
_QUOTED = re.compile(r"\"([^\"\n]{1,300})\"|“([^”\n]{1,300})”")
_RENAME = re.compile(
    r"(?i)\brename\s+(?:column|index|table|to)?\s*(?:if exists\s+)?(\S{1,120})\s+to\b"
    r"|\balter\s+(?:index|table|view|sequence|type)\s+(?:if exists\s+)?(\S{1,120})\s+rename\s+to\b"
)
_CELL = re.compile(r"\S+(?: \S+)*")  # a cell of a line laid out in columns: two spaces or more end it
_CODE_ARROW = re.compile(r"\s(?:→|->)\s")
_WORD_AFTER = re.compile(r"\s*\S+")  # the value an arrow maps to
_DASH = re.compile(r"\s[—–-]{1,2}\s")  # a dash between clauses
_SUBJECT_END = re.compile(r"(?i)\b(?:is|was|are|were|has|had|have|came|comes|dates)\b")
_CODE_SPAN = re.compile(r"`([^`\n]{1,80})`")
_WORD = re.compile(r"\w[\w:./%-]*")
_TOKEN = re.compile(r"[\w.,:]")  # a character of a word or a number
_CALLOUT = re.compile(  # a callout's label opening a sentence: the sentence is read from after it
    r"(?i)^\W*(?:note|warning|tip|caution|important|heads[- ]up|fyi|nb|aside|troubleshooting|reminder)\b[*_ \t]*:[*_]*"
)
_LABEL_END = re.compile(r"[)*_ \t]*:")  # where a label ends: its colon, after any bold or bracket
_TELLING_LABEL = re.compile(r"(?i)\b(?:what|where|how|when|why|we|they|it|you|i|he|she)\b")
_BOLD_OPEN = re.compile(r"\s*(?:[-*+][ \t]+)?(?:\*\*|__)")  # where a label starts: in bold, perhaps in a list item
_TICKET = re.compile(r"[A-Z][A-Z0-9]+(?:-[A-Z0-9]+)*-\d+(?::|\s[—–-])")  # "RES-412: Tracker still closes at 8"
# an incident review's title ("Retro: post went out with four hashtags"), and what shows an answer is one: its title
# or one of its sections ("**What happened**", "## Root cause")
_INCIDENT_TITLE = r"(?:retro(?:spective)?|post-?mortem|(?:post-)?incident (?:review|report))(?: \([^)\n]{1,30}\))?:"
_INCIDENT_PART = r"(?:what happened|what went wrong|how it happened|root causes?|contributing factors?)"
_INCIDENT = re.compile(rf"(?i){_INCIDENT_TITLE}\s")
_INCIDENT_SECTION = re.compile(rf"(?i)\W*{_INCIDENT_PART}\W*")  # a heading that tells what changed
_INCIDENT_REVIEW = re.compile(rf"(?im)^[#*_ \t]*(?:{_INCIDENT_TITLE}|{_INCIDENT_PART}[*_ \t]*:?[*_ \t]*$)")
_SHOWN_BACK = re.compile(  # "This is the order", "Both are superseded."
    r"(?i)\W*(?:this|that|these|those|both|all (?:of )?(?:these|those|them)|each of (?:these|those))(?:\s+[\w-]+){0,4}?"
    r"(?:'s|\s+(?:is|was|are|were|have|has|isn't|aren't|wasn't|[a-z]+[^s\W]s)\b)"
)
_POINTING = re.compile(r"(?i)\W*(?:that|this|it|they|those|these)(?:'s|\s+(?:is|was|are|were))\b")  # "That's expected"
_BRACKETED = re.compile(r"\([^()\n]{0,120}\)")
_POINTING_AT = re.compile(  # a subject pointing back, or keeping what was ("staying consistent with it")
    r"(?i)\W*(?:(?:and|but|so)\s+)?(?:(?:honestly|frankly|admittedly|realistically|technically|in practice|to be fair)"
    r",?\s+|(?:for|on|in) (?:[\w-]+ ){1,3}?)?"  # "... and for existing pages that's still acceptable"
    r"(?:that|this|it|they|those|these|either|both|staying|sticking|keeping|leaving|treating|falling back|"
    r"reverting|matching|carrying on|continuing|(?:returning|using|sending) (?:that|it))\b"  # "returning that is fine"
)
_TAKES_IT = re.compile(  # an object pointing back ("reviewers generally still accept it", "... that limit there")
    r"(?i)\b(?:accept|allow|approve|take|permit|tolerate)(?:s|ed)?\s+(?:it|them|(?:that|those|these)(?:\s+(?:limit|"
    r"value|rule|form|format|length|window|label|style|figure|threshold|setting|number)s?)?)(?:\s+(?:there|here|too))?\W*$"
    r"|\b(?:within|under|inside|at|to|on|by) (?:that|this|those|these) (?:limit|value|rule|window|deadline|threshold|"
    r"bar|size|number|setting|format|length|figure|cap|schedule|cadence)s?\b"  # "getting notes out within that window"
)
_PLURAL = re.compile(r"(?i)\W*(?:and\s+|but\s+)?(?:both|neither|none|all|those|these)\b")  # at several values
_MAPPING_OPEN = re.compile(r"(?i)\b(?:renam|replac|swap|migrat|convert|old_?to_?new|legacy|mapping)\w*\b.*[{\[(]\s*$")
_PAIR = re.compile(r"""\s*(["'][^"'\n]{1,80}["'])\s*:\s*["'][^"'\n]{0,80}["']""")


@dataclass
class Zone:
    """A stretch of the answer read as former or rejected, and why; `named` when a marker names the value itself as
    former (not only where it stands: a clause pointing back, a history section, a list after a colon, a question
    answered no, a cleanup): then the same value is former where it recurs."""

    start: int
    end: int
    why: str
    named: bool = True
    section: bool = False  # read as former by the heading over it: a hedge inside still offers what it accepts


@dataclass
class Reading:
    """The answer as the strict verdict reads it: its text with markdown syntax blanked (same length), the zones
    read as former, and the stretches read as hedges (which mark nothing)."""

    text: str
    zones: list[Zone] = field(default_factory=list)
    hedges: list[Zone] = field(default_factory=list)
    clauses: list[tuple[int, int]] = field(default_factory=list)  # every clause of its prose read, in order
    sentences: list[tuple[int, int]] = field(default_factory=list)  # ... and every sentence (but hedges), in order
    focus: list[tuple[int, int]] | None = None  # the spans a verdict is about (None: read everything)
    reversal: bool = False  # the answer tells of a reversal: pointing back marks nothing
    quotes: list[tuple[int, int]] = field(default_factory=list)  # quoted text: a proposed or reported string
    asked: list[tuple[int, int]] = field(default_factory=list)  # an FAQ's questions: the reader's words
    offers: list[tuple[int, str]] = field(default_factory=list)  # clauses accepting what they point at, by start

    def quoted(self, at: int) -> bool:
        """Whether `at` lies inside quoted text (whose words are what it quotes, not the answer's own markers)."""
        n = bisect.bisect_right(self.quotes, (at, len(self.text))) - 1
        return n >= 0 and self.quotes[n][0] <= at < self.quotes[n][1]

    def near(self, start: int, end: int) -> bool:
        """Whether text[start:end] meets a span of focus (everything is near without a focus)."""
        if self.focus is None:
            return True
        at = bisect.bisect_left(self.focus, (end,))  # the spans starting before `end`; they do not overlap, so the
        return at > 0 and self.focus[at - 1][1] > start  # last of them ends last

    def masked(self) -> str:
        """The text with every zone replaced by line breaks (no value spans one); a zone read by where it stands (a
        section, a list, a clause pointing back) leaves out what a hedge there offers."""
        spans: list[tuple[int, int]] = []
        for z in self.zones:
            parts = [(z.start, z.end)]
            for h in self.hedges if not z.named or z.section else []:
                parts = [p for a, b in parts for p in ((a, min(b, h.start)), (max(a, h.end), b))]
            spans += [(a, b) for a, b in parts if b > a]
        spans.sort()
        out, at = [], 0
        for start, end in spans:
            if end <= at:
                continue
            start = max(start, at)
            out += [self.text[at:start], "\n" * (end - start)]
            at = end
        out.append(self.text[at:])
        return "".join(out)

    def covering(self, start: int, end: int, among: list[Zone]) -> Zone | None:
        """The first of `among` that overlaps the span."""
        return next((z for z in among if z.start < end and start < z.end), None)


def read(answer: str, focus: list[tuple[int, int]] | None = None) -> Reading:
    """The answer read by its structure, then by its words; with `focus` (the spans that matter), word by word only
    in the sentences that hold them and the sentences on either side, which is all a verdict on them needs."""
    lines = _line_starts(answer)
    text = list(answer)
    reading = Reading(answer)
    reading.focus = sorted(focus) if focus is not None else None
    reading.reversal = bool(VOCAB["reversal", "answer"].search(answer))
    _struck_or_crossed(reading, answer)
    if ":" in answer:
        _labelled(reading, answer)
    if "?" in answer or "Q" in answer or "**I" in answer or "__I" in answer:
        _asked(reading, answer)
    if not _markdown(answer):  # plain prose: no block structure to read
        prose = _unwrapped(answer, [(0, len(answer))])
        reading.quotes = [m.span(1) for m in _QUOTED.finditer(prose)]  # a quote may wrap onto the next line
        _quoted_drafts(reading, prose)
        for start, end in _around(answer, reading.focus):
            _narrative(reading, prose, start, end, sections=[])
        if ":\n" in answer:
            _introduced(reading, answer)
        _inline_code(reading, answer, 0, len(answer))
        _set_against(reading, answer)
        _sequence(reading, answer)
        return reading
    tokens = MARKDOWN.parse(answer)
    prose = _unwrapped(
        answer, [(lines[t.map[0]], lines[t.map[1]]) for t in tokens if t.type == "paragraph_open" and t.map]
    )
    reading.quotes = [m.span(1) for m in _QUOTED.finditer(prose)]
    _quoted_drafts(reading, prose)
    sections: list[tuple[int, str, str]] = []  # open headings: (level, kind, heading text)
    intro: str | None = None  # the former a short introducing line names, for the next block
    shown: tuple[int, int] | None = None  # the code block or table just read (a line after it may say it is former)
    shown_diff = False  # ... a diff: what a line after it says former is what it names of the diff
    depth = 0  # nesting of list items and quotes
    leads: list[tuple[int, str, str]] = []  # where each heading and paragraph led by bold starts, its lead, its form
    blocks: list[tuple[int, int]] = []  # the lists and quotes open
    drafts: dict[str, tuple[int, int]] = {}  # per form of block (code of a language, table, quote): the last shown
    correcting: str | None = None  # a line introducing the corrected version of a block shown before ("Fixed:")
    offered = False  # the paragraph just read ends by accepting what follows it ("Keeping 96 is fine:")
    drafted: str | None = None  # why the block just read is the draft's: a block right after it, or one a line
    # going on from it introduces ("and later, in the decision tree:"), is the draft's too
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.type in ("bullet_list_open", "ordered_list_open", "blockquote_open"):
            depth += 1
            if tok.type != "blockquote_open":
                _stages(reading, answer, lines, _items(tokens, i), _history(sections) is not None)
            elif depth == 1 and intro is None:
                intro = drafted
            if tok.map is not None:
                blocks.append((lines[tok.map[0]], lines[tok.map[1]]))
                if tok.type == "blockquote_open" and depth == 1:
                    _draft_or_correction(reading, drafts, "quote", blocks[-1], correcting, offered)
                    correcting = None
        elif tok.type in ("bullet_list_close", "ordered_list_close", "blockquote_close"):
            depth -= 1
            if blocks:  # a list or a quote is shown like a code block or a table ("Both are superseded.")
                shown, shown_diff = blocks.pop(), False
            if not depth:  # what introduced it introduces nothing after it
                drafted = intro if tok.type == "blockquote_close" and _is_draft(intro) else None
                intro = None
        if tok.map is None or tok.type.endswith("_close"):
            i += 1
            continue
        start, end = lines[tok.map[0]], lines[tok.map[1]]
        if tok.type == "heading_open":
            level = int(tok.tag[1])
            _blank(text, answer, start, end, _HEADING_MARKS)
            title = answer[start:end].strip().strip("#").strip()
            sections = [s for s in sections if s[0] < level]
            leads.append((start, title, "heading"))
            kind = _heading_kind(title)
            if kind == "history" and not answer[:start].strip() and not _closed(tokens, i, level):
                kind = None  # the answer's title ("### Changelog: error codes"): it tells what holds as well
            if kind:
                sections.append((level, kind, title))
            # "### Moving from the five-plan page" names the former, and so do a ticket's and an incident's title
            if kind == "former" or _TICKET.match(title) or _INCIDENT.match(title):
                reading.zones.append(Zone(start, end, f"the heading {fragment(title)}"))
            _narrative(reading, answer, start, end, sections=[])
            intro = shown = drafted = None
            correcting, offered = _correction(title), False
            i += 3
            continue
        if tok.type in ("list_item_open",):
            _blank(text, answer, start, min(end, _line_end(answer, start)), _LIST_MARKER, once=True)
            i += 1
            continue
        if tok.type == "blockquote_open":
            for n in range(tok.map[0], tok.map[1]):
                _blank(text, answer, lines[n], lines[n + 1], _QUOTE, once=True)
            i += 1
            continue
        if tok.type == "table_open":
            close = next(j for j in range(i, len(tokens)) if tokens[j].type == "table_close")
            intro = intro or (drafted if depth == 0 else None)
            drafted = intro if depth == 0 and _is_draft(intro) else None
            _table(reading, answer, text, lines, tokens[i:close], intro, _history(sections))
            _section_zone(reading, sections, start, end)
            _draft_or_correction(reading, drafts, "table", (start, end), correcting, offered)
            correcting = None
            intro, i, shown, shown_diff = intro if depth else None, close + 1, (start, end), False
            continue
        if tok.type in ("fence", "code_block"):
            intro = intro or (drafted if depth == 0 else None)
            drafted = intro if depth == 0 and _is_draft(intro) else None
            diff = _code(reading, answer, lines, tok, intro)
            _blank_fences(text, answer, lines, tok)
            _section_zone(reading, sections, start, end, code=True)
            form = "code " + (tok.info or "").strip().lower()
            _draft_or_correction(reading, drafts, form, (start, end), correcting, offered)
            correcting = None
            intro, i, shown, shown_diff = intro if depth else None, i + 1, (start, end), diff
            continue
        if tok.type == "paragraph_open":
            block = answer[start:end]
            if depth == 0 and (lead := _BOLD_LEAD.match(block)):
                leads.append((start, lead.group(3), "numbered" if lead.group(2) else "bold"))
            # a line heading what follows: "**If you're reusing an older post**", "Slide 5 – What changed"
            bold = (_BOLD_HEADING.match(block) or _BOLD_QUESTION.match(block)) if depth == 0 else None
            slide = _SLIDE.match(block) if depth == 0 and not bold else None
            if heading := bold.group(2) if bold else slide.group(1) if slide else None:
                sections = [s for s in sections if s[0] < _BOLD_LEVEL]
                if kind := _heading_kind(heading):
                    sections.append((_BOLD_LEVEL, kind, heading))
                if bold and _INCIDENT.match(heading):
                    reading.zones.append(Zone(start, start + bold.end(), f"the heading {fragment(heading)}"))
            if intro:
                reading.zones.append(Zone(start, end, intro))
            if shown and _approves(block):  # what it approves of the draft, the answer keeps
                draft = [z for z in reading.zones if z.why.startswith(_DRAFT) and shown[0] <= z.start < shown[1]]
                reading.zones = [z for z in reading.zones if z not in draft]
            # "```24h```, should become: ```30h```"
            elif shown and (becomes := _becomes(block) or _said_former(block, answer[shown[0] : shown[1]])):
                for said in _naming(answer, *shown, becomes) if shown_diff else [shown]:  # a diff: its lines that
                    reading.zones.append(Zone(*said, f"followed by {fragment(becomes)}"))  # name what it says
            shown = None
            _narrative(reading, prose, start, end, sections)
            _inline_code(reading, answer, start, end)
            _section_zone(reading, sections, start, end)
            intro = _introduces(block) if depth == 0 or not intro else intro
            if depth == 0:
                if intro is None and drafted and _QUOTING_ON.match(line := block.strip().strip("*_ ")):
                    intro = None if _correction(line) or _accepts(line) else drafted  # goes on quoting the draft
                drafted = None
                correcting = _correction(block)
                last = _LAST_CLAUSE.split(block.strip())[-1]
                offered = _accepts(last) and not _EXCEPT.search(last)  # not "All fine apart from the filter:"
            i += 3
            continue
        i += 1
    _timeline(reading, answer, leads)
    _set_against(reading, answer)
    _sequence(reading, answer)
    reading.text = "".join(text)
    return reading


def _unwrapped(answer: str, paragraphs: list[tuple[int, int]]) -> str:
    """The answer with each soft break (`_SOFT_BREAK`) in the paragraphs read as a space, keeping its length: a
    clause wrapped onto the next line goes on there ("instead of the old" ending one line, "4-hour allowance" the
    next)."""
    breaks = [
        m.start()
        for start, end in paragraphs
        for m in _SOFT_BREAK.finditer(answer, start, end - 1)
        if m.start() - answer.rfind("\n", 0, m.start()) > _WRAPPED
    ]
    if not breaks:
        return answer
    text = list(answer)
    for at in breaks:
        text[at] = " "
    return "".join(text)


def _around(answer: str, focus: list[tuple[int, int]] | None) -> list[tuple[int, int]]:
    """The stretches of prose that reading word by word near the spans of focus needs (all of it without a focus):
    each span's lines and two more lines with text on either side, merged. A sentence never spans lines, so the
    sentences on either side of a span's, and those before them, lie within."""
    if focus is None:
        return [(0, len(answer))]
    stretches: list[tuple[int, int]] = []
    for start, end in focus:
        start, end = answer.rfind("\n", 0, start) + 1, _line_end(answer, end)
        before = after = 0
        while start > 0 and before < 2:
            start = answer.rfind("\n", 0, start - 1) + 1
            before += bool(answer[start : _line_end(answer, start)].strip())
        while end < len(answer) and after < 2:
            end, line = _line_end(answer, end + 1), end + 1
            after += bool(answer[line:end].strip())
        if stretches and start <= stretches[-1][1] + 1:
            stretches[-1] = (stretches[-1][0], max(end, stretches[-1][1]))
        else:
            stretches.append((start, end))
    return stretches


def _struck_or_crossed(reading: Reading, answer: str) -> None:
    """Text struck through ("~~45 s~~") is deleted, and a line led by a cross ("- ❌ `deck_v3.pptx`") shows what
    not to do: both former."""
    if "~~" in answer:
        reading.zones += [Zone(*m.span(), "struck through") for m in _STRUCK.finditer(answer)]
    if VOCAB["status", "item"].search(answer):
        for lead in _LINE_LEAD.finditer(answer):
            if cross := VOCAB["status", "item"].match(answer, lead.end()):
                line = lead.start(), _line_end(answer, lead.start())
                reading.zones.append(Zone(*line, f"its line is led by {fragment(cross.group(0))}"))


def _labelled(reading: Reading, answer: str) -> None:
    """A line led by a label that names the former ("**Before:** Tuesdays at 10:00", "- Originally: six months")
    tells the former on the rest of the line (only the lines of the spans in focus are looked at, when there are)."""
    if reading.focus is None:
        found = list(_LABELLED.finditer(answer))
    else:
        starts = sorted({answer.rfind("\n", 0, start) + 1 for start, _ in reading.focus})
        found = [m for at in starts if (m := _LABELLED.match(answer, at))]
    for m in found:
        label = m.group(1)
        bare = _BRACKETED.sub(" ", label)  # "**Before (about grade 8):**": its aside tells of what it labels too
        if len(bare.split()) <= _LABEL and VOCAB["column", "former"].search(bare):
            start = m.start(1) + label.find("(") if "(" in label else m.end()
            why = f"a line labelled {fragment(label + ':')}"  # a hedge on the line still offers what it accepts
            reading.zones.append(Zone(start, _line_end(answer, m.end()), why, section=True))
    if "):" in answer:  # "- Five cards (old count): ...", "- **Letter prefixes (the first correction, now replaced):**"
        for m in _ASIDE_LABELLED.finditer(answer):
            if VOCAB["column", "former"].search(m.group(1)):
                why = f"a line labelled as {fragment(m.group(1))}"
                reading.zones.append(Zone(m.start(), _line_end(answer, m.end()), why))


def _asked(reading: Reading, answer: str) -> None:
    """An FAQ's question ("**Q: I thought it was 60/40?**") is the reader's words, not a statement, unless its reply
    grants it ("We do."); a yes to "Is that gone?" or "Should I fix it?" grants that what it names is former, a no
    to "Do I need to change it?" that it is still accepted."""
    for m in _ASKED.finditer(answer):
        reading.asked.append(m.span())
        reply = _REPLY.match(answer, m.end())
        asked = answer[m.start() : m.end()].rsplit(". ", 1)[-1].strip("*_? ")
        fix = VOCAB["condition", "fix"].search(asked)
        told = not m.group(0).rstrip("*_").endswith("?")  # "**Q: I've seen 30 in the docs.**", whatever the reply
        at = reply.end() if reply else m.end()
        kept = not told and _CHANGE_ASKED.search(asked) and _NOT_NEEDED.match(answer, at)
        if kept and reading.near(m.start(), _paragraph(answer, at)[1]):  # about a value the verdict is about
            reading.offers.append((at, asked + "? " + kept.group(0).strip()))
        if (
            told
            or not _YES.match(answer, reply.end() if reply else m.end())
            or VOCAB["retired", "clause"].search(asked)
            or (fix and fix.end() == len(asked))  # "Should I fix it?", not "Should I set it to 45 s?"
        ):
            reading.zones.append(Zone(*m.span(), "a question asked for the reader"))


def _markdown(answer: str) -> bool:
    """Whether the answer has markdown blocks (headings, lists, tables, code, quotes, paragraphs led in bold, as the
    stages of a history are), checked cheaply first."""
    head = answer[:8]
    if not any(mark in answer for mark in _MARKDOWN_MARKS) and head.lstrip()[:1] not in ("#", "-", "*", ">", "`"):
        return False
    if answer.startswith("**") + answer.count("\n\n**") >= 2:
        return True
    return bool(_MARKDOWN_LINE.match(answer) or _MARKDOWN_LATER_LINE.search(answer)) or "|" in answer


def _line_starts(text: str) -> list[int]:
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    return starts + [len(text)] * 2  # a block's end line may be one past the last


def _line_end(text: str, start: int) -> int:
    end = text.find("\n", start)
    return len(text) if end < 0 else end


def _blank(text: list[str], answer: str, start: int, end: int, syntax: re.Pattern, once: bool = False) -> None:
    """Blank markdown syntax (list markers, heading marks, quote marks) in the reading, keeping its length."""
    for n, m in enumerate(syntax.finditer(answer, start, end)):
        if n and once:
            break
        if once and m.start() != start:
            break
        text[m.start() : m.end()] = " " * (m.end() - m.start())


def _blank_fences(text: list[str], answer: str, lines: list[int], tok) -> None:
    if tok.type != "fence":
        return
    for n in (tok.map[0], tok.map[1] - 1):
        s, e = lines[n], _line_end(answer, lines[n])
        if answer[s:e].lstrip().startswith(("```", "~~~")):
            text[s:e] = " " * (e - s)


def _closed(tokens: list, at: int, level: int) -> bool:
    """Whether a heading of the same level or higher follows the heading at `tokens[at]`, ending its section."""
    return any(t.type == "heading_open" and int(t.tag[1]) <= level for t in tokens[at + 1 :])


def _history(sections: list[tuple[int, str, str]]) -> str | None:
    """The title of the open section that tells what changed, if any."""
    return next((title for _, kind, title in sections if kind == "history"), None)


def _set_against_now(sentence: str, but: re.Match) -> bool:
    """Whether a sentence sets a value it names against one that holds now, after "but" ("Your note says 20
    characters, but the limit is now 48"): what comes before is what the asker has, not what the answer offers
    (unless it accepts it: "40 is fine for this one, but the standard is now 75")."""
    before, after = sentence[: but.start()], sentence[but.end() :]
    return bool(
        _HAS_VALUE.search(before)
        and _HAS_VALUE.search(after)
        and VOCAB["current", "clause"].search(after)
        and not _accepts(before)
        and not _accepts(_CONSEQUENCE.split(after, 1)[0])  # not "..., but 9 June should also be acceptable"
    )


def _told_in(reading: Reading, history: str, start: int, end: int) -> None:
    """A clause in the section telling what changed (titled `history`) that says nothing holds now is past."""
    reading.zones.append(Zone(start, end, f"in the section {fragment(history)}, told as past", named=False))


def _heading_kind(title: str) -> str | None:
    if _accepts(title):  # "**Where the older 25% may still be reasonable**" offers what it names
        return None
    if VOCAB["heading", "former"].search(title):
        return "former"
    if VOCAB["heading", "history"].search(title) or _INCIDENT_SECTION.fullmatch(title):
        return "history"
    return None


def _section_zone(
    reading: Reading, sections: list[tuple[int, str, str]], start: int, end: int, code: bool = False
) -> None:
    """A block under a heading that names the former is former; so is code under one that tells what changed (the
    cleaning up and migrating it shows work on the former)."""
    kinds = ("former", "history") if code else ("former",)
    former = next((title for _, kind, title in sections if kind in kinds), None)
    if former is not None:
        reading.zones.append(Zone(start, end, f"in the section {fragment(former)}", section=True))


def _is_draft(why: str | None) -> bool:
    return why is not None and why.startswith(_DRAFT)


# a short line going on from the block before it: "and later, in the decision tree:", "plus the alert rule:"
_QUOTING_ON = re.compile(
    r"(?i)(?:and|also|plus),? (?:later|earlier|further|elsewhere|again|below|above|from|in|on|under|the|your|its|their)"
    r"\b[^\n]{0,80}:$"
)


def _introduces(block: str) -> str | None:
    """A short line ending in a colon or a question mark that names the former ("Before:", "The old config said:",
    "What do I need to update?") introduces a former block."""
    line = _FOR_EXAMPLE.sub(":", block.strip().strip("*_ "))  # "The draft uses the R- format, e.g."
    line = _AFTERTHOUGHT.sub(":", line)  # "The conclusion needs to change, though:"
    if not line.endswith((":", "?")):
        return None
    whole = line.rstrip(":?*_ ")
    last = _LAST_CLAUSE.split(whole)[-1]  # "Teams copy old sheets, and old sheets may still have:"
    for lead in (whole, last):
        if _accepts(lead):  # "If you prefer, the old label form still works:" offers the block
            continue
        words = len(lead.split())  # a label's word ("Then", "Was") names the former only in a label ("Then:")
        label = words <= _LABEL and lead is whole  # "Then:" is a label; "Keep the helpers at the top, then:" is not
        kinds = _INTRODUCING + [("column", "label")] if label else _INTRODUCING
        if words <= 14 and any(VOCAB[kind, scope].search(lead) for kind, scope in kinds):
            return f"{_DRAFT if VOCAB['former', 'draft'].search(lead) else 'introduced by'} {fragment(lead)}"
    return None


def _quoted_drafts(reading: Reading, answer: str) -> None:
    """A quotation or inline code that the words before it in its sentence say is from the draft under review ('You
    wrote that the test "comes in below the 100 ms limit"', 'one line needs updating: "..."', "Your sample row shows
    `20240307`"), and what the draft is said to state ("Your plan uses 60 days, so ..."), is former, unless its own
    words, the rest of its sentence or one of the two sentences after accept it (not "The rest ... is fine")."""
    code = [m.span(1) for m in _INLINE_CODE.finditer(answer)] if "`" in answer else []
    stated = [
        (m.end(), _described(answer, m.end()), True)
        for begin, stop in _around(answer, reading.focus)
        for m in VOCAB["former", "stated"].finditer(answer, begin, stop)
    ]
    for start, end, said in sorted([(s, e, False) for s, e in reading.quotes + code] + stated):
        if not reading.near(start, end):  # what it names does not matter here
            continue
        line = answer.rfind("\n", 0, start) + 1
        opened = start if said else start - 1  # a quotation or code opens with its mark
        lead = answer[max((m.end() for m in _SENTENCE.finditer(answer, line, opened)), default=line) : opened]
        head, _, told = lead.rpartition(":")  # "Heads up on the header: you've set", "your note at the top: "
        last = _LAST_CLAUSE.split(told if told.strip(" *_") or not head else head)[-1]
        if not (said or VOCAB["former", "draft"].search(lead) or VOCAB["former", "draft"].search(last)):
            continue
        if _accepts(lead):
            continue
        stop = next((m.end() for m in _SENTENCE.finditer(answer, end + 1)), len(answer))
        ends = [stop] + [m.end() for m in itertools.islice(_SENTENCE.finditer(answer, stop), 2)]
        rest = [answer[end + 1 : stop]] + [answer[a:b] for a, b in zip(ends, ends[1:], strict=False)]
        if said:
            rest.append(answer[start:end])
        if not any(_accepts(r) and not _EXCEPT.search(r) for r in rest):  # not 'Your draft says "(absent)", which
            reading.zones.append(Zone(start, end, f"{_DRAFT} {fragment(lead.strip())}"))  # is fine to keep'


def _described(answer: str, at: int) -> int:
    """Where what the draft is said to state ends: its sentence, up to a colon, a dash or a contrast ("..., which
    gives 60 days", "..., and the docstring describes the fence as 2.5 × IQR")."""
    stop = _sentence_end(answer, at)
    turn = _DESCRIPTION_ENDS.search(answer, at, stop)
    return turn.start() if turn else stop


def _introduced(reading: Reading, answer: str) -> None:
    """In plain prose, a paragraph that a short line introduces as the former ("You wrote:") is former."""
    paragraphs = [m.span() for m in _PARAGRAPH.finditer(answer)]
    for (start, end), after in zip(paragraphs, paragraphs[1:], strict=False):
        if intro := _introduces(answer[start:end]):
            reading.zones.append(Zone(*after, intro))


def _correction(line: str) -> str | None:
    """A short line (or a heading) that introduces the corrected version of something shown before ("Corrected
    file:", "**Suggested rewrite:**", "### Fixed version")."""
    line = line.strip().strip("*_# ")
    if len(line.split()) > 12 or "\n" in line:
        return None
    found = VOCAB["becomes", "corrected"].search(line.rstrip(":*_ "))
    return line.rstrip(":*_ ") if found else None


def _draft_or_correction(
    reading: Reading,
    drafts: dict[str, tuple[int, int]],
    form: str,
    span: tuple[int, int],
    correcting: str | None,
    offered: bool,
) -> None:
    """A block of a form shown: when a line introduced it as the corrected version, the last block of the same
    form shown before is the draft it corrects, former; else it may be a draft itself (unless the line before it
    offers it)."""
    if correcting is not None:
        if form in ("code diff", "code patch") and form not in drafts:  # a diff corrects the code of any language
            form = next((f for f in reversed(drafts) if f.startswith("code ")), form)
        if (draft := drafts.pop(form, None)) is not None:
            reading.zones.append(Zone(*draft, f"corrected by the block after {fragment(correcting)}"))
    elif not offered:
        drafts[form] = span


_PARAGRAPH = re.compile(r"[^\n]+(?:\n[^\n]+)*")  # lines with no blank line between them
_EXCEPT = re.compile(  # an acceptance of everything but what was shown: "The rest of your greeting is fine"
    r"(?i)\b(?:apart from|except|other than|but for|save for|the rest|everything else|all else|otherwise|"
    r"the remainder)\b"
)
_DRAFT = "quoted from the draft it corrects:"  # why a block a line introduces as the draft's is former
_APPROVES = re.compile(
    r"(?i)\W*(?:(?:this|that|it)(?:'s| is| looks)? )?(?:looks )?(?:good|fine|right|correct|great|lgtm)\b"
    r"|\W*(?:i'?d|i would|you can|you could) (?:keep|leave) (?:that|this|it|them|those)(?: [\w-]+)? "
    r"(?:as (?:written|is|drafted)|unchanged|alone)\b"  # "I'd keep that sentence as written."
)


def _approves(block: str) -> bool:
    """Whether a paragraph opens by approving the block before it ("Looks good.", "That's fine as it is"), and its
    next sentence retires nothing of it (not "The structure is right. It's only the name that's out of date.")."""
    first = _first_sentence(block)  # not "Everything's fine except the ID."
    if VOCAB["retired", "clause"].search(_next_sentence(block, first)):
        return False
    if turns := list(_CONCEDING.finditer(first)):  # after a contrast, what it goes on to say: not "Good instinct to
        return _accepts(first[turns[-1].end() :]) and not _EXCEPT.search(first)  # add a timeout, but 40 is old"
    opening = _LAST_CLAUSE.split(first, maxsplit=1)[0]  # not "That's HTTPie, and PowerShell works out of the box"
    return bool(_APPROVES.match(first) or _accepts(opening)) and not _EXCEPT.search(first)


def _next_sentence(block: str, first: str) -> str:
    """The sentence of a block after its first (`first`, from `_first_sentence`)."""
    return _first_sentence(block[block.find(first) + len(first) + 1 :])


def _first_sentence(block: str) -> str:
    text = block.lstrip()
    return text[: stop.start()] if (stop := _SENTENCE.search(text)) else text


_LABEL = 3  # words of a label introducing a block ("Before:", "What it was:")
_FOR_EXAMPLE = re.compile(r"(?i),?\s+(?:e\.g\.|for (?:example|instance))$")  # ends a line as a colon does
_AFTERTHOUGHT = re.compile(r"(?i),\s*(?:though|however|too|as well):$")


def _becomes(block: str) -> str | None:
    """A short line ending in a colon that says what the block before it becomes ("should become:", "change it
    to:"): that block is former."""
    line = block.strip().strip("*_ ")
    if not line.endswith(":") or len(line.split()) > 8:
        return None
    found = VOCAB["becomes", "block"].search(line.rstrip(":*_ "))
    return found.group(0) if found else None


def _said_former(block: str, shown: str) -> str | None:
    """A paragraph after a block whose first sentence says the block is former ("This is the build-first order we
    used for a while, and it's been superseded.", "`retention-days: 5` is the old setting.") or changes it
    ("Please switch these keys to ...", "Same fix: ..."); one that approves it is read before (`_approves`)."""
    first = _first_sentence(block)
    if VOCAB["hedge", "sentence"].search(first):
        return None
    if fix := VOCAB["becomes", "fix"].match(first):
        return fix.group(0).strip()
    if VOCAB["described", "against"].search(first):  # "All test randomness now uses 7919. Please change this."
        second = _next_sentence(block, first)
        if fix := VOCAB["becomes", "fix"].match(second) or VOCAB["condition", "fix"].search(second):
            return fix.group(0).strip()
    if _rejects_shown(first, shown):  # "These are inputs, so they need magenta now, not orange."
        return first.strip()
    if not (_SHOWN_BACK.match(first) or _names_shown(first, shown)):
        return None
    return first.strip() if VOCAB["retired", "clause"].search(first) or _tells_former(first) else None


def _naming(answer: str, start: int, end: int, sentence: str) -> list[tuple[int, int]]:
    """The lines of answer[start:end] that hold a number or a code span the sentence names."""
    named = {m.group(0) for m in _DIGITS.finditer(sentence)} | {m.group(1) for m in _CODE_SPAN.finditer(sentence)}
    found = []
    for line in re.finditer(r"[^\n]+", answer[start:end]):
        if any(n.strip() and n in line.group(0) for n in named):
            found.append((start + line.start(), start + line.end()))
    return found


def _rejects_shown(sentence: str, shown: str) -> bool:
    """Whether a sentence pointing back at a block rejects a word the block shows ("..., not orange")."""
    if not _SHOWN_BACK.match(sentence):
        return False
    shown = shown.lower()
    for m in VOCAB["negation", "after"].finditer(sentence):
        words = _WORD.findall(sentence, m.end(), min(len(sentence), m.end() + 40))[:3]
        if any(len(w) > 1 and re.search(rf"(?<!\w){re.escape(w.lower())}(?!\w)", shown) for w in words):
            return True
    return False


def _names_shown(sentence: str, shown: str) -> bool:
    """Whether a sentence's subject names what the block before it shows: a code span or a number of the block
    ("`retention-days: 5` is ...", "The 45-day review was ...")."""
    verb = _SUBJECT_END.search(sentence)
    subject = sentence[: verb.start()] if verb else ""
    if len(subject.split()) > 8:
        return False
    codes = [m.group(1) for m in _CODE_SPAN.finditer(subject)]
    numbers = {m.group(0) for m in _DIGITS.finditer(subject)}
    return any(c.strip() and c in shown for c in codes) or any(m.group(0) in numbers for m in _DIGITS.finditer(shown))


def _cells(answer: str, start: int, end: int) -> list[tuple[int, int]]:
    """The (start, end) of each cell of a table row's line, split at unescaped pipes."""
    line = answer[start:end]
    bounds = [m.start() for m in re.finditer(r"(?<!\\)\|", line)]
    if not bounds or bounds[0] != len(line) - len(line.lstrip()):
        bounds = [-1, *bounds]
    if line.rstrip().endswith("|") is False:
        bounds.append(len(line.rstrip()))
    return [(start + a + 1, start + b) for a, b in zip(bounds, bounds[1:], strict=False) if b > a + 1 or b == a + 1]


def _table(
    reading: Reading, answer: str, text: list[str], lines: list[int], tokens, intro: str | None, history: str | None
) -> None:
    """Cells under a former column header (and, when the first column lists former entries beside a column of what
    replaced them, the rest of their rows); cells of a row its first cell, or a short status cell, marks former;
    where rows are marked current ("Now", "Current", "3.4 onward"), the other rows: they tell what came before; and
    under a heading that tells what changed (`history`: "## Revision history"), the rows that say nothing holds now."""
    rows = [t for t in tokens if t.type == "tr_open"]
    if not rows:
        return
    head = lines[rows[0].map[0]]
    names = [answer[s:e].strip() for s, e in _cells(answer, head, _line_end(answer, head))]
    kinds = [_column_kind(n) for n in names]
    for n in range(1, len(names)):  # "| Current | Rename to |": the column before a target is what changes
        if kinds[n - 1] != "former" and _is_target(names[n]) and not _is_target(names[n - 1]):
            kinds[n - 1] = "former"
    rule = lines[rows[0].map[0] + 1]
    for k in range(rule, _line_end(answer, rule)):  # the delimiter row
        text[k] = " " if answer[k] in "|-:" else text[k]
    body = []
    for row in rows[1:]:
        line = lines[row.map[0]]
        cells = _cells(answer, line, _line_end(answer, line))
        status = [_status(answer[s:e]) for s, e in cells]
        body.append((cells, status))
    # a row marking columns, not itself ("| Status | Retired | Retired | **In force** |"): a column it marks former
    # holds former values, as under a former header
    marking = [sum(x is not None for x in status[1:]) >= 2 and "former" in status[1:] for _, status in body]
    for (_, status), marks in zip(body, marking, strict=True):
        for n, x in enumerate(status[1 : len(kinds)] if marks else [], start=1):
            if x == "former" and kinds[n] != "current":
                kinds[n] = "former"
    current = [
        not marks and (status[0] == "current" or "current" in status[1:])
        for (_, status), marks in zip(body, marking, strict=True)
    ]
    # a first column of former entries beside a column of what replaced them: the rest of each row is about the former
    entries = kinds[:1] == ["former"] and "current" in kinds
    rejected: list[tuple[int, int]] = []  # the cells of former columns
    accepting: list[tuple[int, str]] = []  # the rows that accept what they name, as offers
    for row, (cells, status), is_current in zip(rows[1:], body, current, strict=True):
        first = answer[cells[0][0] : cells[0][1]].strip() if cells else ""
        line = answer[lines[row.map[0]] : _line_end(answer, lines[row.map[0]])]
        why, named = None, True
        if status and (status[0] == "former" or _column_kind(first) == "former"):
            why = f"in the table row {fragment(_plain(first))}"
        elif "former" in status[1:]:
            why = f"in a table row marked {fragment(_plain(answer[slice(*cells[status.index('former', 1)])]))}"
        elif any(current) and not is_current:
            why = "in a table row before the current one"
        elif intro:
            why = intro
        elif history and not is_current and not VOCAB["current", "clause"].search(line) and not _accepts(line):
            why, named = f"a row of the table in the section {fragment(history)}", False
        # a row that accepts what it names ("| Legacy screen | 8 px is acceptable for now |", "| `<table>_<columns>_ix`
        # | Acceptable where migrations already use it |", "| 5.5:1, the earlier threshold, still fine |") is no former
        # row, and offers what a verdict is about there (not a cell under a former column: "| Don't ❌ |"; a first cell
        # only in words that accept, since "| Keep the body under 1,500 words |" there is a step)
        if any(
            (_accepted_cell(cell) if n else any(_accepts(part) for part in _CELL_PARTS.split(cell)))
            for n, cell in enumerate(_voice(reading, answer, s, e) for s, e in cells)
            if n >= len(kinds) or kinds[n] != "former"
        ):
            why = None
            if reading.near(cells[0][0], cells[-1][1]):
                accepting.append((cells[0][0], answer[cells[0][0] : cells[-1][1]].strip()))
        # a row with a span of focus is read whole: its cells tell of one another ("| 0.08 | Used for a while, now
        # outdated |")
        near = bool(cells) and reading.near(cells[0][0], cells[-1][1])
        for n, (s, e) in enumerate(cells):
            kind = kinds[n] if n < len(kinds) else None
            if kind == "former" or (entries and kind is None):
                reading.zones.append(Zone(s, e, f"in the table column {fragment(_plain(names[n if kind else 0]))}"))
                rejected.append((s, e))
            elif why:
                reading.zones.append(Zone(s, e, why, named=named))
            if near:
                _narrative(reading, answer, s, e, sections=[], whole=True)
                _inline_code(reading, answer, s, e)
    # what a cell of a former column accepts is what not to do ("| ❌ Don't | Assume the 31-character figure still
    # applies |"): no offer
    reading.hedges = [h for h in reading.hedges if not any(s <= h.start < e for s, e in rejected)]
    reading.offers = [o for o in reading.offers if not any(s <= o[0] < e for s, e in rejected)] + accepting
    for n, (s, e) in enumerate(_cells(answer, head, _line_end(answer, head))):
        if n < len(kinds) and kinds[n] == "former":  # "| curl (original) |": the header names the former too
            reading.zones.append(Zone(s, e, f"the table column {fragment(_plain(names[n]))}"))
        if reading.near(s, e):
            _narrative(reading, answer, s, e, sections=[])


def _items(tokens, i: int) -> list:
    """The items of the list whose opening token is tokens[i] (not those of lists nested in them)."""
    level, items = tokens[i].level, []
    for tok in tokens[i + 1 :]:
        if tok.level == level and tok.type.endswith("_list_close"):
            break
        if tok.type == "list_item_open" and tok.level == level + 1 and tok.map is not None:
            items.append(tok)
    return items


def _stages(reading: Reading, answer: str, lines: list[int], items: list, history: bool) -> None:
    """A list that tells what held when ("- **Originally:** 1 hour", "- **Then:** 3 hours", "- **Now:** 90 min";
    "1. We started with APA. 2. We then moved to IEEE. 3. Now it's MLA."): the items before the one led by what
    holds now are former, when each is led by a stage or tells the past (steps to take are not stages), or the
    first is led by a stage or the list is in a section telling what changed (`history`), and the others accept
    nothing (a list of the history in order)."""
    spans = [(lines[t.map[0]], lines[t.map[1]]) for t in items]
    leads = [[part for part in _item_lead(answer, s) if part] for s, _ in spans]
    stages = [next(((status, part) for part in lead if (status := _status(part))), (None, "")) for lead in leads]
    # else a longer bold lead naming a stage ("**Final change, the rule today:**")
    for n, (start, _) in enumerate(spans):
        bold = _BOLD_LEAD.match(_LIST_MARKER.sub("", answer[start : _line_end(answer, start)], count=1))
        if stages[n][0] is None and bold and (kind := _lead_kind(bold.group(3))):
            stages[n] = kind, bold.group(3)
    now = next((n for n, (status, _) in enumerate(stages) if status == "current"), 0)
    told = history or stages[0][0] == "former"  # told from its first stage, the items after it are stages in turn
    if not now or not all(
        status == "former"
        or any(_STAGE.match(part) for part in lead)
        or _TOLD.search(answer, s, e)
        or (told and not _accepts(answer[s:e]))
        for (s, e), lead, (status, _) in zip(spans[:now], leads[:now], stages[:now], strict=True)
    ):
        return
    for s, e in spans[:now]:
        reading.zones.append(Zone(s, e, f"in a list item before the one marked {fragment(stages[now][1])}"))


def _timeline(reading: Reading, answer: str, leads: list[tuple[int, str, str]]) -> None:
    """Paragraphs or sections led by the stages of a history in turn ("**Where it started: 6 categories.**", "**Then:
    8.**", "**Final change: 3.**"; or "**Four hours.** A correction shortened that to 4 hours."), each led by a stage
    or telling the past: those just before one led by the stage in force are former, each up to the next lead, when
    one at least is led by a stage or all are numbered ("**1. Blue inputs.**", "**2. Orange reinforced.**", "**3.
    Magenta (current).**"); without a stage in force, a history of three paragraphs or more led in bold by a stage or
    a sentence, told from a stage led as early ("**The starting convention.**", "**The move to orange.**"), holds
    the stage in force last, and those before it are former. A hedge there still offers what it accepts."""
    if not leads:
        return
    ends = [start for start, _, _ in leads[1:]] + [len(answer)]
    kinds = [
        _lead_kind(lead) or _lead_kind(_opening(answer, start, end), _OPENING_WORDS)
        for (start, lead, _), end in zip(leads, ends, strict=True)
    ]
    staged = [
        kind == "former" or (kind is None and _TOLD.search(answer, start, end) is not None)
        for kind, (start, _, _), end in zip(kinds, leads, ends, strict=True)
    ]
    first = 0
    while first < len(leads):
        last = first
        while staged[first] and last + 1 < len(leads) and staged[last + 1]:
            last += 1
        run = range(first, last + 1) if staged[first] else range(0)
        after = last + 1 if last + 1 < len(leads) and kinds[last + 1] == "current" else None
        former: range | None = None
        if after is not None and (
            "former" in [kinds[n] for n in run] or (len(run) > 1 and all(leads[n][2] == "numbered" for n in run))
        ):
            former, told = run, fragment(leads[after][1])
        elif after is None and (begin := next((n for n in run if kinds[n] == "former"), None)) is not None:
            # told from its first lead naming a stage, up to a lead that neither names a stage nor is told as one
            # (a sentence, or a heading whose section opens in the past)
            stop = next(
                (
                    n
                    for n in run[begin - first :]
                    if kinds[n] != "former"
                    and not _TOLD_LEAD.fullmatch(leads[n][1])
                    and not (leads[n][2] == "heading" and _TOLD.search(_opening(answer, leads[n][0], ends[n])))
                ),
                last + 1,
            )
            if stop - begin >= _HISTORY:
                former, told = range(begin, stop - 1), f"{fragment(leads[stop - 1][1])}, the last stage told"
        for n in former or ():
            why = f"a stage of the history told before {told}"
            reading.zones.append(Zone(leads[n][0], ends[n], why, named=False, section=True))
        first = last + 1


def _opening(answer: str, start: int, end: int) -> str:
    """The first sentence of a block after its bold lead or heading line."""
    lead = _BOLD_LEAD.match(answer, start, end)
    at = lead.end() if lead else _line_end(answer, start)
    return _first_sentence(answer[at:end])


def _lead_kind(lead: str, words: int = _LEAD_WORDS) -> str | None:
    """Whether a short lead (of at most `words`) names the stage of the history in force ("current"), an earlier
    stage ("former"), or neither."""
    if len(lead.split()) > words:
        return None
    if VOCAB["status", "latest"].search(lead):
        return "current"
    if VOCAB["status", "stage"].search(lead) or _STAGE.match(lead):
        return "former"
    return None


def _item_lead(answer: str, start: int) -> tuple[str | None, str | None]:
    """What leads a list item (its bold opening, "**Then:**"; a short label before a colon; a word telling when,
    "Now it's MLA"), and what a dash or colon after a bold opening, or the text after a label, says of it ("**50
    lines** — the original", "20 per page: the original default", "**45 per page: the current default**")."""
    line = _LIST_MARKER.sub("", answer[start : _line_end(answer, start)], count=1)
    if lead := _ITEM_LEAD.match(line):
        text = next(g for g in lead.groups() if g is not None).strip(" :")
        if lead.group(1) is not None and ": " in text:  # "**45 per page: the current default**" (not "10:00")
            text, said = (part.strip() for part in text.split(": ", 1))
            return text, said
        after = None if lead.group(3) else (_SAID if lead.group(1) is not None else _REST).match(line, lead.end())
        return text, after.group(1) if after else None
    return None, None


def _plain(cell: str) -> str:
    return cell.strip().strip("*_`").strip()


def _status(cell: str) -> str | None:
    """A short cell that marks its row: "former" ("Retired", "No longer used") or "current" ("Now", "Current"); or
    a longer one led by a mark ("✅ Fine in tabs that already use it")."""
    whole = _plain(cell)
    lead = _plain(_LEAD.split(whole, maxsplit=1)[0])  # "Deprecated — used for a while": its lead
    mark = whole.split(maxsplit=1)[0] if whole and not whole[0].isalnum() else ""  # "✅ Fine where a tab has it"
    for plain in dict.fromkeys((lead, whole, mark)):  # ... else the whole short cell ("First change, superseded")
        if not plain or len(plain.split()) > 4:
            continue
        if VOCAB["status", "former"].search(plain) or VOCAB["status", "stage"].search(plain):  # "Restated again"
            return "former"
        if VOCAB["status", "current"].search(plain):
            return "current"
    return None


def _short(cell: str) -> bool:
    return len(cell.split()) <= 4


def _column_kind(name: str) -> str | None:
    if not name or len(name.split()) > 8:
        return None
    if VOCAB["column", "former"].search(name) or VOCAB["column", "label"].search(name):
        return "former"
    if VOCAB["column", "current"].search(name) or _is_target(name):
        return "current"
    return None


def _is_target(name: str) -> bool:
    """Whether a column header names what the column before it changes to ("Rename to", "Replace with")."""
    return len(name.split()) <= 8 and VOCAB["column", "target"].search(name) is not None


def _code(reading: Reading, answer: str, lines: list[int], tok, intro: str | None) -> bool:
    """Code: what it searches for, a diff's removed lines, lines after a "before" comment, values a config
    rejects are former; the rest is stated. Whether it is a diff (it shows the former and the current itself)."""
    first, last = tok.map[0] + (1 if tok.type == "fence" else 0), tok.map[1] - (1 if tok.type == "fence" else 0)
    body = [(lines[n], _line_end(answer, lines[n])) for n in range(first, max(first, last))]
    if intro:
        for s, e in body:
            reading.zones.append(Zone(s, e, intro))
    info = (tok.info or "").strip().lower()
    quoted = answer[lines[tok.map[0]] : lines[tok.map[0]] + 200].lstrip().startswith(">")  # code in a quote
    stripped = [_QUOTE_MARKS.sub("", answer[s:e]) if quoted else answer[s:e].lstrip() for s, e in body]
    diff = info in ("diff", "patch") or (
        any(x.startswith("-") and not x.startswith("---") for x in stripped)
        and any(x.startswith("+") and not x.startswith("+++") for x in stripped)
    )
    former: str | None = None  # a "# before" comment's run
    denied: int | None = None  # the indent of a key that denies what it lists ("forbidden_names:"), while it lists
    denying = ""
    mapping = False  # inside a rename or replace mapping: its keys are former
    removed = ""  # a diff's last removed line
    within = False  # inside a block comment ("/* ...") that goes on to a later line
    column: tuple[int, int | None, str] | None = None  # a column headed as former ("Before    After"): where, what
    prose = info in ("", "text", "txt", "markdown", "md", "plain", "plaintext")
    following, upcoming = [], ""  # each line's next non-blank line
    for line in reversed(stripped):
        following.append(upcoming)
        upcoming = line if line.strip() else upcoming
    following.reverse()
    remarks: list[tuple[int, int, int]] = []  # the comment lines: start, end, where their words start
    for (s, e), line, below in zip(body, stripped, following, strict=True):
        if _MAPPING_OPEN.search(line) or ((call := _MAPPING_CALL.search(line)) and "}" not in line[call.end() :]):
            mapping = True  # ... until its mapping closes, on this line or a later one
        if mapping and (pair := _PAIR.match(line)):
            reading.zones.append(
                Zone(
                    s + (e - s - len(line)) + pair.start(1),
                    s + (e - s - len(line)) + pair.end(1),
                    "a key of a rename or replace mapping",
                )
            )
        if mapping and ("}" in line or "]" in line):
            mapping = False
        if diff and line.startswith("-") and not line.startswith("---"):
            reading.zones.append(Zone(s, e, "a removed line of a diff"))
            removed = line[1:]
            continue
        if diff and line.startswith("+") and removed:  # what it keeps of the line it replaces is not the change
            kept = len(os.path.commonprefix([removed, line[1:]]))
            while kept and _TOKEN.match(line, kept) and _TOKEN.match(line, kept + 1):
                kept -= 1  # not within a word or a number ("under 1" of "under 125" and "under 100")
            if line[1 : 1 + kept].strip():
                at = s + (e - s - len(line)) + 1
                reading.zones.append(Zone(at, at + kept, "what a diff's added line keeps of the removed one"))
        if not line.strip():
            former = column = None
            continue
        if column is not None:
            left, right, title = column
            reading.zones.append(Zone(s + left, e if right is None else min(e, s + right), f"in the column {title}"))
        elif not quoted and (column := _former_column(answer[s:e])) is not None:
            continue
        comment = _COMMENT.search(line)
        said = comment.group(1) if comment else ""
        remark = bool(comment and comment.start() == 0)  # a comment line, or a line within a block comment
        if within:
            remark, said = True, line.strip("*/ \t")
        within = "*/" not in line and (within or remark and line.startswith("/*"))
        indent = len(answer[s:e]) - len(line)
        if denied is not None and indent > denied and not line.startswith(("]", "}", ")")):
            reading.zones.append(Zone(s, e, f"listed under {fragment(denying)}"))
            continue
        denied = None
        if remark:  # a comment line: prose, and perhaps the start or end of a run (whichever it names first)
            old, new = VOCAB["code", "former"].search(said), VOCAB["code", "current"].search(said)
            if old and (new is None or old.start() < new.start()):
                former = f"code after the comment {fragment(line.strip()[:40])}"
                reading.zones.append(Zone(s, e, former))
            elif new:
                former = None
            elif former:  # a line commented out within the run
                reading.zones.append(Zone(s, e, former))
            elif not _COMMENT.match(below) and (search := VOCAB["code", "search"].search(below)):
                reading.zones.append(Zone(s, e, f"a comment on what {fragment(search.group(0))} below finds"))
            remarks.append((s, e, e - len(line) + max(0, line.find(said))))
            continue
        if heading := _CODE_HEADING.fullmatch(line):  # "Former conventions (retired, do not use):" heads a run
            new = VOCAB["code", "current"].match(heading.group(1))
            if not new and VOCAB["code", "former"].match(heading.group(1)):
                former = f"code after the line {fragment(line.strip()[:40])}"
                reading.zones.append(Zone(s, e, former))
                continue
            if new:
                former = None
        if former:
            reading.zones.append(Zone(s, e, former))
            continue
        if (label := _CODE_LABEL.match(line)) and (old := VOCAB["code", "former"].match(label.group(1))):
            if old.end() == label.end(1):  # the whole label names the former
                reading.zones.append(Zone(s, e, f"a line labelled {fragment(label.group(0).strip())}"))
                continue
        if said and (old := VOCAB["code", "former"].search(said)):  # "# deprecated alias, remove after ..."
            new = VOCAB["code", "current"].search(said)
            if new is None or old.start() < new.start():
                reading.zones.append(Zone(s, e, f"a line its comment marks {fragment(said[:30])}"))
                continue
        if (deny := VOCAB["code", "deny"].search(line)) and line.rstrip().endswith((":", "[", "(", "{")):
            denied, denying = indent, deny.group(0)
            continue
        if reading.near(s, e):
            _code_line(reading, answer, s, e)
            if prose:
                _narrative(reading, answer, s, e, sections=[])
            elif trailing := _TRAILING_COMMENT.search(answer, s, e):  # "default: 45  # previously 30": its words
                _narrative(reading, answer, trailing.start(1), e, sections=[])
    for start, end, text in _comments(answer, remarks):
        if reading.near(start, end):
            _narrative(reading, text, start, end, sections=[])
    return diff


def _comments(answer: str, remarks: list[tuple[int, int, int]]) -> Iterator[tuple[int, int, str]]:
    """The comments of code as prose: a sentence a comment line leaves open ("... and the") goes on in the comment
    line below it ("original P0/P1/P2 scheme is retired"), read as one with the comment marks between them as spaces
    (the answer's length kept)."""
    text = answer
    start, end = remarks[0][:2] if remarks else (0, 0)
    line = start
    for s, e, words in remarks[1:]:
        if s == end + 1 and not _CLOSED.search(answer, line, end) and _GOES_ON_BELOW.match(answer, words):
            text = text[:end] + " " * (words - end) + text[words:]
        else:
            yield start, end, text
            start, text = s, answer
        line, end = s, e
    if remarks:
        yield start, end, text


def _former_column(line: str) -> tuple[int, int | None, str] | None:
    """A header of text laid out in columns ("Before       After"), one of which names the former: that column's
    start, the next one's start (None: it is the last) and its title."""
    cells = list(_CELL.finditer(line))
    if not 2 <= len(cells) <= 6 or any(_NUMBER.search(c.group(0)) for c in cells):
        return None
    for n, cell in enumerate(cells):
        name = cell.group(0)
        old = VOCAB["column", "former"].match(name) or VOCAB["column", "label"].match(name)
        if old and old.end() == len(name):
            return cell.start(), cells[n + 1].start() if n + 1 < len(cells) else None, name
    return None


def _code_line(reading: Reading, answer: str, start: int, end: int) -> None:
    """One line (or inline span) of code: a command that searches or deletes, a substitution or a rename, an arrow
    from old to new, a rejecting config key."""
    line = answer[start:end]
    if m := _RENAME.search(line):
        n = 1 if m.group(1) else 2
        reading.zones.append(Zone(start + m.start(n), start + m.end(n), "the name a rename replaces"))
    reading.zones += _arrows(answer, start, end, _CODE_ARROW)
    for m in _SUBSTITUTION.finditer(line):
        reading.zones.append(Zone(start + m.start(2), start + m.end(2), "the pattern a substitution replaces"))
    for m in _REPLACE_CALL.finditer(line):
        reading.zones.append(Zone(start + m.start(2), start + m.end(2), "the text a replace call replaces"))
    if call := _MAPPING_CALL.search(line):  # replace({"N/R": "NODATA"}): the mapping's keys
        for pair in _PAIR.finditer(line, call.end()):
            reading.zones.append(Zone(start + pair.start(1), start + pair.end(1), "a key of a replace mapping"))
    if found := VOCAB["code", "search"].search(line):
        reading.zones.append(Zone(start + found.end(), end, f"searched for by {fragment(found.group(0))}"))
    elif found := VOCAB["code", "deny"].search(line):
        reading.zones.append(Zone(start, end, f"a value the config rejects ({fragment(found.group(0))})"))


def _inline_code(reading: Reading, answer: str, start: int, end: int) -> None:
    """Inline code that is a command (a search, a substitution) is read as code."""
    for m in _INLINE_CODE.finditer(answer, start, end):
        _code_line(reading, answer, m.start(1), m.end(1))


def _spans(pattern: re.Pattern, text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The clauses (or sentences) of text[start:end], as (start, end)."""
    spans, at = [], start
    for m in pattern.finditer(text, start, end):
        spans.append((at, m.start()))
        at = m.end()
    spans.append((at, end))
    return [(s, e) for s, e in spans if text[s:e].strip()]


def _ends_sentence(answer: str, at: int) -> bool:
    """Whether a quote ending at `at` ends its sentence too: it ends its line, or ends in a stop before a capital
    ('"No folders yet." We tried ...')."""
    after_stop = answer[at - 2 : at - 1] in (".", "!", "?")
    return bool(_ENDS_LINE.match(answer, at) or after_stop and _CAPITAL_NEXT.match(answer, at))


def _quoted_or_code(answer: str, start: int, end: int) -> list[tuple[int, int]]:
    """The inline code and quoted strings of text[start:end]."""
    text = answer[start:end]
    code = [m.span() for m in _INLINE_CODE.finditer(answer, start, end)] if "`" in text else []
    if '"' in text or "“" in text:
        code += [m.span() for m in _QUOTED.finditer(answer, start, end)]
    return code


def _clauses(answer: str, start: int, end: int) -> list[tuple[int, int]]:
    """The clauses of text[start:end]; punctuation or a joining word inside inline code, quotes or a list in
    brackets ends none."""
    spans = []
    code = _quoted_or_code(answer, start, end)
    if "(" in answer[start:end]:
        code += [m.span() for m in _LISTED_IN_PARENS.finditer(answer, start, end)]
    for aside in (_ALSO_BEFORE, _LATER_ASIDE, _DASH_ASIDE):
        code += [(m.start() - 1, m.end()) for m in aside.finditer(answer, start, end)]
    for s, e in _join_code(_spans(_BOUNDARY, answer, start, end), code):
        at = s
        for m in VOCAB["boundary", "clause"].finditer(answer, s, e):
            if any(a < m.start() < b for a, b in code):  # "No folders yet" quoted is one string
                continue
            spans.append((at, m.start()))
            at = m.start()
        spans.append((at, e))
    return [(s, e) for s, e in spans if answer[s:e].strip()]


def _join_code(spans: list[tuple[int, int]], code: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Spans split inside a code span (or a quoted string), joined again."""
    if not code:
        return spans
    out: list[tuple[int, int]] = []
    for s, e in spans:
        if out and any(a < s and out[-1][1] < b for a, b in code):
            out[-1] = (out[-1][0], e)
        else:
            out.append((s, e))
    return out


def _narrative(
    reading: Reading, answer: str, start: int, end: int, sections: list[tuple[int, str, str]], whole: bool = False
) -> None:
    """The vocabulary's markers within each clause of text[start:end] (with a focus, in the sentences near it, or in
    all of them when `whole`); a section telling what changed makes a clause former unless it states what holds now."""
    history = _history(sections)
    inline = [q for q in _quoted_or_code(answer, start, end) if not _ends_sentence(answer, q[1])]
    sentences = _join_code(_spans(_SENTENCE, answer, start, end), inline)
    firsts = [s for s, _ in sentences]
    previous: tuple[int, int] | None = None
    unread: tuple[int, int] | None = None  # a clause of no span of focus whose markers were left unread
    wanted = [whole or reading.near(a, b) for a, b in sentences]
    for n, (s_start, s_end) in enumerate(sentences):
        if not (wanted[n] or (n and wanted[n - 1]) or (n + 1 < len(wanted) and wanted[n + 1])):
            previous = (s_start, s_end)
            continue
        sentence = _CALLOUT.sub(_spaces, _voice(reading, answer, s_start, s_end), count=1)  # "**Note:** Earlier ..."
        if answer[s_end : s_end + 1] == "?" and _answered_no(answer, s_end + 1):
            own_line = answer[s_end : _line_end(answer, s_end)].rstrip(" *_") == "?"  # ... is asked whole
            asked = answer.rfind("\n", 0, s_start) + 1 if own_line else s_start
            # "Can I keep 8 px? No.", "Still at 8 px? Change it to 10."
            reading.zones.append(Zone(asked, s_end, "a question the answer answers no or corrects", named=False))
        if (
            (hedge := VOCAB["hedge", "sentence"].search(sentence))
            and not _NEGATED_VERB.search(sentence, max(0, hedge.start() - 48), hedge.start())  # "don't use either one"
            and not _COUNTERFACTUAL.search(sentence, max(0, hedge.start() - 30), hedge.start())  # "would have cleared"
            and not _retires_its_options(answer, s_start + hedge.start(), s_end)
            and not _REFUSED.match(sentence, hedge.end())  # "a model built with either one won't clear the gate"
            and not _retired_after(sentence, hedge.end())  # "a button built to either is now undersized"
        ):  # "either X or Y" offers what follows it; any other hedge ("both are fine") the whole sentence
            at = s_start + hedge.start() if _EITHER_OR.match(hedge.group(0)) else s_start
            reading.hedges.append(Zone(at, s_end, f"its sentence offers alternatives ({fragment(hedge.group(0))})"))
            for c_start, c_end in _clauses(answer, s_start, s_end):  # what it rejects it still rejects
                _markers(reading, answer, c_start, c_end, rejections_only=c_end > at)
                if history and c_end <= at and not VOCAB["current", "clause"].search(answer, c_start, c_end):
                    _told_in(reading, history, c_start, c_end)  # before "either X or Y", what changed is still told
            if _POINTING_AT.match(sentence) and _accepts(sentence) and not _HAS_VALUE.search(sentence):
                reading.offers.append((s_start, sentence.strip()))  # "That form is still fine if you'd rather ..."
            previous = (s_start, s_end)
            continue
        said = answer[s_start:s_end]  # as written: a comma closing a quote ("4.5:1 minimum," but ...) counts
        if (but := _BUT.search(said)) and _set_against_now(said, but):  # "the flag is set to 50/50, but new
            why = f"set against what holds now ({fragment(said[but.end() :].strip())})"  # tests use 70/30"
            reading.zones.append(Zone(s_start, s_start + but.start(), why, named=False))
        if under := _UNDER.match(sentence):  # told in the past or supposed before any contrast ("..., but now")
            contrast = _CONTRAST.search(sentence, under.end())
            if _TOLD.search(sentence, under.end(), contrast.start() if contrast else len(sentence)):
                end = s_start + contrast.start() if contrast else s_end
                why = f"its sentence tells of {fragment(under.group(0).strip(' ,'))}"
                reading.zones.append(Zone(s_start, end, why))
        if counterfactual := _COUNTERFACTUAL.search(sentence):
            contrast = _CONTRAST.search(sentence)
            end = s_start + contrast.start() if contrast and contrast.start() > counterfactual.end() else s_end
            reading.zones.append(Zone(s_start, end, f"its sentence supposes ({fragment(counterfactual.group(0))})"))
        for chain in _CHANGE_CHAIN.finditer(sentence):  # "from an hour down to 40 minutes, then up to 75"
            why = f"changed from, then changed again ({fragment(chain.group(3))})"
            reading.zones.append(Zone(s_start + chain.start(1), s_start + chain.end(2), why))
        if past := VOCAB["former", "sentence"].match(sentence):
            contrast = _CONTRAST.search(sentence, past.end())
            end = s_start + contrast.start() if contrast else s_end
            reading.zones.append(
                Zone(s_start, end, f"its sentence is set in the past ({fragment(past.group(0).strip())})")
            )
        clauses = _clauses(answer, s_start, s_end)
        reading.sentences.append((s_start, s_end))
        _conditions(reading, answer, clauses)
        elaborated = False  # a clause naming the former ended in a colon: the rest of the sentence lists it
        dashed = 0  # ... or in a dash: the clauses up to the closing dash list it (1: listing, 2: listed one)
        carried, carried_why = False, ""
        for c_start, c_end in clauses:
            clause = answer[c_start:c_end]
            reading.clauses.append((c_start, c_end))
            earlier = previous
            previous = (c_start, c_end)
            goes_on = dashed == 2 and earlier and _DASH.match(answer, earlier[1])  # "... — X, Y — are retired"
            resumes = dashed == 1 and _VERB.match(clause.lstrip()) and _before_aside(answer, c_start) is not None
            opposes = _OPPOSING.match(clause)  # not "... they ask for — but Monday 9 June should also be acceptable"
            if dashed and not goes_on and not resumes and not opposes:  # not "two sources — the old rule — is fine"
                reading.zones.append(Zone(c_start, c_end, "listed after a clause naming the former", named=False))
                dashed = 2
                continue
            predicates_former = dashed == 2  # it goes on after the dash: its subject is the former named before
            dashed = 0
            if elaborated:
                reading.zones.append(Zone(c_start, c_end, "listed after a clause naming the former", named=False))
                continue
            if carried:  # a sequence word alone in its clause ("and, more recently, orange") goes on in the next,
                carried = False  # unless that accepts what it names ("though inputs already orange are fine")
                if not _accepts(_voice(reading, answer, c_start, c_end)):
                    reading.zones.append(Zone(c_start, c_end, carried_why))
                    continue
            if answer[c_end : c_end + 1] == ":" and _names_former(answer, c_start, c_end):
                elaborated = True
            elif _DASH.match(answer, c_end) and _names_former(answer, c_start, c_end):
                dashed = 1
            # "That replaced the earlier order, which put build first (build, lint, test, deploy)": what it says of
            # the former it names
            if (
                earlier
                and _RELATIVE.match(clause)
                and "," in answer[earlier[1] : c_start]
                and _names_former(answer, *earlier)
            ):
                reading.zones.append(Zone(c_start, c_end, "told of the former named before it", named=False))
            then = VOCAB["then", "clause"].search(clause)
            if then and c_start == clauses[0][0] and _ALONG.match(then.group(0)):
                then = None  # "With a 65-character allowance, ..." opening a sentence goes on with no sequence
            if then and earlier and earlier == unread:
                _markers(reading, answer, *earlier)  # read after all: whether it was former decides this one
            consequence = then and then.group(0).strip(" ,").lower() == "then" and _accepting(clause)  # "Then it's
            if earlier and then and _is_former(reading, *earlier) and not consequence:  # okay to keep it": no sequence
                carried_why = f"a sequence of former values ({fragment(then.group(0).strip(' ,'))})"
                reading.zones.append(Zone(c_start, c_end, carried_why))
                carried = not _HAS_VALUE.search(clause)
                continue
            if earlier and not reading.reversal and _points_back(answer, c_start, c_end, start):
                back = earlier
                at = bisect.bisect_right(firsts, c_start) - 1
                if firsts[at] == c_start and at > 0:  # the clause opens its sentence: it points at the sentence before
                    back = sentences[at - 1]
                elif _PLURAL.match(clause) or not _HAS_VALUE.search(answer, *earlier):
                    # "both": all before it in its sentence; the sentence before when its own opens by pointing
                    # ("That's expected, so update them") or, for "both", names no value before it ("Change the
                    # heading; both titles have been retired")
                    head = (firsts[at], c_start)
                    pointing = _POINTING.match(answer, firsts[at], c_start)
                    plural = _PLURAL.match(clause) and not _HAS_VALUE.search(answer, *head)
                    back = sentences[at - 1] if (pointing or plural) and at > 0 else head
                if reading.covering(*back, reading.hedges) is None:  # what a hedge offers, pointing back retires not
                    why = f"pointed back at by {fragment(clause.strip()[:40])}"
                    reading.zones.append(Zone(back[0], back[1], why, named=False))
            voice = _voice(reading, answer, c_start, c_end)
            strong = _accepting(voice)
            hedge = strong or _weakly_accepting(voice)
            either = hedge and _EITHER_OR.match(hedge.group(0))  # "either X or Y", unless what follows retires both
            if hedge and _limited(answer, c_end, s_end):
                hedge = None  # "Blank lines are fine for readability, but they don't replace the markers"
            if hedge and not (either and _retires_its_options(answer, c_start + hedge.start(), s_end)):
                # "two sources — the original guideline — is still a reasonable threshold": its subject is before
                subject = _before_aside(answer, c_start) if _VERB.match(voice.lstrip()) else None
                why = f"its clause accepts it ({fragment(hedge.group(0))})"
                reading.hedges.append(Zone(c_start if subject is None else subject, c_end, why))
                # "That form is still fine", "The older way — keep it to 5 — is still fine"; not "than either"
                points_at = (
                    _POINTING_AT.match(voice)
                    or predicates_former
                    and _VERB.match(voice.lstrip())
                    or _TAKES_IT.search(voice)
                ) and not either
                # it offers what it points at when that names a superseded value ("..., and that's acceptable"; a
                # strong acceptance also what the sentence before names: "You'll hear X. That's the older way, and
                # it's still fine"), or a number a superseded value holds ("30 remains an acceptable default there",
                # after "existing ones that still default to 30"); not "Yes, it's fine", of the reader's case, nor
                # "The `-x-` marks a private-use subtag, so it's a valid tag"
                pointed = (s_start, c_start) if c_start > clauses[0][0] else sentences[n - 1] if n else (0, 0)
                offers = (
                    points_at
                    and not _HAS_VALUE.search(voice)
                    and (reading.near(*pointed) or strong and n > 0 and reading.near(*sentences[n - 1]))
                    or strong
                    and _focus_number(reading, answer, c_start, c_end)
                )
                if offers and not answer.startswith("?", c_end):
                    reading.offers.append((c_start, voice.strip()))
                _replaced(reading, answer, c_start, c_end)  # "a find-and-replace that swaps X to Y works well"
                continue
            if VOCAB["status", "line"].match(clause):  # "- **110**: the first change; also retired."
                line = answer.rfind("\n", 0, c_start) + 1, _line_end(answer, c_end)
                reading.zones.append(Zone(*line, f"its line says {fragment(clause.strip())}"))
                continue
            if history and not VOCAB["current", "clause"].search(clause):
                _told_in(reading, history, c_start, c_end)
                if reading.near(c_start, c_end):  # its markers still name what is former where it recurs
                    _markers(reading, answer, c_start, c_end)
                continue
            # a marker's zone lies within its clause, or reaches across a comma (or a label's colon): elsewhere it
            # marks no span
            if (
                reading.near(c_start, c_end)
                or answer.startswith(",", c_end)
                and reading.near(c_end, c_end + SCOPE)
                or answer.startswith((",", ":"), _unemphasised(answer, c_start) - 1)
                and reading.near(max(0, c_start - SCOPE), c_start)
                or (subject := _before_aside(answer, c_start)) is not None
                and reading.near(subject, c_start)
            ):
                _markers(reading, answer, c_start, c_end)
            else:
                unread = (c_start, c_end)


def _limited(answer: str, end: int, stop: int) -> bool:
    """Whether an accepting clause (ending at `end`) is followed in its sentence by one saying that what it accepts
    does not stand in for the rule: it accepts another use, not an alternative."""
    limit = VOCAB["hedge", "limited"].search(answer, end, min(stop, end + 120))
    return limit is not None and not answer[end : limit.start()].strip(" \t,;*_")


def _retired_after(text: str, at: int) -> bool:
    """Whether the predicate that follows `at` retires what comes before it ("... is now undersized")."""
    lead = _PREDICATE.match(text, at)
    return bool(VOCAB["retired", "clause"].match(text, lead.end() if lead else at))


def _retires_its_options(answer: str, start: int, end: int) -> bool:
    """Whether the clause of a hedge word (from `start`) or one after it points back and retires what it offered
    ("both approaches were retired", "will show either X or Y; both are retired"): then the sentence tells options
    that were, not options to take."""
    return any(_points_back(answer, c, e, start) for c, e in _clauses(answer, start, end))


def _answered_no(answer: str, at: int) -> bool:
    """Whether the sentence answering a question (after `at`, on its line or the next paragraph) says no ("No."),
    or that what it names is former ("It's out of date.", "It was, for a while.")."""
    start = lead.end() if (lead := _REPLY.match(answer, at)) else at
    stop = _SENTENCE.search(answer, start)
    reply = answer[start : stop.start() if stop else None]  # ... or what to fix ("says 6 months? Change it to 14.")
    return bool(_NO.match(answer, start) or any(VOCAB[key].match(reply) for key in _REPLIES))


def _arrows(answer: str, start: int, end: int, arrow: re.Pattern) -> list[Zone]:
    """What an arrow maps from ("12 -> 15"): all before it; with several pairs ("A -> B and C -> D"), what lies
    between the word after the arrow before and the next arrow. A chain ("lint -> test -> build") is a sequence,
    not a mapping: nothing in it is former, unless its line is labelled as a history ("**What changed:** 5 → 8 →
    11"): then all but its last stage are."""
    found = list(arrow.finditer(answer, start, end))
    line = answer.rfind("\n", 0, start) + 1
    if found and (listed := _LISTED_BEFORE.fullmatch(answer, line, start)):  # "- Q1, Q2, or January–June → H1"
        start = listed.start(1)
    targets = [w.end() if (w := _WORD_AFTER.match(answer, m.end(), end)) else m.end() for m in found]
    zones = []
    for n, m in enumerate(found):
        chained = (n + 1 < len(found) and found[n + 1].start() == targets[n]) or (n and targets[n - 1] == m.start())
        if not chained:
            zones.append(Zone(targets[n - 1] if n else start, m.start(), "the start of an arrow"))
        elif n + 1 == len(found) and (label := _history_label(answer, start)):
            zones.append(Zone(start, m.start(), f"a chain of changes on a line labelled {fragment(label + ':')}"))
    return zones


def _history_label(answer: str, at: int) -> str | None:
    """The label of the line at `at` when it tells what changed ("**What changed:**", "History:")."""
    label = _LABELLED.match(answer, answer.rfind("\n", 0, at) + 1)
    return label.group(1) if label and _heading_kind(label.group(1)) == "history" else None


def _conditions(reading: Reading, answer: str, clauses: list[tuple[int, int]]) -> None:
    """A clause opening with a condition whose sentence goes on to correct it ("If a preset is at 60 s, update
    it") names a leftover: from it up to the correcting clause is former. One whose sentence goes on to accept it
    first ("If it still shows the older 1–6 fields, filling it in on that scale is accepted too"), or to keep it
    ("If you've already published it as X, it's not worth renaming") offers it, and its clauses up to the accepting
    one are a hedge."""
    correcting = VOCAB["condition", "fix"]
    for n, (start, end) in enumerate(clauses):
        if VOCAB["condition", "sentence"].match(answer[start:end]):
            # a condition on what is left over accepts it even weakly ("if it's still on 24 hours, that's acceptable")
            leftover = any(VOCAB["leftover", scope].search(answer, start, end) for scope in ("after", "clause"))
            # 'If it says "Cheers," change it': a comma its quote holds ends the condition too
            quoted = (correcting.match(answer, q.end(), end) for q in _COMMA_QUOTED.finditer(answer, start, end))
            if fix := next(filter(None, quoted), None):
                reading.zones.append(_corrected(start, fix))
                return
            rest = clauses[n + 1 :]
            for k, (c, e) in enumerate(rest):
                voice = _voice(reading, answer, c, e)  # "..., sticking with 8 and renewing more often is fine"
                kept = VOCAB["hedge", "kept"].search(voice)  # "..., it's not worth renaming", unless a contrast
                if kept and k + 1 < len(rest) and _OPPOSING.match(answer[slice(*rest[k + 1])]):  # follows: "..., you
                    kept = None  # don't have to rename them, but the new file should use `_revC`"
                accepted = kept or _accepting(voice) or (_POINTING_AT.match(voice) or leftover) and _accepts(voice)
                fix = correcting.search(answer, c, e)  # ... not "that's still a fine way to flag it"
                if (
                    fix
                    and not kept
                    and not _NO_NEED.search(answer, c, fix.end())
                    and not (accepted and _accepting(voice[: fix.start() - c]))
                ):
                    reading.zones.append(_corrected(start, fix))
                    return
                if accepted:
                    # about a value the verdict is about: in its sentence, or a number one of them holds ("If you're
                    # continuing a tracker cleaned at 40%, it's acceptable to keep using 40%")
                    if reading.near(clauses[0][0], clauses[-1][1]) or _focus_number(reading, answer, start, e):
                        reading.offers.append((start, answer[start:e].strip()))
                    # what the condition names, the clause accepting it offers ("If a repo is still set to 110,
                    # it's fine to keep it there")
                    reading.hedges.append(Zone(start, e, f"its condition is accepted ({fragment(voice.strip())})"))
                    return
            return


def _focus_number(reading: Reading, answer: str, start: int, end: int) -> bool:
    """Whether text[start:end] names a number that a span of focus holds."""
    numbers = {m.group(0) for m in _DIGITS.finditer(answer, start, end)}
    return bool(numbers) and any(
        m.group(0) in numbers for f in reading.focus or [] for m in _DIGITS.finditer(answer, *f)
    )


def _corrected(start: int, fix: re.Match) -> Zone:
    """A condition from `start` up to the clause that corrects what it names."""
    return Zone(start, fix.start(), f"its condition names what to correct ({fragment(fix.group(0))})")


def _accepting(voice: str) -> re.Match | None:
    """What in a clause (in the answer's own voice) accepts what it is about ("is still a sensible option"), unless
    it supposes ("would have been fine"), asks ("whether 8 px is fine") or tells a purpose ("so old links still
    work")."""
    hedge = VOCAB["hedge", "clause"].search(voice)
    if not hedge or _COUNTERFACTUAL.search(voice) or _indirect(voice, hedge.start()):
        return None
    purpose = _PURPOSE.search(voice)
    return None if purpose and purpose.start(1) == hedge.start() else hedge


def _accepted_cell(cell: str) -> bool:
    """Whether a table cell, or a part of it, accepts its row ("Keeping `run_all` is fine; no need to rename")."""
    return any(_accepts(part) or _ACCEPTED_CELL.match(part) for part in _CELL_PARTS.split(cell))


def _weakly_accepting(voice: str) -> re.Match | None:
    """What in a clause accepts what it is about weakly ("is acceptable for now", "can stay on it"), unless the
    clause is negated or it is what a step checks ("check the layout still works")."""
    weak = VOCAB["hedge", "weak"].search(voice)
    return weak if weak and not _NEGATION.search(voice) and not _indirect(voice, weak.start()) else None


def _indirect(voice: str, end: int) -> bool:
    """Whether a clause asks or checks before `end` ("check the layout still works"): a verb, not a noun ("an
    earlier check on 17 July is also acceptable")."""
    return any(not _DETERMINED.search(voice, 0, m.start()) for m in _INDIRECT.finditer(voice, 0, end))


def _accepts(text: str) -> bool:
    """Whether text accepts what it is about, strongly or weakly."""
    return bool(_accepting(text) or _weakly_accepting(text))


def _limit(answer: str, start: int, end: int) -> bool:
    """A negation followed by a limit word before any value ("never more than 12", "don't go past 12", "don't ship
    until 12") commits to the value: it marks nothing; not one that belittles the value ("don't resolve them after
    just an hour")."""
    window = answer[start : min(end, start + 60)]
    limit = VOCAB["limit", "after"].search(window)
    if limit is None or not window[limit.end() :].strip() or _MERE.match(window, limit.end()):
        return False
    if _COMPARATIVE.fullmatch(limit.group(0)) and not _THAN.match(window, limit.end()):
        return False  # "rather than the older `Heads-up:`": a comparative limits only with "than"
    value = _NUMBER.search(window)
    if value is None:  # "no later than the kickoff", but not "not fire- or inc- like older channels" or a quoted
        head = window[: limit.start()]  # value before it ('no longer write "(absent)" after the name')
        return len(head.split()) <= _NEAR and not any(q in head for q in '"“`')
    return limit.start() < value.start()


def _sequence(reading: Reading, answer: str) -> None:
    """A story of changes that ends elsewhere. When the answer names, in a clause of its own, a value that holds now
    ("It's now 35."), or opens with one ("Give it 36 hours."), a past change ("... was cut to 40", "then went to
    2s") is former. When it says anything holds now, or opens with a value, a paragraph telling changes is former where
    it tells the past ("When the blog launched, every post carried a 1200x630 hero"), a sentence as a whole when it
    opens in the past; but not what names a value said to hold now: the story ends there."""
    if not reading.clauses:
        return
    lead = functools.cache(functools.partial(_lead, answer))  # read when first needed
    if not (any(w in answer for w in _NOW_WORDS) or lead()):
        return

    @functools.cache
    def saying() -> list[tuple[int, int]]:  # the clauses saying a value holds now (read when first needed)
        nows = (_clause_around(answer, m.start()) for m in VOCAB["now", "clause"].finditer(answer))
        # one pointing back names it in the sentence before ("... 56 × 56 pixels. That's the current minimum.")
        nows = (_sentence_before(answer, c[0]) if _POINTING.match(answer, c[0]) else c for c in nows)
        return [c for c in nows if _HAS_VALUE.search(answer, *c) or "**" in answer[slice(*c)]]  # "uses the **CS-**"

    def holding() -> list[tuple[int, int]]:  # ... or, when none says so, the lead ("Give it 36 hours.")
        return saying() or lead()

    for n, (s, e) in enumerate(reading.clauses):
        if (m := VOCAB["past", "clause"].search(answer, s, e)) and not VOCAB["now", "clause"].search(answer, s, e):
            if reading.covering(s, e, reading.hedges):  # what a hedge offers, a past change does not retire
                continue
            if not holding():
                break
            after = reading.clauses[n + 1] if n + 1 < len(reading.clauses) else (e, e)
            if answer[e : after[0]].strip() == "," and _GOES_ON.match(answer, *after):
                e = after[1]
            elif answer.startswith(":", e):  # "The first correction made it stricter: 20 characters or fewer."
                e = _sentence_end(answer, e + 1)
            reading.zones.append(
                Zone(s, e, f"a past change ({fragment(m.group(0))}) in an answer naming what holds now")
            )
    stories: dict[tuple[int, int], re.Match | None] = {}  # each paragraph read: the change it tells, if any
    incident = _INCIDENT_REVIEW.search(answer)  # an incident review tells what happened in every paragraph
    told: list[tuple[int, int, re.Match]] = []  # the sentences near a span that a story tells
    for s_start, s_end in reading.sentences:
        if not reading.near(s_start, s_end):
            continue
        paragraph = _paragraph(answer, s_start)
        if paragraph not in stories:
            prose = not answer[slice(*paragraph)].lstrip().startswith(_NOT_PROSE)
            stories[paragraph] = (_change(answer, *paragraph) or incident) if prose else None
        if (change := stories[paragraph]) is not None:
            told.append((s_start, s_end, change))
    if not told:
        return
    now: set[str] = set()  # the values said to hold now, but those the clauses saying so mark ("390 rather than 375")
    for clause in saying():
        values = [v for v in _STORY_VALUE.finditer(answer, *clause) if not reading.covering(*v.span(), reading.zones)]
        # the value it says holds now: the first after its word saying so, else the last before it ("SEV1 updates now
        # run every 45 minutes" says 45 holds; SEV1 is what the story is about)
        if said := VOCAB["now", "clause"].search(answer, *clause):
            values = [v for v in values if v.start() >= said.end()][:1] or values[-1:]
        now.update(v.group(0).lower() for v in values)
    firsts = [s for s, _ in reading.clauses]
    for s_start, s_end, change in told:
        if reading.covering(s_start, s_end, reading.hedges):  # what a hedge offers, a story does not retire
            continue
        story = "an incident review" if change is incident else "a story of changes"
        why = f"told in the past in {story} ({fragment(change.group(0).strip('#*_ '))})"
        clauses = reading.clauses[bisect.bisect_left(firsts, s_start) : bisect.bisect_left(firsts, s_end)]
        # its first clause past, after any that only set the scene ("Then,", "With a 65-character allowance,")
        main = next((c for c in clauses if not _SETTING.fullmatch(answer, *c) and not _is_label(answer, *c)), None)
        if main and _past(answer, *main, now) and _past(answer, s_start, s_end, now, tense=False):
            reading.zones.append(Zone(s_start, s_end, why))
            continue
        # a clause going on after the comma of a past one is past too ("was cut sharply, to 2 hours"), and so is one
        # that only sets its scene before it (", and with every container probing every 45 seconds, the load was")
        went = -1  # where the clause before ends, when it was past
        setting: list[tuple[int, int]] = []  # the clauses setting the scene since the last that is not one
        for s, e in clauses:
            goes_on = went >= 0 and answer[went:s].strip() == "," and _GOES_ON.match(answer, s, e)
            went = e if _past(answer, s, e, now) or goes_on and _past(answer, s, e, now, tense=False) else -1
            if went >= 0:
                reading.zones += [Zone(*c, why) for c in [*setting, (s, e)]]
            setting = [*setting, (s, e)] if went < 0 and _SETTING.fullmatch(answer, s, e) else []


def _set_against(reading: Reading, answer: str) -> None:
    """A sentence that tells what the asker's piece has ("The date filter defaults to "Last 30 days"."), when the
    sentence right after it says what holds now or asks to change it ("Our default is now the last 13 weeks.",
    "Could you change that?"), is former: what is to change, set against what replaces it. Not one that tells what
    to do ("Use 45 days.") or accepts what it names, nor one a later sentence lets stand ("Keeping `community` is
    fine here."): what the answer lets stand, the piece still has."""
    for (s, e), (t, u) in zip(reading.sentences, reading.sentences[1:], strict=False):
        if t < e or not _BETWEEN.fullmatch(answer, e, t) or answer.count("\n\n", e, t) > 1:
            continue
        said, then = answer[s:e], answer[t:u]
        turn = VOCAB["described", "against"].search(then)
        if turn and VOCAB["described", "request"].search(then):  # a request, only by changing what it points at:
            if turn.group(0).lower() == "now" or not _POINTS_AT_PIECE.search(then):  # "Could you re-rate them on our
                turn = None  # current scale?", not "Please open the escalation now", nor "Use the current scale."
        if (turn := turn or VOCAB["becomes", "fix"].search(then)) is None:
            continue
        told = _after_label(said)  # "One change on row 4: invitations are scheduled for eight weeks"
        if not _HAS_VALUE.search(told) or told.rstrip().endswith("?") or not _describes(told):
            continue
        if _accepts(said) or _accepts(then) or _CONCEDING.search(then) or VOCAB["condition", "sentence"].match(then):
            continue  # "..., but 65% is the current cap"
        named = _values_in(said)
        later = enumerate(_spans(_SENTENCE, answer, u, len(answer)))
        if not any(_lets_stand(answer[a:b], named, near=n < _NEAR) for n, (a, b) in later):
            reading.zones.append(Zone(s, e, f"what the piece has, set against {fragment(turn.group(0))}"))


def _after_label(sentence: str) -> str:
    """A sentence without a short label before a colon that leads it ("Review note on the spec: ...")."""
    head, colon, rest = sentence.partition(":")
    return rest if colon and rest.strip() and len(head.split()) <= _LABEL_WORDS else sentence


def _describes(sentence: str) -> bool:
    """Whether a sentence may tell what the asker's piece has: it tells nothing to do, supposes nothing, states no
    rule, and says nothing holds now but how the piece stands ("It's currently saved as ...")."""
    if VOCAB["described", "request"].search(sentence) or VOCAB["described", "not"].search(sentence):
        return False
    state = [m.span() for m in VOCAB["described", "state"].finditer(sentence)]
    return all(any(a <= m.start() < b for a, b in state) for m in VOCAB["now", "clause"].finditer(sentence))


def _lets_stand(sentence: str, named: set[str], near: bool) -> bool:
    """Whether a sentence accepts what the piece has: one of the values named (in part: "Keeping `community` is
    fine" of `utm_medium=community`), or, `near` it, the piece itself, pointing at it ("It's fine to leave it as it
    is"; far on, "That's fine" is of something else)."""
    if not _accepts(sentence):
        return False
    values = _values_in(sentence)
    if not values:
        return near and bool(_POINTS_AT_PIECE.search(sentence))
    return any(v == n or min(len(v), len(n)) > 2 and (v in n or n in v) for v in values for n in named)


def _values_in(text: str) -> set[str]:
    """The values a text names, as compared ("Twelve" and "12 tiles" both name 12; "`community`", community)."""
    found = set()
    for m in _STORY_VALUE.finditer(text):
        value = m.group(0).strip('*`"“” ').lower()
        number = _FIRST_NUMBER.search(value)
        found.add(number.group(0) if number else NUMBERS.get(value, value))
    return found


def _is_label(answer: str, start: int, end: int) -> bool:
    """Whether a clause is a short label in bold before its colon that names a part ("**Expected:**", "**Decision
    (confirmed):**"): it tells nothing, past or present; not one that tells ("**Where we started:**") or names a
    value ("**400 rows:**")."""
    label = answer[start:end]
    if not (_LABEL_END.match(answer, end) and _BOLD_OPEN.match(label)) or len(label.split()) > _LABEL:
        return False
    return not _TELLING_LABEL.search(label) and not _HAS_VALUE.search(label)


def _lead(answer: str) -> list[tuple[int, int]]:
    """The first sentence of the answer's opening line (after any heading) that names a value, when neither it nor
    one before it tells anything past ("**Revoke the key now. You have 10 minutes.**")."""
    at = 0
    while answer.startswith(("#", "\n"), at):  # headings and blank lines
        at = _line_end(answer, at) + 1
    for n, first in enumerate(_spans(_SENTENCE, answer, at, _line_end(answer, at))):
        sentence = answer[slice(*first)]
        if _PAST_TENSE.search(sentence) or _tells_former(sentence) or n and VOCAB["past", "clause"].search(sentence):
            return []  # (a change told after the opening sentence, "We cut them to 90 words", holds nothing now)
        if _HAS_VALUE.search(sentence):
            return [first]
    return []


def _past(answer: str, start: int, end: int, now: set[str], tense: bool = True) -> bool:
    """Whether text[start:end] tells the past of a story that ends elsewhere: told in the past tense (unless not
    `tense`), with no word saying what holds now and none of the values that hold now."""
    if VOCAB["now", "clause"].search(answer, start, end):
        return False
    if any(v.group(0).lower() in now for v in _STORY_VALUE.finditer(answer, start, end)):
        return False
    return not tense or any(
        not _PRESENT_BEFORE.search(answer, max(start, m.start() - 20), m.start())
        for m in _PAST_TENSE.finditer(answer, start, end)
    )


def _change(answer: str, start: int, end: int) -> re.Match | None:
    """What tells, in a paragraph, that it is a story of changes: a change told ("was later raised to"), a former
    value named ("the earliest guidance", "originally")."""
    for kind, scope in (("past", "clause"), ("former", "words"), ("former", "clause"), ("former", "after")):
        if found := VOCAB[kind, scope].search(answer, start, end):
            return found
    return None


def _paragraph(answer: str, at: int) -> tuple[int, int]:
    """The paragraph around `at` (between blank lines)."""
    start = answer.rfind("\n\n", 0, at)
    end = answer.find("\n\n", at)
    return (0 if start < 0 else start + 2), (len(answer) if end < 0 else end)


def retired_around(answer: str, at: int) -> bool:
    """Whether the clause around `at` says, unnegated, that what it names is retired ("Both 80 and 96 are out of
    date"; not "the earlier ceiling of 8 is still fine", where a retired word only qualifies a noun)."""
    start, end = _clause_around(answer, at)
    clause = answer[start:end]
    return any(
        _PREDICATE.search(clause, max(0, m.start() - 30), m.start()) and not _negated(clause, m.start())
        for m in VOCAB["retired", "clause"].finditer(clause)
    )


def own_alternatives(answer: str, at: int) -> tuple[int, int] | None:
    """Where, in the sentence of an acceptance at `at`, the alternatives it accepts are named before it, when they
    are ("Padding or an invisible hit-area extension both work"): joined by "or" or "and", with no number and no
    former marker (not "The old and new sizes both work"); or the block after it, when its line introduces them
    ("Any of these are fine:"); or the list, table or code before it, when a choice among them opens a paragraph
    ("Pick whichever matches the surrounding codebase.")."""
    start = _sentence_start(answer, at)
    lead = answer[start:at]
    subject = lead[max(lead.rfind(","), lead.rfind(";")) + 1 :]  # not a clause before it ("Until X and Y catch up,")
    if _JOINED.search(subject) and not _NUMBER.search(lead) and not _tells_former(lead):
        return start, at
    line_end = _line_end(answer, at)
    if answer[at:line_end].rstrip(" \t*_").endswith(":"):  # "Any of these are fine:" and the block they are in
        block = _NEXT_BLOCK.match(answer, line_end)
        return block.span(1) if block else None
    if answer.rfind("\n", 0, at) + 1 == start and _PICK.match(answer, at):  # "Pick whichever ..." opening a
        return _block_before(answer, start)  # paragraph: the list, table or code before it
    return None


_PICK = re.compile(r"(?i)(?:pick|choose|use|go with) whichever|either (?:one |option |version |variant )?works")
_LIST_OR_TABLE = re.compile(r"[ \t]*(?:[-*+|]|\d+[.)])\s")


def _block_before(answer: str, at: int) -> tuple[int, int] | None:
    """The list, table or fenced code that a blank line before `at` ends (None: none, or a paragraph)."""
    end = len(answer[:at].rstrip())
    if answer.count("\n", end, at) < 2:
        return None
    last = answer.rfind("\n", 0, end) + 1
    if answer.startswith("```", last) or answer.startswith("~~~", last):  # fenced code: back to its opening
        opening = answer.rfind("\n" + answer[last : last + 3], 0, last - 1)
        return (opening + 1, end) if opening >= 0 else (0, end)
    start = answer.rfind("\n\n", 0, end) + 2 if "\n\n" in answer[:end] else 0
    return (start, end) if _LIST_OR_TABLE.match(answer, start) else None


_NEXT_BLOCK = re.compile(r"\s*\n((?:[ \t]*\S[^\n]*(?:\n|$)){1,40})")  # the lines of the next block (up to a blank line)


def _sentence_start(answer: str, at: int) -> int:
    """Where the sentence going on at `at` starts (on its line, 300 characters back at most)."""
    begin = max(answer.rfind("\n", 0, at) + 1, at - 300)
    return max((m.end() for m in _SENTENCE.finditer(answer, begin, at)), default=begin)


def _sentence_before(answer: str, at: int) -> tuple[int, int]:
    """The sentence that ends before `at`, on its line (none at a line's start)."""
    end = at
    while end > 0 and answer[end - 1] in " \t*_":
        end -= 1
    return (end if not end or answer[end - 1] == "\n" else _sentence_start(answer, end - 1)), end


def _sentence_end(answer: str, at: int) -> int:
    """Where the sentence going on at `at` ends (its stop, or its line's end)."""
    stop = _SENTENCE.search(answer, at)
    return stop.start() if stop else len(answer)


def _clause_around(answer: str, at: int) -> tuple[int, int]:
    """The clause around `at` (200 characters either side at most)."""
    start = max((m.end() for m in _BOUNDARY.finditer(answer, max(0, at - 200), at)), default=max(0, at - 200))
    end = next((m.start() for m in _BOUNDARY.finditer(answer, at, at + 200)), min(len(answer), at + 200))
    return start, end


def _before_aside(answer: str, start: int) -> int | None:
    """Where the clause starts that an aside between dashes (or a noun phrase between commas: "opening at 18, the
    old threshold, is fine too") interrupts, when the clause at `start` goes on after the aside; else None."""
    for ending in (_DASH_ENDING, _COMMA_ENDING):
        close = ending.search(answer, max(0, start - 4), start)
        if close is None:
            continue
        aside = _clause_around(answer, close.start())[0]
        if ending is _COMMA_ENDING and not _APPOSITIVE.match(answer, aside, close.start()):
            return None
        opening = ending.search(answer, max(0, aside - 4), aside)
        return _clause_around(answer, opening.start())[0] if opening else None
    return None


_COORDINATED = re.compile(r"\s*(?:and|or|as well as)\s")  # a clause that goes on a subject: "X, and Y, are"
_PLURAL_VERB = re.compile(r"(?i)(?:are|were|have)\b")
_DASH_ENDING = re.compile(r"\s[—–]{1,2}\s*$")  # searched just before a clause: the dash that ends the one before
_COMMA_ENDING = re.compile(r",\s*$")
# "the old threshold", "or the older 5", "which was the standard until recently", "like the original six"
_APPOSITIVE = re.compile(
    r"(?i)\s*(?:(?:or|and)\s+)?(?:the|our|your|its|their|which|who|like|just like|as with)\s[^,;:.!?\n]{1,50}$"
)


def _spaces(m: re.Match) -> str:
    return " " * len(m.group(0))


def _voice(reading: Reading, answer: str, start: int, end: int) -> str:
    """text[start:end] in the answer's own voice: quoted text blanked (what it quotes offers nothing), and what
    others are said to tell ("some teammates may tell you a business day is fine")."""
    text = answer[start:end]
    for s, e in reading.quotes:
        if s < end and start < e:
            a, b = max(s, start) - start, min(e, end) - start
            text = text[:a] + " " * (b - a) + text[b:]
    if told := VOCAB["reported", "clause"].search(text):
        text = text[: told.end()] + " " * (len(text) - told.end())
    return text


def _is_former(reading: Reading, start: int, end: int) -> bool:
    return any(z.start < end and start < z.end for z in reading.zones[-8:])


def _points_back(answer: str, start: int, end: int, bound: int) -> bool:
    """Whether the clause answer[start:end] (in a text from `bound`) names no value of its own, points back and says
    what came before was retired or changed ("Both are out.", "which was the original convention"), or names it as
    the former in apposition ("— the bar we used for a while", "- **Root cause**, the original heading")."""
    clause, before = answer[start:end], answer[max(bound, start - 3) : start]
    if becomes := VOCAB["becomes", "clause"].search(clause):  # "That should become `--label ...`": the new value
        clause = clause[: becomes.end()]
    if "(" in clause:  # "That numeric style (an "E" plus four digits) was our convention": an aside names no value
        clause = _BRACKETED.sub(" ", clause)
    if _VALUE.search(clause):
        return False
    if VOCAB["back", "clause"].search(clause):  # ... unless what it says is negated ("That hasn't changed")
        retired = (r for r in VOCAB["retired", "clause"].finditer(clause) if not _negated(clause, r.start()))
        return bool(becomes or next(retired, None))
    apposition = _APPOSITION.match(clause) and (
        re.search(r"[—–(]", before)
        or _RELATIVE.match(clause)
        or "," in before
        and _NOUN_PHRASE.fullmatch(clause)
        and _ENDS_HERE.match(answer, end)
    )  # ... or, after a comma, a noun phrase that ends its sentence or line ("- **Root cause**, the original heading")
    # not one that accepts it: ", which still meets the older standard"
    return bool(apposition) and not _HAS_VALUE.search(clause) and _tells_former(clause) and not _accepts(clause)


def _negated(text: str, at: int) -> bool:
    """Whether a negation ends right before `at` ("hasn't been" before "changed")."""
    return bool(_NEGATED.search(text, max(0, at - 20), at))


def _names_former(answer: str, start: int, end: int) -> bool:
    """A clause with a former marker and no value of its own ("Older PRDs use one of two earlier schemes"), or none
    after its last marker of what follows ("That format came out of DBA review and replaces both earlier styles")."""
    clause = _COUNTED_FORMER.sub(" ", answer[start:end])  # "one of two earlier styles" counts, names no value
    if not _HAS_VALUE.search(clause):
        return _tells_former(clause)
    naming = [m.start() for scope in ("after", "words") for m in VOCAB["former", scope].finditer(clause)]
    return bool(naming) and not _HAS_VALUE.search(clause, max(naming))


def _tells_former(text: str) -> bool:
    """Whether the text holds a former marker of any scope within a clause ("the original convention", "we used")."""
    return any(VOCAB["former", scope].search(text) for scope in ("after", "words", "before", "clause"))


_JOINED = re.compile(r"\S\s+(?:or|and)\s+\S")
_ASIDE_IN_BRACKETS = re.compile(r"\([^()\n]{1,200}\)")
_ASIDE_AFTER = re.compile(r"[*_`]*[ \t]*\([^()\n]{1,200}\)")
_NAMED_BETWEEN = re.compile(  # a name set between commas after what it names, before the predicate
    r"(?i),[ \t]*((?:the|a|an|our|its|their|\d|[\"“'`*])[^,.;:!?()\n]{0,70}),[ \t]*(?=(?:is|are|was|were|has|had|"
    r"have|did|didn't|wasn't|weren't|made|meant|led|broke|felt|took|kept|ran|got|gave|left|held|went|came|became|"
    r"seemed|looked|proved|[a-z]+ed)\b)"
)


def _reach(answer: str, at: int, end: int) -> int:
    """Where a marker's scope from `at` ends within its clause: SCOPE characters, not counting an aside in brackets
    ("Don't use the old 1–6 scale (where a 5 reads as average) or a Strong Yes label")."""
    stop = at + SCOPE
    if answer.find("(", at, min(stop, end)) >= 0:
        for aside in _ASIDE_IN_BRACKETS.finditer(answer, at, end):
            if aside.start() >= stop:
                break
            stop += aside.end() - aside.start()
    return min(end, stop)


def _unemphasised(answer: str, at: int) -> int:
    """Where the text before `at` ends, not counting spaces and emphasis marks ("**DANGER:** is": after the colon)."""
    while at > 0 and answer[at - 1] in " *_":
        at -= 1
    return at


def _in_relative(answer: str, start: int, marker: re.Match, stop: int) -> int:
    """Where a marker's scope ends when the marker opens a relative clause ("the code that stopped using the column
    has been live for three releases"): at the verb of the clause it sits in, which follows its object."""
    if _RELATIVE_BEFORE.search(answer, max(start, marker.start() - 8), marker.start()):
        verb = _MAIN_VERB.search(answer, marker.end(), stop)
        return verb.start() if verb else stop
    return stop


def _replaced(reading: Reading, answer: str, start: int, end: int) -> None:
    """What a replacing word in text[start:end] replaces, up to its "to", "with" or "into" ("swap MM to MMM")."""
    for m in VOCAB["replace", "until"].finditer(answer, start, end):
        # "changes the default split for new tests from 60/40 to 70/30": what it replaces follows "from"
        if (source := _FROM_TO.search(answer, m.end(), end)) and not _TO.search(answer, m.end(), source.start()):
            begin, stop = source.span(1)
        # with no "to" or "with": what it replaces ends the clause ('- [ ] Guide: replace "Thursday 9 a.m."')
        elif until := _UNTIL.search(answer, m.end(), end):
            begin, stop = m.end(), until.start()
        elif m.group(0)[:6].lower() == "replac":  # "Replace LIMIT 250 in the shared snippets": its object
            begin = m.end()
            stop = place.start() if (place := _PLACE.search(answer, begin, end)) else end
        else:
            begin = m.end()
            stop = end if _QUOTED_LAST.fullmatch(answer, begin, end) else begin
        if not reading.quoted(m.start()) and not _BLANK.fullmatch(answer, begin, stop):
            reading.zones.append(Zone(begin, stop, f"what {fragment(m.group(0))} replaces"))


def _markers(reading: Reading, answer: str, start: int, end: int, rejections_only: bool = False) -> None:
    """The markers of one clause, each over its scope within the clause (a marker inside quoted text is what the
    answer quotes, not what it says: "No folders yet." proposed as a screen's text rejects nothing); with
    `rejections_only`, only those that reject, replace or leave to clean up (in a sentence offering alternatives)."""
    zones = reading.zones

    def found(kind: str, scope: str) -> list[re.Match]:
        return [m for m in VOCAB[kind, scope].finditer(answer, start, end) if not reading.quoted(m.start())]

    for m in found("negation", "after"):
        if _limit(answer, m.end(), end):
            continue  # "never more than 12" commits to 12
        zones.append(
            Zone(m.end(), _in_relative(answer, start, m, _reach(answer, m.end(), end)), f"after {fragment(m.group(0))}")
        )
    if leftover := found("leftover", "clause"):
        m = leftover[0]
        zones.append(Zone(start, end, f"left to clean up ({fragment(m.group(0))})", named=False))
    _replaced(reading, answer, start, end)
    if rejections_only:
        return
    for m in found("former", "after"):
        stop = _in_relative(answer, start, m, _reach(answer, m.end(), end))
        if _BLANK.fullmatch(answer, m.end(), end) and answer.startswith(",", end):  # "and before that, the standard
            stop = min(_clause_around(answer, end + 1)[1], m.end() + SCOPE)  # X": it opens the next clause
        zones.append(Zone(m.end(), stop, f"after {fragment(m.group(0))}"))
    for m in found("former", "words"):
        stop = reach.end() if (reach := WORDS.match(answer, m.end(), end)) else m.end()
        opened = answer.find("(", m.end(), stop)  # "the old 1600 × 900 (or even 1200 × 630)": the aside it reaches into
        if (
            aside := _ASIDE_AFTER.match(answer, stop, end)
            or opened >= 0
            and _ASIDE_IN_BRACKETS.match(answer, opened, end)
        ):
            stop = aside.end()  # "the old `#D95F02` (or `#1F77B4`)": what it names too
        elif not answer[stop:end].strip() and (apposed := _NAMED_BETWEEN.match(answer, end)):
            stop = apposed.end(1)  # "The original slot, the first Monday of the month, had two problems"
        zones.append(Zone(m.end(), stop, f"after {fragment(m.group(0))}"))
    for m in found("former", "before"):
        begin = max(start, m.start() - SCOPE)
        # its subject follows a subordinating word ("4 hours is fine if 10 minutes isn't practical")
        words = (w.end() for w in _SUBORDINATE.finditer(answer, begin, m.start()) if not reading.quoted(w.start()))
        begin = max(words, default=begin)  # (not one it quotes: 'pages saying "returns 30 when omitted" need fixing')
        # a clause that opens with its verb has its subject before the comma ("..., or a 5 on the 1–6 scale, won't
        # be read correctly") or the colon that ends a label ("Both WARNING: and DANGER: are retired")
        if _BLANK.fullmatch(answer, start, m.start()) and _VERB.match(m.group(0)):
            if (subject := _before_aside(answer, start)) is not None:  # "A 12-month cap — the usual default — is
                begin = max(subject, m.start() - SCOPE)  # below our floor": its subject is before the aside
            elif answer.startswith((",", ":"), (lead := _unemphasised(answer, start)) - 1):  # "**DANGER:** is"
                begin = max(_clause_around(answer, lead - 2)[0], m.start() - SCOPE)
            coordinated = answer.startswith(",", begin - 1) and _COORDINATED.match(answer, begin)
            if coordinated and _PLURAL_VERB.match(m.group(0)):  # "Letter prefixes, and the original `01`, are former"
                begin = _clause_around(answer, begin - 1)[0]
        zones.append(Zone(begin, m.start(), f"before {fragment(m.group(0).strip())}"))
    if told := found("former", "clause"):
        m = told[0]
        zones.append(Zone(start, end, f"its clause tells the past ({fragment(m.group(0))})"))
    for m in found("leftover", "after"):
        if not _PERSON.search(answer[start : m.start()]):
            why = f"left to clean up ({fragment(m.group(0))})"
            zones.append(Zone(m.end(), min(end, m.end() + SCOPE), why, named=False))
    zones += _arrows(answer, start, end, _ARROW)
