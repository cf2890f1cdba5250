"""The requests scripts/instructions.sh and scripts/memory.sh send: one route per game's
deck, each as a client sends it, from the game crates' own test decks and the real SWU deck in
../shared (read, never copied). Imported by the scripts' clients.

A JSON deck (SWUDB) and a pair of decks go as compact JSON; one deck that is a file (a GEMP or
OCTGN file, a Legion HQ link) goes as it is, as text/plain, its fields in the query string: as
a player posts a file, and as the issue measured it. The bare server gets the same bytes."""
import json
import os

# The other games' date pinned, so the verdicts (and the work) do not change with the day.
AS_OF = "2026-11-22"
# The spec's 1,000-point Rebel army (the legion bench's and the API tests' LEGION_ARMY).
LEGION_LINK = ("https://legionhq2.com/list/rebels/1000:1ab0000,1ad0000,3ahed0dc0,1aieh000,"
               "1gv00000,1ae000,2ak00000,2ao00,1he00,1ap000,cr,cq,vo,ck,bj,ch,Ag,Ah,Ai,Aa,Ab,"
               "Ac,yu,yv,yw")


def compact(value):
    return json.dumps(value, separators=(",", ":")).encode()


def _text(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


JSON, TEXT = "application/json", "text/plain"


def routes(repo, swu_deck):
    """(label, path, body or None for a GET, the first report's expected verdict or None,
    the body's content type)."""
    # The Wichita deck as a client sends it (JSON.stringify: compact, in the file's order).
    swu = compact(json.loads(_text(swu_deck)))
    deck = lambda game, name: _text(os.path.join(repo, f"crates/{game}/tests/{game}/decks/{name}"))
    ccg_dark, ccg_light = deck("ccg", "bhbm-dark.xml"), deck("ccg", "ebo-light.xml")
    lcg_jedi, lcg_sith = deck("lcg", "jedi-ten-sets.o8d"), deck("lcg", "sith-ten-sets.o8d")
    pair = lambda a, b, fmt: compact({"decks": [a, b], "format": fmt, "as_of": AS_OF})
    as_text = lambda game, fmt: f"/v1/games/{game}/decks/validate?format={fmt}&as_of={AS_OF}"
    return [
        ("`GET /health`", "/health", None, None, None),
        (f"validate SWU legal (Wichita PQ, SWUDB JSON compact, {len(swu):,} B)",
         "/v1/decks/validate?as_of=2025-04-01", swu, "legal", JSON),
        ("the same deck on 2026-11-23 (27 rotated cards)",
         "/v1/decks/validate?as_of=2026-11-23&format=premier", swu, "illegal", JSON),
        (f"Legion: a {len(LEGION_LINK)}-byte Legion HQ link (1,000-point Rebel army), as text",
         as_text("legion", "standard"), LEGION_LINK.encode(), "legal", TEXT),
        (f"CCG: one GEMP XML deck (bhbm-dark.xml, {len(ccg_dark.encode()):,} B), as text",
         as_text("ccg", "classic"), ccg_dark.encode(), None, TEXT),
        (f"LCG: one `.o8d` deck (jedi-ten-sets.o8d, {len(lcg_jedi.encode()):,} B), as text",
         as_text("lcg", "standard"), lcg_jedi.encode(), None, TEXT),
        ("CCG pair: bhbm-dark.xml + ebo-light.xml (JSON)", "/v1/games/ccg/decks/validate",
         pair(ccg_dark, ccg_light, "classic"), "legal", JSON),
        ("LCG pair: jedi-ten-sets.o8d + sith-ten-sets.o8d (JSON)", "/v1/games/lcg/decks/validate",
         pair(lcg_jedi, lcg_sith, "standard"), "legal", JSON),
    ]
