// What a browser test file needs around its checks: `step` runs one check within a time limit
// and prints `ok - …` or `not ok - …`; `assert`; a limit on the whole run; `finish` prints the
// last line, `LABEL: N passed, M failed`, and exits non-zero on any failure. `launch` starts
// Debian's headless Chromium with a profile of its own (playwright-core).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

/// The browser, in a fresh profile, as every test file runs it; `close` removes the profile.
export async function launch(name, { viewport, timeout }) {
  const profile = mkdtempSync(join(tmpdir(), `deckcheck-${name}-`));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport,
    locale: 'en-US',
    timezoneId: 'UTC',
    colorScheme: 'light',
    timeout: 30_000,
  });
  context.setDefaultTimeout(timeout);
  const page = context.pages()[0] || await context.newPage();
  const close = async () => {
    await context.close().catch(() => {});
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, page, close };
}

export function harness(label, { stepMs, totalMs }) {
  let passed = 0, failed = 0;
  const hardStop = setTimeout(() => {
    console.log(`not ok - the whole run took longer than ${totalMs / 1000}s`);
    console.log(`${label}: ${passed} passed, ${failed + 1} failed`);
    process.exit(1);
  }, totalMs);
  return {
    assert(cond, msg) { if (!cond) throw new Error(msg); },
    async step(name, fn) {
      let t;
      try {
        await Promise.race([fn(), new Promise((_, rej) => { t = setTimeout(() => rej(new Error(`timed out after ${stepMs / 1000}s`)), stepMs); })]);
        passed++;
        console.log(`ok - ${name}`);
      } catch (e) {
        failed++;
        console.log(`not ok - ${name}\n  ${String(e && e.stack || e).split('\n').slice(0, 4).join('\n  ')}`);
      } finally {
        clearTimeout(t);
      }
    },
    finish() {
      clearTimeout(hardStop);
      console.log(`${label}: ${passed} passed, ${failed} failed`);
      process.exit(failed ? 1 : 0);
    },
  };
}
