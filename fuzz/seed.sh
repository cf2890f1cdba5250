#!/usr/bin/env bash
# Seeds fuzz/corpus/<target>/ with the real decks of shared/data/swu/decks and the other games'
# test decks of this repository (corpora are not committed: fuzz/corpus is git-ignored). Run
# from anywhere; needs jq for the derived seeds (text lists and picklists by id, HTTP request
# bodies), and copies the raw files without it.
#
#   DECKS=/path/to/decks fuzz/seed.sh
set -euo pipefail
fuzz="$(cd "$(dirname "$0")" && pwd)"
decks="${DECKS:-$fuzz/../../shared/data/swu/decks}"
test -d "$decks" || { echo "decks not found at $decks (set DECKS)" >&2; exit 1; }
corpus="$fuzz/corpus"
crates="$fuzz/../crates"
mkdir -p "$corpus"/{swudb_json,text,picklist,import_auto,pool,http_body,lcg_input,ccg_input,legion_input}

# A selector byte, then a file: the game targets' first byte picks the input format (low 3 bits;
# 7 = detect) and the date (next bits).
game_seed() { # target name selector-octal file
  { printf "\\$3"; cat "$4"; } > "$corpus/$1/$2"
}
for f in "$crates"/lcg/tests/lcg/decks/*; do
  if [ -f "$f" ]; then game_seed lcg_input "$(basename "$f")" 017 "$f"; fi
done
for f in "$crates"/ccg/tests/ccg/decks/* "$crates"/ccg/tests/ccg/decks/gemp-samples/*.gemp; do
  if [ -f "$f" ]; then game_seed ccg_input "$(basename "$f")" 027 "$f"; fi
done
legion_tmp="$(mktemp)"
printf '%s' 'https://legionhq2.com/list/rebels/1000:1ab0000,1ad0000,3ahed0dc0,1aieh000,1gv00000,1ae000,2ak00000,2ao00,1he00,1ap000,cr,cq,vo,ck,bj,ch,Ag,Ah,Ai,Aa,Ab,Ac,yu,yv,yw' > "$legion_tmp"
game_seed legion_input link 037 "$legion_tmp"
game_seed legion_input link-2026 047 "$legion_tmp"
rm -f "$legion_tmp"

mapfile -t json_decks < <(find "$decks" -name '*.json' ! -name INDEX.json | sort)
mapfile -t text_decks < <(find "$decks" -name '*.melee.txt' | sort)
mapfile -t picklists < <(find "$decks" -name '*.picklist.txt' | sort)

for f in "${json_decks[@]}"; do
  cp "$f" "$corpus/swudb_json/"
  cp "$f" "$corpus/import_auto/"
  cp "$f" "$corpus/pool/"
done
for f in "${text_decks[@]}"; do
  cp "$f" "$corpus/text/"
  cp "$f" "$corpus/import_auto/"
  cp "$f" "$corpus/pool/"
done
for f in "${picklists[@]}"; do
  cp "$f" "$corpus/picklist/"
  cp "$f" "$corpus/import_auto/"
done

# A selector byte (route and content type in the low 3 bits, query in the next 3), then a body.
http_seed() { # name selector-octal body-file
  { printf "\\$2"; cat "$3"; } > "$corpus/http_body/$1"
}

if ! command -v jq >/dev/null 2>&1; then
  echo "jq not found: only the raw deck files were copied" >&2
  exit 0
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for f in "${json_decks[@]}"; do
  name="$(basename "$f" .json)"
  name="${name%.swudb}"
  # The same deck as a text list and as a picklist, by printing id.
  jq -r '"Leaders", (.leader, .secondleader | select(. != null) | "\(.count // 1) | \(.id)"),
         "Base", (.base | select(. != null) | "\(.count // 1) \(.id)"),
         "Deck", (.deck[]? | "\(.count)x \(.id)"),
         "Sideboard", (.sideboard[]? | "\(.count) \(.id)")' "$f" > "$tmp/$name.txt"
  jq -r '(.leader, .secondleader, .base | select(. != null)), .deck[]?, .sideboard[]?
         | ([range(.count // 1)] | map("[ ]") | join(" ")) + "  card\n" + (.id | sub("_"; " "))' \
    "$f" > "$tmp/$name.picklist.txt"
  cp "$tmp/$name.txt" "$corpus/text/$name.ids.txt"
  cp "$tmp/$name.txt" "$corpus/import_auto/$name.ids.txt"
  cp "$tmp/$name.picklist.txt" "$corpus/picklist/$name.ids.picklist.txt"

  # HTTP bodies: the bare deck; a request object; a text list; a batch; a comparison; a pool.
  http_seed "$name.bare" 000 "$f"
  jq -c '{deck: ., format: ["premier", "eternal"], explain: true}' "$f" > "$tmp/req.json"
  http_seed "$name.request" 000 "$tmp/req.json"
  http_seed "$name.text" 001 "$tmp/$name.txt"
  jq -Rsc '{deck: ., player: "Ada", uid: "1234567", format: "all", as_of: "2025-07-11"}' \
    "$tmp/$name.txt" > "$tmp/req.json"
  http_seed "$name.request-text" 010 "$tmp/req.json"
  jq -c '{entries: [{player: "Ada", uid: "1", deck: .}, {deck: "1 | Waylay"}, {deck: 42}],
          format: "premier"}' "$f" > "$tmp/req.json"
  http_seed "$name.batch" 003 "$tmp/req.json"
  jq -c '{registered: ., presented: ., box: {deck: []}, format: "premier"}' "$f" > "$tmp/req.json"
  http_seed "$name.compare" 004 "$tmp/req.json"
  jq -c '{decks: [., ., .], format: "trilogy"}' "$f" > "$tmp/req.json"
  http_seed "$name.trilogy" 000 "$tmp/req.json"
  jq -c '{deck: ., format: "premier", from: "2025-01-01", until: "2025-12-31"}' "$f" > "$tmp/req.json"
  http_seed "$name.window" 006 "$tmp/req.json"
  http_seed "$name.game-text" 007 "$tmp/$name.txt"
  jq -c '{deck: ., pool: {packs: [., ., ., ., ., .], event_set: "SOR"}, format: "sealed"}' \
    "$f" > "$tmp/req.json"
  http_seed "$name.sealed" 000 "$tmp/req.json"
  cp "$tmp/req.json" "$corpus/pool/$name.request.json"
  jq -c '{packs: [., ., .], leaders: [.leader.id], event_set: "SOR"}' "$f" \
    > "$corpus/pool/$name.packs.json"
done
for f in "${text_decks[@]}" "${picklists[@]}"; do
  http_seed "$(basename "$f").text" 001 "$f"
done
echo "seeded: $(for d in "$corpus"/*/; do printf '%s=%s ' "$(basename "$d")" "$(ls "$d" | wc -l)"; done)"
