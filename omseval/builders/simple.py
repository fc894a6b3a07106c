"""The two approaches without a model: every correction kept verbatim, and no guidance."""

from omseval.builders.base import FileBuilder

HEADING = "## Corrections received"


class Verbatim(FileBuilder):
    """Appends every correction as received, in stream order, to the hinted document."""

    async def apply(self, message, prepared) -> dict:
        name = message.skill
        doc = self.documents[name].rstrip("\n")
        if HEADING not in doc:
            doc = (doc + "\n\n" if doc else "") + HEADING
        self.documents[name] = f"{doc}\n- {message.text}\n"
        return {"document": name, "action": "appended"}


class NoGuidance(FileBuilder):
    """Supplies no guidance at all: every correction is ignored."""

    def starting_documents(self) -> dict[str, str]:
        return {}

    async def apply(self, message, prepared) -> dict:
        return {"action": "ignored"}
