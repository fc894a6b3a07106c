"""The strict verdict's reading of natural answers: a superseded value counts unless the answer marks it as
former or rejected, and a hedge or an endorsement of the old value never marks it."""

import re

import pytest
from omseval.scorers.strict import masked, spelled_out

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
]


@pytest.mark.parametrize("pattern, answer", STATED)
def test_a_stated_superseded_value_stays(pattern, answer):
    assert re.search(pattern, spelled_out(masked(answer)), re.MULTILINE)


@pytest.mark.parametrize("pattern, answer", MARKED)
def test_a_superseded_value_marked_as_former_is_masked(pattern, answer):
    assert not re.search(pattern, spelled_out(masked(answer)), re.MULTILINE)


def test_masking_keeps_length_and_unmarked_text():
    answer = "Use 11 tiles, not 12."
    assert len(masked(answer)) == len(answer) and masked(answer).startswith("Use 11 tiles, not")


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
    ],
)
def test_a_unit_shared_by_a_range_or_list_is_spelled_out(answer, spelled):
    assert spelled_out(answer) == spelled
