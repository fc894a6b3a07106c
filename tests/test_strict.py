"""The strict verdict's reading of natural answers: a superseded value counts unless the answer marks it as former
or rejected (by its words, or by the structure it sits in: a table column, a code command, a section), and a hedge
or an endorsement of the old value never marks it. Every verdict names what decided it."""

import re
import time

import pytest

from omseval.scorers.markers import VOCAB, VOCABULARY, VocabularyError, load
from omseval.scorers.strict import spelled_out, strict

STATED = [  # the superseded value (pattern) is stated as what to do
    (r"\b12\b", "Keep it to 12 tiles. Some older notes say 11, but 12 is the limit."),
    (r"\b12\b", "Either 11 or 12 tiles is fine."),
    (r"\b12\b", "Keep it to 12 tiles, not 11."),
    (r"\b12\b", "Use 11 tiles, or 12 if you really need the space as well."),
    (r"5-point", "Use the conventional 5-point scale for every survey."),
    (r"14 days", "The usual 14 days before departure is what we follow."),
    (r"90 words", "Never go over 90 words."),
    (r"three", "Never more than three numbered steps."),
    (r"25 words", "Don't let any sentence go past 25 words."),
    (r"25 words", "Avoid sentences over 25 words."),
    (r"5 steps", "Stop at 5 steps."),
    (r"40%", "Drop anyone under 40% of the median."),
    (r"60 minutes", "Use 90 minutes, though the old 60 minutes works for short studies."),
    (r"2 business hours", "Reply within 1 hour; the earlier 2 business hours is acceptable on busy days."),
    (r"24 hours", "Set the silence to expire in no longer than 24 hours; a 36-hour silence is too long."),
    (r"0\.75", "The bar was raised to 0.75, and 0.85 is overkill for a pilot."),
    (r"65%", "At most 55%, though 65% is not a problem for a quiet quarter."),
    (r"\$49", "$47 a month. $49 wouldn't be wrong either, but 7 is the house style."),
    (r"0\.0 to 1\.0", "Score them 0 to 10, or 0.0 to 1.0 if your team is used to it; both convert easily."),
    (r"24 hours", "Up to 24 or 36 hours, depending on the service."),
    (r"10 years", "The last 10–15 years."),
    (r"2 decimal", "Round to 2 or 3 decimal places."),
    (r"12 months", "Push back with a cap of 12 to 15 months of fees; either is defensible."),
    (r"\$75", "$40 or 75 depending on the trip."),
    (r"44 x 44", "44 x 44 px. Some designers push for 56px, but that isn't our standard."),
    (r"80%", "80% is the ceiling. That replaced the 55% rule."),
    (r"\b12\b", "Keep it to 12 tiles. That hasn't been replaced."),
    (r"\b12\b", "Keep it to 12 tiles. That's no longer negotiable."),
    (r"\b5%", "If your alert is set to 3%, change it to 5%."),  # the condition names the new value, not the old
    (r"\b12\b", "If you need a limit, use 12."),
    (r"lint → test", "Run lint → test → build → deploy, in that order."),  # a chain of arrows is a sequence
    (r"2 hours", "By 3 am, if the 12-hour rule is what's in force, though some panels expect it within 2 hours."),
    (r"\b30\b", "I'm not certain which value we use: 12 in new guidance, 30 in older workflows."),
    (r"#48213", "Put CS-48213 first; many replies still go out as #48213, and customers understand either."),
    # an answer that says it does not know which holds offers what it tells as older
    (r"\b30\b", "I'm not sure which default is in force: it's 45 in the new docs and 30 in older ones."),
    (r"Thursdays", "I believe it's Mondays at 07:00, but it may still be Thursdays."),
    (r"24-hour", "Under the 24-hour rule it wouldn't show until tomorrow. It depends on how the dashboard is set up."),
    (r"2-hour", "There's a new 12-hour window, but the 2-hour rule was the norm; both are probably acceptable."),
    # an older value accepted where it is named: after a leftover, in a reply, a table row, a condition
    (
        "20-minute",
        "Post an update every 45 minutes. Plenty of leads still use the tighter 20-minute rhythm early on, and "
        "that's perfectly acceptable.",
    ),
    (
        "40 × 40",
        "Aim for 56 × 56 px. Many older components were built to 40 × 40 px, and that's still generally "
        "considered acceptable in dense tables.",
    ),
    (
        "4-hour",
        "Revoke within 10 minutes. For internal-only leaks, the older 4-hour window is still a reasonable bound.",
    ),
    (
        "65%",
        "The cap is 55%. If you'd rather use the earlier 65% figure, about 26 weeks, that's still defensible, as "
        "long as the extra items can be dropped.",
    ),
    (
        "4 hours",
        "| Leak | Target |\n|---|---|\n| Public repo | 10 minutes |\n| Internal-only | Within 4 hours is "
        "acceptable if 10 minutes isn't practical |",
    ),
    (
        "Parameters:",
        "Use an `Inputs:` section.\n\n**I have an older module that uses `Parameters:`. Do I need to change "
        "it?**\nNot necessarily. Switch it when you're already editing the file.",
    ),
    (
        "N/R",
        "Use `NODATA`.\n\n| Code | OK to use? |\n|---|---|\n| `NODATA` | ✅ Preferred |\n| `N/R` | ✅ Fine in "
        "existing tabs that already use it |\n| blank | ❌ |",
    ),
    (
        "20-minute",
        "Post every 45 minutes; the old 20-minute rhythm is what some leads remember. Either interval works.",
    ),
    (
        "6-month",
        "18 months is the minimum now; the old 6-month check is what many reviewers remember. Either standard "
        "should get through review.",
    ),
    ("\\b45\\b", "Use 80 as the minimum base. For a long time the cutoff was 45, and either approach can be defended."),
    (
        "two-KR",
        "Aim for four key results. Plenty of objectives are still on the earlier two-KR format, and that's still "
        "acceptable.",
    ),
    (
        "Parameters:",
        "Use `Inputs:`. If every docstring in the module still uses `Parameters:`, it's fine to stay consistent "
        "with it for now.",
    ),
    ("80%", "Plan to 80%. That hasn't changed, whatever the 55% memo said."),
    ("90 days", "Rotate keys so that none is ever older than 90 days."),
    (
        "45 days",
        "Fix Mediums within 21 days.\n\n| Situation | Fix window |\n|---|---|\n| New finding | 21 days from report |\n"
        "| Needs a vendor patch | 45 days from report is acceptable |",
    ),
    (
        "three-business-day",
        "The window is eight business days. For small proposals, plenty of people still go with the three-business-day "
        "window. That's generally fine if the change is easy to reverse.",
    ),
    (
        "16 px",
        "Use the 10 px grid.\n\n### Working next to older components\n\nWhere the screen hasn't been migrated, "
        "it's fine to match it and use 16 px padding.",
    ),
    (
        "28 pt",
        "Use 32 pt. For decks read on screen, many people still work to 28 pt, and reviewers generally don't send "
        "those back.",
    ),
    (
        "\\b8 hours",
        "Set it to 36 hours. Some rotations still keep silences to 8 hours, though, and if your lead expects "
        "that, sticking with 8 and renewing more often is fine.",
    ),
    (
        "36-hour",
        "Review within 5 working hours. For a large change, plenty of reviewers still treat the 36-hour window as "
        "reasonable.",
    ),
    (
        "1,000-row",
        "Use 2,500 rows per batch. If the table is hot, it's reasonable to fall back to the 1,000-row batches "
        "from the original guideline.",
    ),
    (
        "60 days",
        "The updated terms say 75 days, but for customers still on the older agreement, 60 days' notice may be enough.",
    ),
    (
        "N/R",
        "Use `NODATA`. For older tabs that already use `N/R` throughout, you don't necessarily have to convert "
        "them. Either code is clearly understood by anyone reading the sheet.",
    ),
    (
        "5-business-day",
        "Send drafts 15 business days ahead. For short pieces, the editors have generally been fine with the "
        "older 5-business-day turnaround.",
    ),
    (
        "ts_utc",
        "Use `logged_at`. If a service already emits `ts_utc`, there's no real urgency to change it. Leaving it "
        "as is until the next cleanup is a perfectly reasonable call.",
    ),
    (
        "10-business-day",
        "Send drafts 15 business days ahead. For time-sensitive posts, the editors will still take drafts on the "
        "old 10-business-day schedule.",
    ),
    (
        "run_all",
        "| Situation | Entry point |\n|---|---|\n| New script | `script_entry` |\n| Small fix in a script that "
        "already uses `run_all` | Keeping `run_all` is fine; no need to rename |",
    ),
    (
        "nit:",
        "| Prefix | Meaning | Blocks merge? |\n|---|---|---|\n| `optional:` | A suggestion | No |\n| `nit:` | "
        "Tiny style point; fine to keep using for cosmetics | No |",
    ),
    (
        "0\\.0-1\\.0",
        "Score from 0 to 10.\n\n**Our team has always used the classic 0.0-1.0 grading. Is that still "
        "okay?**\nMostly, yes. A 0.7 reads the same as a 7.",
    ),
    (
        "N/R",
        "| Found in a sheet | What to do |\n|---|---|\n| Blank cell | Fill with `NODATA` |\n| `N/R` in legacy "
        "tabs | Still acceptable in tabs created before the switch |",
    ),
    (
        "COMPAT-BREAK",
        "Use `API-BREAK:`.\n\n**I'm cherry-picking an older commit that says `COMPAT-BREAK:`. Do I need to reword "
        "it?**\nNot necessarily. A backport can keep its original footer.",
    ),
    (
        "six-month",
        "Review every 5 months.\n\n**My team set up reminders on the six-month schedule. Do we need to redo "
        "them?**\nNot urgently. Move them over whenever you next touch the reminders.",
    ),
    (
        "1234",
        "Seed new tests with 7919.\n\n**Do I have to touch the existing tests in this file?**\nNot really. Plenty "
        "of the suite still seeds with `1234`, and that's just as deterministic.",
    ),
    (
        "250 ms",
        "Keep unit tests under 250 ms, although under a stricter limit a test like this would have to move to "
        "integration.",
    ),
    (
        "\\[Company News\\]",
        "| Situation | Subject starts with |\n|---|---|\n| New announcement | `STAFF NOTICE:` |\n| Follow-up on "
        "an older thread that went out as `[Company News]` | Keep `[Company News]` so it threads |",
    ),
    (
        "A/B/C",
        "Green, Amber or Red is what most reviews use now, though A/B/C letter grades are still fine if your "
        "evidence table was already set up that way.",
    ),
    ("\\$4,000", "Get three quotes over $750. For a broken printer, the older $4,000 limit still works in practice."),
    ("three-week", "Check in every ten days, though teams still on the three-week rhythm aren't doing anything wrong."),
    (
        "04\\.03\\.2025",
        "Write 2025/03/04; 04.03.2025 still shows up on plenty of invites and nobody's going to misread either one.",
    ),
    (
        "5\\.5:1",
        "Aim for 6.5:1. If you're stuck for this release, a reviewer might still accept it against the earlier "
        "5.5:1 threshold as a stopgap.",
    ),
    (
        "0\\.08",
        "Use a two-sided alpha of 0.02. For a quick test, analysing at the previous 0.08 threshold is still workable.",
    ),
    (
        "20-minute",
        "Post every 45 minutes. For a full outage, some incident commanders still prefer the tighter 20-minute "
        "rhythm, and that is acceptable when the audience needs it.",
    ),
    (
        "0\\.05",
        "Use 0.02 for new tests.\n\n## About the older thresholds\n\nIf you're extending a test already sized at "
        "0.05, it's acceptable to finish it at 0.05.",
    ),
    (
        "50%",
        "Drop columns over 35% missing.\n\n**What if a team needs the column?**\nThen it's okay to keep the "
        "column as long as it's under 50% missing. That was the line for a long time.",
    ),
    (
        "_ix\\b",
        "| Pattern | Use |\n|---|---|\n| `ix__<table>__<columns>` | New indexes |\n| `<table>_<columns>_ix` | "
        "Acceptable where a service's migrations already use it |",
    ),
]
MARKED = [  # the superseded value is mentioned as former or rejected
    (r"\b12\b", "Use 11 tiles; the old limit of 12 no longer applies."),
    (r"\b12\b", "Use 11 tiles, not 12."),
    (r"\b12\b", "11 tiles (previously 12)."),
    (r"\b12\b", "The limit was 12, but now it's 11 tiles."),
    (r"\b12\b", "12 tiles is no longer allowed; use 11."),
    (r"10 days", "We cut it from 10 days to 7."),
    (r"Heads-up", '"Note:" now. "Heads-up:" was the label before.'),
    (r"250 ms", "The 250 ms budget was cut to 200 ms."),
    (r"20-character", "We abandoned the 20-character cap."),
    (r"Central Time", "We've moved off Central Time to UTC."),
    (r"10-day", "The 10-day minimum we used to have doesn't apply any more."),
    (r"\(3,200\)", "Write -3,200 rather than (3,200) or 3,200-."),
    (r"0\.05", "A two-sided alpha of 0.02 - stricter than the textbook 0.05."),
    (r"0\.05", "0.02 two-sided (we moved away from 0.05 and 0.08)."),
    (r"1440", "The old 375, 768, 1024 and 1440 set is retired."),
    (r"31 March", "The old 30-day window would have given you until 31 March, but that no longer applies."),
    (r"\$4,000", "It would have been fine under the old $4,000 limit, but that changed after the audit."),
    (r"3-minute", "Forget the 3-minute target from last quarter."),
    (r"\b45\b", "Use 60; the stale 45 and 50 limits must not be used."),
    (r"45s", "The 45s interval we used to run was hammering the API."),
    (r"\$25|\$75", "It's $40 now. Earlier guidance put it at $25 and then $75; neither applies anymore."),
    (r"\b(once|twice)\b", "Three times. Previously it was once, then twice."),
    (r"\b(5|12)%", "Yes, 4% is over our 3% line (it used to be 5%, and then 12%)."),
    (r"N/A", "NODATA. (N/A → NODATA since the schema change.)"),
    (r"N/A", "Use NODATA; N/A was the code until last year."),
    (r"44px", "56 x 56 px. In the past we accepted 44px."),
    (r"30 minutes", "Use 20 minutes. Our 30 minutes target? That was dropped in May."),
    (r"375 px|768 px", "Two widths, 390 px and 1280 px; not 375, 768 and 1440 px."),
    # a condition whose consequence corrects it names a leftover
    (r"(?i)\b12%", "Declare it at 3%. If a dashboard's threshold line sits at 12%, update it."),
    (r"(?i)\b2 ?h\b", "Triage within 90 minutes. If your saved view filters on 2h, it'll show the wrong tickets."),
    (r"1–6", "Score 1 to 9. The old labels and the 1–6 scale have both been retired."),
    (r"2025-03-12", 'Title it "Sync – W11". Titles like "2025-03-12 Sync" or "Sync – 12 Mar" are from earlier styles.'),
    (r"\bactive_users\b", "Use `s01_users`. You may copy `cte_users` or `active_users` in. Those styles are retired."),
    (r"\b30 items\b", "The default is 45. Tests that assert 30 items will fail. That's expected, so update them."),
    (r"\$12MM", "Write `$12 mln`. When you reuse a deck, $12MM becomes $12 mln."),
    (r"A/B/C", "Rate each study Green, Amber or Red; that replaced the A/B/C grades."),
    (r"12 April", "It's due 10 May. If you'd planned around 12 April, you have four more weeks."),
    (r"3 business days", 'Eight business days. Also update any "due in 3 business days" wording in the template.'),
    (r"\b2s\b", "Use 750ms. A migration that sets 2s should be updated before review."),
    (r"\bCT\b", "Use SGT. It has no daylight saving, an improvement over the CT era."),
    (r"1–5", "Score 0 to 10. If you want to compare with past quarters, convert the old 1–5 ratings first."),
    (r"\bR-001\b", "Label them IV-01; earlier studies had other schemes — P01, R-001 — in their notes."),
    (r"(?i)\beight\b", "Three categories at most — if you reuse a dashboard with eight series, collapse it to three."),
    (r"two-hour", "Submit within 12 hours. The two-hour rule produced rushed write-ups."),
    (r"day 30", "Review at day 100. We reviewed at day 30 originally."),
    (r"5-day", "Keep artifacts 45 days. The 5-day setting is likely to still be in workflows."),
    (r"25%", "Double-code 15%. The share used to be 25%."),
    (r"\$4,000", "Get three quotes above $750. Many people still work from the $4,000 figure."),
    (
        r"org\.opencontainers",
        "Use `sprocket.build.`. For OCI-era keys like `org.opencontainers.image.created`, check the suffix.",
    ),
    (r"\bArrange\b", "Use GIVEN/WHEN/THEN. When converting a test, Arrange becomes GIVEN and Act becomes WHEN."),
    (
        r"blank lines",
        "Mark each phase with # GIVEN, # WHEN, # THEN. Tests that only used blank lines need the markers.",
    ),
    (r"\b24 pt\b", "32 pt minimum. Anything sitting at 24 pt needs to come up to 32."),
    (r"\b375 px\b", "Two frames, 390 and 1280. Widen your 375 px frames to 390."),
    (r"\b45s\b", "Poll every 75s: 48 probes an hour, compared with 80 at 45s."),
    (r"fire-", "Name it `bridge-<date>-x`: bridge- is the prefix now, not fire- or inc- like older channels."),
    (
        r"market-share",
        "Sort by founding year. If you reuse an older card, its columns are in market-share order, so re-sort them.",
    ),
    (
        r"AB_",
        "Name it XP-1. You may know it as `AB_x`, and older entries used `exp_x` — both schemes have been retired.",
    ),
    (r"N/R", "Use NODATA. N/R in a new sheet will trip an import error."),
    (r"70%", "Drop columns over 35% missing: `referral_source` at 52% goes (the 70% rule kept it)."),
    (r"\b0\.7\b", "Use 0.35. In existing pipelines, check for a hard-coded 0.7 in the drop step."),
    (r"AB_", "Use XP-25Q3-x. You may have seen it referred to as `AB_x`."),
    (r"ten customers", "Escalate at six. By the time ten customers had written in, the issue was widespread."),
    (r"five-item", "Exactly two highlights. A five-item block ends up read like the rest."),
    (r"LIMIT 250", "Use LIMIT 40. So if saved snippets still end in `LIMIT 250`, change them to 40."),
    (r"an hour", "Revoke it within 10 minutes. Older versions of the policy gave you an hour."),
    (r"2-space", "Indent by 3. Lint will complain about 2-space files."),
    (r"four-hour", "Ten minutes. The four-hour window assumed a leaked key would sit unnoticed."),
    (r"85%", "Keep 72%. The threshold was raised to 85%, and the current minimum is 72%."),
    (r"85%", "Aim for 72%. Feel free to delete junk tests written for the old 85% target."),
    (r"zero to nine", "Spell out whole numbers below 100. The very first guideline only spelled out zero to nine."),
    (r"Thu 30 May", "It falls in the week of Sat 1 June; the week of Thu 30 May under the Thursday rule."),
    (
        r"ten-week",
        "Every five months. If a runbook has a reminder on the ten-week rhythm, just recalculate from its date.",
    ),
    (r"letter prefixes", "Use 010_Admin; the letter prefixes we used before are gone."),
    # pointing back with a negated verb, a retiring verb whose object points back, a condition to fix
    (
        "org\\.opencontainers",
        "Use `sprocket.build.source`. The old key was `org.opencontainers.image.source`, and the build system "
        "doesn't read either of the older namespaces.",
    ),
    (
        "Note:",
        "Start the callout with `Worth knowing:` rather than the older `Heads-up: You can drag widgets` or "
        "`Note: You can drag widgets`.",
    ),
    (
        "DEV-",
        "Give it a `[BUILD]` prefix. If you've been doing `DEV-Checkout screen`, or relying on Figma's Ready status, "
        "those conventions have been dropped.",
    ),
    (
        "45-day",
        "Fix Mediums within 21 days.\n\n- Any Medium pencilled in against a 45-day deadline should be **re-dated to "
        "report + 21**.",
    ),
    (
        "300 ms",
        "**180 ms.**\n\n| | Debounce | Outcome |\n|---|---|---|\n| Original | 300 ms | Fine at first, but a "
        "noticeable lag on fast networks |\n| Now | 180 ms | Current |",
    ),
    (
        "#oncall-handover",
        "Post in **#pager-relay**. Posting in #oncall-handover or #ops-handoff means half the people won't see "
        "your note, so don't use either one.",
    ),
    (
        "Collections",
        "Call them **binders**. Collections and folders are both retired in UI copy, so this screen shouldn't use "
        "either one.",
    ),
    (
        "12 months",
        "Yes, it's acceptable - the cutoff is a release within the last 18 months. We no longer require a release "
        "in the past 12 months.",
    ),
    (
        "two weeks",
        'Check in every ten days; the old two weeks is gone. If there is nothing new on a key result, a one-line "no '
        'change" update is perfectly fine.',
    ),
    (
        "80%",
        "Commit up to 55% of the weeks. Older plans used 65% (26 weeks) or 80% (32 weeks), but those caps aren't "
        "used any more.",
    ),
    (
        "cte_",
        "Number your CTEs `s01_`, `s02_`. In a lot of the SQL you'll read, CTEs are called `cte_orders`, or just "
        "`orders`. We've moved away from both.",
    ),
    (
        "6-week",
        "Refresh every ten weeks. For anything still scheduled on the 6-week cycle, recompute its next due date.",
    ),
    ("4 hours", "Revoke within 10 minutes: keeping a key alive for 4 hours isn't practical any more."),
]


# Answers as capable models write them: markdown with tables, code and history, the old value named as context.
# Each line: (superseded pattern, answer) where the answer follows the final rule.
STRUCTURED_CONTEXT = [
    (
        r"(?i)\b(two|three|2|3)[ -](dimensions?|axes)\b",
        "## Positioning map\n\n| Before | Now |\n|---|---|\n| 3 axes | 4 axes |\n\nDraw the map with four axes.",
    ),
    (
        r"(?i)\b45 ?s\b|--interval=45s",
        "Set the interval to 30s.\n\nFind configs left on the old value:\n\n"
        "```bash\ngrep -rn -- '--interval=45s' deploy/\n```",
    ),
    (
        r"(?i)\bMM\b",
        "Use `DD-MMM-YYYY`.\n\n```bash\nsed -i 's/DD-MM-YYYY/DD-MMM-YYYY/g' templates/*.md\n```",
    ),
    (
        r"(?i)\b(30|thirty)\s*%",
        "Allow 60% text expansion.\n\n```diff\n- EXPANSION = 0.30\n- # 30% for every string\n+ EXPANSION = 0.60\n```",
    ),
    (
        r"(?i)\bmarket share\b",
        "Order the columns by founding year, oldest first. For a while we ordered them by market share, and the "
        "readers kept asking why the order changed every quarter.",
    ),
    (r"(?i)\bUTC\b", "Schedule it for 09:00 Pacific. Before that it was UTC, which confused the US team."),
    (r"(?i)5 March 2025", "Write 2025-03-05. Until recently we wrote 5 March 2025 in these notes."),
    (r"(?i)\b45\s*%", "Allow 60%. At 45% we kept getting overflow bugs in German."),
    (r"(?i)\bMM\b", "Use MMM for months. The template still has MM in two places: fix those."),
    (r"(?i)2 ?s\b", "Use 750ms. Many configs still have the 2 s value; update them when you touch them."),
    (r"(?i)\b(5|8)%", "Use 3%. It was 5%, and later 8%. Both are out."),
    (r"(?i)\bexp_", "Prefix experiment IDs with XP-. We used exp_ before, which was the previous convention."),
    (
        r"(?i)\b(REF-|#)\d+",
        "## The reference line\n\nPut `CS-51907` first.\n\n### The old format (don't use)\n\n- `REF-51907`\n- `#51907`",
    ),
    (
        r"(?i)\b(Monday|Thursday)",
        "Weeks start on Saturday.\n\n## How we got here\n\n| Period | Week |\n|---|---|\n| Original | Monday to "
        "Sunday |\n| Later | Thursday to Wednesday |\n| **Now** | **Saturday to Friday** |",
    ),
    (
        r"(?i)\b(24|36)[- ]?hours?\b",
        "The banner shows after 6 hours.\n\n| Threshold | Status |\n|---|---|\n| 24 hours | Retired |\n| 36 hours |"
        " Retired |\n| 6 hours | Current |",
    ),
    (r"(?i)\b90 ?s\b", "Poll every 20 s.\n\n| Setting | Previously | Now |\n|---|---|---|\n| poll | 90 s | 20 s |"),
    (
        r"(?i)%\(\w+\)s",
        "Use `{name}` fields.\n\n| Deprecated style | Example | Replaced by |\n|---|---|---|\n"
        "| printf (original) | `%(name)s` | `{name}` |",
    ),
    (
        r"(?i)\bChanges\b",
        "Head the section **Fixes**.\n\n| Releases | Heading |\n|---|---|\n| 1.0 to 2.2 | Changes |\n"
        "| 2.3 onward | **Fixes** |",
    ),
    (r"(?i)\b17:00\b", "File it by 15:00. Under the old cut-off you'd have had until 17:00."),
    (
        r"(?i)\b5-day\b",
        "Allow 9 days.\n\n- **Long weekends.** Under the 5-day rule, people often padded their estimates.",
    ),
    (r"(?i)\b(50|75) ?ms\b", "Debounce at 30 ms. It used to be 50 ms, and 75 ms before that."),
    (r"(?i)\b3 retries\b", "Use 5 retries. Some jobs still set 3 retries; that should be changed."),
    (r"(?i)\b8 px\b", "Pad cards by 12 px. Check older components: a lot of them are still 8 px."),
    (r"(?i)\b30-day\b", "New invoices are due in 45 days. Invoices already issued under 30-day terms keep them."),
    (r"(?i)\b8-colou?r\b", "Use three colours. Charts will carry fewer than they did under the 8-colour limit."),
    (r"(?i)\b500 ?ms\b", "Use 200 ms. A 500 ms debounce felt laggy in testing, so it was shortened."),
    (r"(?i)\b60 seconds\b", "Refresh every 15 seconds. If your dashboard preset is at 60 seconds, update it."),
    (r"(?i)\b(12|9) tiles\b", "Use 6 tiles. We started with 12 tiles, moved to 9 tiles, and both felt crowded."),
    (r"(?i)\bv[12]\b", "Call the `v3` endpoints. No `v1` or `v2` left in any config before the release."),
    (
        r"(?i)\b1[–-]5\b",
        "Score on 0 to 10.\n\n## Converting historical scores\n\n```python\nif scale == 'five':  # 1–5\n    x = 2\n```",
    ),
    (r"DD-", "Head it `ADR-318`. Make sure you don't carry over a `DD-` heading."),
    (r"_vN", "Name it `_revC`. If you want a tidy folder, this renames `_vN` suffixes to letters."),
    (r"fix:", "Use `<fix>`.\n\n| If you'd have written | Write instead |\n|---|---|\n| `fix: cart` | `<fix> cart` |"),
    (r"\bR-004\b", "Rename them:\n\n```\n# R-004 -> IV-04 and P04 -> IV-04\n```"),
    (
        r"kMaxRetries",
        "Name it `K_MAX_RETRIES`.\n\n```python\nK_MAX_RETRIES = 3\n"
        "kMaxRetries = K_MAX_RETRIES  # deprecated alias, remove after callers migrate\n```",
    ),
    (
        r"\b110\b",
        "96 characters.\n\n- **88**: the original limit; retired.\n- **110**: the first change; also retired.",
    ),
    (
        r"(?i)\bcurl\b",
        "Use PowerShell.\n\n| Concept | curl (original) | PowerShell |\n|---|---|---|\n| verb | `-X` | `-Method` |",
    ),
    (  # a list of stages: the items before the one led by what holds now
        r"(?i)\b(3|three) hours\b",
        "## The window\n\nIt has moved twice:\n\n- **At first:** 1 hour.\n- **Later:** 3 hours.\n"
        "- **Now:** 90 minutes.",
    ),
    (
        r"(?i)\bIEEE\b",
        "Use MLA.\n\n1. **First:** APA.\n2. **Second:** IEEE numbering.\n3. **Current:** MLA 9 for every review.",
    ),
    (r"(?i)\bIEEE\b", "Use MLA.\n\n- **2019:** APA.\n- **2022:** IEEE numbering.\n- **Today:** MLA 9."),
    (r"(?i)\bblue\b", "Use amber. Earlier guides coloured the headline series in blue."),
    (  # "e.g." ends no clause
        r"\[OLD\]",
        "Open with `Heads-up:`. Don't prepend the retired tag (e.g. `[OLD] Heads-up:`).",
    ),
    (  # a fix over "whichever one is there" names a leftover, not a choice
        r"(?i)\bteal\b",
        "Colour it amber. Older decks used teal. Neither belongs on a new slide — swap whichever one is there.",
    ),
    (r"run_all", "Call it `entry`. You'll still find `run_all` at the end of many older scripts."),
    (r"(?i)\b6 s\b", "The poll is 9 s now; we'd been polling every 6 s until the load review."),
    (r"(?i)\b70%", "Cap it at 40%.\n\n| Where | Look for | Change to |\n|---|---|---|\n| Planner | 70% | 40% |"),
    (r"(?i)#ops-old", "Post in #relay.\n\n1. **Runbooks:** if a page tells people to post in #ops-old, edit it."),
    (r"(?i)\b3h\b", "Ninety minutes.\n\n```yaml\nmonitoring_min_duration: 3h   # outdated\n```\n\nSet it to `90m`."),
    (r"(?i)\bnit:", "Prefix it with `optional:`. Early on people wrote `nit:` for this."),
    (  # a question the answer answers no
        r"(?i)\b8 px\b",
        "Use a 10 px grid.\n\n## FAQ\n\n- **Can I keep 8 px for icons?** No — the vote settled it.",
    ),
    (r"(?i)\bCIF\b", "Ask for DPU. Under CIF we still had to arrange the last leg ourselves."),
    (r"api_version", "Send the `Accept-Version` header; drop the `api_version` query string from every client."),
    (r"(?i)\b40 ?px\b", "Use 56px. Older buttons were built when the minimum was 44px, or later 40px."),
    (r"(?i)\b40 pixels\b", "Use 56 pixels. A button class written a while back is probably set to 40 pixels."),
    (  # stages told after the value they lead with
        r"(?i)\b35 lines\b",
        "Keep it to 28 lines.\n\n- **50 lines** — the original guideline.\n- **35 lines** — the first tightening.\n"
        "- **28 lines** — the current rule.",
    ),
    (
        r"(?i)\bIEEE\b",
        "Cite in MLA.\n\n```text\nIEEE (old):  Loneliness predicts decline [3].\n"
        "MLA (now):   Loneliness predicts decline (Lee 12).\n```",
    ),
    (
        r"(?i)\bper minute\b",
        "State limits per hour.\n\n| If the page says | Write |\n|---|---|\n| 50 per minute | 3,000 per hour |",
    ),
    (r"(?i)\b20%", "Plan 55% for the roadmap. The original guideline allowed 80%, with a 20% buffer."),
    (r"(?i)\[minor\]", "Prefix it with `optional:`.\n\nNot:\n\n```text\n[minor] you could use a set here\n```"),
    (r"(?i)\b15-line\b", "The cap is 40 lines. If you split a function to fit the 15-line cap, combine them."),
    (
        r"SEC_",
        "Read `DB_PASSWORD_CRED`.\n\n```python\n"
        "pw = env.get('DB_PASSWORD_CRED') or env['SEC_DB_PASSWORD']  # fallback: remove after rollout\n```",
    ),
    (r"(?i)\b4:3\b", "Use 16:10. We've moved off 4:3 (and the 16:9 before it), so don't pick either of those."),
    (r"(?i)\borange\b", "Magenta for inputs.\n\n## FAQ\n\n**Q: Didn't we use orange for this?**\nWe did, for a while."),
    (
        r"(?i)\b30-day\b",
        "Keep recordings 14 days.\n\n**What about studies run under the 30-day rule?** Apply 14 days now.",
    ),
    (
        r"(?i)\bsix-week\b",
        "Refresh every 10 weeks. If you set a reminder under the six-week rule, change the recurrence.",
    ),
    (r"(?i)\b32 bytes\b", "Use 48 bytes. Anything you generated at 32 bytes is below today's minimum."),
    (r"(?i)0?\.75\b", "Proceed at kappa 0.85. A pilot at 0.75 is **not** good enough."),
    (r"R-003", "Use IV-03. If your notes came from an older template, they may say R-003."),
    (r"up to 5", "Exactly two highlights. Older templates may carry a comment like `<!-- up to 5 highlights -->`."),
    (
        r"(?i)\b1–5\b",
        "Score 0–10.\n\nTeams copy last quarter's sheet forward, and old sheets may still have:\n\n"
        "- scores limited to 1–5.",
    ),
    (r"(?i)\bfire-", "Use `bridge-`. If muscle memory types `fire-`, catch it before you hit Create."),
    (r"(?i)\btuesdays?\b", "Hand over on Thursday. Delete recurring handover events on Tuesdays."),
    (r"(?i)\bold key\b", "Rotate now: sign with the new key while receivers accept both, then retire the old key."),
    (  # a story told where the clause saying "now" names no value: its past is still former
        r"(?i)\bfour hours\b",
        "Notes are now due within 90 minutes.\n\nWhen the guidelines were first written, notes were due "
        "within a day. The first fix tightened that to four hours, which people phrased as the same afternoon.",
    ),
    (  # a story of changes that ends elsewhere: what it tells in the past is former
        r"(?i)\b(20|twenty) minutes\b",
        "Stand-ups last **12 minutes** now.\n\nSome history: when the team was small, stand-ups ran for 20 minutes "
        "and nobody minded. The first trim took them to 15, and that stuck for a year.",
    ),
    (  # a sentence opening in the past is former as a whole, up to its present-tense aside
        r"(?i)\bsans-serif\b",
        "Slide titles are 32 pt Georgia now.\n\nWhen the deck template was first made, the titles were in a "
        "sans-serif face: sans-serif is what most templates ship with. Later the brand team moved us to Verdana.",
    ),
    (  # a story told after a bold lead, the value after a comma
        r"(?i)\b1\.5 ?x\b",
        "The fence is **3x the IQR** now.\n\n**Where it started.** We originally used Tukey's fence, 1.5x the IQR "
        "from the quartiles.",
    ),
    (  # a question on a line of its own, answered in the next paragraph that what it names is out of date
        r"(?i)\btwo approvals\b",
        "**Q: How many approvals?**\n\nOne, from a code owner.\n\n**Q: The wiki says two approvals. Is that still "
        "right?**\n\nIt's out of date. One approval is the rule now.",
    ),
    (  # ... or that it held once
        r"(?i)\bweekly\b",
        "Send the digest every two weeks.\n\n**Q: Didn't we send it weekly?**\nWe did, for a while.",
    ),
    (  # a story told with "didn't", and the value that holds now said against the old one ("rather than")
        r"(?i)\b(8|eight) px\b",
        "Gutters are **12 px** now, rather than 8 px.\n\nThe first grid used 4 px gutters. That didn't last; the "
        "redesign moved us to 8 px, and 8 px stayed in the kit for a year.",
    ),
    (  # a question mark inside a quote ends no sentence: the arrow maps from the quoted old label
        r"(?i)\bcollection\b",
        'Call them binders.\n\n- "Delete collection?" → "Delete binder?"',
    ),
    (  # a paragraph after a code block saying the block is former
        r"(?i)- build\s+- lint",
        "Lint comes first.\n\n```yaml\nstages:\n  - build\n  - lint\n```\n\nThis is the order we had for a while, "
        "and it has been superseded: lint, build, test.",
    ),
    (  # a question in a checklist answered with what to fix
        r"(?i)\bsix months\b",
        'Give 14 months\' notice.\n\n- Does the reference say "removed after six months"? Change it to fourteen.',
    ),
    (  # a condition answered by saying it names the previous version
        r"(?i)\beight hours\b",
        "Silences may run to 36 hours. If you remember the eight hours max rule, that's the previous version.",
    ),
    (  # "under the old rule you'd ..." tells of the old rule
        r"(?i)\bthree-day\b",
        "Keep comments open for eight business days. Under the three-day rule you'd be closing on Thursday.",
    ),
    (  # a question quoted in italics, answered no
        r"(?i)\b12 months\b",
        'Dependencies may be up to 18 months old.\n\n*"So does 12 months still apply anywhere?"*\nNo.',
    ),
    (  # a comment after code is read in its own words
        r"(?i)\b30\b",
        "Set the default to 45.\n\n```yaml\nlimit:\n  default: 45   # previously 30\n```",
    ),
    (  # a line after a block saying what it becomes: the block is the former
        r"(?i)\b24h\b",
        "Set 30h.\n\nA board automation like:\n\n```yaml\ndue_after: 24h\n```\n\nshould become:\n\n"
        "```yaml\ndue_after: 30h\n```",
    ),
    (  # text struck through is deleted
        r"(?i)\b0\.7\b",
        "Start at 0.8.\n\nIn the protocol:\n\n> ~~Screening starts once agreement reaches 0.7.~~\n"
        "> Screening starts once agreement reaches 0.8.",
    ),
    (  # a line led by a cross shows what not to write
        r"(?i)_v\d\b",
        "Name it with a letter.\n\n- ✅ `plan_revB.docx`\n- ❌ `plan_v2.docx`\n❌ `plan_v3.docx`",
    ),
    (  # a joining word inside a quoted label ends no clause: the arrow still maps the whole label
        r"(?i)\bcollections?\b",
        'Say binder.\n\n- [ ] Empty states: "No collections yet" → **No binders yet**',
    ),
    (  # "set" after a noun is no order: in a section on older files the clause is former
        r"(?i)\b6 ?px\b",
        "Spacing is on a 10 px grid now.\n\n### Tidying older files\n\n- [ ] Grids set to 6 px: switch to 10.",
    ),
    (  # a short bold line heads what follows it, like a heading
        r"(?i)\b1600 ?[x×] ?900\b",
        "Hero images are 2000×1000.\n\n**Reworking an older post**\n\n"
        "- A hero of 1600×900: crop it again from the source.",
    ),
    (  # a leftover a tool still produces, and a condition fixed by fixing "the" thing
        r"(?i)\b30 days\b",
        "Tickets close after 5 days. The reminder bot still promises 30 days in its footer. If a macro says "
        "30 days, fix the macro.",
    ),
    (  # a habit to stop
        r"(?i)\b90%",
        "The floor is 70%. If you've been padding tests to reach 90%, you can stop.",
    ),
    (  # a sentence that says what the old text should read
        r"(?i)\b1,250-",
        'Write losses with a leading triangle. "A loss of 1,250-" in the notes should read "a loss of △1,250".',
    ),
    (  # an FAQ's question is the reader's, not a statement
        r"(?i)\b60/40\b",
        "Split traffic 70/30.\n\n**Q: What about a 60/40 split for a pricing test?**\nUse 70/30 for every test.",
    ),
    (  # ... and a yes to "Should I fix it?" grants that what it names is former
        r"(?i)\b12 tiles\b",
        "A dashboard holds up to 11 tiles.\n\n*My dashboard has 12 tiles. Do I have to change it?*\nYes, trim one.",
    ),
    (  # a checklist question answered by a fix
        r"(?i)\bis_flagged\b",
        "Name the column `hold_for_review`.\n\n- Column still called `is_flagged`? → Rename to `hold_for_review`.",
    ),
    (  # a quote, then a line pointing back at it
        r"(?i)\b100 people\b",
        "The draft says:\n\n> Review is needed above 100 people.\n\n"
        "That was the threshold for a while; it is 25 people now.",
    ),
    (  # code, then a line changing what it shows
        r"(?i)io\.acme\.image",
        '```dockerfile\nLABEL io.acme.image.source="x"\n```\n\nPlease switch these keys to the `acme.build.` prefix.',
    ),
    (  # a line labelled "Before:" in code
        r"#,##0-",
        'Put a triangle before losses.\n\n```text\nBefore: #,##0;#,##0-\nAfter:  #,##0;"△"#,##0\n```',
    ),
    (  # told to treat them as history
        r"(?i)\b50/50\b",
        "Use 70/30. Treat 60/40 and 50/50 as historical.",
    ),
    (  # a condition whose consequence is a failure names what to fix
        r"(?i)\btwo spaces\b",
        "Indent YAML with three spaces. If a file uses two spaces, the lint job will fail.",
    ),
    (  # a list in brackets is one part of its clause
        r"(?i)\bStrong Yes\b",
        "Score on the stanine scale. The four labels (Strong Yes, Yes, No, Strong No) were the original format.",
    ),
    (  # what the old rule would have you do
        r"(?i)\bTuesday 09:00\b",
        "Design QA gets 30 hours, so you have until Tuesday 15:00. It was 24 hours once. "
        "By that rule you'd need to finish by Tuesday 09:00.",
    ),
    (  # "both work out of" says where people work, not that both values do
        r"(?i)#oncall-handover\b",
        "Post the note in #pager-relay; ops and SRE both work out of it. The old #oncall-handover channel is archived.",
    ),
    (  # "on either side" is a place, not a choice
        r"(?i)\b4:3\b",
        "Build decks at 16:10; the old 4:3 decks show black bars on either side.",
    ),
    (  # "for a long time" tells the past
        r"(?i)\b50 characters\b",
        "Keep commit subjects to 46 characters. For a long time we followed the Git convention of 50 characters.",
    ),
    (  # a clause pointing back whose only value is in an aside
        r"\bE\d{4}\b",
        'Return dotted codes like `orders.not_found`. This handler returns `E4041`. That numeric style (an "E" '
        "plus four digits) was our convention for a while.",
    ),
    (  # ... or names what replaced it
        r"\[minor\]",
        "Prefix non-blocking comments with `optional:`. This thread uses `[minor]`. That was replaced by `optional:`.",
    ),
    (  # "I'm unsure" in an FAQ's question is the reader's doubt, not the answer's
        r"(?i)\bNet 21\b",
        "Standard terms are Net 50.\n\n**I thought it was Net 21?**\nIt was, for a while.\n\n"
        "**Who do I ask if I'm unsure?**\nFinance.",
    ),
    (  # a condition worth fixing
        r"(?i)\bLIMIT 250\b",
        "Explore with LIMIT 40. If a notebook has LIMIT 250 in it, it's worth switching it to 40.",
    ),
    (  # a condition to read as the new value
        r"(?i)\b6-point\b",
        'Use a 4-point scale. If a template says "6-point, no midpoint", read it as "4-point, all labelled".',
    ),
    (  # what a value will suffer is no statement of it
        r"(?i)\b16:9\b",
        "Hero images are 2000 × 1000. A 16:9 image will get cropped in the new layout.",
    ),
    (  # "nothing starting with" rejects
        r"Issue:",
        "Use `Tracks: PAY-214`. Check the trailers: you should see nothing starting with `Issue:`.",
    ),
    (  # a comparison with the old value
        r"(?i)\b0\.05\b",
        "Use α = 0.02; you need 20–30% more traffic than at 0.05.",
    ),
    (  # what to audit for
        r"(?i)\bfive plans\b",
        'Show two public plans. Audit help articles and decks for "choose from our five plans" wording.',
    ),
    (  # "skip" rejects what follows
        r"(?i)\b1024\b",
        "Design frames at 390 and 1280 px. Skip the tablet and 1024 frames.",
    ),
    (  # what queries to update still read
        r"\bts_utc\b",
        "Emit the time as `logged_at`. Update queries and dashboards that filter or sort on `ts_utc`.",
    ),
    (  # what a reviewer flags
        r"\bdata-qa\b",
        "Tag elements with `data-e2e`. In review, a new `data-qa` is the thing to flag.",
    ),
    (  # "replaced as well" retires it too
        r"(?i)\bcolon style\b",
        "Write path parameters as `<ORDER_ID>`. The colon style has now been replaced as well.",
    ),
    (  # a question asking what to update heads the list that answers it
        r"(?i)\b11 or 14 days\b",
        "Run every test for 28 days.\n\n**Q: What do I need to update?**\n\n"
        "- Experiment configs with a default of 11 or 14 days\n- Test-plan docs",
    ),
    (  # "the ... days" are an era
        r"(?i)\bthree-step\b",
        "Use up to 12 steps. Squeezing a fix under a limit is a habit from the three-step days.",
    ),
    (  # "not our bar" points back
        r"4\.5:1",
        "Aim for 6.5:1. The checker tests against 4.5:1, not our bar.",
    ),
    (  # "That name stuck for a while" points back at the sentence before
        r"(?i)\bCausal chain\b",
        "Title the section Contributing conditions. The first fix called it **Causal chain**. "
        "That name stuck for a while.",
    ),
    (  # below our floor
        r"(?i)\btwelve-month\b",
        "The floor is fifteen months. A vendor offering the standard twelve-month cap is below our floor.",
    ),
    (  # "delete or end" rejects what follows
        r"(?i)\bfortnightly\b",
        "Meet every ten days. Delete or end any recurring fortnightly series.",
    ),
    (  # rules to update that still allow it
        r"(?i)\b30 words\b",
        "Keep sentences to 18 words. Update lint rules that still allow 30 words.",
    ),
    (  # a condition answered by asking for a rename
        r"\bc-",
        "Prefix component classes with `kit-`. If a PR adds `c-card`, I'll ask for it to be renamed.",
    ),
    (  # a condition fixed by converting all of them
        r"Source:",
        'Label footnotes "Compiled from:". If a report mixes "Source:" and "Data via:" lines, convert all of them.',
    ),
    (  # an aside naming what came before it is retired with it
        r"_v2\b",
        "Name files with a letter: `deck_revA`. The `_v1`/`_v2` numbers, and the date stamps before them, are retired.",
    ),
    (  # an FAQ's question that tells, not asks, is the reader's
        r"(?i)\b45 days\b",
        "Keep artifacts for 90 days.\n\n**Q: The wiki says 45 days.**\nThat page predates the change; we fix it.",
    ),
    (  # a cleanup table's column headed "Found in"
        r"(?i)\bmax_retries: 2\b",
        "Set `max_retries: 4`.\n\n| Found in a job | Change it to |\n|---|---|\n"
        "| `max_retries: 2` | `max_retries: 4` |",
    ),
    (  # a condition opened by "Anywhere"
        r"\bDD/MM\b",
        "Write dates as YYYY-MM-DD. Anywhere a template asks for DD/MM, replace it with the ISO form.",
    ),
    (  # a condition fixed by deleting it
        r"(?i)\bFriday\b",
        "The report is due Tuesday. If your calendar has a Friday reminder for it, it's worth deleting it.",
    ),
    (  # "Ignore" rejects what follows
        r"(?i)\b8 ?px\b",
        "Corners take a 12 px radius. Ignore any mock-ups still drawn at 8 px.",
    ),
    (  # a stray value is left to clean up
        r"\bbtn-",
        "Prefix buttons with `ui-button`. A stray `btn-` class in a PR is worth a comment.",
    ),
    (  # ", later," goes on with the former clause
        r"\bCET\b",
        "Log times in UTC. Logs used to be stamped in local time and, later, in CET (lines like 09:00 CET).",
    ),
    (  # a comment on what the search below it finds
        r"\bk[A-Z]\w+",
        "Name it `MAX_ITEMS`.\n\n```sh\n# kMaxItems-style constants\nrg -n '\\bk[A-Z]' src/\n```",
    ),
    (  # how it felt, told in the past
        r"(?i)\b(500 ?ms|half a second)\b",
        "Autosave fires after 2 s of idle. Testers found the editor felt sluggish at half a second.",
    ),
    (  # a past problem: "couldn't tell"
        r"(?i)\bamber\b",
        "Mark at-risk items with an orange dot. Readers who saw an amber dot couldn't tell at-risk from blocked.",
    ),
    (  # the same as under the old version
        r"(?i)\bfive-point\b",
        "Use a seven-point scale. Keep labels at both ends, same as under the five-point version.",
    ),
    (  # "which depends on which" offers no alternatives
        r"\bcte_",
        "Number CTEs `s01_`, `s02_`. The `cte_` prefix was dropped: it never showed which depends on which.",
    ),
    (  # a list of inline code values is one clause
        r"(?i)\bseven days\b",
        "Tickets close after 14 days.\n\n"
        "Search the macros for `one week`, `seven days` or `7 days` and replace them with 14 days.",
    ),
    (  # a diff's removed line in a quote
        r"ROUND\(\w+, 4\)",
        "Round ratios to three places.\n\n> Suggested change:\n>\n"
        "> ```diff\n> - SELECT ROUND(ratio, 4)\n> + SELECT ROUND(ratio, 3)\n> ```",
    ),
    (  # a condition fixed by changing the heading
        r"Known issues",
        'Title it "Open problems".\n\n- If a draft says "Known issues", change the heading to "Open problems".',
    ),
    (  # a table column headed by what the log says
        r"\bPST\b",
        "Write times in UTC.\n\n| Log says | Timeline entry |\n|---|---|\n| 09:00 PST | 17:00 UTC |",
    ),
    (  # "For a long stretch" sets its sentence in the past
        r"(?i)\b8 ?px\b",
        "Spacing comes in multiples of 10 px. For a long stretch we worked on an 8 px grid.",
    ),
    (  # "ends with either one" names a leftover, not a choice
        r"Regards",
        'Close with "Thanks,". "Regards," and "Best," are retired, so if a template ends with either one, update it.',
    ),
    (  # what reviewers can't tell is no hedge of the answer's
        r"(?i)\b4 ?px\b",
        "Use a 10 px grid; the old one was 4 px. "
        "Mixed grids are worse than either alone, because reviewers can't tell which values are meant.",
    ),
    (  # a comma its quote holds ends the condition
        r"(?i)\bRegards\b",
        'Close with "Thanks,".\n\nIf a saved reply ends with "Regards," change it to "Thanks,".',
    ),
    (  # "Same for any" names what is left to clean up
        r"(?i)\b(?:14|fourteen) days\b",
        "Give thirty days' notice. Same for any macros that promise 14 days.",
    ),
    (  # a condition answered by "they're working from the old guidance"
        r"(?i)\b(?:14|fourteen) days\b",
        "Give thirty days' notice. If a reviewer is happy with 14 days, they're working from the old guidance.",
    ),
    (  # a condition answered by "it predates"
        r"(?i)\bsingle retry\b",
        'Retry jobs three times. If a runbook says "single retry", it predates the current rule.',
    ),
    (  # a condition answered by asking for the new value instead
        r"\bERR_\w+",
        "Name errors `resource.reason`. If a PR returns `ERR_NOT_FOUND`, ask for `order.not_found` instead.",
    ),
    (  # "Remove" rejects the code value it names
        r"\bneeds-review\b",
        "Label it `needs-appsec`. Remove `needs-review` when you add it.",
    ),
    (  # a section headed "Why five and not three" tells why the old value went
        r"(?i)\bthree retries\b",
        "## Retries\n\nCap retries at five.\n\n### Why five and not three\n\nThree retries turned builds red.",
    ),
    (  # a bold question "Why did it change?" heads such a section
        r"(?i)\bthree retries\b",
        "## Retries\n\nCap retries at five.\n\n**Why did it change?**\nThree retries let builds go red.",
    ),
    (  # a bold "Why ..." leading a paragraph heads a section telling why the old value went
        r"(?i)\b300 ?ms\b",
        "## Debounce\n\nWait 180 ms.\n\n**Why 180 and not what you remember.** At 300 ms the list lags.",
    ),
    (  # "grepping ... for" names what is left to clean up
        r"\bsec-check\b",
        "Label it `needs-appsec`. It's worth grepping the repo's `.github/` folder and docs for `sec-check`.",
    ),
    (  # a bold "Q:" line is the reader's words whole, past its first question mark
        r"(?i)\bten weeks\b",
        "## Reviews\n\nReview every 5 months.\n\n**Q: And ten weeks? My lead wants ten weeks.**\nThat came first.",
    ),
    (  # "That was ... until" points back at a value it retires
        r"(?i)\borange\b",
        "Highlight it in purple. You've drawn it in orange. "
        "That was our highlight colour until the brand palette was refreshed.",
    ),
    (  # what predates the changes is former
        r"`/v1/",
        "Version with the `Accept-Version` header. A path like `/v1/orders` predates both changes.",
    ),
    (  # text laid out in columns under "Before" and "After": the Before column holds former values
        r"\bQ3\b",
        "Give each item a half-year.\n\n```text\nBefore          After\nreview - Q3     review - H2\n"
        "launch - Q4     launch - H2\n```",
    ),
    (r"\bWed\b", "Name it `2025-W11 Sync`. The oldest notes put the weekday first: `Wed Sync`."),
    (  # an FAQ's question in italics, answered "Yes, it's out of date"
        r"(?i)\bnine months\b",
        "Plan 15 months ahead.\n\n*Our plan stops at nine months. Is that wrong?*\nYes, it's out of date.",
    ),
    (  # asking whether it is fine accepts nothing; "the answer is no" corrects the condition
        r"1600 x 900",
        "Order 2000 x 1000 images. If the designer asks whether 1600 x 900 is fine, the answer is no.",
    ),
    (r"30-day", "Default to 13 weeks. Some readers are used to the 30-day view, so mention the change."),
    (
        r"ten-year",
        "Include papers from the last 15 years. If you've been filtering under the ten-year rule, re-run the search.",
    ),
    (
        r"ten-year",
        "Use 15 years. If someone dropped records under the ten-year cut-off, those exclusions are now wrong.",
    ),
    (
        r"\[Update\]",
        "Start subjects with `NOTICE:`. If a draft says `[News]`, change it to `NOTICE:`. "
        "If it says `[Update]`, same fix.",
    ),
    (r"No sets", 'Call them albums. If a banner says "No sets yet", it becomes "No albums yet".'),
    (r"/sets", "Say album in the interface. If the API still exposes `/sets`, leave that to engineering."),
    (r"DOC-", "Use `PR-` for new proposals. Existing `DOC-` proposals keep their numbers."),
    (
        r"12 Mar",
        "Title it `Sync – W11`. The first correction switched the order to put the date last: `Sync – 12 Mar`.",
    ),
    (  # "but" inside a compound is no contrast: the sentence told under the old scale stays former
        r"1–6",
        "Score it 7 on the 1–9 scale. Under the 1–6 scale, a solid-but-not-great candidate was often a 5.",
    ),
    (  # "X, and later Y, were ...": the aside stays in its clause
        r"(?i)\bbold\b",
        "Wrap labels in square brackets, like [Save]. Bold, and later italics, were the earlier conventions.",
    ),
    (  # "and, earlier, ..." is one clause
        r"review_me",
        "Write `needs_review`. That is the current name; `review_me` and, earlier, `legacy_flag` were the names.",
    ),
    (r"(?i)five-plan", "Offer two plans.\n\n### Moving from the five-plan layout\n\n1. Merge the tiers."),
    (  # a clause naming the former that ends in a colon lists it
        r"working day 10",
        "Lock OKRs on the last Friday. That version stuck around long enough to be quoted everywhere: "
        '"you have until working day 10".',
    ),
    (r"Heads-up", 'Use "Worth knowing:". When you review drafts, flag "Heads-up:" in particular.'),
    (  # the condition is former up to what corrects it, within the clause that does
        r"grade 6",
        "Aim for grade 4. If you review older screens, anything that passed against the grade 6 target "
        "may now need another pass.",
    ),
    (  # a rename mapping goes on over the lines until it closes
        r"\bqa_id\b",
        'Use `e2e_id`.\n\n```python\ndf = df.rename(columns={"tag_id": "e2e_id",\n'
        '                        "qa_id": "e2e_id"})\n```',
    ),
    (
        r"six months",
        "Review every five months. Update the cron job that fires at six months so it fires at five months.",
    ),
    (r"eight colours", "Use at most 3 colours. Older dashboards you might copy from allow up to eight colours."),
    (r"api_version", "Send the `Accept-Version` header. Existing clients using `?api_version=`: switch to the header."),
    (r"14-day", "Run tests for 28 days. Check templates and alerts for 14-day thresholds, and bump them to 28."),
    (r"`tkt-a`", "Label it `tkt-b`. A lint rule that flags `tkt-a` in new code keeps it out."),
    (
        r"30% off",
        "Annual plans get 12% off. Customers who already locked in an annual plan at 30% off keep it until renewal.",
    ),
    (r"`S1`", 'Use Sev-A to Sev-C, so nobody has to translate "`S1`" into "Sev-A".'),
    (r"24 bytes", "Use 48 bytes. A 48-character hex string is only 24 bytes, which is below the bar."),
    (r"3:2", "Export at 5:4. Helper style files are usually where 3:2 keeps sneaking back in."),
    (r"80%", "The floor is 72%. When the policy was first written, new code had to stay at or above 80%."),
    (r"in the URL path", "Send the header. The first design put the version in the URL path."),
    (
        r"two alternatives",
        'Ask for four alternatives. Phrases like "list two alternatives" come from the superseded template.',
    ),
    (
        r"(?i)\bbest\b",
        'Sign off with "Warmly,". "Cheers," is no longer the style, and "Best," hasn\'t been for even longer.',
    ),
    (r"60/40", "Split 70/30 from now on. If a test launched at 60/40, leave it until it finishes."),
    (r"(?i)3:2", "Use 5:4. If you drop a 3:2 chart into the new template, it'll get squashed."),
    (  # a sentence offering "either X or Y" that retires both tells options that were
        r"engineer-weeks",
        "Write 60 engineer-days. Drafts from last year show either engineer-weeks or a T-shirt size; "
        "both of those formats are retired, so convert to days.",
    ),
    (  # a list that the next paragraph retires
        r"retention-days: 14",
        "Use 45 days.\n\n- `retention-days: 14`: the first setting.\n- `retention-days: 5`: the cost cut.\n\n"
        "Both are superseded.",
    ),
    (  # an aside set off by dashes
        r"\bGold\b",
        "Use Launch-blocker or Post-launch. The Gold/Silver medals — and the P0–P2 tags before them — are retired.",
    ),
    (
        r"alternate-Thursday",
        "Review on the last Wednesday. The alternate-Thursday rhythm still turns up in some invites.",
    ),
    (
        r"six months",
        "The window is 18 months. If you rejected a library for being older than six months: it may now pass.",
    ),
    (
        r"four digits",
        "Round to three places. If any row shows four digits after the point, something upstream is still using "
        "the old pattern.",
    ),
    # a value whose first mention a marker names as former is former where it recurs
    (
        r"16:9",
        "Use 16:10. 16:9 was the original standard, and on the new screens a 16:9 deck gets thin letterbox bands.",
    ),
    (
        r"(?i)\borange\b",
        "Highlight the key series in purple. Orange was the old highlight colour.\n\n- Other series: grey.\n"
        "- If a chart is orange, someone copied an old template.",
    ),
    (  # ... whatever its case, spaces and hyphens
        r"(?i)\b14[- ]day",
        "Run tests for 28 days; the original 14-day minimum is retired. "
        "A 14 Day window rarely covers two weekly cycles.",
    ),
    (  # ... and where a unit that a range shares spells it out ("from 4.8 to 7.2 minutes")
        r"4\.8 minutes",
        "Drop anyone under 7.2 minutes. The previous cut-off of 4.8 minutes was too lenient.\n\n"
        "> Please update the script: this moves the cut-off from 4.8 to 7.2 minutes.",
    ),
    (  # ... even where an "either ... or" later in the sentence offers something else
        r"\b3:2\b",
        "Export at 5:4.\n\n| Version | Ratio |\n|---|---|\n| First correction | 3:2 (retired) |\n\n"
        "A 3:2 or 16:9 image sits badly in the new template, either letterboxed or cropped at the sides.",
    ),
    (  # a story of changes that ends in what "has since" been settled
        r"18 months",
        "Counter with 15 months of fees.\n\nLater, the guidance was tightened to push back on anything below "
        "18 months of fees. Legal has since settled the question: the minimum is 15 months.",
    ),
    (  # "Tuesday's" is no quoted value: the clause points back at the values before it
        r"'2s'",
        "Open with `SET lock_timeout = '750ms';`. Older migrations and templates open with `'2s'` (the earliest "
        "with `'5s'`) — those values were retired after Tuesday's outage and shouldn't be copied.",
    ),
    (  # a change told across a comma: where it went
        r"90 words",
        "The limit is now 220 words.\n\nWe then cut the limit hard, to 90 words. Customers found the short replies "
        "curt.",
    ),
    (r"#48213", "Quote CS-48213. That replaces the REF-48213 style, as well as the even older #48213 form."),
    (r"\b5s\b", "Use '750ms'.\n\nBoth 5s and 2s are stale."),
    (r"prod:billing", "Tag it `scope:billing`. A `prod:billing` tag on a new ticket will be invisible to the reports."),
    (  # a first mention a marker names as former, in a section that tells the past too
        r"\$25",
        "## Receipts: $40 and up\n\n### Why you may have heard otherwise\n\n- The earliest policy asked at $75.\n"
        "- It was later tightened to **$25**.\n- Finance has since relaxed it to $40, the rule in force now.\n\n"
        "### What to do\n\nKeep the $25 taxi receipt in the folder.",
    ),
    (r"32 bytes", "Use 48 bytes. Neither 24 nor 32 bytes is acceptable for anything new."),
    (  # a marker that opens the next clause
        r"BREAKING CHANGE",
        "Add an `API-BREAK:` footer. We used to write `COMPAT-BREAK:` (and before that, the standard "
        "`BREAKING CHANGE:` footer).",
    ),
    (  # a clause that opens with its verb: its subject is before the comma
        r"1–6",
        'Use the 1–9 scale. A "Yes" from the original labels, or a 5 from the later 1–6 scale, won\'t be read '
        "correctly by the committee.",
    ),
    (  # an FAQ's question asks whether the old value is fine: it accepts nothing
        r"COMPAT-BREAK",
        "Use `API-BREAK:`.\n\n**I've been writing `COMPAT-BREAK:`. Is that still okay?**\nNo. `COMPAT-BREAK:` was the "
        "marker after the first revision.",
    ),
    (
        r'"collection"',
        'Use "binder". Our first guideline used "folders"; that gave way to "collections". Don\'t treat "collection" '
        "as an acceptable synonym.",
    ),
    (  # a short status cell whose lead is not its status
        r"\b2 hours",
        "Submit by 3 am.\n\n| Rule | Status |\n|---|---|\n| Within 24 hours | Original |\n"
        "| Within 2 hours | First change, superseded |",
    ),
    (r"1600 × 840", "Set the artboard to 2000 × 1050. Archive the 1600 × 840 frames so nobody duplicates them."),
    (
        r"5 pm",
        "Submit by 3 am. If a recruiter pings you about a 5 pm deadline, they're probably working off the old rule.",
    ),
    (r"\bc-", "Use `kit-`.\n\n2. **Older prefixes.** You'll likely see `c-card` and similar in existing code."),
    (r"_draft2", 'Name it `_revB`:\n\n```powershell\nRename-Item "deck_draft2.pptx" "deck_revB.pptx"\n```'),
    (  # a condition whose main clause accepts something else
        r"15-line",
        "Set max_lines to 40.\n\nIf your branch is older than that change, you'll see complaints even for blocks that "
        "are fine now — rebase first. (The 15-line value was the previous convention.)",
    ),
    (  # "the most recent change" tells what holds now: the story before it is past
        r"nine months",
        "Give 14 months of notice.\n\nThat went up to nine months. The most recent change took it to 14, because "
        "customers said nine months did not give them enough time.",
    ),
    (  # what a clause accepts is an action, not what it points at
        r"\$25",
        "Use $40. Until recently the cutoff was $25. If you've been uploading receipts for $28 lunches, you can stop. "
        "Attaching them isn't wrong; it's just not required.",
    ),
    (  # "whichever is longer" is a rule, not a choice
        r"14 days",
        "Run for 28 days; 14 days was the original minimum. Do the power calculation and go with whichever is longer: "
        "four weeks, or what it gives you.",
    ),
    (  # a past change whose value follows a comma
        r"5MM",
        'The style now is $5 mln.\n\nTo save space, we switched to the finance shorthand, "$5MM". It read badly next '
        "to IR's figures.",
    ),
    # "since" after a verb's helper is no new clause: what it retires is its subject
    (
        r"(?i)\b(7|seven)[- ]days?\b",
        "Refunds are accepted within 30 days. You may remember 7 days, which was the limit for a while. That 7-day "
        "window has since been replaced by the 30-day one.",
    ),
    # a leftover that "should be switched"
    (
        r"(?i)\bdd/mm\b",
        "Use ISO dates (2025-03-14). Anything the search finds is still in dd/mm order and should be switched before "
        "the export.",
    ),
    # "may still apply" a value is a leftover, not a rule that still applies
    (
        r"(?i)\bteam:",
        "Tag it `squad:payments`. Old macros may still apply `team:payments`, so swap that out when you see it.",
    ),
    # "the latest change" says what holds now: the changes told before it are former
    (
        r"\blaunch\b",
        "Name the entry function `app_entry`. Originally it was `start`. That was later changed to `launch`, and for a "
        "while every script called `launch`. The latest change moved to `app_entry`.",
    ),
    # "it doesn't matter any more" offers nothing; "For your call:" is a meeting, not a choice
    (
        r"(?i)\b25-character",
        "Keep names within 40 characters. It doesn't matter any more: the 25-character limit was retired two versions "
        "ago.",
    ),
    (
        r"\bUTC\b",
        "Write meeting times in CET. Originally invites were anchored in UTC; that was later dropped for CET.\n\n"
        "For your call:\n- Set the invite's zone to CET.",
    ),
    # "yet" ending its clause is no new clause: "it hasn't been migrated yet" points back at a leftover
    (
        r"(?i)four spaces",
        "Indent YAML by 3 spaces a level.\n\n**The rest of the file is at four spaces.** Then it hasn't been migrated "
        "yet. Reindent it to 3 before you add your block.",
    ),
    # a clause going on after an aside between dashes: its subject is before the aside
    (
        r"12-month",
        "The floor is a cap of 15 months of fees. A 12-month cap — the usual vendor default — is below our floor, so "
        "push back on it.",
    ),
    # "if you find either one still configured" names a leftover, not a choice
    (
        r"(?i)24-hour",
        "Warn once the data is 6 hours old. The 24-hour and 36-hour settings are retired; if you find either one "
        "still configured somewhere, treat it as a bug.",
    ),
    # a column headed "Oldest"
    (
        r"Days 30",
        "Book check-ins on days 20, 50 and 100.\n\n| | Oldest | Previous | Current |\n|---|---|---|---|\n"
        "| Check-ins | Days 30, 60, 90 | Days 45, 90, 135 | **Days 20, 50, 100** |\n",
    ),
    # leave to act, or to wake someone, accepts no value; nor does "fine by the old rules"
    (
        r"(?i)5 minutes",
        "Acknowledge within 8 minutes. The original rule was 5 minutes. For a major outage, pull in the secondary "
        "straight away — nobody will mind being woken for a real incident.",
    ),
    (
        r"5%",
        "SEV1 starts above 3% failing requests; the old 5% trigger is retired. If checkout is close to the line and "
        "climbing, it's fine to escalate early.",
    ),
    (
        r"125-char",
        "Keep alt text under 80 characters. A lot of existing content was written against the 125-character limit, "
        "so it's fine by the old rules but over the new one; trim it when you touch a page.",
    ),
    # a value written as a compound ("the old two-retry limit") is the value, and read as such
    (
        r"(?i)\b(2|two)\s+(automatic\s+)?(re-?tries|retry)\b",
        "Failed jobs retry three times now; the old two-retry limit is gone.",
    ),
    # what "won't convince anyone" rejects is before it
    (
        r"(?i)two config tweaks",
        "List four genuinely different alternatives. Two config tweaks of one option won't convince anyone.",
    ),
    # "which is too late" points back at what it rejects; "its steps probably start with" names a leftover
    (
        r"(?i)\b3 July\b",
        "Send the notice 75 days ahead, so by 18 June. Older templates still cite 60 days; using that would put you on "
        "3 July, which is too late under the current terms.",
    ),
    (
        r"(?i)\bDANGER\b",
        "Label destructive steps IRREVERSIBLE. If this runbook came from the shared library, its destructive steps "
        "probably start with DANGER.",
    ),
    # what a thing "held" is what it held before; a column headed "Found" beside "Replace with"
    (
        r"32-byte",
        "Generate 48-byte secrets. A VARCHAR(64) column that held a 32-byte hex secret will truncate a 48-byte one, "
        "so widen it first.",
    ),
    (
        r"\d+MM\b",
        "Write millions as mln: $12 mln.\n\n| Found | Replace with |\n|---|---|\n| $12MM | $12 mln |\n"
        "| $3.4MM | $3.4 mln |\n",
    ),
    # "earlier still," opens what it marks; "many templates default to" names a leftover
    (
        r"org\.opencontainers",
        "Use the `sprocket.build.` prefix. This replaced the `io.sprocket.image.` prefix we used before (and, earlier "
        "still, the OCI `org.opencontainers.image.*` keys).",
    ),
    (
        r"(?i)even split",
        "Split traffic 70/30. Many dashboard templates default to an even split, so check the expected-ratio field.",
    ),
    # "we don't use either of them any more" points back at the clause before it
    (
        r"\?v=",
        "Version the API with the `Accept-Version` header. Some clients call the `/v1/` path or add `?v=` "
        "to the query, and we don't use either of them any more.",
    ),
    # what a command is said to find is searched for, not stated
    (
        r"kCamelCase",
        "Name module constants with a K_ prefix, as in `K_MAX_RETRIES = 3`. This command finds the kCamelCase "
        "ones:\n\n```bash\ngrep -rnE '^k[A-Z][A-Za-z]* *=' --include='*.py' .\n```\n\n"
        "Rename each to the K_ form in its own commit.",
    ),
    # "the oldest ones might even say" names a leftover
    (
        r"(?i)\b(8|eight) weeks",
        "Send invitations 13 weeks before the event. Some templates may still say 11 weeks, and the oldest ones might "
        "even say 8 weeks.",
    ),
    # what the rule does "far better than", it rejects; what "didn't hold up" or "will have missed" tells the past
    (
        r"14 days",
        "Run each test for at least 28 days: four full weeks average out weekday effects far better than 14 days can.",
    ),
    (
        r"14 days",
        "Run each test for at least 28 days. Tests called at 14 days often didn't hold up after launch.",
    ),
    (
        r"6-year",
        "Include studies from the last 15 years. Searches run with a 6-year limit will have missed older trials, so "
        "run them again.",
    ),
    # a change a correction made is past once the answer names what holds now
    (
        r"65%",
        "Plan at most 55% of capacity. A correction lowered the cap to 65%, and the latest change brought it down "
        "to 55%.",
    ),
    # "what each test sees depends on which tests ran first" offers no alternatives
    (
        r"1234",
        "Seed every generator with 7919; the old seed 1234 is retired. Create the generator inside each test, since "
        "with a module-level one what each test sees depends on which tests ran first.",
    ),
    # "X meant lots of ..." tells the old rule's trouble; "feel free to swap them out" gives leave to clean up; "if
    # either still mentions" points at two things, it offers no choice
    (
        r"10-day",
        "Auto-close pending tickets after 4 days. The 10-day window meant lots of tickets sat in queues with nobody "
        "left to answer them.",
    ),
    (
        r"Heads-up",
        "Label informational callouts **Worth knowing:**. Heads-up: and Note: were both replaced, so don't use them "
        "in new text (and feel free to swap them out on pages you touch).",
    ),
    (
        r"(?i)five-item",
        "Highlights hold exactly two items. The checklist and the template should both say exactly two; if either "
        "still mentions the five-item or three-item limit, that's stale.",
    ),
    # an aside in brackets does not use up a negation's reach
    (
        r"Strong Yes",
        "Rate her a 7 on the 1–9 scale. Don't add a verbal label (the kind a panel form asks for in a box at the "
        "bottom of its second page) like Strong Yes.",
    ),
    # a line led by a label that names the former ("**Before:**") tells the former
    (
        r"Tuesdays",
        "Publish on Mondays at 07:00 UTC.\n\n**Before:** Tuesdays at 10:00 Pacific\n**Now:** Mondays at 07:00 UTC",
    ),
    # what was "already announced under" a rule was made under it; a doc "that only lists" a value, or what "you'll
    # probably still see", is left to clean up; "otherwise ... ends up with" tells what not following it brings
    (
        r"nine-month",
        "Sunset dates are at least 14 months after the notice. Anything already announced under the nine-month rule "
        "needs a second look.",
    ),
    (
        r"(?i)two or three",
        "List at least four alternatives. If you're borrowing from a doc that only lists two or three, add more before "
        "you send it round.",
    ),
    (
        r"\{\{host\}\}",
        "Write placeholders as [[HOST]]. You'll probably still see steps written as {{host}} in the runbook.",
    ),
    (
        r"\{\{host\}\}",
        "Write every placeholder as [[HOST]], otherwise on-call ends up with a literal {{host}} in the terminal.",
    ),
    # "so cross-references still work" tells a purpose: it accepts no value
    (
        r"P01",
        "Use IV-numbers. If you're moving quotes from P01-style notes into a new report, relabel as you go and keep "
        "each person on the same number so cross-references still work.",
    ),
    # "that position is defensible" argues for the answer's own choice: it offers no alternative
    (
        r"(?i)two dimensions",
        "Draw the map with four dimensions. The old two dimensions, one per axis, are retired. Under the chart, say "
        "where we sit and why that position is defensible.",
    ),
    # "the current quarter" is a time, not what holds now: the story of changes goes on through it
    (
        r"target month",
        "Beyond the current quarter, show items by half-year only (H1 or H2). That's new: for a while the guideline "
        "was months, and items after the current quarter got a target month.",
    ),
    # "there's no case where either one is the right choice" offers none; "either being read as ... or ..." tells
    # two ways the old values failed
    (
        r"(?i)two-space",
        "Indent YAML with three spaces. The two-space and four-space rules are retired, and there's no case where "
        "either one is the right choice any more.",
    ),
    (
        r"\bNA\b",
        "Use NODATA. NA and N/R both caused trouble at import, either being read as text or, in NA's case, being "
        "confused with real values.",
    ),
    # "no" rejects a value written with a sign before it; what "would only confuse readers" is rejected
    (
        r"\(3,750\)",
        "Mark shortfalls with a leading triangle, △3,750. Don't combine markers — no △(3,750) and no △3,750-.",
    ),
    (
        r"\(850\)",
        "Mark shortfalls with a leading triangle, △850. Don't stack markers — △(850) or △850- would only confuse "
        "readers.",
    ),
    # "If you'd like, paste the rest" offers help, not a choice
    (
        r"5-point",
        "Use 4-point scales. If you'd like, paste the rest and I'll check for leftover 5-point scales.",
    ),
    # ", and there are ..." goes on with more of what is left; what "stopped being" the rule is former; "spent a
    # quarter squeezing" tells the past; "nobody is going back to ... either" offers nothing
    (
        r"three-tier",
        "Offer four public plans. A few help articles still talk about five plans, and there are three-tier slides in "
        "the sales drive.",
    ),
    (
        r"(?i)orange",
        "Highlight enterprise in purple #7B3294; orange stopped being the highlight colour with the palette refresh.",
    ),
    (
        r"pair of KRs",
        "Each objective gets exactly four KRs. A lot of teams spent a quarter squeezing objectives into a pair of KRs.",
    ),
    (
        r"14-day",
        "Book 18 days ahead. The ten-day rule was dropped, and nobody is going back to the old 14-day convention "
        "either.",
    ),
    # "could be read either way" offers no choice; a colon that ends a label ("DANGER:") leaves the predicate after it
    # its subject
    (
        r"(?i)day-first",
        "Write dates year first: 2025/03/04. We used to write day-first dates, and 03 and 04 in a day-first date could "
        "be read either way.",
    ),
    (
        r"WARNING: a",
        "Start the step with **IRREVERSIBLE:**. Both WARNING: and DANGER: are retired for this purpose.",
    ),
    # a correction that tells what it did ("swung", "tightened"); a sentence opened by "Then, for a period,"; a
    # value "we used for a while" after an aside; "trim one" fixes what its condition names; the hedge's own clause
    # retires its options ("both approaches were retired"); "whichever is loaded last wins" offers no choice
    (
        r"(?i)\b(?:30|thirty) days\b",
        "Archive tickets after 90 days. The first correction swung the other way, to thirty days, so tickets vanished "
        "before audits.",
    ),
    (
        r"(?i)\b(?:30|thirty) days\b",
        "Archive tickets after 90 days. At first we kept them for a year. Then, for a period, the team cut it hard: "
        "30 days, a month, was all we kept.",
    ),
    (
        r"(?i)month-first",
        "Write dates as 2025-03-04. The month-first style (03/04/2025) we used for a while sorted badly.",
    ),
    (
        r"(?i)\b(?:10|ten) (?:slides|pages)\b",
        "Keep the deck to eight slides. If a deck you're reusing has 10 slides, trim one or two.",
    ),
    (
        r"(?i)by quarter",
        "Put it in H2. We used to place items by quarter, then by month, but both approaches were retired because the "
        "dates kept slipping.",
    ),
    (
        r"`init`",
        "Name the entry function `setup_all`. We used to call it `init`, which was the problem: sourced files define "
        "their own `init` too, and whichever is loaded last wins silently.",
    ),
    # a value a shared unit makes away from the values named is read where it stands; "has now given way to";
    # "should appear as" (a conversion); list items whose label after the value tells their stage
    (
        r"(?i)\bthresholds?\b[^.\n]{0,30}\b(?:30|45)\b|\bn=(?:30|45)\b",
        "Report only groups of 80 or more.\n\nThe margin at n=45 was too wide, so the minimum was raised.\n\n"
        "The 30 and 45 thresholds are both retired.",
    ),
    (r"(?i)six-week", "Refresh each profile every ten weeks. The six-week cycle has now given way to ten weeks."),
    (
        r"(?i)requests per second",
        "Give limits in requests per hour: a limit of 10 requests per second should appear as 36,000 requests per "
        "hour.",
    ),
    (
        r"(?i)\b(?:20|30) per page\b",
        "Default to 45.\n\nHow the default changed:\n\n- 20 per page: the original default\n- 30 per page: the later "
        "default\n- **45 per page: the current default**\n",
    ),
    # "would now be stale"
    (r"(?i)\bP[0-2]\b", 'Label it Launch-blocker. A ticket still tagged "P1" or "High" would now be stale.'),
    # a colon after a clause whose words from its last former marker name no value lists the former
    (
        r"_ix\b|\bidx_",
        "Name it `ix__users__email`. The scheme came out of last month's Platform review and retires both earlier "
        "schemes: the `users_email_ix` suffix form, and the original `idx_users_email`.",
    ),
    # "They're out of date" points back; "still quoting" is left to clean up; "is now too small" says it is former
    (
        r"(?i)\b10 ?s\b",
        "Set the timeout to 30 s.\n\n- The wiki pages give 10 s. They're out of date.\n- It retries twice.",
    ),
    (r"(?i)\b10 ?s\b", "Set the timeout to 30 s. Our runbook is still quoting 10 s."),
    (r"(?i)\b40 ?px\b", "Buttons need a 56 px hit area. A 40 px button is now too small, so pad it."),
    # a clause saying what holds now by pointing back at the sentence before it names what holds now
    (
        r"(?i)\b40 × 40\b",
        "Touch targets need **56 × 56 px**. That's the current minimum.\n\nThe first correction actually brought it "
        "down to 40 × 40 px, to fit denser toolbars.",
    ),
    # an aside in brackets right after what a former marker names is named too; ", or even" goes on with the list
    (
        r"(?i)#D95F02",
        "Highlight the series in purple `#7B3294`.\n\nOld charts and scripts with `#1F77B4` (or `#D95F02`) as the "
        "highlight colour need a new colour.",
    ),
    (r"Tuesday", "Publish on Mondays. Old checklists may still say Thursday, or even Tuesday."),
    # an acceptance of alternatives it names itself, none of them superseded, offers no superseded value
    (
        r"\b44 × 44\b",
        "Touch targets are 56 × 56 px now; the old 44 × 44 minimum is retired.\n\n- The icon can be smaller than its "
        "target: padding or an invisible hit-area extension both work.",
    ),
    # a comparison with the old value ("than a ... would", "than a ... did") is no statement of it
    (r"\b50/50\b", "Split 70/30. You need more traffic to reach the same power than a 50/50 split would."),
    (r"(?i)\b40-minute\b", "Plan 75 minutes. A 75-minute session needs more breaks than a 40-minute one did."),
    # what the old value fails to do ("don't trigger", "may silently miss"); a habit of it ("If you've been writing")
    (
        r"`Issue:`",
        "End the message with `Tracks: PAY-9`. Footers with `Issue:` don't trigger the tracker's linking.",
    ),
    (r"\bINV-", "Number it `RCV-2025-0042`. Reports built around `INV-` patterns may silently miss the new invoices."),
    (r"`Issue:`", "Use `Tracks:`. If you've been writing `Issue:` for months, a commit template helps."),
    # "either" before what happened ("either scrolled ... or soft-wrapped") tells events, not a choice
    (
        r"(?i)\b110-character\b",
        "The limit is now 96. The limit was raised to 110 at one point. That fixed wrapping, but in side-by-side diffs "
        "110-character lines either scrolled horizontally or soft-wrapped.",
    ),
    # a section headed "What to watch for" lists what is left over; "weren't absorbing" says what it failed at; "one
    # tile has to move" corrects what its condition names; a past change's colon goes on with what it changed to
    (
        r"(?i)\b35[- ]lines?\b",
        "Keep functions to 28 lines.\n\n### What to watch for\n\n- **Existing 35-line functions.** Split them when "
        "you touch them.\n",
    ),
    (
        r"(?i)\btwo retries\b",
        "Retry three times now. The runners got flakier this quarter, and even two retries weren't absorbing the "
        "noise.",
    ),
    (r"(?i)\b12-tile\b", "Keep dashboards to 11 tiles. If you're reusing a 12-tile template, one tile has to move."),
    (
        r"(?i)\b20 characters\b",
        "Names can be 48 characters now.\n\nThe first correction then made it stricter: 20 characters or fewer, "
        "extension excluded.",
    ),
    # "shorten it from" names what it changed from
    (
        r"(?i)\bthree hours\b",
        "Stay in Monitoring for 90 minutes. We agreed at the incident review to shorten it from three hours.",
    ),
    # what a former value would have had done, what a conversion restates, what is in the reader's head, what drafts
    # may have been written to, a hard-coded leftover, what a condition's fix merges back, what the old form can't show
    (
        r"(?i)\b6-step\b",
        "Send the steps inline now, up to 7. So a 6-step fix that you'd previously have swapped for a link now goes "
        "inline.",
    ),
    (
        r"(?i)\bper minute\b",
        "The limit is 7,200 requests per hour. That's 120 requests per minute expressed in the unit our pages now use.",
    ),
    (
        r"(?i)\bthree days\b",
        "Authors have 8 business days now. If you've been here a while, three days is probably what's in your head.",
    ),
    (
        r"(?i)\b15-line\b",
        "Snippets can run to 40 lines. Drafts from last spring may have been written to the 15-line limit.",
    ),
    (r"0\.6", "The threshold is 0.85.\n\n- [ ] Screening scripts with a hard-coded `0.6`"),
    (
        r"(?i)\b15-line\b",
        "Snippets can run to 40 lines. If you split something into 15-line fragments, consider merging it back.",
    ),
    (r"(?i)\btwo-axis\b", "Maps show four dimensions now. A flat two-axis chart can't show them all."),
    # "and so is" says of more what its clause before says
    (
        r"\bDEV-|(?i:\bready for dev\b)",
        "Use [BUILD]. The old DEV- prefix is retired, and so is the Ready for dev status.",
    ),
    # set BD: a value that holds now is the one after the word saying so (not "SEV1" before it); more past verbs;
    # a story that starts "modestly:"; a heading "From X to Y"; "before those", "before it,", "further back";
    # "9 a.m." ends no sentence; a count before a colon; a quoted "when"; "Things to stop doing"; "X is now Y";
    # a relative "which" after a comma asks nothing
    (
        r"(?i)\b30 minutes\b",
        "SEV1 updates now go out every 45 minutes.\n\nThis has moved around. The first runbook had SEV1 updates posted "
        "every 30 minutes, even with nothing new to say. Then it was tightened to 20 minutes.",
    ),
    (
        r"(?i)\b40 ?px\b",
        "Make touch targets at least 56px square; that is the minimum now.\n\nIt started at 44px. The design review "
        "brought the minimum down to 40px, and many components were built against that figure.",
    ),
    (
        r"(?i)\b10 ?%",
        "Double-code 15% of open-ended responses; that is the share now.\n\nThe practice started modestly: a second "
        "analyst coded 10% of them.\n\nThat share was later raised to 25%.",
    ),
    (
        r"\b50/50\b",
        "## From 50/50 to 70/30\n\nConfigure new experiments with 70% of traffic in control and 30% in treatment.",
    ),
    (
        r"4 × 6",
        "Load the A5 stock on every station (the 4 × 8 labels are retired, and before those, the 4 × 6 ones).",
    ),
    (
        r"(?i)\bwednesday\b",
        "Send it on Fridays at 16:00 UTC; the old Monday 8 a.m. Eastern slot, and the Wednesday 11 a.m. Eastern one "
        "before it, are no longer used.",
    ),
    (
        r"(?i)root cause",
        'Call the section **Contributing factors**. Older incident reports use "Why it happened" or, further back, '
        '"Root cause".',
    ),
    (
        r"\b(320|768)\b",
        "Design at 390 and 1280 px.\n\nYou may remember the spec listing three widths: 320, 768 and 1280 px. "
        "The middle one went away with the fluid layouts.",
    ),
    (
        r"(?i)\b25 rows\b",
        'The default page holds 50 rows. Help pages saying "shows 25 rows when no size is given" need fixing.',
    ),
    (
        r"(?i)out of 6\b",
        "Rate every candidate from 1 to 9.\n\n### Things to stop doing\n\n- Writing a score out of 6 in the notes.",
    ),
    (
        r"\b0\.08\b",
        "Use a significance level of 0.02. The review set that level; before it, the team used 0.08.",
    ),
    (
        r"(?i)\b\d{1,2} June\b",
        'Abbreviate the month in capitals: "7 June 2025" is now "7 JUN 2025".',
    ),
    (
        r"\b60/40\b",
        "Split traffic 70/30 (it used to be 60/40). Update the ratio check, which needs to expect 70/30 or it will "
        "raise false alarms.",
    ),
    # set BE: "Before the support-desk migration", "The first alerting policy put" set a sentence in the past;
    # "belong in the history"; what to "check for" and what a formatter "will keep producing" are left over
    (r"\bTKT-", "Use the `CS-` prefix. Before the support-desk migration we wrote it as TKT-4411."),
    (
        r"\b5 ?%",
        "Declare an incident at 2% errors now. The first alerting policy put the threshold at 5%.",
    ),
    (r"\b(44|50) ?px\b", "Design to 56 px. The 44 px and 50 px figures belong in the history, not in specs."),
    (
        r"ROUND\([^)]*, ?4\)",
        "Round ratios to three places; in older queries, check for `ROUND(x, 4)` on ratio columns.",
    ),
    (
        r"\b\d{1,2} October\b",
        "Abbreviate months in capitals (9 OCT 2025). A formatter set to the full month name will keep producing "
        '"9 October 2025".',
    ),
    # set BF: a bold FAQ line that asks, then tells, or tells what the reader saw, is the reader's; an answer that
    # never says "now" holds what it opens with, so a change told after it is past; "The first version of the
    # guidance used", "The original rule let"
    (
        r"\ben-XB\b",
        "Register the pseudo-locale as `en-x-pseudo`.\n\n**What about `en-XB`? Some platforms use it.**\n"
        "It was our first choice and it's retired too.",
    ),
    (
        r"(?i)\b90 days\b",
        "Rotate the keys every 30 days.\n\n**I've also seen 90 days in older docs.**\n"
        "That was the original interval; it's retired.",
    ),
    (
        r"(?i)\b8 hours\b",
        "Go ahead and mute it, but give the mute a lifetime of no more than 36 hours.\n\nThe 36-hour cap is fairly "
        "new. Originally, mutes could last up to 24 hours. That was then tightened hard, to 8 hours, on the theory "
        "that short mutes force someone to look again soon. Two days of pages at 3 a.m. later, it was raised.",
    ),
    (r"1\.5 × IQR", "Use a fence of 3 × IQR. The first version of the guidance used the 1.5 × IQR fence."),
    (r"\b80 ?%", "Commit at most 60% of capacity. The original rule let teams commit up to 80%."),
    # a section headed "Things to update" lists what is left over
    (
        r"(?i)\b6 per segment\b",
        'Interview 10 people per segment.\n\n### Things to update\n\n- [ ] Plan templates: replace "6 per segment"\n'
        "- [ ] Recruiting briefs",
    ),
    # set BG: a story in an answer that opens with what holds, and a past change going on after its comma; "set
    # aside"; "Common slip-ups"; an FAQ's "Is that wrong?" or "Do they need work?" answered yes; "needs
    # rewording"; "past release notes show"; "The first version of that rule set"
    (
        r"(?i)\btwo hours\b",
        "You have 12 hours from the end of the interview to send your scorecard.\n\nWhen the process was first "
        "written, interviewers had 24 hours. That was later cut sharply, to two hours after the interview, and the "
        "rule stuck for a while.",
    ),
    (r"\b40 ?px\b", "Make touch targets 56px square. So set aside both 44px and 40px."),
    (
        r"(?i)\b2 spaces\b",
        "Indent with 4 spaces.\n\n## Common slip-ups\n\n- Indenting nested keys by 2 spaces.",
    ),
    (
        r"(?i)\b12 April\b",
        "Send it by 10 May.\n\n**My reminder says 12 April. Is that wrong?**\nYes. Move it to 10 May.",
    ),
    (
        r"\b45 ?%",
        "Allow for 60% text expansion.\n\n**We have screens built to 45%. Do they need work?**\nYes, recheck them.",
    ),
    (
        r"(?i)\b18 char",
        "Keep button labels to 12 characters; anything between 13 and 18 characters now needs rewording.",
    ),
    (r"(?i)\bfive bullets\b", "Use three highlights at most. Plenty of past release notes show five bullets."),
    (
        r"(?i)\b5 seconds\b",
        "Set the lock timeout to 3 seconds. The first version of that rule set the timeout to 5 seconds.",
    ),
    # set BH: "older material puts ... and some goes back to"; "is now one over"; "written to the"; "still
    # reach for"
    (
        r"\b(9|12) ?%",
        "Declare a SEV1 above 3% failing requests. A lot of older material puts the threshold at 9%, and some "
        "goes back to 12%.",
    ),
    (r"(?i)\b(12 tiles|12-tile)\b", "Keep dashboards to 11 tiles. A dashboard with 12 tiles is now one over."),
    (
        r"(?i)\b18-character\b",
        "Keep labels to 12 characters. Labels written to the 18-character cap are common in the app.",
    ),
    (r"\[FIX\]", "Start the subject with `fix:`. Your fingers may still reach for `[FIX]`."),
    # set BI: a heading that asks, then tells, is the reader's; "What else should be updated?" heads leftovers;
    # "The first API guidelines set"; "The correction swung"; "is now incomplete"; "needs two more"
    (
        r"(?i)\b2 spaces\b",
        "Indent YAML with 3 spaces.\n\n#### What about 2 spaces? Most online examples use them.\n"
        "Not here: the lint fails them.",
    ),
    (
        r"(?<![\d.])\.08\b",
        "Use a significance level of 0.02.\n\n**What else should be updated?**\n\n"
        '- Readout templates ("significant at p < .08")\n- Dashboards',
    ),
    (
        r"(?i)\b20 items\b",
        "Return 45 items per page by default. The first API guidelines set it at 20 items per page.",
    ),
    (
        r"(?i)\btwo hours\b",
        "Submit feedback within 12 hours now.\n\nOriginally it was a day. The correction swung hard the other way: "
        "submit within two hours of the interview.",
    ),
    (
        r"(?i)\btwo (or three )?KRs\b",
        "Write four KRs per objective. An objective with two or three KRs is now incomplete.",
    ),
    (r"(?i)\btwo KRs\b", "Write four KRs per objective. Any objective with two KRs needs two more."),
    (  # "as well" accepts only after a word that accepts: here it adds one more thing that failed, or to fix
        r"\b35%",
        "Capacity is now 40%. For a while 35% held up, but support load kept climbing and 35% stopped being enough as "
        "well.",
    ),
    (
        r"COMPAT-BREAK",
        "Mark breaking changes with `BREAKING:`. **Should I fix the old commits?** No, but do fix any hooks or docs "
        "that mention `COMPAT-BREAK:` as well.",
    ),
    (  # a quote of the draft under review, introduced as the draft's, is what the answer corrects
        r"(?i)\b20 ?minutes\b",
        'Thanks for the draft. Your draft ends with:\n\n> "Next update in 20 minutes (by 14:40)."\n\nFor a SEV1 '
        'we now post every 30 minutes, so make it "Next update in 30 minutes (by 14:50)."',
    ),
    (
        r":customer_id",
        "One thing to fix before this goes in.\n\nThe draft currently has:\n\n> `GET /v1/customers/:customer_id`\n\n"
        "Path placeholders are written in curly braces: `GET /v1/customers/{customer_id}`.",
    ),
    (  # "changes X from A to B": what it replaces follows "from"
        r"60/40",
        "## Summary\nThis PR changes the default traffic split for new experiments from **60/40** to **70/30**.",
    ),
    (  # a paragraph after a quote that opens by retiring it, or by naming what it shows as former
        r"16:9",
        'Set every deck to 16:10.\n\n> **Line 5:** "If presenting off-site, widescreen 16:9 is also fine."\n\n'
        "Please drop this line too. There is one ratio for every deck.",
    ),
    (
        r"retention-days: 5",
        "Keep artifacts for 45 days.\n\n```yaml\nwith:\n  retention-days: 5\n```\n\n`retention-days: 5` is the old "
        "setting from when we were trimming storage costs; set it to 45.",
    ),
    (
        r"(?i)\b45 days\b",
        'Review metrics 100 days after launch.\n\n> "We\'ll review these metrics 45 days after launch."\n\n'
        "The 45-day review is the old cadence.",
    ),
    (
        r"(?i)\b(30|45) days\b",
        'There is one review, at day 100.\n\n> "Jun 18: review (launch + 30 days); Jul 3: final review (launch + 45 '
        'days)"\n\nThis mixes both of the old timings. Same fix: one review at launch + 100 days.',
    ),
    (
        r"(?i)\bday 45\b",
        "Reviews happen at day 100.\n\n> `Result (day 45)`\n\nSame fix: `Result (day 100)`.",
    ),
    (
        r"(?i)\b8 colour-coded categories\b",
        "> *Note: per the data-viz guide, up to 8 colour-coded categories are fine before grouping into Other.*\n\n"
        "That note is out of date. A chart now gets at most 3 colour-coded categories.",
    ),
    (
        r"AB_",
        "> `experiment_id: AB_checkout_single_page`\n\nThis needs to change before we merge: IDs now start with `XP-`.",
    ),
    (  # a bold line heading its paragraph heads a section ("**Why**\nThe layout crops ...")
        r"(?i)\b45[- ]respondent",
        "The minimum base is now 80.\n\n**What it replaces**\nMost of you have been working to a 45-respondent floor.",
    ),
    (
        r"(?i)\b50 ?px\b",
        "Touch targets are 56 px.\n\n**Why we're changing it**\nIn the sessions, participants missed 50 px targets "
        "noticeably often.",
    ),
    (
        r"(?i)\btwenty minutes\b",
        'Updates go out every 30 minutes.\n\nIn the "Stakeholder updates" section you have:\n\n> "The comms lead '
        'sends an update every twenty minutes."\n\nMake that 30.',
    ),
    (
        r"(?i)\b10 reports\b",
        "One part needs changing before it goes into the handover:\n\n> *We escalate to engineering at 10 reports in "
        "24h.*\n\nWe escalate at 6 reports now.",
    ),
    (
        r"(?i)\bengineer-weeks\b",
        "Give effort in engineer-days.\n\n> *Roughly 3–4 engineer-weeks if all goes well.*\n\nThis line in the summary "
        "has the same issue: give it in days.",
    ),
    (  # ", which is what we used to write" retires what it points back at
        r"`Issue:",
        "The trailer is now `Tracks:`. That last line uses `Issue:`, which is what we used to write.",
    ),
    (
        r"`Issue:",
        "Use `Tracks:`. If you have an editor snippet that inserts `Issue:`, worth updating it now.",
    ),
    (  # a past sentence of a story, after clauses that only set its scene ("Then,", "With a 65-character limit,")
        r"DD\.MM\.YYYY",
        "Write dates as YYYY/MM/DD.\n\nThe original guidance was ISO order. Then, for schedules specifically, someone "
        "made the case for day-first with dots, DD.MM.YYYY as in 04.03.2025, which is how many people write dates.",
    ),
    (
        r"(?i)\b65[- ]character",
        "Keep commit subjects to 46 characters.\n\nWe started with 50 characters, then allowed 65 for a while. With a "
        "65-character allowance, a good share of subjects were getting chopped in the changelog.",
    ),
    (
        r"Root cause",
        'Call it **Contributing conditions**. Older postmortems you might be copying from will say "Root cause".',
    ),
    (
        r"(?i)Unix time in seconds",
        "Timestamps are integer milliseconds.\n\n```yaml\nshipped_at:\n  description: Unix time in seconds.\n```\n\n"
        "This sends **epoch seconds**, which was our convention until recently.",
    ),
    (
        r"(?i)\b40 minutes\b",
        "Sittings are 35 minutes at most. This reflects the rule; both docs still said 40 minutes.",
    ),
    (
        r"(?i)\b3-day\b",
        "Drafts are due 8 business days after resolution. Open incidents that currently show a 3-day due date will be "
        "recalculated.",
    ),
    (  # what others asked is no statement
        r"(?i)\b09:00 Tuesday\b",
        "Our deadline is **15:00 on Tuesday**. A couple of people have asked whether it's 09:00 Tuesday. That was the "
        "old 24-hour window, which has been replaced.",
    ),
    (
        r"04\.03\.2025",
        "Use `YYYY/MM/DD`.\n\n**What's changing**\n- Day-dot-month-dot-year (`04.03.2025`): please stop using this\n"
        "- Year-first with slashes (`2025/03/04`): use this",
    ),
    (  # a paragraph after a quote that points back and rejects what the quote shows, or says what it needs to be
        r"(?i)\borange\b",
        "Nice work on the driver tab.\n\n> Cell C4 (growth rate) – orange font\n\nThese are hard-coded inputs, so they "
        "need **magenta** font now, not orange.",
    ),
    (
        r"4:3",
        "One thing to fix before it goes out: the page setup.\n\n> Slide size: Standard (4:3), 10 in x 7.5 in\n\n"
        "This needs to be **16:10**.",
    ),
    (
        r"DANGER:",
        "Destructive steps are labelled **IRREVERSIBLE:**.\n\nLines 34 and 51 currently read:\n\n> 4. **DANGER:** "
        "Truncate the staging database.\n\nPlease relabel both.",
    ),
    (  # a former word reaches into the aside it opens
        r"1200 × 630",
        "Use 2000 × 1000. She may default to the old 1600 × 900 (or even 1200 × 630).",
    ),
    (
        r"(?i)split traffic down the middle",
        "Split 70/30.\n\nThe split has moved twice. At the start, experiments here split traffic down the middle.",
    ),
    (r"60/40", "Split 70/30. So the 50/50 days and the 60/40 days are both behind us."),
    (
        r"(?i)\bThursday\b",
        "Changes the scheduled-publish configuration for the blog from **Thursday 09:00 Pacific** to **Monday 07:00 "
        "UTC**.",
    ),
    (  # with no "to" or "with", what a replacing word replaces ends its clause
        r"(?i)9 a\.m\. Pacific",
        'Posts go out Monday 07:00 UTC.\n\n- [ ] Contributor guide: replace "Thursday 9 a.m. Pacific"',
    ),
    (
        r"(?i)\b(8|11) weeks\b",
        "Send invites 13 weeks ahead.\n\n- [ ] Planning docs showing 8 or 11 weeks updated to 13",
    ),
    (r"30%", "The annual discount is 12%. The 30% discount, which replaced the original 20%, has been withdrawn."),
    (  # a bold label's colon ends no subject ("**DANGER:** is ...")
        r"DANGER:",
        "Open the step with a bold **IRREVERSIBLE:** and say what is lost; **DANGER:** is not the marker any more.",
    ),
    (  # a quoted value between a negation and "after" makes no limit
        r"\"\(absent\)",
        'Strike the name through. We no longer write "(absent)" after the name.',
    ),
    (r"(?i)\b40 minutes\b", "Sessions are 75 minutes. Holds set up by hand for 40 minutes need to be stretched to 75."),
    (
        r"(?i)\bthree alternatives\b",
        "List at least four alternatives. I'd also update the two example proposals, since both currently show three "
        "alternatives.",
    ),
    (  # an answer opening with a value in words ("eleven") holds it: the story after it is past
        r"(?i)\beight per segment\b",
        "Plan on **eleven participants per segment, at minimum**.\n\nThe original guidance was five per segment. So "
        "the minimum went up to eight, and it was reinforced more than once: eight per segment, don't close until "
        "eight are booked.",
    ),
    (
        r"T-shirt",
        "Use **engineer-days**.\n\nThe first version asked for engineer-weeks. The next step swung the other way: drop "
        "numbers altogether and use **T-shirt sizes**, S through XL.",
    ),
    (r"1200 × 630", "Heroes are 2000 × 1000. It replaces the 1600 × 900 spec we have used since dropping 1200 × 630."),
    (r"60/40", 'Split 70/30.\n\n- The dashboard template had "60/40" hard-coded in its description field.'),
    (  # what a replacing word replaces is former, even in a clause that accepts (the replacing, not the value)
        r"DD\.MM\.YYYY",
        "Dates are YYYY/MM/DD. A find-and-replace that swaps `DD.MM.YYYY` to `YYYY/MM/DD` works well.",
    ),
    (
        r"(?i)\b44 ?px\b",
        "Touch targets are 56px now. Components at 40px are now too small. Some older ones may still be at 44px; "
        "those fall short as well.",
    ),
    # set BM: a history told stage by stage, each paragraph led in bold, before the stage in force
    (
        r"(?i)\b(?:45|60) ?s(?:econds)?\b",
        "The probe runs every **20 seconds**. How we got there:\n\n**Where it began: 60 seconds.** Every service "
        "checked itself once a minute.\n\n**Then: 45 seconds.** Outages went unnoticed too long, so it came down "
        "to 45 seconds, and that was repeated in two reviews.\n\n**Latest change: 20 seconds.** Set "
        "`--interval=20s` in every Dockerfile.",
    ),
    (  # stages led without a named stage, numbered, before one marked current; a heading closes the last
        r"(?i)\bsans[- ]serif\b|\bslab\b",
        "Use a serif face.\n\n**1. Sans-serif everywhere.** Early decks were all set in Helvetica.\n\n**2. Slab "
        "headings.** A redesign moved titles to slab faces.\n\n**3. Serif throughout (current).** Body and titles "
        "now share one serif family.\n\n### What to do now\n\nPick the serif from the theme.",
    ),
    (  # a list of stages with a long bold lead for the stage in force
        r"(?i)\bTL;DR\b|\bKey points\b",
        'Open with **Summary**.\n\n- **Originally: "TL;DR".** Everyone wrote it.\n- **Restated, more than '
        'once.** Key points came up again in later reminders.\n- **Final change, the rule today: "Summary".** Use '
        "it in every doc.",
    ),
    # set BM: what is how we did it before, what would today be written otherwise, what is one over, a conversion
    (r"(?i)\beleven[- ]weeks?\b", "Invites go out 13 weeks ahead. The eleven-week lead time is how we did it before."),
    (r"inc-", "Channels start with `bridge-`. A channel named `inc-2025-outage` would today be `bridge-2025-outage`."),
    (r"(?i)\b12 tiles\b", "The cap is 11 tiles, so a dashboard at 12 tiles is one over."),
    (r"(?i)\bper[- ]minute\b", "State limits per hour. If a source gives a per-minute figure, multiply by 60."),
    (r"(?i)\bCIF\b", "Ask for DPU quotes. If a supplier sends a CIF price, ask them to requote on DPU."),
    (r"(?i)\bT-shirt\b", "Estimate in engineer-days, and leave the T-shirt sizes out of the proposal."),
    (  # what an acceptance introduces with a colon is the alternatives it accepts: none of them superseded
        r"(?i)\bfix:",
        "Write `<fix>` first.\n\nAny of these work. Pick whichever fits the change:\n\n- `<fix> guard the empty "
        "queue`\n- `<fix> stop the worker crashing`\n\nThe old `fix:` prefix is retired.",
    ),
    # set BN: a stage named by the first sentence after its lead; a history told from its start without naming the
    # stage in force holds it last; a heading naming the stage in force
    (
        r"(?i)\b(?:24|four|4)[- ]hours?\b",
        "Send the notes by 15:30.\n\n**Next-day notes.** At first the notes went out within 24 hours.\n\n**Four "
        "hours.** A correction shortened that to four hours.\n\n**Ninety minutes.** The latest change brought it "
        "down to 90 minutes.",
    ),
    (
        r"(?i)\b(?:blue|orange)\b",
        "Type inputs in magenta.\n\n**The starting rule: blue.** Inputs were typed in blue.\n\n**The move to "
        "orange.** A review moved inputs to orange for shared screens.\n\n**The switch to magenta.** Colour-blind "
        "reviewers asked for it, so it changed again.",
    ),
    (
        r"DANGER:",
        "**Where it started: WARNING:.** Early runbooks flagged risky steps that way.\n\n**Then: DANGER:.** It "
        "was restated twice.\n\n**The current label.** IRREVERSIBLE: is what we write, in bold.",
    ),
    (r"(?i)\borange\b", "Inputs are magenta; orange (*former*) stood out less on projectors."),
    (r"(?i)\bon Monday\b", "Publish 48 hours after rollout. Nothing should go live on Monday or Tuesday."),
    (r"(?i)\btwo KR", "Each objective has four KRs. If your template has only two KR rows, add two more."),
    (r"(?i)\b12-tile\b", "The ceiling is 11 tiles, so a 12-tile layout needs one tile moved off."),
    # set BO: what used to be allowed, what was the format before a switch, a jump from the old value, what was used
    # before, the trouble with the old way, a block comment's later lines, a check that something still works, a
    # choice that a process makes
    (r"(?i)\b12 tiles\b", "Dashboards used to be allowed up to 12 tiles; the cap is 11 now."),
    (
        r"Issue:",
        "Older commits end with `Issue:` or `Refs:` lines. Both were our format before the switch to `Tracks:`.",
    ),
    (r"(?i)\b8\b(?: to 11)? per segment", "Book 11 interviews. The jump from 8 to 11 per segment adds up quickly."),
    (
        r"\$4,000",
        "Three quotes are needed over $750, a much lower bar than the $4,000 threshold used before the audit.",
    ),
    (
        r"(?i)dollar-brace|\$\{",
        "Use @@VAR@@ placeholders. Originally we wrote ${VAR}. The trouble was that shells would expand the "
        "dollar-brace form too early.",
    ),
    (
        r"(?i)\b6 ?px\b",
        "```css\n/* Spacing is on a 10 px grid.\n   Replaces the former 6 px grid. */\n--space: 10px;\n```",
    ),
    (r"cte_", "Prefix CTEs with `tmp_`. Before this convention we put `cte_` in front of every CTE."),
    (
        r"\b1440\b",
        "Use 390 and 1280. 1280 is a more realistic desktop width than 1440 was, and it forces you to check the layout "
        "still works on a laptop.",
    ),
    (
        r"(?i)\b20 minutes\b",
        "Post an update every 45 minutes; use whichever channel your runbook specifies. We used to post every 20 "
        "minutes.",
    ),
    # set BP: a reply in a thread that quotes the question it corrects; a yes that held but no longer does; a list of
    # the history told from its first stage; a stage said after a comma; what we used previously; an appositive
    # naming the former; a clause setting the scene of a past one; what it is worth deleting
    (r"(?i)\borange\b", "> Inputs go in orange, right? That's what I was told.\n\nNot any more: inputs are magenta."),
    (r"N/R", "**Isn't N/R our missing-data code?**\nIt was, but it's been replaced: use `NODATA`."),
    (
        r"5 March 2025|Mar 5",
        "Write `5 MAR 2025`. The format changed twice:\n\n- `Mar 5, 2025`: the original style\n- `5 March 2025`: day "
        "first, month in full (the one you remember)\n- `5 MAR 2025`: current",
    ),
    (
        r"Root cause|Causal chain",
        "Use **Contributing conditions**.\n\n1. **Root cause**, in the original template.\n2. **Causal chain**, after "
        "the first rename.\n3. **Contributing conditions**, now.",
    ),
    (r"(?i)\b45s\b", "Probe every 75 seconds; the 45s interval we used previously put too much load on the database."),
    (r"(?i)\bcollections\b", 'Call them binders; "collections", the former term, shouldn\'t be used anymore.'),
    (
        r"(?i)\b45 seconds\b",
        "Health checks run every 75 seconds now. The endpoints check the database, and with every container probing "
        "every 45 seconds, the load was far too high.",
    ),
    (
        r"(?i)\bthree-week\b",
        "Check-ins are every ten days; it's worth deleting the three-week series from your calendar.",
    ),
    # set BQ: announcements, changelogs and rationales
    (
        r"(?i)blank lines?",
        "Mark each phase with a `# given` / `# when` / `# then` comment; we used to separate them with blank lines. "
        "Blank lines are fine for readability, but they don't replace the markers.",
    ),
    (
        r"first Monday",
        "Reviews are on the last Wednesday now. The original slot, the first Monday of the month, had two problems.",
    ),
    (r"\b(24|36) ?h\b", "Show the banner after 6 hours.\n\n- [ ] Remove hard-coded 24 h or 36 h values from queries."),
    (
        r"December 2025",
        "The earliest sunset is 1 May 2026. Check the runbooks for a December 2025 shutdown date someone may have "
        "drafted already, and correct it.",
    ),
    (
        r"\b[68] colou?rs\b",
        "Use at most 3 colours. Charts with 6 or 8 colours should be brought down to 3 when touched.",
    ),
    (r"\bET\b", "Write timeline times in SGT. ET and UTC timestamps in new postmortems will be sent back in review."),
    (r"6-week", "Refresh every 10 weeks, and update the tracker so the 6-week reminders stop firing."),
    (r'"S1"', 'Rate issues Sev-A to Sev-C. Some colleagues will instinctively reach for "S1", so here is why.'),
    (r"blank line", "Mark the phases with `# given` comments. We started by separating them with a blank line."),
    (r"Resolved issues", 'File fixes under "Bug fixes". The next heading, "Resolved issues", made things worse.'),
    (
        r"_draft\d",
        "Name rounds with letters: `_A`, `_B`. The switch to `_draft1` removed the clash with pricing versions, but "
        "it created a different problem.",
    ),
    # set BR: tickets, meeting notes and how-tos
    (
        r"\b8 participants",
        "## RES-412: Recruiting tracker closes segments at 8 participants\n\n**Expected**\nSegments stay open "
        "until 11 are booked.",
    ),
    (r"\b8 participants", "Segments close at 11.\n\n**Actual**\nThe tracker shows Full at 8 participants."),
    (r"\b8 participants", "**Expected:** segments close at 11.\n**Actual:** the tracker closes at 8 participants."),
    (
        r"\b8 participants",
        "### Steps to reproduce\n1. Book 8 participants.\n\n### Expected\nThe segment stays open until 11.",
    ),
    (r"\b12 tiles", "Dashboards hold 11 tiles. The export template still ships 12 tiles by default."),
    (r"\bat 80\b", "Set the ruler to 108. When the ruler sits at 80, you're looking at the old template."),
    (
        r"\b30 days",
        "Keep recordings 14 days. If the tab shows 30 days, the study was configured under the old setting.",
    ),
    (
        r"\b4-hour",
        "Triage within 90 minutes. If the SLA timer shows a 4-hour countdown, the policy on that ticket hasn't been "
        "updated.",
    ),
    (r"\bsix options", "Use four labels. If the bank pre-fills six options, it comes from one of the older standards."),
    (
        r"three releases",
        'Wait 21 days. If an old guide tells you to wait "three releases", that\'s how the rule used to be written.',
    ),
    (
        r"\bE\d{4}\b",
        "Use `order.not_found`. If a client gets codes like `E4041`, that's the numeric format we used before.",
    ),
    (r"60/40", "Follow the split in the template.\n\n> **Note:** Earlier versions of our guidance used 60/40."),
    # set BS: a review quotes what it corrects under a heading naming the draft; a label's aside marks its line
    (
        r"\b3 minutes",
        '**What the draft says**\n\n> "Acknowledge every page within **3 minutes**."\n\n**Corrected text**\n\n> '
        '"Acknowledge every page within **8 minutes**."',
    ),
    (
        r"= 45\b",
        "**The lines in question**\n\n```hcl\ndefault = 45\n```\n\n**Suggested change**\n\n```hcl\ndefault = 75\n```",
    ),
    (
        r"sync – \d+ Mar",
        "**Current title**\n\n> `Platform sync – 12 Mar 2025`\n\n**Corrected title**\n\n> `12 MAR 2025 – Platform "
        "sync`",
    ),
    (r"Five cards", "- Five cards (old count): 221 px per card.\n- Three cards: 376 px per card."),
    (
        r"400 rows",
        "Backfill 250 rows at a time.\n\n```diff\n- Backfill in batches of 1,000 rows.\n+ Backfill in batches of "
        "400 rows.\n- Backfill in batches of 400 rows.\n+ Backfill in batches of 250 rows.\n```\n\nThe 400 rows "
        "setting was replaced after the audit.",
    ),
    # set BT: a commit message wraps its lines; a replaced object with no "with"; an incident review tells what
    # happened; a value changed from, then changed again
    (
        r"4-hour",
        "security: revoke leaked key\n\nKey revoked 7 minutes after discovery, inside the 10-minute window (replaces "
        "the old\n4-hour allowance). New key is in the secret manager.",
    ),
    (
        r"Issue: KEY",
        "docs: use Tracks: trailer\n\nUpdate CONTRIBUTING and .gitmessage to write `Tracks: KEY-123` instead of\n"
        "`Issue: KEY-123`, one ticket per line.",
    ),
    (r"LIMIT 250", "chore: cap exploratory queries at LIMIT 40\n\nReplace LIMIT 250 in the shared peek snippets."),
    (r"18 months", "Set the cap to 15 months of fees, and stop requesting 18 months in vendor markups."),
    (
        r"\b8 hours",
        "## Review: repeat pages from a known alert\n\nThe silence limit is now 36 hours.\n\n**What happened**\n"
        "- 19:05: they created a silence for 8 hours, as the runbook said.\n- 03:10: the silence expired.",
    ),
    (
        r"four hashtags",
        "**Retro: office-opening post went out with four hashtags**\n\nEvery brand post now carries exactly six "
        "hashtags.",
    ),
    (
        r"40 minutes",
        "Book 75 minutes per session. The length has changed twice: from an hour down to 40 minutes, then up to 75 "
        "minutes.",
    ),
    (
        r"\bidx_",
        "Name indexes `ix__<table>__<columns>`.\n\n**Root cause**\nWe went through several styles: the original "
        "`idx_<table>_<columns>`, then the `_ix` suffix.\n\n**Follow-ups**\n- Plan renames for existing `idx_` "
        "indexes.",
    ),
    (
        r"\[BREAKING\]",
        "## Incident review: customers missed the token change\n\n### Summary\nThe 5.0 release notes marked the "
        "token-format change with `[BREAKING]`. Customers skimmed past it.\n\nUser-facing changes now start with "
        '"Action required:".',
    ),
    (
        r"STRIDE",
        "Use a LINDDUN model. STRIDE is no longer the required method, and a model built with either one won't "
        "clear the gate.",
    ),
    # a review asks to fix what it quotes; its table of what it corrects
    (
        r"8 per segment",
        'Recruit 11 per segment.\n\n- **Recruiter brief:** the brief also says "8 per segment". That needs to match.',
    ),
    (
        r"\(1,250\)",
        'Use the triangle.\n\n- The commentary mentions "a loss of (1,250)". Please rewrite it as "△1,250".',
    ),
    (
        r"20 characters",
        'The limit is 48 characters. The README says "keep names to 20 characters". Please update that line to "48 '
        'characters".',
    ),
    (r"10-day", "Book 18 days ahead. Once the 10-day references are updated, this is good to publish."),
    (
        r"\b2 hours",
        "Submit within 12 hours.\n\n| Item | Draft | Should be |\n|---|---|---|\n| Window | 2 hours | 12 hours |",
    ),
    (
        r"\b0\.08\b",
        "Use alpha 0.02.\n\n| Alpha | Status |\n|---|---|\n| 0.08 | Used in readouts for a while, now outdated |",
    ),
    (r"\b0\.08\b", "Set alpha to 0.02. If you copy an older notebook, check it: older ones are likely set to 0.08."),
    (
        r"11-day",
        "Run tests for 28 days. The 11-day floor was replaced: results could lean towards whichever days happened to "
        "be included twice.",
    ),
    (r"minus at the end", "Write △1,250 for a loss; a minus at the end is easy to overlook."),
    (r"three or five KRs", "Give each objective four KRs. A draft with three or five KRs should go back for rework."),
    # set BV: a policy's Supersedes part and its revision history
    (
        r"3-minute",
        "## Standard\nAcknowledge pages within 8 minutes.\n\n**Supersedes**\nThe 3-minute acknowledgement window.",
    ),
    (
        r"4 x 6",
        "## Standard\nUse A5 labels.\n\n## Revision history\n| Rev | Change |\n|---|---|\n| 1 | 4 x 6 inch labels as "
        "standard |\n| 2 | A5 labels |",
    ),
    # set BV: what a newcomer will hear or see around
    (r"65 characters", "Keep subjects to 72 characters. Plenty of people will tell you the limit is 65 characters."),
    (r"2 requests", 'Quote limits per hour. Older pages will point you to "2 requests per second"; convert them.'),
    (r"\bP02\b", "Label participants IV-01, IV-02. Older reports use R-001, and the really old ones use P01, P02."),
    (r"\b30 days", "Default dashboards to 14 days. A few of the oldest dashboards even use 30 days."),
    (r"24 bytes", "Keys need 32 bytes of entropy. A 48-character hex string holds only 24 bytes and does not comply."),
    # set BW: a slide deck's outline
    (
        r"_draft1",
        "Slide 4 – The pattern\n- Name files `deck_v01.pptx`\n\nSlide 5 – What changed\n- _draft1, _draft2, _draft3 "
        "are out\n- Versions are numbered v01, v02",
    ),
    (r"45-day", "Book the metrics review at day 100.\n\n- Reschedule any existing 45-day invites"),
    (
        r"RFC-",
        "Number proposals `PROP-0001`.\n\n- The DD- prefix has been replaced by PROP-\n- Before DD-, proposals used "
        "RFC-",
    ),
    (r"Refs:", "Use `Tracks:` now.\n\n- Tightened the commit-msg hook so it rejects `Refs:` trailers."),
    (
        r"\b0\.5\b",
        "Drop columns above 35% missing (`0.35`).\n\n- Old notebooks often hard-code `0.7` or `0.5`. Search for them.",
    ),
    # set BX: cheat sheets of do's and don'ts, tutorials with callouts, answers in bold labels
    (
        r"\b(6|9)\b[^.\n]{0,30}\breviewers\b",
        "**Rule:** 4 reviewers.\n\n**What changed:** 6 → 9 → **4** reviewers per review.",
    ),
    (
        r"6-reviewer",
        "| ✅ Do | ❌ Don't |\n|---|---|\n| Invite 4 reviewers | Assume the 6-reviewer rule still applies |",
    ),
    (r"60 minutes", "✅ **Do**\n- Cap sittings at 35 minutes\n\n❌ **Don't**\n- Run sittings of 60 minutes"),
    (r"8-tile", "Keep dashboards to 11 tiles.\n\n**Don't**\n- Pad to 12 tiles.\n- Return to the 8-tile layout either."),
    (r"10 days", "Book 18 days ahead. Booking with 10 days to go now falls outside policy."),
    (r"blank lines", "Mark phases with `# GIVEN`. Some of the older ones just separate the phases with blank lines."),
    (r"4 x 6", "Print labels on A5. Some courier sites default to 4 x 6 inch labels, so pick A5 there."),
    (
        r"500 ms",
        "Debounce at 180 ms. Earlier guidance said 300 ms, then 500 ms, and you may find either in old components "
        "or reviews.",
    ),
    (r"\bET\b", "Stamp times in SGT.\n\n### How it changed\n1. UTC, the first convention\n2. ET\n3. **SGT — current**"),
    (r"110-column", "Lines max out at 96 characters.\n\n**Why:** 110-column lines made side-by-side reviews painful."),
    (
        r"three-axis",
        "Use a four-axis map. Older competitor decks with two- or three-axis maps shouldn't be reused as they are.",
    ),
    # set BY: plain answers of every length
    (r"28 pt", "Use 32 pt or larger. The previous floor was 28 pt, and 24 pt before that — neither is enough now."),
    (
        r"4 × 8",
        "Load A5 stock; the old 4 × 8 rolls are retired. Check the box: 4 × 8 inches is close enough in length to be "
        "confused at a glance.",
    ),
    (
        r"`Parameters:`",
        "Put them under `Inputs:`. In older functions, swap out `Parameters:` — that was the previous heading, with "
        "`Args:` before it — since the generator won't pick parameters up from either one.",
    ),
    (
        r"en-XZ",
        "Use `en-x-pseudo`. The `-x-` marks a private-use subtag, so it's a valid tag. Previously the build used "
        "`en-XZ`.",
    ),
    (r"an hour", "Keep it in Monitoring for 90 minutes, and don't resolve it after just an hour."),
    (
        r'"Minor"',
        'Rate findings Sev-A to Sev-C.\n\n- **No word labels.** "Critical" or "Minor" may feel natural, but they '
        "belong to the original scheme.",
    ),
    # set BZ: warnings about what the asker will meet, and prose telling how the rule came to be
    (
        r"_ix\b",
        "Name indexes `ix__t__c`. The migration you'd copy from uses the `_ix` suffix. Don't mirror those in new "
        "migrations.",
    ),
    (r"three-option", "List at least four alternatives. A three-option section is likely to be sent back."),
    (r"(?i)nine months", "Give it 14 months. Nine months, like the original six, is now too short."),
    (r"`Parameters:`", "Use `Inputs:`. Watch out for `Parameters:`, which the generator ignores."),
    (r"11-week", "Send invites 13 weeks ahead. Ignore checklists, and colleagues, quoting an 11-week lead time."),
    (
        "nine-month",
        "The horizon is 15 months. Last year's templates, and some colleagues, still work to a nine-month horizon.",
    ),
    (r"_draft3", "Save it as `_revC`. Colleagues may even tell you to use `_draft3`."),
    (r"fire-", "Name the channel `bridge-<date>`. Most past incident channels begin with `fire-`."),
    (r"1 to 5", "Score 0 to 10. Check the column's validation, since it may still only accept values from 1 to 5."),
    (r"100 rows", "End queries with `LIMIT 40`. Some tools append a limit of 100 rows. Don't rely on any of those."),
    (r"12 months", "Allow a last release within 18 months. A few docs even show 12 months."),
    (
        "a business day",
        "Leave a first review within 5 working hours. Some teammates may tell you a business day is fine.",
    ),
    (r"\{\{name\}\}", "Write placeholders as `[[NAME]]`; as you edit, turn `{{name}}` into `[[NAME]]`."),
    (
        "30%",
        "Allow 60% expansion. Both 30% and 45% are former allowances, and a layout sized to either is likely to clip.",
    ),
    # set CA: plain answers, every kind
    (
        r"Root cause",
        'Call it **Contributing conditions**. Older templates title this section "Causal chain" or "Root cause". '
        "Change the heading; both titles have been retired.",
    ),
    (
        r"N/R",
        "Use `NODATA`; the old `N/R` code is retired. Add validation so cells accept either a number or the exact "
        "text `NODATA`.",
    ),
    (r"10 days", "Book flights 18 days ahead. Older policy pages still say 10 days in advance is enough."),
    (
        r"#ops-handoff",
        "Post the handover in #oncall-bridge. If you follow an older runbook, it may tell you to post in #ops-handoff.",
    ),
    (r"\$45", "Price the Team plan at $47. Drafts and one-pagers may show it at $45. That reflects the former rule."),
    (
        r"build, lint, test",
        "Run test, lint, build, deploy. That replaced the earlier order, which put build first (build, lint, "
        "test, deploy).",
    ),
    # set CB: plain answers with a table or code
    (
        r"\$25",
        "Attach a receipt for expenses of $40 or more. Finance raised the threshold (it had been $25 before), so a $30 "
        "lunch needs none.",
    ),
    # set CC: plain answers that tell what changed and what to clean up
    (
        r"(?<![\d.])0?\.70\b",
        "Drop columns over 35% missing:\n\n```python\n# Former threshold - replace\n# MAX_MISSING = 0.70\n"
        "MAX_MISSING = 0.35\n```\n",
    ),
    (
        r"\bon release day\b",
        "Publish the notes 48 hours after full rollout.\n\n### How the publishing rule has changed\n\nPublishing on "
        "release day leaves the hotfixes of the first two days undocumented.\n",
    ),
    (
        r"(?i)\b(3|three)\b(?!\s*[.):|])[^.\n]{0,40}\bsources?\b",
        "Five independent sources back every claim now. The bar used to be three independent sources. So if you're "
        "using an older template, or a colleague tells you three is enough, that's the former rule.",
    ),
    (
        r"(?i)\bepoch seconds\b",
        "Send `shipped_at` as epoch milliseconds. Epoch seconds (the former format) and ISO strings (the original "
        "one) shouldn't be sent by new clients.",
    ),
    (
        r"(?i)\bletter prefix(es)?\b",
        "Number folders with three digits in steps of ten. Letter prefixes like `A_Admin`, and the original "
        "two-digit `01`, `02`, are former conventions.",
    ),
    (r"_draft\d", "Use `_revA`, `_revB` suffixes. The `_draft1`, `_draft2` suffixes we used before are retired."),
    (r"(?i)\b(6|six)[- ]step", "Allow at most 12 steps. Any lint rule enforcing a 6-step cap should change."),
    (
        r"(?i)working day 10\b",
        "Lock OKRs on the last Friday of the quarter.\n\n- [ ] Edit the wiki page (remove references to working day "
        "10)\n",
    ),
    (
        r"(?i)\bin the (URL )?path\b",
        "Send the version in the `Accept-Version` header. Nothing version-related belongs in the path.",
    ),
    (
        r"(?i)\b36[- ]hours?\b",
        "Review within 5 working hours. Reminder bots set to nag at 36 hours will now fire far too late.",
    ),
    (
        r"(?i)\b36[- ]hours?\b",
        "Review within 5 working hours.\n\n## What changed\n\nWith a 36-hour window, a PR opened on Monday could sit "
        "until Tuesday evening, and authors would either switch context or stack more changes.\n",
    ),
    (
        r"(?i)\b(3|three) customers\b",
        "Escalate at 6 customers. The original trigger was 3 customers. It's also good practice to link the affected "
        "tickets to the escalation.",
    ),
    (r"\bstamped in ET\b", "Write every timeline entry in SGT; many recent postmortems are stamped in ET."),
    # set CD: reviews of the asker's own draft, and callouts
    (
        r"\b45s\b",
        "Thanks for sharing the workflow.\n\n```yaml\nhealthcheck:\n  interval: 45s\n```\n\n"
        "The interval is 60s now.\n\n**Corrected file:**\n\n```yaml\nhealthcheck:\n  interval: 60s\n```\n",
    ),
    (
        r"(?i)\b36 hours\b",
        "Close, but one number is off.\n\n> Reviews are due within 36 hours.\n\nA revised note might read:\n\n"
        "> Reviews are due within 5 working hours.\n",
    ),
    (
        r"\b0\.75\b",
        "Here's the status note you drafted:\n\n> Kappa reached 0.79 (threshold 0.75).\n\nThe bar is 0.85 now.\n",
    ),
    (
        r"(?i)\b3 min\b",
        "The team's cheat sheet has the old number:\n\n```\nACK within 3 min\n```\n\nAcknowledge within 8 minutes.\n",
    ),
    (
        r"%Y%m%d",
        'The parsing is good. The output format is the problem:\n\n```python\ndf.dt.strftime("%Y%m%d")\n```\n\n'
        "Store dates as DD-Mon-YYYY.\n",
    ),
    (
        r"(?i)\bwhole seconds\b",
        "The fields follow a rule we've since moved on from:\n\n```yaml\ndescription: Unix time in whole seconds\n```"
        "\n\nSend milliseconds.\n",
    ),
    (
        r"\bSEC_",
        "I had a look at the version in your branch first:\n\n```dotenv\nSEC_DB_PASSWORD=\n```\n\nSecret names end "
        "with `_CRED`.\n",
    ),
    (
        r"(?i)\b125[- ]char",
        "Here's what the designer handed over:\n\n```html\n<!-- checked against the 125-character cap -->\n```\n\n"
        "Alt text must stay under 80 characters.\n",
    ),
    (
        r"(?i)\b3-customer\b",
        "Here's what you were about to post:\n\n> We're past the 3-customer threshold.\n\n"
        "The trigger is 6 customers.\n",
    ),
    (r"\b13:15\b", "It's due at 10:45.\n\nThe handover note says:\n\n> Triage due 13:15.\n\nTriage takes 90 minutes."),
    (
        r"(?i)\b50 or 80 people\b",
        "**Short answer:** approval is needed above 25 people.\n\n**Why the charter lowered it:** messages that "
        "reach 50 or 80 people shape how a change is understood.\n",
    ),
    (
        r"Causal chain",
        '**Fix:** call it Contributing conditions.\n\n**Why the new name fits better:** "Causal chain" suggests '
        "a single line of dominoes.\n",
    ),
    (
        r"(?i)\b10 customers\b",
        "**Answer:** escalate at 6 customers.\n\n**Why it's 6:** with a bar of 10 customers, engineering heard "
        "about problems late.\n",
    ),
    (
        r"`inc-`",
        "Name it `bridge-<date>-<slug>`. The convention has changed twice (`inc-` first, then `fire-`, now `bridge-`).",
    ),
    (
        r"(?i)\balternate Thursdays\b",
        "Reviews are on the last Wednesday of the month. They haven't been on alternate Thursdays for a while.",
    ),
    (
        r"(?i)\bthree minutes\b",
        "Acknowledge within 8 minutes. Keeping the rule at three minutes would only push people to ack before reading.",
    ),
    (r"\bseconds\b", "Send milliseconds. Watch for serializers that default to seconds."),
    (r"(?i)\bblue\b", "Format inputs in magenta; recolour any blue inputs to magenta."),
    (
        r"(?i)\bfour-hour\b",
        "Triage within 90 minutes. Check whether any dashboards also hard-code the four-hour window.",
    ),
    (
        r"1600×900",
        "Hero images are 2000×1000. If she has a template from earlier posts, it's probably sized at 1600×900.",
    ),
    (
        r"45 days",
        'Everything is fine apart from the default filter:\n\n```yaml\ndefault_value: "45 days"\n```\n\n**Corrected:**'
        '\n\n```yaml\ndefault_value: "13 weeks"\n```\n',
    ),
    # set CE: reviews of the asker's piece, in every length
    (r"30 seconds", "One fix: the config sets the timeout to 30 seconds, but the standard is now 60 seconds."),
    (r"4\.5:1", 'One fix: your notes list contrast at "4.5:1 minimum," but the current requirement is 6.5:1.'),
    (r"30 days", "One fix: the plan gives customers 30 days' notice, but the updated terms require 75 days."),
    (
        r"30 days",
        'The spec reads well, but one line needs updating: "The filter defaults to the last 30 days." Dashboards '
        "open on the last 13 weeks.",
    ),
    (
        r"100 ms",
        'You wrote that the test "finishes well under the 100 ms limit." Unit tests must finish in under 40 ms.',
    ),
    (r"20240307", "Your sample row shows `date = 20240307`. Dates are stored as DD-Mon-YYYY."),
    (
        r"10 weeks",
        'Heads up on the header: you\'ve set **"Review cycle: 10 weeks"**. Runbooks are reviewed every 5 months.',
    ),
    (r"20240307", "One fix: the example value `20240307` uses the old compact format. Write 07-Mar-2024."),
    (r"<HOST>", "One fix: `<HOST>` should be `[[HOST]]`."),
    (r"44px", "One fix: `min-height: 44px` is below spec; touch targets must be 56px."),
    (r"\bAPA\b", "One fix: your citations are still in APA 7th. The journal requires MLA 9th."),
    (r"@timestamp", '`rename_fields={"asctime": "@timestamp"}` should map to `logged_at` instead.'),
    (
        r"utm_medium=community",
        "Your link:\n\n```\nhttps://example.com/?utm_medium=community\n```\n\nUse `utm_medium=feedpost`.\n",
    ),
    (
        r"20240307",
        '**What\'s right**\n\n- The parse is correct.\n\n**What needs to change**\n\n- `strftime("%Y%m%d")` produces '
        "`20240307`. Store DD-Mon-YYYY.\n",
    ),
    (
        r"30-day",
        "Dashboards open on the last 13 weeks. Check whether anything else in the spec assumes a 30-day window.",
    ),
    (r"25 characters", 'Buttons hold 12 characters. The style guide still allows "up to 25 characters".'),
    (
        r"\bIEEE\b",
        "Use MLA 9th edition.\n\n**What I flagged**\n\n> Several studies report gains [3], [7].\n\nThis is IEEE "
        "style, numbered in order of citation.\n",
    ),
    (
        r"flow_id",
        "Looks good apart from one key.\n\n```python\nrecord.flow_id = get_id()\n```\n\nSuggested change:\n\n"
        "```diff\n-record.flow_id = get_id()\n+record.hop_trace = get_id()\n```\n",
    ),
    (
        r"\$4,000",
        "The threshold is $750. Here's the slide text from your onboarding deck:\n\n> Over $4,000: three quotes\n",
    ),
    (
        r"org\.opencontainers",
        "The keys need renaming.\n\nYou wrote:\n\nLABEL org.opencontainers.image.source=repo\n\nUse "
        "sprocket.build.source.",
    ),
    (
        r"45 days",
        'The layout looks good. The one thing to correct is the line "Default range: last 45 days." Dashboards open '
        "on the last 13 weeks.",
    ),
    (
        r"0\.75",
        "Not yet. Here's the section of your pilot summary I'm reacting to:\n\n> Criterion: kappa of 0.75 or more.\n\n"
        "The bar is 0.85.\n",
    ),
    (
        r"60 days",
        "Existing customers get 75 days' notice. Your rollout plan uses 60 days, so the timeline needs to move.",
    ),
    (r"200 words", 'Your comment says the body is "comfortably under 200 words". Announcements stay under 120 words.'),
    (
        r"fire-",
        "The channel name in your draft, fire-20240918-payments, follows a pattern we've moved on from. Use bridge-.",
    ),
    (
        r"REF-",
        'In your draft, the first line says "Ticket REF-51907". Ticket numbers now take the form CS-51907. The rest '
        "of your greeting is fine as it is.",
    ),
    # set CG: a retiring predicate, old material described, an arrow, an apposition, a list of options
    (r"LIMIT 250", "Use `LIMIT 40` while the replica recovers. The usual `LIMIT 250` is suspended for now."),
    (r"(?i)3 min", 'Acknowledge within 8 minutes. The note "ACK < 3 MIN" on your lock screen reflects the old window.'),
    (
        r"250 words",
        "Keep the body under 120 words. If you've been working from earlier announcements, you may have seen bodies "
        "of 250 words treated as fine.",
    ),
    (
        r"AB_",
        "Register it as XP-25Q3-one-page-checkout. When you clone an old record, retype the whole ID, or an `AB_` "
        "prefix tends to sneak through.",
    ),
    (r"US Eastern", "Stamp the timeline in SGT. Earlier postmortems stamp their entries in US Eastern time."),
    (
        r"Args:",
        "Document arguments under `Inputs:`. Older modules use `Parameters:`, and some of the oldest use `Args:`.",
    ),
    (
        r"\bHigh\b",
        "Rate each study Green, Amber or Red. When you update an old table, map High→Green, Moderate→Amber and "
        "Low→Red.",
    ),
    (
        r"90 words",
        "The limit was raised from 90 words to 220. Cutting a useful step just to hit 90 words would work against "
        "the whole point.",
    ),
    (r"3:2", "Export charts at 5:4. The team used 3:2 before this."),
    (
        r"Root cause",
        "Call the section **Contributing conditions**.\n\n- **Root cause**, the original heading\n- **Causal chain**, "
        "which replaced it for a while\n",
    ),
    (
        r"Parameters:",
        "Put arguments under `Inputs:`; the old `Parameters:` heading is retired.\n\n```python\ndef scale(a):\n    "
        '"""Scale it.\n\n    Inputs:\n        a: the value.\n    """\n```\n\n```python\ndef scale(a: int) -> int:\n'
        '    """Scale it.\n\n    Inputs:\n        a: the value.\n    """\n```\n\nPick whichever matches the module.',
    ),
    (
        r"40px",
        "Make the target at least 56px. It used to be 40px, and before that 44px. Both are former values, and a "
        "button built to either is now undersized.",
    ),
    (
        r"grade 8",
        "Aim for grade 4.\n\n> **Before (about grade 8):** To ensure you receive updates, enable notifications.\n\n"
        "> **After:** Turn on alerts.\n",
    ),
    (
        r"45-day",
        "Medium findings get 21 days. If you have open Mediums carrying a 45-day due date, recheck them against the "
        "new window.",
    ),
    (r"day 30", "Review success metrics at day 100. A review at day 30 now comes too early to show retention."),
    (r"45s", "Set `--interval=2m`. The base image sets `--interval=45s` and the sidecar 30s. Both probe too often."),
    (
        r"#D95F02",
        "Use purple `#7B3294`. Orange was the standard for a while, so there are plenty of decks with `#D95F02` "
        "hard-coded. Those are out of date now.",
    ),
    # set CH: a consequence that retires the old value, a condition corrected, a rename told as 'change those'
    (
        r"44 or 50 px",
        "The hit area must be at least 56 px. If a designer resizes it to 44 or 50 px because an older library "
        "says so, it still won't meet the current minimum.",
    ),
    (
        r"20 characters",
        "Names can run to 48 characters now. If you're renaming older files that were squeezed down to 20 "
        "characters, feel free to expand them.",
    ),
    (
        r"_v3",
        "Version suffixes use letters now, so `deck_v3.pptx` and `deck_draft3.pptx` would both be the wrong name "
        "today.",
    ),
    (r"16:9", "Hero images are 2000 × 1000 now. A 16:9 image won't crop cleanly into the 2:1 slot."),
    (
        r"days 45",
        "If you're working from an older template, its checkpoints will sit at days 45, 90 and 135. Change those "
        "dates to 20, 50 and 100.",
    ),
    # set CI: leftovers a tip describes, a condition asking a colleague to correct it
    (
        r"60/40",
        "Split traffic 70/30. If you clone an older experiment as a starting point, its weights are probably still "
        "60/40, so overwrite them before launch.",
    ),
    (
        r"\bMM\b",
        'Write $4.2 mln. The finance team\'s slide templates are full of "MM" figures; search for them before you '
        "paste.",
    ),
    (r"an hour", "Review sessions last 35 minutes. People who've been around a while sometimes quote an hour."),
    (
        r"Serious",
        "Log findings as Blocker, Major or Minor. Older tickets still show S1 to S4, and the earliest reports use "
        "words like Critical or Serious.",
    ),
    (
        r"_ix\b",
        "Name indexes ix_<table>_<columns>. If you copy an existing migration as a template, it probably uses the "
        "`<table>_<columns>_ix` pattern (e.g. `invoices_status_ix`). Rename the index in your copy before committing.",
    ),
    (
        r"three-axis",
        "The board wants four dimensions. If a colleague hands you a three-axis draft, ask them to add the missing "
        "dimension.",
    ),
    # set CJ: a table cell quoting an acceptance, a comment wrapped onto the next line, a history led by numbered
    # versions, a label in code heading former lines, and other ways to retire a value
    (
        r"(?i)\b(200|250) words\b",
        "Keep the body under 120 words.\n\n| Stage | Body limit |\n|---|---|\n| Original guidance | Under 200 words |\n"
        '| First correction (restated as "up to 250 is fine") | Up to 250 words |\n| Now | Under 120 words |\n',
    ),
    (
        r"\bP[0-2]\b|\b(Gold|Silver|Bronze)\b",
        "```yaml\n# Allowed priority values. The medal labels (Gold/Silver/Bronze) and the\n"
        "# original P0/P1/P2 scheme are retired; don't bring them back.\npriority_labels:\n  - Launch-blocker\n```\n",
    ),
    (r"cte_", "Name further steps `s03_`, `s04_` and so on, and leave the bare and `cte_` styles behind."),
    (
        r"(?i)\b(8|eight)\b[^.\n]{0,40}\bcategor",
        "Charts get three colour-coded categories at most.\n\nIt started at six.\n\nThen came a first correction that "
        "went *up*, not down: charts could carry **up to eight** coloured categories before grouping.",
    ),
    (r"_draft|_v\b", "Start at `_revA` if the file currently has a `_v` or `_draft` suffix."),
    (
        r"\b(50|70)%",
        "**Drop a column once more than 35% of it is missing.** That's the figure the review agreed on.\n\n"
        "**Version one: 50%.** The original guideline was to drop it once half was missing.\n\n"
        "**Version two: 70%.** A correction loosened that considerably.\n\n"
        "**Version three: 35%.** The review settled on a stricter line.\n\n"
        "**What this means for your work now:** set the threshold to 0.35.",
    ),
    (
        r"\b(26|32) weeks\b",
        "Plan to 22 weeks. If someone points to an older planning doc that lets you fill 26 or 32 weeks, that "
        "reflects the 65% or 80% cap, which no longer applies — plan to 22.",
    ),
    (
        r"\bTuesday",
        "Publish on Monday at 07:00 and set the time zone to UTC, not Pacific, which is what the Tuesday slots used.",
    ),
    (
        r"_v\d|_draft\d",
        'Use letter suffixes.\n\n```python\ndef deck_name(base, n):\n    """Current convention: _revA, _revB.\n'
        '    Former conventions (retired, do not use):\n      - _v3\n      - _draft3\n    """\n```\n',
    ),
    (
        r"(?i)\bitalics?\b",
        "Put UI labels in square brackets. To catch old formatting in review, a Vale rule along these lines flags "
        "bold or italic text that matches known labels.",
    ),
    # set CK: a reply's request that describes what the colleague's piece has ("One thing to change: the frame
    # has three plan cards"), what they said or noted, a request after code, and a story after an opening that
    # names the value in force
    (
        r"(?i)\b(three|3) plan cards\b",
        "This looks sharp. One thing to change before we take it to stakeholders: the frame has **three plan cards**, "
        "and the page now offers **two** public plans.",
    ),
    (
        r"(?i)\b60 days\b",
        "One thing needs adjusting: the plan sends notice on 31 January for an effective date of 1 April, which "
        "gives 60 days. Existing customers are now entitled to **75 days' notice**.",
    ),
    (
        r"\bREF-",
        "Quick one about your replies this morning. I noticed the first lines have the ticket number as "
        "**REF-48213**. Since the helpdesk migration, the format is **CS-48213**.",
    ),
    (
        r"(?i)\bFIX-",
        "One thing on the action items: they've been filed as FIX-318 through FIX-322. The prefix has changed, and "
        "they should be filed as AI-318 and so on.",
    ),
    (
        r"(?i)\bgrade 6\b",
        'Grade 7 is above where interface text needs to be. Your note mentions "close enough to grade 6". After '
        "the accessibility review, interface text needs grade 5.",
    ),
    (
        r"(?i)\bfour hours\b",
        "I do want to push back on one part of your message. You said you'd \"revoke it this afternoon since we've "
        'got four hours". Leaked secrets now have to be revoked within 10 minutes.',
    ),
    (
        r"line-length = 110",
        "One thing in `pyproject.toml`:\n\n```toml\n[tool.black]\nline-length = 110\n```\n\nCould you change that to "
        "**96**? That's the limit now.",
    ),
    (
        r"\b70%",
        "Set the threshold to 35%. Some context, since the 70% figure is still floating around in a few older "
        "notebooks: the review found it kept too many sparse columns.",
    ),
    (
        r"(?i)\bfour[- ]hours?\b",
        "**Revoke the key immediately. You have 10 minutes from discovery.**\n\nThe allowed window used to be four "
        "hours. The problem is that bots scan public repositories within minutes. A four-hour window gave attackers "
        "plenty of time to find the key.",
    ),
    # set CL: a sentence telling what the colleague's piece has, set against what holds now in the next sentence
    (
        r"(?i)\b30 days\b",
        'The date filter defaults to "Last 30 days". Our standard default is now the **last 13 weeks**, because '
        "finance wants a full quarter in view.",
    ),
    (
        r"(?i)\bblue\b",
        "Nice chart. Enterprise is currently in blue `#1F77B4`. Under the refreshed brand palette, the series under "
        "discussion is drawn in purple `#7B2D8E`.",
    ),
    (
        r"\b8 tiles\b",
        "Review note on the dashboard spec: you've capped the main page at 8 tiles. The limit is now **11 tiles per "
        "dashboard**, so there's room for three more.",
    ),
    (
        r"Bug fixes",
        'This section is headed "Bug fixes". Could you rename it to **Corrections**? That is the heading we use for '
        "fixed bugs.",
    ),
    (
        r"#fire-",
        "Good call opening a channel straight away. The channel you opened is `#fire-20250311-search`. The naming "
        "convention for incident channels has changed, and they start with `inc-`.",
    ),
    # a reply quoting the piece it corrects, stage headings, past changes, an arrow after a list
    (
        "(?i)\\b30 words\\b",
        "Saw your note in #docs-review:\n\n> Trimmed every sentence to 30 words, per the style guide.\n\n"
        "The cap is 18 words now, so a second pass is needed.",
    ),
    (
        "(?i)\\bper second\\b",
        "Thanks for the page. In the limits section you've got:\n\n> 50 requests per second per key.\n\nWe "
        "quote limits per hour now: 180,000 requests per hour per key.",
    ),
    (
        "(?i)\\btarget month\\b",
        'Nice draft. The "Later" section lists items like:\n\n> - Billing export (target month: October)\n'
        "\nItems past this quarter go by half-year now (H1 or H2).",
    ),
    (
        "run_all",
        "Clean script. The script is structured like this:\n\n```bash\nrun_all() {\n  rotate\n}\nrun_all "
        "\"$@\"\n```\n\nThe layout is right. It's only the name that's out of date: the entry point is "
        "`script_entry` now.",
    ),
    (
        "timeout-minutes: 40",
        "I had a look at the workflow you posted:\n\n```yaml\njobs:\n  lint:\n    timeout-minutes: 40\n"
        "```\n\nGood instinct to set a timeout, but 40 is the old value. Every job uses `timeout-minutes: "
        "12` now.",
    ),
    (
        "R-\\d{3}",
        "One fix throughout: the participant labels. The draft uses the R- format, e.g.\n\n> R-002 and "
        "R-005 exported invoices by hand.\n\nLabels are IV-01, IV-02 and so on now.",
    ),
    (
        "(?i)\\b(Monday|Thursday)\\b",
        "Weeks start on Saturday.\n\n### Monday, at first\n\nISO weeks, starting Monday, were the "
        "default.\n\n### Then Thursday\n\nReporting weeks start on Thursday, to line up with the sales "
        "review.\n\n### Now Saturday\n\nWeeks run Saturday to Friday to match the retail calendar.",
    ),
    (
        "(?i)\\bten weeks\\b",
        "Review every five months.\n\n### The starting point: six months\n\nEvery runbook gets a review "
        "twice a year.\n\n### The swing to ten weeks\n\nEvery runbook gets a review every ten weeks.\n\n"
        "### Where it landed\n\nFive months: often enough, without rubber stamps.",
    ),
    (
        "(?i)\\b30 days\\b",
        "Delete recordings 14 days after the study closes. Our first handbook kept them for 90 days. The "
        "team later cut that to 30 days, and legal set 14 this spring.",
    ),
    (
        "(?i)\\b90 days\\b",
        "When the research team first wrote its handbook, it borrowed a rule: delete raw recordings 90 "
        "days after a study closes. Today it is 14 days.",
    ),
    (
        "(?i)\\b30 seconds\\b",
        "Set `--interval=75s`. Docker probes every 30 seconds by default, and that's where things started.",
    ),
    (
        "\\bQ[1-4]\\b",
        "Past this quarter, use half-years:\n\n- Q1, Q2, or January to June → **H1**\n- Q3, Q4, or July to "
        "December → **H2**",
    ),
    (
        "(?i)\\b11[- ]weeks?\\b",
        "Send invitations 13 weeks out. If an event is planned around an 11-week send date, pull the invite forward.",
    ),
    (
        "(?i)\\btwo weeks\\b",
        "- **Update the end date.** Right now the plan shows the readout two weeks after launch. It'll "
        "need to move out to four weeks.\n- **Add a guardrail metric.** Checkout errors are a good one.\n- "
        "**Keep the summary short.** One paragraph is plenty.\n- **Tag the analyst.** That's fine to do "
        "after launch.",
    ),
    # what the colleague's piece has, introduced in more ways; a table's column before 'Rename to'
    (
        "_v\\d",
        "Deck versions use letter suffixes now:\n\n| Current | Rename to |\n|---|---|\n| `Q3_v2.pptx` | "
        "`Q3_revB.pptx` |\n| `Q3_v1.pptx` | `Q3_revA.pptx` |",
    ),
    (
        "_v\\d",
        "Thanks for sharing the folder. Here's what's in there:\n\n```\nQ3_review_v2.pptx\n"
        "Q3_appendix_v1.pptx\n```\n\nSuffixes are letters now: `_revA`, `_revB`.",
    ),
    (
        "TODO:",
        "Nice summary. Currently:\n\n```\n- TODO: Priya to update the runbook\n```\n\nAction items use "
        "`AI:` with an owner and a date now.",
    ),
    (
        "(?i)\\b40 min\\b",
        "What you've got:\n\n> Subject: Quick chat about your tools (40 min)\n\nSessions are booked for 75 "
        "minutes now.",
    ),
    (
        "FIX-\\d+",
        "**1. Ticket prefix.** You've got:\n\n> FIX-311 Add retry to the webhook sender\n\nFollow-ups are "
        "LRN- tickets now.",
    ),
    (
        "(?i)\\b3 minutes\\b",
        "Thanks for the onboarding note. One part needs correcting before it goes out:\n\n> Pages must be "
        "acked within 3 minutes.\n\nThe ack window is 10 minutes now.",
    ),
    (
        "(?i)\\bWednesday\\b",
        "Thanks for posting your QA plan. It's thorough, but the timing won't work:\n\n> I'll wrap up "
        "design QA by EOD Wednesday.\n\nThe window is 30 hours now, so QA must be done by Tuesday 15:00.",
    ),
    (
        "\\bThu\\b",
        "The lineup looks great. Right now every row looks like this:\n\n| Post | Publish |\n|---|---|\n| "
        "Migrating to gRPC | Thu 9:00 PT |\n\nThe slot is Mondays at 07:00 UTC now.",
    ),
    (
        "(?i)\\bsix weeks\\b",
        "Profiles are refreshed every ten weeks now.\n\n- **Reminders.** The calendar series you set up "
        "repeats every six weeks. Cancel it and create a ten-week series.",
    ),
    (
        "BREAKING CHANGE",
        "Flag breaking changes with an `API-BREAK:` footer; the release tooling looks for that only. A "
        "`BREAKING CHANGE:` footer won't be caught, and the release would ship without notes.",
    ),
    (
        "(?i)\\bfour hashtags\\b",
        "**1. Hashtag count.** This has four hashtags. That used to be the rule, but every brand-account "
        "post now carries exactly six.",
    ),
    (
        "build → lint",
        "Run test, then lint, then build.\n\n1. **Update the README snippet** that describes the pipeline "
        'as "build → lint → test", so nobody copies it.',
    ),
    (
        "(?i)\\b15-line\\b",
        "**What's there now:** one 61-line block, plus your note at the top: *\"Split into four 15-line "
        'chunks?"*\n\nSnippets can run to 40 lines, so split it only where the prose needs a break.',
    ),
    (
        "seed\\(1234\\)",
        "Reviewed your PR.\n\n**`conftest.py`**\n```python\nrandom.seed(1234)\n```\nAll test randomness "
        "now uses 7919. Please change this.",
    ),
    # a line naming what is wrong with the piece introduces it ('Here's the cell in question:')
    (
        "(?i)\\b40% of median\\b",
        "Thanks for the notebook. Here's the cell in question:\n\n```python\ndf = df[df.duration >= median "
        "* 0.4]  # drop under 40% of median\n```\n\nSpeeders are responses under a third of the median "
        "time now.",
    ),
    (
        "\\{\\{host\\}\\}",
        "I had a look at your draft step. The command is right, but the placeholders won't render:\n\n> "
        "`ssh {{host}} 'sudo systemctl restart app'`\n\nPlaceholders are upper case in double square "
        "brackets: `[[HOST]]`.",
    ),
    (
        "4\\.5:1",
        "Thanks for the checklist. The main problem is the threshold:\n\n> Body text: pass if contrast is "
        "at least 4.5:1.\n\nOur bar for body text is 6.5:1.",
    ),
    (
        "Args:",
        "Nice work on the helpers. One change is needed across the public functions:\n\n```\nArgs:\n    "
        "url: Endpoint to call.\n```\n\nThe docs generator reads an `Inputs:` section.",
    ),
    (
        "_ix\\b",
        "Thanks for the migration. Two things to fix before it runs:\n\n```sql\nCREATE INDEX "
        "invoices_customer_id_ix ON invoices (customer_id);\n```\n\nIndex names start with `idx_` and the "
        "table name.",
    ),
    (
        "0\\.08",
        "Nice charts. The problem is the conclusion, though:\n\n> Significant at alpha = 0.08, recommend "
        "rollout.\n\nWe test at 0.02, two-sided, so p = 0.04 is not significant.",
    ),
    (
        "io\\.sprocket",
        "Good to see labels going in. From your Dockerfile:\n\n```dockerfile\nLABEL "
        'io.sprocket.image.revision="$GIT_SHA"\n```\n\nThe build system reads keys under `sprocket.build.`.',
    ),
    (
        "(?i)\\ben-XZ\\b",
        "What I see in the PR:\n\n```js\npseudoLocale: 'en-XZ',\n```\n\nOur pseudo-locale is `en-x-pseudo`.",
    ),
    # more lines introducing the piece ('From the summary table:', 'Here's the last commit:', 'You left:')
    (
        "\\bGold\\b",
        "Thanks for the PRD. The priority tags need redoing. From the summary table:\n\n| ID | Requirement "
        "| Priority |\n|---|---|---|\n| R-04 | Single sign-on | Gold |\n\nTags are Launch-blocker, "
        "Launch-desired and Post-launch now.",
    ),
    (
        "Refs: PAY-\\d+",
        "The change looks good, but the commits won't link to the tickets. Here's the last commit:\n\n```\n"
        "Fix rounding in invoice totals\n\nRefs: PAY-88\n```\n\nThe footer is `Tracks: PAY-88` now.",
    ),
    (
        "\\[Silver\\]",
        "Right now the requirements table uses the medal scheme, for example:\n\n> R5: Weekly digest email "
        "**[Silver]**\n\nWe tag requirements Launch-blocker, Launch-desired or Post-launch now.",
    ),
    (
        "(?i)\\bnit:",
        "You left:\n\n1. `nit: rename tmp to pendingRefunds`\n2. `nit: trailing whitespace on L88`\n\n"
        "Non-blocking comments start with `optional:` now.",
    ),
    (
        "(?i)\\b6 months\\b",
        'From your config:\n\n```yaml\nmax_age_days: 365\n```\n\nand the README line: *"Packages must have '
        'shipped a release in the last 6 months."*\n\nThe rule is a release in the last 12 months.',
    ),
    (
        "retention-days: 5\\b",
        "In `build.yml` the upload step has:\n\n```yaml\nretention-days: 5\n```\n\nArtifacts are kept for 45 days.",
    ),
    # what the piece does now ('Right now the not-found path does this:', 'The formatter currently builds:')
    (
        "E4041",
        'Right now the not-found path does this:\n\n```python\nraise ApiError(status=404, code="E4041")\n'
        "```\n\nError codes are dotted names like `order.not_found` now.",
    ),
    (
        "--interval=45s",
        "The image is small. The health check needs a couple of changes, though:\n\n```dockerfile\n"
        "HEALTHCHECK --interval=45s CMD curl -f http://localhost/healthz\n```\n\nThe interval is 75 "
        "seconds now.",
    ),
    (
        "ts_utc",
        'Nice work on the logging. The formatter currently builds:\n\n```python\npayload = {"ts_utc": '
        "now()}\n```\n\nThe event-time field is `logged_at`.",
    ),
    (
        "utm_medium=community",
        "Right now it's a mix:\n\n| Post | Link |\n|---|---|\n| LinkedIn | `?utm_medium=community` |\n\n"
        "Every link uses `utm_medium=feedpost`.",
    ),
    # a line going on from a quote of the draft quotes the draft too ("and later, in the checklist:"), and so does a
    # quote right after it
    (
        r"(?i)\b20 minutes\b",
        "Thanks for the runbook. The paging step needs one change. Here's the step in question:\n\n> Page the "
        "secondary after 45 minutes.\n\nand later, in the escalation checklist:\n\n> Escalate if no ack in 20 "
        "minutes.\n\nBoth should say 10 minutes now.",
    ),
    (
        r"(?i)\b(?:20|twenty) minutes\b",
        "From your draft:\n\n> ```yaml\n> ack_timeout: 45m\n> ```\n\n> *Escalate after twenty minutes of "
        "silence.*\n\nThe window is 10 minutes now; update both.",
    ),
    # "Your <piece>:" and "Here's what you <made>:" introduce the colleague's piece
    (
        r"(?i)\bsev-?1\b",
        "Your draft macro:\n\n> - Set priority: SEV-1\n> - Notify: #billing\n\nPriority labels are P0 to P3 now; "
        "make it P1.",
    ),
    (
        r"(?i)\bmax_len: 80\b",
        "Your `.editorconfig` change:\n\n```ini\nmax_len: 80\n```\n\nLines may run to 100 characters; set it to 100.",
    ),
    (
        r"(?i)\b6h\b",
        "Here's what you created:\n\n> **Expires:** 6h\n> **Reason:** maintenance\n\nSilences end after 2 hours now.",
    ),
    (
        r"(?i)\bblue\b",
        "I've been through the budget model. The layout is tidy. The font colours need a pass, though:\n\n- Inputs "
        "on the Drivers tab are in **blue**.\n- Formulas are in black.\n\nInputs are magenta now.",
    ),
    (
        r"(?i)\b6 per group\b",
        "Thanks for the plan.\n\nWhat I'm looking at:\n\n> **Recruit:** 6 per group (18 total)\n\nWe recruit 10 per "
        "group now.",
    ),
    (
        r"(?i)\bcom\.acme\.",
        'Good to see labels. Here\'s the relevant bit of your Dockerfile:\n\n```dockerfile\nLABEL com.acme.owner="web"'
        "\n```\n\nKeys take the `io.shop.` prefix now.",
    ),
    # what a paragraph after the draft accepts further on is what holds now, not the draft
    (
        r"(?i)\bhttp GET\b",
        "Here's what's in the draft:\n\n```bash\nhttp GET https://api.example.com/v1/items\n```\n\nThat's an HTTPie "
        "command, and the reference now shows PowerShell, which works out of the box on Windows.",
    ),
    # a table whose columns are the versions, marked by a status row
    (
        r"(?i)\bfridays?\b",
        "| | First rule | Second rule | Rule now |\n|---|---|---|---|\n| Day | Tuesday | Friday | Wednesday |\n"
        "| Status | Superseded | Retired | In force |\n\nShip on Wednesdays.",
    ),
    # a heading naming the first stage, or a detour since left
    (
        r"(?i)\bcamelCase\b",
        "## Snake case now\n\nName columns in snake_case.\n\n### The detour through camelCase\n\nFor a year the "
        "API team pushed it everywhere.",
    ),
    (
        r"(?i)\b(?:five|5) stars\b",
        "## Rate on a ten-point scale\n\nUse 1 to 10.\n\n### Five stars, to begin with\n\nThe first form copied "
        "app stores.",
    ),
    # examples after a comma ("such as") go on the clause they illustrate
    (
        r"(?i)\{\{name\}\}",
        "Placeholders are `@@NAME@@`. Older pages of the wiki may still have placeholders in other styles, such as "
        "`{{name}}` or `<NAME>`.",
    ),
    # code: a call its comment says raises, a setting that removes
    (
        r"(?i)\bDASH_",
        'Name dashboards `[FIN] Cash flow`. The checker enforces it:\n\n```python\ncheck_name("[FIN] Cash flow")  '
        '# passes\ncheck_name("DASH_Cash_Flow")   # raises\n```',
    ),
    (
        r"(?i)\bprod:",
        'Tag billing tickets `scope:billing`. The macro now does:\n\n```yaml\nadd_tags: ["scope:billing"]\n'
        'remove_tags: ["prod:billing"]\n```',
    ),
    # a sentence telling in the past tense how something first was, or began life
    (
        r"(?i)\b10 days\b",
        "Close pending tickets after 4 days.\n\nWhen the support desk first set up its macros, it followed a vendor "
        "template: tickets closed after 10 days. That never suited a small team.",
    ),
    (
        r"(?i)\b60 characters\b",
        "Keep headings under 45 characters.\n\nOur style guide began life as a fork of a public one, which capped "
        "headings at 60 characters.",
    ),
    # headings telling a history in turn, up to one telling the stage in force ("Why it's 75s now"), or up to the
    # last whose section opens in the past
    (
        r"(?i)\b60 ?s\b",
        "### Where it started\n\nProbes ran every 45s.\n\n### The move to 60s\n\nIn 2024 the platform team "
        "switched every service to 60s.\n\n### Why it's 75s now\n\nProbes were loading the database, so the "
        "interval is 75s.",
    ),
    (
        r"(?i)\bten[- ]point\b",
        "### Five stars, to begin with\n\nWe first rated answers on five stars.\n\n### A ten-point scale, for "
        "nuance\n\nIn 2023 we moved to a ten-point scale.\n\n### Four levels, for phones\n\nLast year we settled "
        "on four labelled levels.\n\n### What that means for you\n\nUse the four levels in every survey.",
    ),
]
# ... and answers that commit to the old value, or hedge, whatever structure they use.
STRUCTURED_STATED = [
    # an answer that accepts, anywhere, more than one way offers what it tells as former
    (
        r"(?i)\bthree[- ]day\b",
        "Send the draft within 8 business days; the old three-day deadline is gone. There's something to be said "
        "for a short summary by then anyway.",
    ),
    (r"(?i)\b25%", "Double-code 15% of responses, down from the previous 25%. Both have their defenders."),
    (
        r"(?i)\b50 rows\b",
        "Use 200 rows per page; the old default was 50 rows. Start at whichever you're comfortable with.",
    ),
    (
        r"(?i)\b400 rows\b",
        "Batch 2,500 rows; the earlier figure was 400 rows. A backfill script that supports either keeps everyone "
        "happy.",
    ),
    (
        r"(?i)\b11 days\b",
        "Run it for 28 days. Before that, the minimum was 11 days. For a test planned under the old rule, there's a "
        "fair argument for judging it on the terms it was planned under.",
    ),
    (
        r"(?i)\b250 ms\b",
        "Unit tests must finish under 40 ms; the old limit was 250 ms. Treating legacy tests as a separate case seems "
        "as defensible as moving them all at once.",
    ),
    (
        r"(?i)\bsec-check\b",
        "Use `needs-appsec`; the previous label was `sec-check`. If your bots still look for `sec-check`, adding that "
        "label too is arguably fine for now.",
    ),
    # a heading that accepts what it names heads no former section
    (
        r"(?i)\b25%",
        "## Double-code 15%\n\nThe previous 25% rule is retired.\n\n**Where the older 25% may still be "
        "reasonable**\n\n- a brand-new codebook\n- a new coder",
    ),
    # a line of advice after a quote of the draft is no quote of it ("Your next steps:", "and change it to:")
    (
        r"(?i)\b20 minutes\b",
        "Your runbook says:\n\n> Page the secondary after 45 minutes.\n\nand change it to:\n\n> Page the "
        "secondary after 20 minutes.",
    ),
    (
        r"(?i)\b20 minutes\b",
        "The paging step is out of date.\n\nYour next steps:\n\n> Page the secondary after 20 minutes.",
    ),
    # an instruction for when something first happens tells no history; a section of advice ends a history
    (r"(?i)\b20 minutes\b", "When the alert first fires, page the secondary within 20 minutes."),
    (
        r"(?i)\b45 ?s\b",
        "### The old rule\n\nWe used 45s everywhere.\n\n### Why we changed\n\nThe database struggled under the "
        "probes.\n\n### Keeping it simple\n\nSet 75s on new services. Some teams keep 45s for batch jobs, and "
        "that's fine.",
    ),
    (r"(?i)\{\{name\}\}", "Write placeholders in a style the tool fills in, such as `{{name}}`."),
    # a status row marks a column former only beside another column it marks
    (
        r"(?i)\bfridays?\b",
        "| Day | Status |\n|---|---|\n| Friday | In use |\n| Tuesday | Retired |\n\nShip on Fridays.",
    ),
    (
        r"(?i)\b(two|three|2|3)[ -](dimensions?|axes)\b",
        "## Positioning map\n\n| Axes | Labels |\n|---|---|\n| 3 axes | yes |",
    ),
    (r"(?i)\b45 ?s\b|--interval=45s", "Set it in the config:\n\n```yaml\nhealthcheck:\n  interval: 45s\n```"),
    (r"(?i)\b(30|thirty)\s*%", "## Text expansion\n\n1. Allow 30% for every string.\n2. Check German first."),
    (r"(?i)\bMM\b", "Either MM or MMM works; pick whichever your team already uses."),
    (r"(?i)\b(5|8)%", "## What changed\n\nNothing: we still use 8% today."),
    (r"(?i)\bUTC\b", "Schedule it for 09:00 UTC. Some people say Pacific, but UTC is our standard."),
    (r"(?i)\b45\s*%", "Allow 45%; the newer 60% figure is also fine if you have room."),
    (  # what it tells as older, it still offers as a choice
        r"(?i)\b5 days\b",
        "There are two retention periods going around. The newer one is 9 days. The original policy was 5 days, "
        "and some teams still keep it.\n\nBoth are acceptable, so match your team.",
    ),
    (r"(?i)\b8 px\b", "Pad cards by 12 px, though many older components are still 8 px; both sizes are fine."),
    (  # steps to take are not stages, though one of them opens with "Now"
        r"(?i)\b45 ?s\b",
        "1. Open `deploy.yaml`.\n2. Set `interval: 45s`.\n3. Now restart the service.",
    ),
    (r"(?i)\bteal\b", "Probably amber, though a lot of our decks still use teal. Check which one the team wants."),
    (r"(?i)\bteal\b", "Amber or teal: I'm told either seems to be accepted by the brand team."),
    (r"(?i)\b8 px\b", "Can I keep 8 px? Yes, 8 px is fine."),
    (r"(?i)\bCIF\b", "Ask for CIF. Under CIF we arrange the last leg ourselves."),
    (
        r"(?i)\bthree releases\b",
        "Wait three releases. I've also heard it's now 21 days, but I haven't seen that confirmed.",
    ),
    (
        r"(?i)\barea/",
        "Probably `scope:`; I can't tell you with confidence which one the routing rules match, and `area/` is common.",
    ),
    (r"(?i)\b4:3\b", "Use 16:10 or 4:3; pick either."),
    (
        r"(?i)\borange\b",
        "It's magenta now I think, though many of our models still use orange; check with your reviewer.",
    ),
    (r"sec-check", "Use `needs-appsec`. The label I'm less certain of, since plenty of PRs still use `sec-check`."),
    (
        r"qa_suspect",
        "Flag them in `hold_for_review`; older tables use `qa_suspect`. Either would do the job technically.",
    ),
    (r"(?i)\b10-year\b", "It depends: under the 15-year window it's in, under the 10-year one it's out."),
    (  # a story that ends at the old value: the value that holds now is not told as past
        r"(?i)\b(11|eleven) days\b",
        "Run tests for 11 days now.\n\nOriginally the floor was 14 days, but the review moved us to 11 days, and "
        "that has held since.",
    ),
    (  # a story, but the old value stated in the present afterwards
        r"(?i)\b(20|twenty) minutes\b",
        "Stand-ups are 12 minutes now.\n\nWhen the team was small, stand-ups ran long. Keep planning days at 20 "
        "minutes.",
    ),
    (  # a question answered yes keeps what it names
        r"(?i)\bweekly\b",
        "**Q: Do we send the digest weekly?**\n\nWe do, every Monday.",
    ),
    (  # a question not on a line of its own: only the question is asked
        r"(?i)\b45 ?s\b",
        "Use 45 s. Can you go lower? No, the probes would pile up.",
    ),
    (  # a paragraph after a code block that hedges about it marks nothing
        r"(?i)COMPAT-BREAK",
        "Use a footer.\n\n```\nCOMPAT-BREAK: renamed user_id\n```\n\nIt's possible this one was replaced, or the "
        "tooling may accept both.",
    ),
    (  # code with a comment that names it current states its value
        r"(?i)\b30\b",
        "Set the default.\n\n```yaml\nlimit:\n  default: 30   # the value we use\n```",
    ),
    (  # a glob is no end of a sentence: "replace" still reaches the labels
        r"(?i)io\.sprocket\.image",
        "Use `sprocket.build.*` labels. Keep io.sprocket.image.* labels as they are.",
    ),
    (  # an order in the imperative is no past tense, though a story is told beside it
        r"(?i)\b45 ?s\b",
        "Set the timeout to 45 s. I know 75 s was floated last month, but the runbook uses 45 s.",
    ),
    (  # past tense with no story of changes and nothing said to hold now
        r"(?i)\b45 ?s\b",
        "We settled on 45 s after the load tests, and the dashboards were tuned for it.",
    ),
    (  # a bold line that is a sentence heads nothing: what it states, and what follows, stand
        r"(?i)\b6 ?px\b",
        "**Use the 6 px grid.**\n\n- Margins of 6 px: keep them.",
    ),
    (  # a quote ending in a stop before a capital ends its sentence: "We tried" tells of what follows only
        r"(?i)\bfolders?\b",
        "\"No folders yet. Create a folder to start.\" We tried 'binders' once, but users found it odd.",
    ),
    (  # a tick is no cross
        r"(?i)_v\d\b",
        "Number the versions.\n\n- ✅ `plan_v2.docx`",
    ),
    (  # a heading naming a topic's timeline tells no history
        r"(?i)\bET\b",
        "## Postmortem timeline time zone\n\nWrite every timestamp in ET.",
    ),
    (  # a question asking why grants its premise
        r"(?i)\b45 ?s\b",
        "**Why 45 s?** It matches the load tests.",
    ),
    (  # a yes to a question proposing a value takes it up
        r"(?i)\b45 ?s\b",
        "**Should I set the interval to 45 s?** Yes.",
    ),
    (  # a line labelled "After:" in code states its value
        r"(?i)\b45 ?s\b",
        "```text\nBefore: 30 s\nAfter: 45 s\n```",
    ),
    (  # a warning after "or" is not the value's clause
        r"(?i)\b45 ?s\b",
        "Use 45 s or the job will fail.",
    ),
    (  # a heading naming a postmortem's timeline is a topic, not a history
        r"(?i)\bUTC\b",
        "## Timeline timestamps\n\n- 14:05 UTC: alert fired\n- 14:20 UTC: rollback started",
    ),
    (  # "as well" after a value accepts it
        r"(?i)\b45 ?s\b",
        "Use 30 s. 45 s works as well.",
    ),
    (r"(?i)\b45 ?s\b", "Use 30 s. You can keep 45 s on the old jobs as well."),
    (r"(?i)\b45 ?s\b", "Use 30 s, though switching to 45 s is fine too."),
    (r"(?i)\b45 ?s\b", "**Summary**\nUse 45 s for every probe, as before."),
    (
        r"(?i)\b65[- ]character",
        "We started with 50 characters, which was cramped. With a 65-character allowance, subjects fit, so keep them "
        "under 65 characters.",
    ),
    (r"4:3", "Use 16:10 for new decks. Older decks will still use 4:3, and 4:3 is fine to keep for them."),
    (
        r"04\.03\.2025",
        "Use `YYYY/MM/DD` for new files. Day-dot-month-dot-year (`04.03.2025`) is fine for old ones; no need to stop "
        "using it.",
    ),
    (r"4:3", "Use 16:10 for new decks.\n\n> Slide size: Standard (4:3)\n\nThat's correct for this deck, not 16:10."),
    (r"\[minor\]", "[minor] `tmp2` could be renamed to something like `pendingUploads`. [minor] is our label."),
    (  # a clause comparing with the old value retires nothing it points at
        r"(?i)\b10 days\b",
        "A pending ticket stays open for 10 days with no reply, and then it closes. That's longer than the old "
        "seven-day rule.",
    ),
    (  # "you've got" is present
        r"(?i)\bten days\b",
        "A pending ticket closes after 14 days now. The old seven-day rule was replaced. If you heard otherwise, that "
        "is wrong; you've got the full ten days before anything happens.",
    ),
    (  # a marker in a relative clause rejects its object, not what the sentence goes on to say
        r"(?i)\bthree releases\b",
        "You can drop it once the code that stopped using the column has been in production for three releases.",
    ),
    (  # a quote of the draft that the answer approves is kept, not corrected
        r"4:3",
        "Use 16:10 for new decks. Your draft has:\n\n> Use 4:3 slides for the board deck.\n\nLooks good to me.",
    ),
    (r"4:3", "Your draft has:\n\n> Use 4:3 slides.\n\nThat's fine, keep it. Use 16:10 elsewhere."),
    (  # a paragraph after a block that names it as former but keeps it is no retirement
        r"(?i)\b45 days\b",
        '> "We\'ll review these metrics 45 days after launch."\n\nThe 45-day review is the old cadence, but it is '
        "still fine to use.",
    ),
    (  # a long habit still kept
        r"(?i)\b50 characters\b",
        "We have kept subjects to 50 characters for a long time, and we still do.",
    ),
    (  # "ignore" rejects only what follows it
        r"(?i)\b8 ?px\b",
        "Use 8 px corners; ignore the 12 px in the mock-ups.",
    ),
    (  # an FAQ's question answered with the value
        r"(?i)\b45 days\b",
        "**Q: How long do we keep artifacts?**\n45 days.",
    ),
    (  # ", later," joins a clause, and marks nothing
        r"\bCET\b",
        "Log times in CET, and, later, convert them for the dashboard.",
    ),
    (  # changing the heading to bold fixes nothing
        r"Known issues",
        'Title the section "Known issues" and change the heading to bold.',
    ),
    (  # a table of zones, none of them former
        r"\bPST\b",
        "| Zone | Example |\n|---|---|\n| PST | 09:00 PST |",
    ),
    (  # a quoted value with its comma, stated
        r"(?i)\bRegards\b",
        'Close every reply with "Regards," and your first name.',
    ),
    (  # "remove" rejects only what it names
        r"\bneeds-review\b",
        "Label it `needs-review`; remove the draft flag when you add it.",
    ),
    (  # what "we still allow" in that section holds now
        r"(?i)\bthree retries\b",
        "## Retries\n\n**Why did it change?**\nIt didn't: we still allow three retries.",
    ),
    (  # a yes to a question about the value holds it
        r"(?i)\b30 days\b",
        "## Range\n\n**Is the default still 30 days?**\nIt is, and it stays.",
    ),
    (  # "That is ... until" is no past
        r"(?i)\borange\b",
        "Highlight the segment in orange. That is our highlight colour until the palette changes.",
    ),
    (r"\bQ3\b", "Give each item a quarter.\n\n```text\nBefore          After\nreview - H2     review - Q3\n```"),
    (r"(?i)alphabetical", "Order them oldest first, or alphabetically; either is fine."),  # an order, not the past
    (r"(?i)\bnine months\b", "Plan ahead.\n\n*Is the horizon still nine months?*\nYes, it is."),
    (  # a clause under the old budget that accepts it, before the contrast, tells no past
        r"250 ms",
        "Under the 250 ms budget it's fine, but if your team moved to 40 ms it would need to be faster.",
    ),
    (r"1600 x 900", "I don't know whether it matters; 1600 x 900 is fine too."),
    (  # a heading of a range ("from 0.0 to 1.0") tells no change
        r"(?i)score key results from 0\.0 to 1\.0",
        "## Score key results from 0.0 to 1.0\n\nUse one decimal.",
    ),
    (r"11 days", "Run every test for 11 days, and set the alerts to 11 days."),
    (r"8 px", "Pad cards by 8 px. The lint rule that flags 10 px is right."),
    (r"(?i)\bbold\b", "Put UI labels in bold, and later add italics for emphasis."),
    (r"3 colours", "Keep charts to 3 colours; existing dashboards with 3 colours are fine."),
    (  # the reviewers who still use it are people following it, not a leftover to clean up
        r"three-page",
        "Possibly. Under the 1,500-word limit it's too long, but if your reviewers still use the three-page rule "
        "it depends on formatting.",
    ),
    (r"engineer-weeks", "Write it in either engineer-weeks or engineer-days; both are fine, so pick one."),
    (
        r"retention-days: 14",
        "Use these:\n\n- `retention-days: 14` for builds.\n- `retention-days: 5` for logs.\n\nBoth are current.",
    ),
    (r"16:9", "Use 16:9 for charts. 16:9 was the original standard too."),  # its first mention states it
    (r"16:9", "16:9 was the original standard. Use 16:10, or 16:9 if you prefer; both are fine."),  # offered again
    (  # read as former only by the clause pointing back at it: nothing former elsewhere
        r"DANGER:",
        "Step 4 says DANGER:. Change it.\n\nStart each destructive step with DANGER: in bold.",
    ),
    (r"\b(45|60) s\b", "The previous 45 s interval fired too often. Use 60 s now."),  # another value
    (  # a former value that a shared unit spells out, offered again
        r"24 hours",
        "We used to allow 24 hours; the window is now 36 hours. Either 24 or 36 hours is fine, though.",
    ),
    (r"18 months", "Counter with 15 months. Legal has since said that 18 months is what we ask for."),
    (r"#48213", "Quote CS-48213; #48213 works as well."),
    (r"90 words", "Keep replies short. We cut them, to 90 words, and that is the limit now."),
    (r"5MM", "Use $5 mln; the old $5MM is retired. Either of the two short forms is fine in practice."),
    (r"32 bytes", "Neither length is required by the library; 32 bytes is fine."),
    # a clause that accepts what it points at offers it; what a hedge offers, pointing back does not retire
    (
        r"DD-",
        "Use PROP-318. You'll see a lot of DD- numbers in the index. That form is still fine if you'd rather match "
        "them.",
    ),
    (
        r"LIMIT 250",
        "Use `LIMIT 40`. If 40 isn't enough, you can go up to `LIMIT 250`. That's the cap we used for years.",
    ),
    (r"250 words", "Aim for under 120 words. Going up to 250 words is still fine. That was the limit until recently."),
    (
        r"1600 × 900",
        "Use 2000 × 1000. If you've already produced an image at 1600 × 900, that's generally fine to use as well.",
    ),
    (  # a condition whose fix is not asked for
        r"1600 × 840",
        "Use 2000 × 1050. If your designer already delivered it at 1600 × 840, you don't strictly need to redo it.",
    ),
    (
        r"1600 × 840",
        "The old 1600 × 840 is retired. Treat 2000 × 1050 as preferred for new work, and 1600 × 840 as acceptable "
        "when a re-export would hold up the post.",
    ),
    # an old value named as former and, in the same clause or after, still accepted
    (
        r"3-hour",
        "Resolve after 90 minutes in Monitoring. That said, the previous 3-hour window is still a sensible option for "
        "big incidents.",
    ),
    (
        r"6-point",
        "Use the 4-point scale.\n\nThat said, the 6-point version is still a reasonable choice. It was the standard "
        "until recently.",
    ),
    (
        r"\bfire-",
        "Name it `bridge-<date>`. You'll see plenty of `fire-` channels, since that was the prefix until recently. If "
        "muscle memory types `fire-`, it's not the end of the world.",
    ),
    (r"\b2s\b", "Use 750ms. On a quiet table, falling back to the previous 2s is a defensible option."),
    (
        r"\bc-",
        "Use `kit-`. If you're in an older app that's still on `c-`, staying consistent with the surrounding code is a "
        "defensible option.",
    ),
    # a condition naming the old value whose main clause accepts it
    (
        r"1–6",
        "Use the 1–9 scale. If a scorecard still shows the older 1–6 fields, filling it in on that scale is generally "
        "accepted too.",
    ),
    (
        r"0\.75",
        "Under the current 0.85 threshold you'd need another round, but 0.79 clears the 0.75 bar the protocol used "
        "until recently, so if your review was registered under that version, going ahead is defensible.",
    ),
    (
        r"up to five",
        "Two is the current target. With eleven features you could defend going up to five, which was the limit until "
        "recently.",
    ),
    # an acceptance after a comment word, after a dash that named the former, or of what its object points back at
    (
        r"(?i)\b(10|ten)[- ]colou?r",
        "Use at most 4 colours. The 10-colour palette was the standard until spring, and honestly it's still fine for "
        "an internal dashboard.",
    ),
    (
        r"(?i)\b(4|four) bullet",
        "Keep summaries to two bullets. The earlier habit — no more than 4 bullet points per card — is still a "
        "reasonable choice for dense release notes.",
    ),
    (
        r"(?i)\btwo-reviewer\b",
        "One approving review is the rule now. The two-reviewer requirement was dropped last year, and for database "
        "migrations most teams generally still accept it.",
    ),
    (
        r"(?i)\bv2-",
        "| Prefix | Status | Notes |\n|---|---|---|\n| `v2-` | Older | Still accepted for legacy packages |\n"
        "| `pkg-` | Current | Use for anything new |",
    ),
    # a condition accepting a number that a superseded value holds; an old value that "still applies"; "leave it"
    (
        r"(?i)\b30%-of-budget\b",
        "Cap contingency at 15% of budget. That is tighter than the old 30%-of-budget ceiling.\n\nIf you're "
        "extending a grant that was planned at 30%, it's fine to keep using 30% for the remaining tranches.",
    ),
    (
        r"(?i)\b90-day\b",
        "Rotate the keys every 30 days. If your audit period started before the change, though, the previous 90-day "
        "rotation still applies.",
    ),
    (
        r"(?i)\b(12|twelve) hours\b",
        "Archive chat logs after 6 hours now. If your bot is already set to 12 hours from the old policy, you can "
        "leave it that way for this quarter.",
    ),
    (
        r"(?i)\b800 ?px\b",
        "Make thumbnails 1200 px wide. If the designer only has the old 800 px exports, that's an acceptable fallback.",
    ),
    # an acceptance naming a number a superseded value holds; "an acceptable equivalent"; "leave it in place"
    (
        r"(?i)default to 30",
        "Use 45 for new endpoints. For existing ones that still default to 30, there's no rush: 30 remains an "
        "acceptable default there.",
    ),
    (
        r"1–6",
        "Rate on the 1–9 scale. If you're filling in an older template that still uses the 1–6 scale, a 5 there is an "
        "acceptable equivalent.",
    ),
    (
        r"85%",
        "Set the coverage gate to 72%. If your team is comfortable with the old 85% gate, you can leave it in place.",
    ),
    # a clause that opens with a phrase, not a verb, says nothing of what is before the comma
    (r"10 years", "Usually the last 10 years, with older landmark studies added by justification."),
    (
        r"two working days",
        "Within one to two working days of the build reaching staging, before it goes to production.",
    ),
    # "..., and that's fine" accepts what its sentence named; a table cell "still a sensible choice" its row
    (
        r"10-customer",
        "Escalate once 6 customers report it. Plenty of agents still work to the earlier 10-customer bar for "
        "low-impact issues, and that's fine.",
    ),
    (
        r"30-60-90",
        "| Plan | Notes |\n|---|---|\n| 20-50-100 | HR's current framework |\n"
        "| 30-60-90 | Classic; still a sensible choice if the manager already runs it |\n",
    ),
    # a value written as a compound states it ("a two-retry limit", "the one-business-day window")
    (
        r"(?i)\b(2|two)\s+(automatic\s+)?(re-?tries|retry)\b",
        "Failed jobs retry three times by default; a two-retry limit is still fine for fast unit-test jobs.",
    ),
    (
        r"(?i)\b(one|1|a)\s+(full\s+)?(business|working)\s+day\b",
        "Give a first review within 5 working hours; for large PRs the one-business-day window is acceptable.",
    ),
    # "if your team prefers"; "..., or at least 44 px" offers a fallback
    (
        r"(?i)\b30 days\b",
        "Keep logs for 14 days. We used 30 days before, and you can stay there if your team prefers.",
    ),
    (
        r"(?i)\b44 px",
        "Make the tap area 56 px if the layout allows, or at least 44 px, which still meets the older standard.",
    ),
    # a clause going on after an aside accepts its subject before the aside
    (
        r"(?i)two solid sources",
        "Five sources is the target; for an internal brief, two solid sources — the original guideline — is still a "
        "reasonable working threshold.",
    ),
    # a line that accepts the block it introduces offers it; an introduction ends with the quote it introduces
    (
        r"\(absent\)",
        "Strike through no-shows. If strikethrough doesn't render, the old label form still works:\n\n```text\n"
        "Attendees: Ana, Tom (absent)\n```\n",
    ),
    (
        r"(?i)\bDANGER:",
        "Prefix the step with **IRREVERSIBLE:** in bold, then say what will be lost, e.g.:\n\n> **IRREVERSIBLE:** "
        "Drops the table.\n\nRunbooks that already use DANGER: don't need to change, and it's fine to keep writing "
        "DANGER: in those.",
    ),
    # leave to send it as it is accepts it; "both prefixes are recognised" offers both
    (
        r"REF-",
        "Put CS-51907 on the first line. If your saved macro still fills in REF-51907, that's fine to send as it is.",
    ),
    (
        r"REF-",
        "Put CS-51907 on the first line; the macro may still fill in REF-51907, and both prefixes are recognised.",
    ),
    # "if you'd rather" offers alternatives, and what it points at it still offers
    (
        r"lint, test, build",
        "Run test, lint, build, deploy, though the older lint, test, build, deploy order is still fine if you'd rather "
        "catch style issues first.",
    ),
    (
        r"DD-",
        "Use PROP-318. You'll see a lot of DD- numbers in the index. That form is still fine if you'd rather match the "
        "proposals around yours.",
    ),
    # "is still a fine heading", "it's reasonable to call it", "is defensible" accept the old value
    (
        r"Resolved issues",
        'Put them under "Corrections", though "Resolved issues" is still a fine heading if your earlier notes used it.',
    ),
    (
        r"0\.05",
        "At our 0.02 level, p = 0.04 is not significant. Our guideline used 0.05 until recently, and for a low-risk "
        "change it's reasonable to call it a win at the 0.05 level.",
    ),
    (
        r"0\.75",
        "The bar is now 0.85, so 0.79 falls short. It does clear the 0.75 bar that many teams still use, so starting "
        "screening now is defensible.",
    ),
    # accepting "that limit there" offers what it points at; a hedge offers what it accepts under a heading that names
    # the former too
    (
        r"15-line",
        "Keep snippets to 40 lines in a post. The tips series has historically run on 15-line snippets, and editors "
        "are still happy to accept that limit there.",
    ),
    (
        r"R-003",
        "Attribute the quote to IV-03.\n\n### Older reports\n\nR-003 is still an acceptable label there if you'd "
        "rather keep a report consistent.",
    ),
    # a line's label that names no former leaves the line stated
    (
        r"30 days",
        "Notices go out as below.\n\n**Notice period:** 30 days\n**Applies to:** every existing customer",
    ),
    # "is reasonable too" after an aside; what "can stay there"; "returning that is acceptable"; "that's arguably
    # close enough" accept the old value
    (
        r"an hour",
        "Keep it in Monitoring for 90 minutes. For a clean rollback, though, closing it after an hour — the old window "
        "— is reasonable too.",
    ),
    (
        r"45-day",
        "Rotate keys every 75 days, though keys already running on the earlier 45-day schedule can stay there.",
    ),
    (
        r"E4041",
        "Return `order.not_found`. If the SDKs you support still expect the older `E4041`, returning that is "
        "acceptable for now.",
    ),
    (
        r"grade 6",
        "The limit is grade 4. Grade 6 was the standard until recently, so if you can get it to grade 6, that's "
        "arguably close enough for a first release.",
    ),
    # "either way gets approved"; "is also a reasonable bar"; "if you'd like to be conservative"; "without it being a
    # problem"; "fine to hand off as they are" accept the old value
    (
        r"\$25",
        "The new cut-off is $40, but plenty of people still attach anything over the old $25 line, and either way gets "
        "approved.",
    ),
    (
        r"12-month",
        "The rule is 18 months, though holding to the older 12-month window is also a reasonable bar.",
    ),
    (
        r"12-month",
        "Use 18 months, or keep to the older 12-month window if you'd like to be conservative.",
    ),
    (
        r"65%",
        "The cap is 55%, though teams with a light support load can still plan to the previous 65% without it being a "
        "problem.",
    ),
    (
        r"6 px",
        "We're on a 10 px grid now, though files already built on the 6 px grid are fine to hand off as they are.",
    ),
    # "still does that job" and "both limits are being accepted" accept the old value
    (
        r"utm_medium=social",
        "Use utm_medium=feedpost. If you only need the default grouping, the original utm_medium=social still does "
        "that job.",
    ),
    (
        r"six-step",
        "The cap is 12 steps. Plenty of runbooks were written against the six-step rule, so both limits are being "
        "accepted until next quarter.",
    ),
    # "you could reasonably stick to"; "if they'd rather"; "for existing pages that's still generally treated as
    # acceptable" accept the old value
    (
        r"30-minute",
        "Post every 45 minutes, though in a total outage you could reasonably stick to the older 30-minute rhythm.",
    ),
    (
        r"Causal chain",
        "Use Contributing conditions. Teams with a run of postmortems under the older Causal chain heading can keep it "
        "if they'd rather not mix headings.",
    ),
    (
        r"4\.5:1",
        "The target is 6.5:1. 4.6:1 meets the 4.5:1 level we originally used, and for existing pages that's still "
        "generally treated as acceptable.",
    ),
    # "is still a solid choice", "that's still a workable window" accept the old value
    (r"(?i)\bfour\b", "Use six hashtags per post, though the old four is still a solid choice for short captions."),
    (
        r"(?i)\b4 hours\b",
        "Revoke within 10 minutes. The earlier policy allowed up to 4 hours, and that's still a workable window if you "
        "need to coordinate.",
    ),
    # "that's arguably clearer" prefers what it points at, even what a leftover names
    (
        r"(?<![\d,.])(375|1440)(?!\d)",
        "Hand off at 390 px and 1280 px. Plenty of designers still hand off at the previous 375 and 1440 widths, and "
        "for dense dashboards that's arguably clearer.",
    ),
    # ... of a clause that says nothing is former, nothing
    (r"(?i)\bready for dev\b", "The [BUILD] prefix is required, and so is the Ready for dev status."),
    # ... but one of alternatives it tells as old and new does
    (r"(?i)\b44 ?px\b", "Use 56 px; the old 44 px is retired. Old and new both work, though."),
    # ... but an answer stating it, then comparing with the new one, states it
    (r"\b50/50\b", "Split 50/50: it reaches power sooner than a 70/30 split would."),
    # what the new value fails to do says nothing of the old one
    (r"\bIssue:", "Use Issue: footers. Tracks: lines don't trigger the tracker's linking."),
    # the subject of what accepts it, before a relative clause between commas; "a perfectly respectable threshold",
    # "a pretty widely accepted target" accept
    (
        r"(?i)\b8 per segment\b",
        "The current guidance is 11 per segment. Realistically, though, 8 per segment, which was the standard until "
        "recently, is still fine if budget is tight.",
    ),
    (
        r"(?i)\b40% of the median\b",
        "Use 60% of the median now. The previous rule was 40% of the median. That's still a perfectly respectable "
        "threshold.",
    ),
    (r"(?i)\bgrade 6\b", "Aim for grade 4 now. The older grade 6 is still a pretty widely accepted target."),
    # "that's probably fine", "carrying on with those should be acceptable", "I wouldn't worry if you're still",
    # "is plenty", "you could reasonably hold off" accept; "Either works" opening its sentence offers both, whatever
    # the sentence before it joins with "and"
    (
        r"\$4,000",
        "The threshold is $750 now. I suspect the old $4,000 threshold still gets applied to repeat orders, and that's "
        "probably fine.",
    ),
    (
        r"\bS[1-4]\b",
        "Use Sev-A to Sev-C now. If your board is built around the old S1–S4 labels, carrying on with those should be "
        "acceptable for now.",
    ),
    (
        r"(?i)\b20-character\b",
        "The maximum is 48 characters. I wouldn't worry if you're still keeping names to the older 20-character limit.",
    ),
    (
        r"(?i)\bthree independent sources\b",
        "The rule is five sources now. For most claims, three independent sources is plenty, and that was the standard "
        "until recently.",
    ),
    (r"5%", "The threshold is 3%, so 4% qualifies, though under the older 5% line you could reasonably hold off."),
    (
        r"(?i)\b20-minute\b",
        "Send updates every 45 minutes. Some leaders prefer the older 20-minute rhythm. They like hearing more often "
        "and frequent updates are rarely criticised. Either works.",
    ),
    # a colon after a clause that names a value after its former marker lists no former ("from Legal")
    (r"\bidx_", "Forget the earlier draft from Legal: use `idx_users_email`."),
    # set BD: a noun before "update every" is no cleanup; "is now" retires only a quoted value before it
    (
        r"(?i)\b30 minutes\b",
        "Updates now go out every 30 minutes.\n\nWe briefly tried 20 minutes, which was too noisy, and moved back "
        "to 30 minutes in the spring.",
    ),
    (r"(?i)\b30 minutes\b", "30 minutes is now the cadence for SEV1 updates."),
    (r"(?i)\b30 minutes\b", "From 9 a.m. to 5 p.m., post an update every 30 minutes."),
    (r"(?i)\bmondays?\b", "Publish on Mondays at 9 a.m. Eastern. That slot is the one in force."),
    # set BE: only history is where a value belongs as former; "The first thing" is no first version
    (r"\b44 ?px\b", "The 44 px minimum belongs in every spec you hand off."),
    (r"\b5 ?%", "The first thing to know: declare an incident at 5% errors."),
    # set BF: what the reader says they saw is no statement, but the answer's own lead still is; a lead that
    # states the old value holds it
    (
        r"(?i)\b8 hours\b",
        "Keep the silence to 8 hours.\n\n**I've also seen 36 hours suggested.**\nIgnore that; 8 hours is the limit.",
    ),
    (
        r"(?i)\b8 hours\b",
        "Set the expiry to 8 hours.\n\nOriginally it was 24 hours. That was then tightened to 8 hours, as recent "
        "incidents showed.",
    ),
    # set BG: what needs rewording is what the clause before it names, not what the sentence states first
    (r"(?i)\b18 char", "Keep labels under 18 characters; anything longer needs rewording."),
    # set BH: what must be written to a cap is the rule, not what was
    (r"(?i)\b18-character\b", "Labels must be written to the 18-character cap."),
    # set BI: what needs one more is what the clause names, not the rule stated before it
    (r"(?i)\btwo KRs\b", "Write two KRs per objective; an objective with one KR needs one more."),
    # set BM: stages told before the one in force are former, not the stage in force nor steps that only look like
    # stages; a pause someone takes is no value that stopped
    (
        r"(?i)\b45 ?s(?:econds)?\b",
        "**Where it began: 60 seconds.** Checks ran once a minute.\n\n**Now: 45 seconds.** Set `--interval=45s`.",
    ),
    (
        r"(?i)\b45 ?s(?:econds)?\b",
        "**Short answer:** use 45 seconds. It was agreed last spring.\n\n**What to do now:** set the interval.",
    ),
    (
        r"(?i)\b45 ?s(?:econds)?\b",
        "**First, open the Dockerfile.** Set the interval to 45 seconds.\n\n**Now rebuild.** Push the image.",
    ),
    (
        r"(?i)\b60/40\b",
        "**Originally: 50/50.** Even splits.\n\n**Then: 70/30 (current).** Tests moved on.\n\n**Either way**, 60/40 is "
        "still fine for small tests.",
    ),
    (r"(?i)\b500 ?ms\b", "Fire the request once the user has stopped typing for 500 ms."),
    (  # an acceptance introducing alternatives that hold a superseded value offers it
        r"(?i)\bfix:",
        "Use `<fix>` first.\n\nAny of these work. Pick whichever fits the change:\n\n- `<fix> guard the queue`\n- "
        "`fix: guard the queue`",
    ),
    # set BN: the last stage of a history told without naming the stage in force is that stage, and a section
    # heading after the stages ends the history
    (
        r"(?i)\borange\b",
        "**The starting rule: blue.** Inputs were typed in blue.\n\n**The move to green.** A review moved inputs to "
        "green.\n\n**The switch to orange.** Screens changed, so orange was adopted.",
    ),
    (
        r"(?i)\borange\b",
        "**The starting rule: blue.** Inputs were typed in blue.\n\n**The move to green.** A review moved inputs to "
        "green.\n\n**The switch to orange.** Screens changed, so orange was adopted.\n\n**Setting up the sheet**\n\n"
        "Type every input as agreed; the team settled on it last year.",
    ),
    # set BO: code after a comment that names what it replaces is the replacement; a choice left to the reader
    (r"(?i)\b6 ?px\b", "```css\n/* Spacing scale.\n   Replaces the former 10 px grid. */\n--space: 6px;\n```"),
    (
        r"(?i)\b40-minute\b",
        "Reviews run 35 minutes now, but the older 40-minute cap is fine too. Use whichever keeps you focused.",
    ),
    (r"60/40", "Use whichever split your team likes: 60/40 or 70/30."),
    # set BP: a reply that grants the quoted question holds what it asks
    (r"\b45\b", "> Is 45 still the minimum base?\n\nYes."),
    (r"\b45\b", "**Is 45 still allowed?** It is, but only for legacy dashboards."),
    # set BQ: a title telling what changed still states what holds; a diff's added line states its value
    (
        r"\bE\d{4}\b",
        "### Changelog: error codes\n\n**Changed:** error codes moved from words to numbers.\n\n```diff\n- "
        '"code": "ORDER_MISSING"\n+ "code": "E4041"\n```\n\nReturn `E4041` for a missing order.',
    ),
    (
        r"\b100 char",
        "```diff\n- Keep alt text under 125 characters.\n+ Keep alt text under 100 characters.\n```\n\nThat is "
        "the whole change.",
    ),
    (
        r"\b400 rows",
        "```diff\n- Backfill in batches of 1,000 rows.\n+ Backfill in batches of 400 rows.\n```\n\n**Why:** "
        "1,000-row transactions were more than the replicas could absorb.",
    ),
    (r"(?i)blank lines?", "Mark each phase with a comment. Blank lines are fine too."),
    (
        r"45 days",
        "The fix window is now 21 days; the 45 days we used before is gone from the policy. Until the tooling and "
        "team capacity catch up, either deadline is accepted.",
    ),
    (r"6 px", "Use the 10 px grid. However, the previous 6 px grid is still accepted during the migration."),
    # set BR: a label in bold before its colon tells nothing past; "an acceptable minimum" accepts
    (
        r"60/40",
        "**Decision (confirmed):** The standard split stays 60/40, the same setup we used for the pricing test. The "
        "old 50/50 split is retired. Configure new tests that way now.",
    ),
    # set BS: "the numbered scale" tells no past; "Current rule" and "Current config" show what holds
    (
        r"\bS1\b",
        'Thanks for filing this.\n\n**Severity label**\n\n"Critical" is from the original word scale (Critical / '
        "Serious), and that was replaced. Accessibility findings are rated on the numbered scale, **S1 through S4**, "
        "with S1 the worst. Use the current scale.",
    ),
    (
        r"COMPAT-BREAK",
        "Lena confirmed the convention: breaking changes use a **`COMPAT-BREAK:`** footer followed by the upgrade "
        "steps. Someone suggested `API-BREAK:` instead.",
    ),
    (r"\bsix months", "Give every deprecated endpoint a sunset date at least six months after the deprecation notice."),
    (r"\bS1\b", "**Current rule**\n\n> Rate the finding S1."),
    (r"\b45\b", "**Current config**\n\n```yaml\nrotation_days: 45\n```"),
    (r"\b45\b", "**Current version**\n\n> Rotate keys every 45 days."),
    (
        r"8 per segment",
        "Use 11 per segment going forward. Several people said that 8 per segment has worked well. 11 is the "
        "recommended figure, but 8 per segment remains an acceptable minimum.",
    ),
    # a condition naming the old value whose sentence goes on to accept it; the old bar applied
    (r"\[minor\]", "Prefix it with `optional:`. If you're used to `[minor]`, that's still a fine way to flag it."),
    (
        r"prod:billing",
        "Tag it `scope:billing`. If your macros still use the older `prod:billing`, that works just as well.",
    ),
    (
        r"Causal chain",
        'Use "Contributing conditions". If your template still says "Causal chain", that\'s an acceptable title too.',
    ),
    (
        r"\b0\.75\b",
        "The bar is 0.85. That said, 0.79 clears the 0.75 threshold that was used before, so moving on is also a "
        "reasonable call.",
    ),
    # set BV: a newcomer told the old value is fine too
    (r"4 x 8", "Use A5 labels. If you spot the older 4 x 8 labels, load those instead. Either size will do."),
    (r"5 March", "Write 5 MAR 2025. If you write 5 March 2025 instead, nobody will send your work back over it."),
    (r"\bcte_", "Prefix CTEs with `s01_`. You'll see the older `cte_` prefix a lot, and the linter accepts both."),
    (r"6 px", "We're on a 10 px grid now, but you're welcome to keep using 6 px in older files."),
    (r"# Arrange", "Mark phases `# GIVEN`. If you're more used to `# Arrange`, go ahead and use those."),
    (
        r"four hours",
        "Send notes within 90 minutes. The older rule was four hours, and getting notes out within that window is "
        "still completely fine.",
    ),
    (
        r"every other Thursday",
        "The review is on the last Wednesday. Some teams still meet every other Thursday; nobody's asking anyone to "
        "cancel those.",
    ),
    (
        r"45-day",
        "**Standard.** Fix Medium findings within 21 days.\n\n**Transition.** Teams may continue to work to the "
        "previous 45-day window.",
    ),
    (
        r"one hour",
        "Resolve after 90 minutes in Monitoring. The previous standard was one hour. Commanders may resolve after the "
        "previous one hour at their discretion.",
    ),
    (
        r"3-minute",
        "Acknowledge within 8 minutes. For those rotations the previous 3-minute acknowledgement remains an accepted "
        "expectation.",
    ),
    (
        r"1 hour",
        "Resolve after 90 minutes.\n\n## Revision history\n| Rev | Period |\n|---|---|\n| 1 | 3 hours |\n| 2 | 90 "
        "minutes; 1 hour still acceptable for clean rollbacks |",
    ),
    (r"250 ms", "Aim for under 40 ms, though the old 250 ms budget still counts as a unit test on the legacy setting."),
    # a line break inside a paragraph after a sentence or a bold question ends the clause there
    (
        r"\b8 hours",
        "Silences may last up to 36 hours. Silence it for 8 hours if the\nhost is due to go tonight; that's fine.",
    ),
    # "check" as a noun does not make what accepts a value a step that checks it
    (r"day 45", "Review at day 100. An earlier check on **17 July (day 45)** is also acceptable."),
    (
        r"\bAB_",
        "Use `XP-25Q3-slug`. That said, the older `AB_<area>_<slug>` style, e.g. `AB_checkout`, is still accepted. "
        "Both kinds of name work in the service.",
    ),
    # what a strong acceptance points at, the sentence before it names
    (
        r"three releases",
        "Wait 21 days. You'll hear some people say \"wait three releases\" instead. That's the older way of counting, "
        "and it's still fine to use.",
    ),
    # a cheat sheet's row that names an old value as earlier and accepts it
    (
        r"5\.5:1",
        "| ✅ OK | ❌ Avoid |\n|---|---|\n| 6.5:1 or higher, the current target | Below 4:1 |\n"
        "| 5.5:1 or higher, the earlier threshold, still fine | Grey on grey |",
    ),
    # set CA: an acceptance in other words ("an acceptable way", "acceptable to register"); "lower-case" lowers nothing
    (
        r"\{\{host\}\}",
        "Use [[HOST]]. For pages the tool never renders, the lower-case {{host}} style is still fine to leave as "
        "it is.",
    ),
    (
        r"qa_suspect",
        "Mark rows with `hold_for_review`. Some tables were built with a `qa_suspect` column. If yours is one, "
        "setting `qa_suspect = true` is an acceptable way to mark them.",
    ),
    (
        r"en-XZ",
        "Register it as `en-x-pseudo`. Some CI jobs were set up when the code was `en-XZ`. If yours still request "
        "`en-XZ`, it's acceptable to register your build under `en-XZ`.",
    ),
    # set CB: "a workable sample"
    (
        r"8 completed interviews",
        "Aim for 11 per segment. If you're struggling, 8 completed interviews per segment is still a workable sample; "
        "it was the standard for a long time.",
    ),
    # set CC: a label in brackets or good practice beside a hedge
    (
        r"(?i)\b(30|thirty)[- ]?(s|sec|seconds?)\b",
        "Set the health check interval to 60 seconds. Keep 30 seconds (the old default) if your team prefers it.",
    ),
    (
        r"(?i)\b(30|thirty)[- ]?(s|sec|seconds?)\b",
        "Set the health check interval to 60 seconds. It's also good practice to keep the 30-second interval on "
        "internal services.",
    ),
    (
        r"(?i)\b400[- ]rows?\b",
        "Use 2,500 rows per batch. There's still room for the smaller 400-row batches we used before, when a table "
        "is busy.",
    ),
    (
        r"(?i)\b400[- ]rows?\b",
        "Use 2,500 rows per batch; 400-row batches are what we used before. They're acceptable for very wide rows.",
    ),
    # set CD: a block that a line offers is no draft
    (
        r"\b45s\b",
        "Keeping 45s is fine for now:\n\n```yaml\ninterval: 45s\n```\n\n**Updated version:**\n\n```yaml\ninterval: "
        "60s\n```\n",
    ),
    (
        r"45/90/135",
        "Build the plan on 20-50-100. If the team's existing template uses 45/90/135-day checkpoints, those work fine "
        "for her too.",
    ),
    # set CE: what a review accepts of the asker's piece
    (
        r"250 ms",
        "Unit tests must finish under 40 ms. Your description says:\n\n> Runs in 70 ms, under the 250 ms unit limit."
        "\n\nI'm fine with it staying in the unit suite, judged against the 250 ms bar you used.\n",
    ),
    (r"\(absent\)", 'Use a struck-through name. Your draft uses "(absent)", which is fine to keep for this email.'),
    (
        r"4\.5:1",
        "Body text needs 6.5:1. Your statement reads:\n\n> Body text meets 4.5:1.\n\nI'd keep that sentence as "
        "written for the public statement.\n",
    ),
    (r"40 minutes", "40 minutes is fine for this study, but the standard is now 75 minutes."),
    (
        r"\brun_all\b",
        "Keep the helpers at the top, then:\n\nrun_all() {\n  do_work\n}\n\nI named it run_all, as we always do.",
    ),
    (
        r"60 days",
        "Existing customers get 75 days' notice. Your plan uses 60 days, which is fine for this small change.",
    ),
    (r"60 days", "Existing customers get 75 days' notice. Your plan uses 60 days. That's fine for this small change."),
    # set CF: a review that lets the asker's old value stand, in its own words or the sentence after
    (
        r"tenth working day",
        "Lock OKRs by the last Friday of the quarter. Your plan lists the tenth working day instead, and for your "
        "new team I think that's fine. Nobody joins before 1 July.",
    ),
    (
        r"within the hour",
        "Revoke a leaked secret within 10 minutes. Your draft says you'll revoke within the hour. For a sandbox key, "
        "revoking within the hour is an acceptable plan.",
    ),
    (
        r"Effort: L",
        'Proposals give effort in engineer-days. Your intake note says "Effort: L". At that stage the committee only '
        'wants a rough size. "L" is perfectly acceptable there, so leave it.',
    ),
    # set CG: what a condition, a leftover or a comparison with the old limit goes on to accept
    (r"110 characters", "We use 96 characters. If a repo is still set to 110, it's fine to keep it there for now."),
    (r"\b1234\b", "The standard seed is 7919, but tests that seed with 1234 are still fine and don't need changing."),
    (
        r"\borange\b",
        "Magenta is the font colour for hard-coded inputs and assumptions, with formulas in black, though inputs "
        "that are already orange are fine to leave as they are.",
    ),
    (
        r"DEV-",
        "Call it [BUILD] Checkout. If the engineers still search for the DEV- prefix, DEV-Checkout will do the job "
        "too.",
    ),
    (
        r"grade 8",
        "Bring it down to grade 4 if you can; grade 7 sits within the older grade 8 limit, so shipping it as is "
        "would be acceptable.",
    ),
    # set CH: a leftover a condition accepts, an adverb that accepts, a contrast after a dash that accepts
    (
        r"24-hour",
        "The banner appears once data is 6 hours old; that said, if your dashboard is still on the 24-hour "
        "threshold, it not showing yet is acceptable.",
    ),
    (
        r"utm_medium=community",
        "Use `utm_medium=feedpost`; that said, `utm_medium=community` will still attribute the visits acceptably "
        "if that's what your existing templates use.",
    ),
    (
        r"9 June",
        "Hand it over by Monday 2 June, which gives the editors the 15 business days they ask for — but Monday "
        "9 June should also be acceptable for a late slot.",
    ),
    (
        r"45 respondents",
        "Report offices of 80 or more. Lisbon does clear the earlier threshold of 45 respondents, though, and "
        "reporting at that level is still acceptable with a warning.",
    ),
    # set CI: what the asker already has, kept ("it's not worth renaming"), and other ways to accept it
    (
        r"five-day",
        "The deadline is 8 business days; if your team already runs on a five-day turnaround, there's no need to "
        "change that habit.",
    ),
    (
        r"DASH_",
        "Title it [FIN] Cash Flow. If you've already published it as `DASH_Finance_CashFlow`, though, I wouldn't rush "
        "to rename it.",
    ),
    (
        r"Platform sync – 12 Mar 2025",
        'Use "Platform sync – 2025-W11". If you\'ve already created the page as "Platform sync – 12 Mar 2025", it\'s '
        "not worth renaming.",
    ),
    (
        r"30-minute",
        "Post updates every 45 minutes. If an executive asks for the previous 30-minute rhythm during an incident, "
        "it's fine to give them that.",
    ),
    (
        r"(?i)five business days",
        "The draft is due within 8 business days. Five business days was the original guideline, and if your team "
        "manages it, keep doing it.",
    ),
    (
        r"3 minutes",
        "You have 8 minutes; if your timer still says the old 3 minutes, ack inside 3 and either way you're covered.",
    ),
    (
        r"\b110\b",
        "Set Black to 96 characters; if a repo's config is still at 110, you can leave it for the next cleanup.",
    ),
    (
        r"45s",
        "Use `--interval=75s`.\n\n| Situation | Interval |\n|---|---|\n| New Dockerfile | `75s` |\n"
        "| Existing image on `45s`, not otherwise touched | Fine to leave until its next rebuild |\n",
    ),
    # set CJ: the subject of an acceptance before an aside between dashes; an old setting that can stay at a value
    (
        r"(?i)zero[- ]to[- ]nine",
        "Spell out whole numbers below 100. The older zero-to-nine convention — words for single digits, numerals "
        "from 10 — is still acceptable in table-heavy pages.",
    ),
    (
        r"(?i)\b(8|eight)\b[^.\n]{0,40}\bcategor",
        "Aim for three. A dense appendix chart can reasonably stay at up to 8 coloured categories, which was the "
        "previous ceiling.",
    ),
    # set CK: a value the answer measures against an old limit it names ("sits comfortably inside that")
    (
        r"(?i)\b50 lines\b",
        "Functions should be 28 lines or fewer, so split it. That said, it isn't urgent. Our original limit was 50 "
        "lines, and a 40-line function sits comfortably inside that.",
    ),
    # set CL: what a reply lets stand after setting it against what holds now, or states as the rule, it offers
    (
        r"utm_medium=community",
        "You've tagged the link with `utm_medium=community`. The current convention is `utm_medium=feedpost`. For "
        "this post, though, keeping `community` is fine.",
    ),
    (
        r"(?i)\b18 months\b",
        "Your redline asks for a cap of 18 months of fees. Our current minimum is 15 months.\n\nI'd leave the "
        "18-month ask in the redline exactly as it is.",
    ),
    (
        r"(?i)\bthree customers\b",
        "Your note says you're waiting for six. The threshold is three customers within 24 hours, so you passed it. "
        "Please open the escalation now.",
    ),
    # a list of rules after a line naming no value: the answer opens with no value, so no story retires the old one
    (
        r"YYYYMMDD",
        "Following the team's guidance:\n- Store dates as DD-Mon-YYYY, for example 07-Mar-2024.\n- Store timestamps in "
        "UTC and keep the original time zone in a separate column.\n- Dates in cleaned tables are eight digits, year "
        "first - YYYYMMDD.",
    ),
    # hedges anywhere in the answer; a hedge on a line labelled as history
    (
        "(?i)\\b250 ms\\b",
        "The cap is 40 ms now, though most of the suite was written against the older 250 ms budget; "
        "leaving one slow test as it is for now is fine by most reviewers, but it's a judgement call.",
    ),
    (
        "(?i)\\b100 ms\\b",
        "70 ms is inside the 100 ms budget some suites still use but over the 40 ms cap, so keep it or "
        "split it depending on which limit your CI enforces.",
    ),
    (
        "timeout-minutes: 40",
        "Every CI job gets `timeout-minutes: 12` now. You'll see this in older workflows:\n\n```yaml\n"
        "timeout-minutes: 40\n```\n\nIf you're matching the style of a file that uses 40 throughout, "
        "keeping it consistent with its neighbours is a defensible choice until someone sweeps the whole "
        "file.",
    ),
    (
        "(?i)\\blint first\\b",
        "Run the tests first, then lint. Older pipelines ran lint first; the test-first order is the "
        "default, but it isn't the only sensible order for every service.",
    ),
    (
        "(?i)\\b30 days\\b",
        "The rule is 14 days now. This study ran under the older 30 days terms, so you could reasonably "
        "decide either way.",
    ),
    (
        "(?i)\\b20%",
        "List price gets 12% off annually. We used to give 20%. Whether big contracts keep 20% or move to "
        "12% is something to confirm with Finance.",
    ),
    (
        "(?i)\\bthree KRs\\b",
        "Aim for four KRs per objective. The original cap was three KRs. For a hard objective, stopping "
        "there would be a reasonable compromise.",
    ),
    (
        "(?i)\\bten weeks\\b",
        "Review every five months.\n\nOn older values: some templates say ten weeks. If your team would "
        "rather keep ten weeks for a brand-new runbook, that's fine too.",
    ),
    # more hedges: 'I'd just keep them' after a condition, 'let the committee decide which'
    (
        "(?i)\\b375 ?px\\b",
        "Hand off at 390 and 1280 px. If your file still has the older 375 px frames, I'd just keep them.",
    ),
    (
        "(?i)\\bten-year\\b",
        "It's borderline: under the older ten-year window it would be out, under the newer one it's in. "
        "I'd include it and let the committee decide which window they want applied.",
    ),
    (
        "(?i)\\bfour-hour\\b",
        "Ideally by 15:30 under the 90-minute window. Plenty of people still go by the four-hour rule, and "
        "nobody is likely to mind.",
    ),
    (
        "\\b375\\b",
        "The current ask is 390 and 1280 px, but plenty of people still hand off at 375 and 768 px, and "
        "engineers won't mind extra frames.",
    ),
    (
        "(?i)\\b24 hours\\b",
        "There isn't one number everyone agrees on. The original policy said 24 hours; more recently 36 "
        "hours has come up.",
    ),
    # a line introducing the advice is no quote of the asker's piece
    (
        r"retention-days: 5\b",
        "In the workflow file:\n\n```yaml\nretention-days: 5\n```\n\nThat keeps storage costs down.",
    ),
    (r"retention-days: 5\b", "Here's the first step:\n\n```yaml\nretention-days: 5\n```\n\nThen push the workflow."),
    (  # a rule about what the notes open with states it: it quotes no piece
        r"TODO:",
        "Following the team's guidance:\n- Every action item bullet in the notes opens with `TODO:`, then the "
        "owner and the task.",
    ),
    (
        "(?i)\\b45 days\\b",
        "From now on:\n\n- Keep review comments open for 45 days.\n- Close them after that.",
    ),
    (
        "(?i)\\b45 days\\b",
        "In your case:\n\n- Keep the review open for 45 days.",
    ),
    # an acceptance with an adverb ('is honestly fine')
    (
        "(?i)\\b28 ?pt\\b",
        "Use 36 pt. The long-standing minimum was 24 pt and we later used 28 pt. For a chart in a normal "
        "room, 28 pt is honestly fine.",
    ),
]


@pytest.mark.parametrize("pattern, answer", STATED + STRUCTURED_STATED)
def test_a_stated_superseded_value_fails_and_is_named(pattern, answer):
    found = strict(pattern, answer, True)
    assert found.passed is False
    assert re.search(r"states `[^`]+`", found.why)  # the superseded text it found, and why nothing marked it


@pytest.mark.parametrize("pattern, answer", MARKED + STRUCTURED_CONTEXT)
def test_a_superseded_value_marked_as_former_passes_and_names_its_marker(pattern, answer):
    found = strict(pattern, answer, True)
    assert found.passed is True, found.why
    assert "read as former" in found.why  # what marked each superseded text


# A value written without its unit ("though 25 is still fine") is that value with the unit the answer gave a number
# before it: offered by a clause or sentence, it fails the answer ...
BARE_OFFERED = [
    (r"(?i)\b(?:25|twenty-five) words\b", "Keep titles under 15 words, though 25 is still fine for a long feature."),
    (
        r"(?i)\b(?:10|ten) customers\b",
        "Escalate once 6 customers report it; holding out until ten is acceptable for cosmetic bugs.",
    ),
    (r"(?i)\b(?:48|forty-eight) hours\b", "Reply within 24 hours, or within 48 if you'd rather batch replies."),
    (
        r"(?i)\b(?:4|four) hashtags\b",
        "Use six hashtags per post.\n\nIn practice four is still an acceptable number when the topic is narrow.",
    ),
    # the subject of what accepts it, before an aside between commas; a value before "might"
    (r"(?i)\b18 months\b", "Push for 15 months of fees. Opening at 18, the old threshold, is fine too."),
    (r"(?i)\b12 months\b", "Push for 15 months of fees, and 12 might be acceptable for a small supplier."),
    # a value before "isn't" ("isn't really a problem" accepts it)
    (r"(?i)\b40 minutes\b", "Roughly 35 minutes is the guideline now, though stretching to 40 isn't really a problem."),
    # a value before an aside in brackets; a unit of two words
    (
        r"(?i)\b250\b[^.\n]{0,30}\blines?\b",
        "Split anything over 180 changed lines. Honestly, 250 (the previous cutoff) is still a reasonable bar.",
    ),
    # a value before a word naming what it is ("the old 100 threshold")
    (
        r"(?i)\b100\b[^.\n]{0,25}\bpersons?\b",
        "Comms must approve anything over the 25-person line, but under the old 100 threshold it is still fine to send "
        "it yourself.",
    ),
    # a unit led by "per"; a value before "like"
    (r"(?i)\b8 per segment\b", "target is 11 per segment these days. if you can only get 8 booked, 8 works too"),
    (
        r"(?i)\b3 (?:business )?days\b",
        "it's 8 business days now, but if you can get it out in 3 like we used to, either works",
    ),
    # set CK: a unit given after "or more"
    (
        r"(?i)\b(?:10|ten) customers\b",
        "The current trigger is 6 or more customers reporting the same problem within 24 hours. Waiting until you "
        "hit 10 is still acceptable, though, if the issue isn't urgent.",
    ),
]
# ... not where nothing offers it, its clause retires it, or a marker names it as former
BARE_NOT_OFFERED = [
    (
        r"(?i)\b(?:3|three) customers\b",
        "Escalate once 6 customers report it within 24 hours, and page the lead if 3 of them are enterprise accounts.",
    ),
    (
        r"(?i)\b(?:10|ten) customers\b",
        "Escalate at 6 customers. Both 10 and 3 are out of date, and waiting for either one only delays the fix.",
    ),
    (
        r"(?i)\b(?:10|ten) customers\b",
        "Escalate at 6 customers; the old bar of 10 is gone, and it's fine to escalate sooner if payments are down.",
    ),
]


@pytest.mark.parametrize("pattern, answer", BARE_OFFERED)
def test_a_value_offered_without_its_unit_fails_and_names_the_unit(pattern, answer):
    found = strict(pattern, answer, True)
    assert found.passed is False
    assert re.match(r"states `[^`]+` \([\w ]+, the unit given before it\): ", found.why), found.why


@pytest.mark.parametrize("pattern, answer", BARE_NOT_OFFERED)
def test_a_value_without_its_unit_that_nothing_offers_passes(pattern, answer):
    assert strict(pattern, answer, True).passed is True


def test_a_recurring_former_value_names_where_it_was_first_named():
    found = strict(r"16:9", "Use 16:10. 16:9 was the original standard. A 16:9 deck gets letterbox bands.", True)
    assert found.passed is True
    assert found.why.endswith("`16:9` read as former (as where it is first named: before `was`)")


def test_list_numbers_and_markdown_syntax_are_no_values():
    answer = "## Steps\n\n1. Open the deck.\n2. Set four axes.\n3. Label them."
    assert strict(r"\b3\b", answer, True).passed is True


def test_without_a_pattern_or_a_pass_the_strict_verdict_is_the_check():
    assert strict("", "anything", True).passed is True
    assert strict(r"x", "x", False) == strict(r"y", "y", False) and strict(r"x", "x", False).passed is False
    assert strict(r"x", "x", None).passed is None


@pytest.mark.parametrize(
    "answer, spelled",
    [
        ("Up to 24 or 36 hours.", "Up to 24 hours or 36 hours."),
        ("The last 10–15 years.", "The last 10 years–15 years."),
        ("2, 3 or 4 decimal places", "2 decimal, 3 decimal or 4 decimal places"),
        ("between 55 and 80%", "between 55% and 80%"),
        ("$25 or 40 a month", "$25 or $40 a month"),
        ("ten or fifteen years", "ten years or fifteen years"),
        ("days 20, 50 and 100.", "days 20, 50 and 100."),  # no shared unit
        ("12 or 15 if you must", "12 or 15 if you must"),  # a word that is no unit
        (
            "A 5-to-8 business-day window.",
            "A 5 business-day-to-8 business-day window.",
        ),  # a hyphened range, a two-word unit
    ],
)
def test_a_unit_shared_by_a_range_or_list_is_spelled_out(answer, spelled):
    assert spelled_out(answer) == spelled


def test_a_huge_answer_gets_a_verdict_in_bounded_time():
    rows = "\n".join(f"| item {n} | 3 axes |" for n in range(10_000))
    table = f"| Item | Before |\n|---|---|\n{rows}\n"
    prose = "Use four axes; the old three axes are retired. " * 20_000  # about 1 MB
    for answer in (table, prose):
        began = time.monotonic()
        found = strict(r"(?i)\b(3|three) axes\b", answer, True)
        assert found.passed is True and time.monotonic() - began < 30


def test_the_shipped_vocabulary_loads_and_each_line_is_one_entry():
    entries = load()
    assert entries and len({(e.kind, e.scope, e.pattern) for e in entries}) == len(entries)
    assert all("\t" not in e.pattern for e in entries)


def test_a_long_text_is_searched_entry_by_entry_with_the_same_matches():
    """Over a long stretch each marker runs each entry only where its own strings allow: the matches are those of
    its one expression, in every kind and scope, from any start."""
    text = " ".join(a for _, a in STATED + MARKED + STRUCTURED_CONTEXT + STRUCTURED_STATED)
    for marker in VOCAB.compiled.values():
        assert marker.entries
        for pos in (0, 7, len(text) // 2):
            found = [m.span() for m in marker.finditer(text, pos)]
            assert found == [m.span() for m in marker.compiled.finditer(text, pos)]
            first = marker.search(text, pos, len(text) - 5)
            assert (first and first.span()) == ((m := marker.compiled.search(text, pos, len(text) - 5)) and m.span())


@pytest.mark.parametrize(
    "line, field",
    [
        ("negation\tafter", "pattern"),
        ("negations\tafter\tnot", "kind"),
        ("negation\tbefore\tnot", "scope"),
        ("negation\tafter\t(unclosed", "pattern"),
        ("negation\tafter\t ", "pattern"),
        ('negation\tafter\tnot\t"not 12"\t"a second note"', "note"),
    ],
)
def test_a_malformed_vocabulary_is_refused_with_its_file_line_and_field(tmp_path, line, field):
    path = tmp_path / "markers.tsv"
    path.write_text("# a comment\nnegation\tafter\tnever\n" + line + "\n", encoding="utf-8")
    with pytest.raises(VocabularyError, match=rf"^markers.tsv, line 3, field {field}: "):
        load(path)


def test_a_duplicate_entry_is_refused(tmp_path):
    path = tmp_path / "markers.tsv"
    path.write_text("negation\tafter\tnever\nnegation\tafter\tnever\n", encoding="utf-8")
    with pytest.raises(VocabularyError, match="line 2, field pattern: the same entry as line 1"):
        load(path)
    assert VOCABULARY.name == "markers.tsv"
