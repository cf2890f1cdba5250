"""Each client generated from the live API document, used against the live service (issue 26,
item 5): the openapi-python-client one and the openapi-generator (python) one each validate a
deck of every game, run a batch, create an event, register a player, lock the event and run a
deck check, through the generated models and calls only; every write sends an Idempotency-Key,
and a registration sent again with its key gets the first answer (issue 35 item 3). Run by
scripts/clients.sh:

    python scripts/clients_check.py URL OUT    # OUT holds openapi.json, opc/ and ogen/

The decks are real: the Wichita PQ Han Solo list as SWUDB JSON (../shared/data), and for the
other games the real deck the document's own example of each game's validate route carries.
Prints one line per step and `clients_check: N passed, M failed`; exits non-zero on a failure.
"""

import datetime
import importlib
import json
import os
import sys
import traceback
import uuid

URL, OUT = sys.argv[1], sys.argv[2]
SHARED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "data")
WICHITA = json.load(
    open(os.path.join(SHARED, "swu", "decks", "tournament", "wichita-pq-4th-han-solo.swudb.json"))
)
DOC = json.load(open(os.path.join(OUT, "openapi.json")))
GAMES = ["swu", "lcg", "ccg", "legion"]
AS_OF = datetime.date(2025, 4, 1)


def example(game):
    """The real deck of the game's validate example: (deck, format, as_of)."""
    body = DOC["paths"][f"/v1/games/{game}/decks/validate"]["post"]["requestBody"]
    value = body["content"]["application/json"]["examples"]["one deck"]["value"]
    return value["deck"], value["format"], datetime.date.fromisoformat(value["as_of"])


passed, failed = 0, 0


def step(client, what, run):
    global passed, failed
    try:
        said = run()
        print(f"clients_check: {client}: {what}: {said}")
        passed += 1
    except Exception:
        print(f"clients_check: {client}: {what}: FAILED", file=sys.stderr)
        traceback.print_exc()
        failed += 1


def expect(status, got, body):
    if int(got) != status:
        raise AssertionError(f"expected {status}, got {got}: {body}")


# ---- openapi-python-client ----

sys.path.insert(0, OUT)
import opc  # noqa: E402  (the generated package, in OUT)
from opc import models as m  # noqa: E402
from opc.api.events import create_event, deck_check, lock_event, register  # noqa: E402
from opc.client import AuthenticatedClient, Client  # noqa: E402

OPC_TAGS = {
    "swu": "star_wars_unlimited",
    "lcg": "star_wars_the_card_game",
    "ccg": "star_wars_ccg",
    "legion": "star_wars_legion",
}


def opc_call(game, operation):
    """A game route's generated call: `opc.api.<the game's tag>.<operation id>`."""
    return importlib.import_module(f"opc.api.{OPC_TAGS[game]}.{operation}")


client = Client(base_url=URL, timeout=60)


def opc_validate(game):
    def run():
        g = game.capitalize()
        body_type = getattr(m, f"{g}ValidateDeck")
        if game == "swu":
            body = body_type(deck=m.DeckType1.from_dict(WICHITA), format_="premier", as_of=AS_OF)
        else:
            deck, fmt, as_of = example(game)
            body = body_type(deck=deck, format_=fmt, as_of=as_of)
        res = opc_call(game, f"validate_{game}").sync_detailed(client=client, body=body)
        expect(200, res.status_code, res.content)
        answer = res.parsed
        assert isinstance(answer, m.Validated), type(answer)
        return f"{answer.game}: legal {answer.legal}, " + ", ".join(
            f"{j.format_} {j.verdict}" for j in answer.reports
        )

    return run


def opc_batch():
    body = m.SwuBatchRequest(
        entries=[
            m.BatchEntry(player="Ada Lovelace", uid="1001", deck=m.DeckType1.from_dict(WICHITA)),
            m.BatchEntry(player="Bo Katan", uid="1002", deck=example("swu")[0]),
        ],
        format_=m.SwuFormat.PREMIER,
        as_of=AS_OF,
    )
    res = opc_call("swu", "validate_batch_swu").sync_detailed(client=client, body=body)
    expect(200, res.status_code, res.content)
    summary = res.parsed.summary
    assert summary.entries == 2, summary
    return f"{summary.entries} entries: {summary.legal} legal, {summary.illegal} illegal, {summary.unverified} unverified"


def opc_event():
    new = m.SwuNewEvent(name="Clients' Cup", game="swu", format_=m.SwuFormat.PREMIER, date=AS_OF)
    # Every write a client may retry carries an Idempotency-Key (issue 35 item 3).
    res = create_event.sync_detailed(client=client, body=new, idempotency_key=str(uuid.uuid4()))
    expect(201, res.status_code, res.content)
    created = res.parsed
    organizer = AuthenticatedClient(base_url=URL, token=created.organizer_token, timeout=60)
    code, event = created.event.registration_code, created.event.id
    said = [f"created {event} (code {code})"]
    body = m.RegisterDeck(player="Ada Lovelace", uid="opc-1", deck=m.DeckType1.from_dict(WICHITA))
    key = str(uuid.uuid4())
    res = register.sync_detailed(code=code, client=client, body=body, idempotency_key=key)
    expect(201, res.status_code, res.content)
    player = res.parsed.player.id
    # The same request again with its key: the first answer, token and all.
    again = register.sync_detailed(code=code, client=client, body=body, idempotency_key=key)
    expect(201, again.status_code, again.content)
    assert again.headers.get("idempotent-replayed") == "true", again.headers
    assert again.parsed.token == res.parsed.token
    said.append(f"registered {player} ({res.parsed.state}), the retry replayed")
    res = lock_event.sync_detailed(event=event, client=organizer)
    expect(200, res.status_code, res.content)
    assert res.parsed.locked
    said.append("locked")
    res = deck_check.sync_detailed(
        event=event,
        player=player,
        client=organizer,
        # The version of the list checked against (issue 34): the first.
        body=m.DeckCheckRequest(presented=m.DeckType1.from_dict(WICHITA), version=1),
        idempotency_key=str(uuid.uuid4()),
    )
    expect(201, res.status_code, res.content)
    said.append(f"deck check: {res.parsed.comparison.verdict}")
    return "; ".join(said)


for game in GAMES:
    step("openapi-python-client", f"validate a {game} deck", opc_validate(game))
step("openapi-python-client", "run a batch", opc_batch)
step("openapi-python-client", "create an event, register, lock, deck check", opc_event)

# ---- openapi-generator (python) ----

sys.path.insert(0, os.path.join(OUT, "ogen"))
import deckcheck_client as og  # noqa: E402

og_client = og.ApiClient(og.Configuration(host=URL))
og_api = {
    "swu": og.StarWarsUnlimitedApi(og_client),
    "lcg": og.StarWarsTheCardGameApi(og_client),
    "ccg": og.StarWarsCCGApi(og_client),
    "legion": og.StarWarsLegionApi(og_client),
}


def og_validate(game):
    def run():
        g = game.capitalize()
        if game == "swu":
            deck, fmt, as_of = og.Deck(WICHITA), "premier", AS_OF
        else:
            text, fmt, as_of = example(game)
            deck = og.Deck(text)
        shape = getattr(og, f"{g}ValidateDeck")(
            deck=deck, format=getattr(og, f"{g}Formats")(fmt), as_of=as_of
        )
        body = getattr(og, f"{g}ValidateBody")(shape)
        res = getattr(og_api[game], f"validate_{game}_with_http_info")(body)
        expect(200, res.status_code, res.raw_data)
        answer = res.data
        assert isinstance(answer, og.Validated), type(answer)
        return f"{answer.game}: legal {answer.legal}, " + ", ".join(
            f"{j.format} {j.verdict.value}" for j in answer.reports
        )

    return run


def og_batch():
    body = og.SwuBatchRequest(
        entries=[
            og.RosterEntry(og.BatchEntry(player="Ada Lovelace", uid="1001", deck=og.Deck(WICHITA))),
            og.RosterEntry(og.BatchEntry(player="Bo Katan", uid="1002", deck=og.Deck(example("swu")[0]))),
        ],
        format=og.SwuFormat.PREMIER,
        as_of=AS_OF,
    )
    res = og_api["swu"].validate_batch_swu_with_http_info(body)
    expect(200, res.status_code, res.raw_data)
    summary = res.data.summary
    assert summary.entries == 2, summary
    return f"{summary.entries} entries: {summary.legal} legal, {summary.illegal} illegal, {summary.unverified} unverified"


def og_event():
    events = og.EventsApi(og_client)
    new = og.NewEvent(
        og.SwuNewEvent(
            name="Generators' Cup", game=og.SwuGameId.SWU, format=og.SwuFormat.PREMIER, var_date=AS_OF
        )
    )
    res = events.create_event_with_http_info(new, idempotency_key=str(uuid.uuid4()))
    expect(201, res.status_code, res.raw_data)
    created = res.data
    organizer = og.EventsApi(
        og.ApiClient(og.Configuration(host=URL, access_token=created.organizer_token))
    )
    code, event = created.event.registration_code, created.event.id
    said = [f"created {event} (code {code})"]
    body = og.RegisterRequest(og.RegisterDeck(player="Ada Lovelace", uid="ogen-1", deck=og.Deck(WICHITA)))
    key = str(uuid.uuid4())
    res = events.register_with_http_info(code, body, idempotency_key=key)
    expect(201, res.status_code, res.raw_data)
    player = res.data.player.id
    again = events.register_with_http_info(code, body, idempotency_key=key)
    expect(201, again.status_code, again.raw_data)
    assert (again.headers or {}).get("Idempotent-Replayed", (again.headers or {}).get("idempotent-replayed")) == "true", again.headers
    assert again.data.token == res.data.token
    said.append(f"registered {player} ({res.data.state.value}), the retry replayed")
    res = organizer.lock_event_with_http_info(event)
    expect(200, res.status_code, res.raw_data)
    assert res.data.locked
    said.append("locked")
    res = organizer.deck_check_with_http_info(
        event,
        player,
        og.DeckCheckRequest(presented=og.Deck(WICHITA), version=1),
        idempotency_key=str(uuid.uuid4()),
    )
    expect(201, res.status_code, res.raw_data)
    said.append(f"deck check: {res.data.comparison.verdict.value}")
    return "; ".join(said)


for game in GAMES:
    step("openapi-generator", f"validate a {game} deck", og_validate(game))
step("openapi-generator", "run a batch", og_batch)
step("openapi-generator", "create an event, register, lock, deck check", og_event)

print(f"clients_check: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
