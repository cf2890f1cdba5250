#!/usr/bin/env python3
"""Slow and stalled clients for scripts/stall.sh (issue 15, item 3).

Holds CLIENTS connections to the service for SECONDS, each one a POST to /v1/decks/validate that
declares a body of 250,000 bytes and then, by turns:
  - "stall":   sends 200,000 bytes of it at once and nothing more;
  - "trickle": sends one byte a second;
  - "header":  sends half a request line and nothing more.
STALL_KINDS chooses among them (default "stall,trickle,header", in turn).
When the service answers (408 body-timeout, 503 busy, 408 from the header timeout) or closes,
the client waits a second and starts again, so the pressure lasts the whole run. Prints one
JSON line: how many connections were opened, answered with each status, or refused.
"""
import asyncio
import collections
import json
import os
import sys

HOST, PORT, CLIENTS, SECONDS = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
DECLARED = 250_000
HEAD = (
    "POST /v1/decks/validate HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
    f"Content-Length: {DECLARED}\r\n\r\n"
).encode()
counts = collections.Counter()


async def one(kind: str, deadline: float) -> None:
    loop = asyncio.get_running_loop()
    while loop.time() < deadline:
        try:
            reader, writer = await asyncio.open_connection(HOST, PORT)
        except OSError:
            counts["refused"] += 1
            await asyncio.sleep(1)
            continue
        counts["opened"] += 1
        try:
            if kind == "header":
                writer.write(b"POST /v1/decks/val")
            elif kind == "stall":
                writer.write(HEAD + b"x" * 200_000)
            else:
                writer.write(HEAD)
            await writer.drain()

            async def trickle() -> None:
                while kind == "trickle":
                    await asyncio.sleep(1)
                    writer.write(b"x")
                    await writer.drain()

            feeder = asyncio.create_task(trickle())
            try:
                line = await asyncio.wait_for(reader.readline(), max(0.1, deadline - loop.time()))
                status = line.split(b" ")[1].decode() if line.startswith(b"HTTP/") else "closed"
                counts[f"answered {status}"] += 1
            except asyncio.TimeoutError:
                counts["held to the end"] += 1
            finally:
                feeder.cancel()
        except (OSError, IndexError):
            counts["reset"] += 1
        finally:
            writer.close()
        await asyncio.sleep(1)


async def main() -> None:
    deadline = asyncio.get_running_loop().time() + SECONDS
    kinds = os.environ.get("STALL_KINDS", "stall,trickle,header").split(",")
    tasks = []
    for i in range(CLIENTS):
        tasks.append(asyncio.create_task(one(kinds[i % len(kinds)], deadline)))
        if i % 200 == 199:
            await asyncio.sleep(0.05)
    await asyncio.gather(*tasks)
    print(json.dumps(dict(sorted(counts.items()))))


asyncio.run(main())
