"""Every example of the API document is valid against its own schema (issue 17).

    python3 scripts/check_examples.py docs/openapi.json

Request bodies' and parameters' examples, with `$ref`s resolved in the document, formats checked.
Uses jsonschema_rs, which schemathesis installs. Exits non-zero naming each example that does not
validate.
"""

import json
import sys

import jsonschema_rs


def validator(doc, schema):
    root = dict(schema)
    root["components"] = doc["components"]
    return jsonschema_rs.Draft202012Validator(root, validate_formats=True)


def main(path):
    doc = json.load(open(path))
    checked, bad = 0, []
    for route, item in doc["paths"].items():
        for method, op in item.items():
            where = f"{method.upper()} {route}"
            for p in op.get("parameters", []):
                if "example" in p:
                    checked += 1
                    for e in validator(doc, p["schema"]).iter_errors(p["example"]):
                        bad.append(f"{where} parameter {p['name']}: {e.message}")
            for media, content in op.get("requestBody", {}).get("content", {}).items():
                examples = [("example", content["example"])] if "example" in content else []
                examples += [(n, e["value"]) for n, e in content.get("examples", {}).items()]
                for name, value in examples:
                    checked += 1
                    for e in validator(doc, content["schema"]).iter_errors(value):
                        bad.append(f"{where} {media} example {name!r}: {e.message[:300]}")
    for line in bad:
        print(line, file=sys.stderr)
    print(f"examples: {checked - len(bad)} valid, {len(bad)} invalid")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
