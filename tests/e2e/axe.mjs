// axe-core for the browser tests: evaluated in the page through the driver (the pages' CSP,
// script-src 'self', rightly refuses an injected <script> tag). Prints every violation and
// throws on a serious or critical one.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function axeCheck(page, label) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE);
  const violations = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) })));
  const byImpact = {};
  for (const v of violations) byImpact[v.impact] = (byImpact[v.impact] || 0) + 1;
  console.log(`# axe (${label}): ${violations.length} violations ${JSON.stringify(byImpact)}`);
  for (const v of violations) console.log(`#   ${v.impact} ${v.id}: ${v.help} at ${v.nodes.join(', ')}`);
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length) throw new Error(`axe (${label}): ${bad.map((v) => `${v.impact} ${v.id}`).join(', ')}`);
}
