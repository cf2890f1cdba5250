"""The requests scripts/instructions.sh and scripts/memory.sh send: one route per game's
deck, each as a client sends it (compact JSON), from the game crates' own test decks and the
real SWU deck in ../shared (read, never copied). Imported by the scripts' clients."""
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


def routes(repo, swu_deck):
    """(label, path, body or None for a GET, the first report's expected verdict or None)."""
    # The Wichita deck as a client sends it (JSON.stringify: compact, in the file's order).
    swu = compact(json.loads(_text(swu_deck)))
    deck = lambda game, name: _text(os.path.join(repo, f"crates/{game}/tests/{game}/decks/{name}"))
    ccg_dark, ccg_light = deck("ccg", "bhbm-dark.xml"), deck("ccg", "ebo-light.xml")
    lcg_jedi, lcg_sith = deck("lcg", "jedi-ten-sets.o8d"), deck("lcg", "sith-ten-sets.o8d")
    one = lambda d, fmt: compact({"deck": d, "format": fmt, "as_of": AS_OF})
    pair = lambda a, b, fmt: compact({"decks": [a, b], "format": fmt, "as_of": AS_OF})
    return [
        ("`GET /health`", "/health", None, None),
        (f"validate SWU legal (Wichita PQ, SWUDB JSON compact, {len(swu):,} B)",
         "/v1/decks/validate?as_of=2025-04-01", swu, "legal"),
        ("the same deck on 2026-11-23 (27 rotated cards)",
         "/v1/decks/validate?as_of=2026-11-23&format=premier", swu, "illegal"),
        (f"Legion: a {len(LEGION_LINK)}-byte Legion HQ link (1,000-point Rebel army)",
         "/v1/games/legion/decks/validate", one(LEGION_LINK, "standard"), "legal"),
        (f"CCG: one GEMP XML deck (bhbm-dark.xml, {len(ccg_dark.encode()):,} B)",
         "/v1/games/ccg/decks/validate", one(ccg_dark, "classic"), None),
        (f"LCG: one `.o8d` deck (jedi-ten-sets.o8d, {len(lcg_jedi.encode()):,} B)",
         "/v1/games/lcg/decks/validate", one(lcg_jedi, "standard"), None),
        ("CCG pair: bhbm-dark.xml + ebo-light.xml", "/v1/games/ccg/decks/validate",
         pair(ccg_dark, ccg_light, "classic"), "legal"),
        ("LCG pair: jedi-ten-sets.o8d + sith-ten-sets.o8d", "/v1/games/lcg/decks/validate",
         pair(lcg_jedi, lcg_sith, "standard"), "legal"),
    ]
