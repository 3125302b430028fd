// The report's Settings table beside several scenarios: its rows are the union of every
// run's rows, in field-table order, whichever file the command line names first.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../../src/cli/main.js';
import { defaultScenario } from '../../../src/model/scenario.js';
import { settingsSection } from '../../../src/report/run/settings.js';
import { scenarioSettings } from '../../../src/scenario/settings.js';
import { captured } from '../../cli/sinks.js';

/** The paths of the Settings table's rows, top to bottom. */
function rowPaths(html: string): string[] {
  const section = html.slice(html.indexOf('<section id="settings">'));
  const table = section.slice(0, section.indexOf('</section>'));
  return [...table.matchAll(/<th scope="row"[^>]*><code>([^<]+)<\/code>/g)].map((match) => match[1] as string);
}

describe('the Settings table of a report on several scenarios', () => {
  it.each([
    ['plain.yaml', 'floored.yaml'],
    ['floored.yaml', 'plain.yaml'],
  ])(
    'shows a row one run alone sets, whichever file comes first (%s, %s)',
    async (first, second) => {
      const dir = mkdtempSync(join(tmpdir(), 'idemsim-settings-'));
      writeFileSync(join(dir, 'plain.yaml'), 'actions: 200\n');
      writeFileSync(
        join(dir, 'floored.yaml'),
        'actions: 200\nclient:\n  preset: openai\n  backoff: { floor: 500ms }\n',
      );
      const ctx = captured({ cwd: dir });
      expect(await cli(['run', first, second, '--out', 'report', '--quiet'], ctx)).toBe(0);
      const rows = rowPaths(readFileSync(join(dir, 'report', 'index.html'), 'utf8'));
      expect(rows).toContain('client.preset');
      expect(rows).toContain('client.backoff.floor');
    },
    120_000,
  );

  it('lists the union of the runs’ rows in field-table order', () => {
    const plain = { ...defaultScenario(), name: 'plain' };
    const floored = { ...defaultScenario(), name: 'floored' };
    floored.client = { ...floored.client, backoff: { ...floored.client.backoff, floor: 500 } };
    const tableOrder = scenarioSettings(plain, true).map((s) => s.path);
    for (const runs of [
      [plain, floored],
      [floored, plain],
    ]) {
      const rows = rowPaths(
        settingsSection(
          runs.map((scenario) => ({ scenario })),
          scenarioSettings,
        ),
      );
      const union = new Set(runs.flatMap((scenario) => scenarioSettings(scenario).map((s) => s.path)));
      expect(rows).toEqual(tableOrder.filter((path) => union.has(path)));
    }
  });

  it('shows the value of a run that leaves the field at its default in that row', () => {
    const plain = { ...defaultScenario(), name: 'plain' };
    const floored = { ...defaultScenario(), name: 'floored' };
    floored.client = { ...floored.client, backoff: { ...floored.client.backoff, floor: 500 } };
    const html = settingsSection([{ scenario: plain }, { scenario: floored }], scenarioSettings);
    expect(html).toContain('<code>client.backoff.floor</code></th><td>0 ms</td><td>500 ms</td>');
  });
});
