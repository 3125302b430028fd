import { describe, expect, test, vi } from 'vitest';
import { LIMITS, formatIssue, loadScenario } from '../../src/scenario/index.js';
import { yaml } from '../../src/scenario/yaml-lib.js';
import { FILE, issue, issues, valid } from './helpers.js';

// The loader's YAML parser, watched (not replaced), to tell "refused before parsing" apart.
vi.mock('../../src/scenario/yaml-lib.js', async (importOriginal) => {
  const lib = await importOriginal<typeof import('../../src/scenario/yaml-lib.js')>();
  const real = lib.yaml();
  const watched = { ...real, parseDocument: vi.fn(real.parseDocument) };
  return { ...lib, yaml: () => watched };
});
const parseDocument = yaml().parseDocument;

describe('the document', () => {
  test('an empty file is refused: write at least one field, or run without a file', () => {
    const found = issue('');
    expect(found).toMatchObject({ code: 'empty-file', line: 1, col: 1 });
    expect(found.message).toContain('write at least one field');
    expect(found.message).toContain('run without a file');
  });

  test('a file of comments only is an empty file', () => {
    expect(issue('# nothing here\n\n# still nothing\n').code).toBe('empty-file');
  });

  test('a second document is refused where it starts', () => {
    expect(issue('actions: 10\n---\nactions: 20\n')).toMatchObject({ code: 'multiple-documents', line: 2, col: 1 });
  });

  test('a top level that is not a map is refused', () => {
    expect(issue('- actions: 10\n').code).toBe('not-a-map');
    expect(issue('just words\n').code).toBe('not-a-map');
  });

  test('a YAML syntax error is reported at its position', () => {
    expect(issue('client:\n  timeout: [1, 2\nkeys: {}\n')).toMatchObject({ code: 'yaml-syntax', line: 3, col: 1 });
  });

  test('a tab used as indentation is a syntax error', () => {
    expect(issue('client:\n\ttimeout: 1s\n').code).toBe('yaml-syntax');
  });

  test('a duplicate key is refused at its second occurrence, naming the first', () => {
    const found = issue('actions: 10\nseed: 2\nactions: 20\n');
    expect(found).toMatchObject({ code: 'duplicate-key', path: 'actions', line: 3, col: 1 });
    expect(found.message).toContain('line 1, column 1');
  });

  test('a duplicate key inside a flow map is refused', () => {
    expect(issue('client: { timeout: 1s, timeout: 2s }').code).toBe('duplicate-key');
  });

  test('a merge key is refused with the fix', () => {
    const found = issues('client:\n  <<: { timeout: 1s }\n');
    expect(found.map((i) => [i.code, i.line, i.col])).toEqual([['merge-key', 2, 3]]);
  });

  test('the file name is where issues are reported', () => {
    const outcome = loadScenario('actions: 0\n', 'my dir/x.yaml');
    expect(outcome.ok ? [] : outcome.issues.map(formatIssue)).toEqual([
      'my dir/x.yaml:1:10: actions: must be between 1 and 100000000, found 0; write for example 4000 (the default)',
    ]);
  });
});

describe('aliases', () => {
  test('an alias stands for the value of its anchor', () => {
    const s = valid('agent:\n  replan: { delay: &wait { min: 1s, max: 5s } }\n  crash: { resumeDelay: *wait }\n');
    expect(s.agent.crash.resumeDelay).toEqual({ min: 1000, max: 5000 });
  });

  test('an issue inside an aliased value is reported at the alias', () => {
    const both = issues('client:\n  timeout: &t 1s\nkeys: { retention: 0 }\nagent: { crash: { max: *t } }\n');
    expect(both.map((i) => [i.path, i.line])).toEqual([
      ['keys.retention', 3],
      ['agent.crash.max', 4],
    ]);
  });

  test('an alias bomb is refused where its expansion passes the limit, before anything large is built', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i++) {
      const prev = String.fromCharCode(96 + i);
      lines.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${prev}`).join(', ')}]`,
      );
    }
    const found = issues(lines.join('\n'));
    // Line k expands to 9^k values: the count passes the limit inside line 5 (e), and the
    // refusal there means lines f to l, up to 9^12 values, were never expanded.
    expect(found.map((i) => [i.code, i.line])).toEqual([['too-many-nodes', 5]]);
    expect(found[0]?.message).toContain('alias bomb');
  });

  test('too many alias expansions are refused', () => {
    const text = `a: &a 1\nb: [${Array(LIMITS.maxAliases + 1)
      .fill('*a')
      .join(', ')}]\n`;
    expect(issue(text).code).toBe('too-many-aliases');
  });

  test('an alias to an unknown anchor is refused', () => {
    expect(issue('client: { timeout: *nope }').code).toBe('unknown-anchor');
  });

  test.each([
    'seed: !custom 5',
    'name: !x abc',
    'client: !thing { timeout: 1s }',
    'keys: { retention: !!timestamp 2001-12-14 }',
    'seed: !!binary aGk=',
  ])('a tag that is not plain YAML is refused, where it is written: %s', (text) => {
    const found = issue(text);
    expect(found.code).toBe('yaml-tag');
    expect(found.line).toBe(1);
    expect(found.message).toMatch(/^the YAML tag \S+ means nothing to idemsim/);
  });

  test('a plain YAML tag that says what the value is reads as the value', () => {
    const outcome = loadScenario('seed: !!int 5\nname: !!str n1\n', 'tagged.yaml');
    expect(outcome.ok && outcome.scenario.seed).toBe(5);
    expect(outcome.ok && outcome.scenario.name).toBe('n1');
  });

  test('an alias inside its own anchor is refused', () => {
    expect(issue('a: &x [1, *x]\n').code).toBe('alias-cycle');
  });
});

describe('limits', () => {
  test('a deeply nested flow value is refused before parsing', () => {
    const depth = 100_000;
    vi.mocked(parseDocument).mockClear();
    const found = issue(`a: ${'['.repeat(depth)}${']'.repeat(depth)}\n`);
    // At the first bracket past the limit, and the YAML parser never saw the text (the
    // code alone would not show it: the loader maps the parser's own resource exhaustion
    // to too-deep as well).
    expect(found).toMatchObject({ code: 'too-deep', line: 1, col: 3 + LIMITS.maxDepth + 1 });
    expect(parseDocument).not.toHaveBeenCalled();
  });

  test('(control for the test above) the watched parser does see a text within the limits', () => {
    vi.mocked(parseDocument).mockClear();
    issue('actions: 0\n');
    expect(parseDocument).toHaveBeenCalledTimes(1);
  });

  test('deep block nesting is refused', () => {
    const text = Array.from({ length: 200 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n') + ' 1\n';
    expect(issue(text).code).toBe('too-deep');
  });

  test('an oversized text is refused without parsing it', () => {
    expect(issue(`description: "${'x'.repeat(LIMITS.maxTextLength)}"\n`).code).toBe('too-large');
  });

  test(`actions are capped at ${LIMITS.maxActions}`, () => {
    expect(valid(`actions: ${LIMITS.maxActions}`).actions).toBe(LIMITS.maxActions);
    expect(issue(`actions: ${LIMITS.maxActions + 1}`).code).toBe('out-of-range');
  });
});

test('FILE is the helpers file name', () => expect(FILE).toMatch(/test\.yaml$/));
