// The article's numbers as text: numbers.json for machines and tests, numbers.md for the
// writer who pastes from it, and the Markdown table `idemsim figures` prints. Pure
// functions of the numbers: no date, no paths beyond the repository, ten significant digits.
import { formatBytes } from '../../format/format.js';
import { refText, type ArticleNumber, type MeasuredSize } from '../../model/article.js';
import { significant } from '../chart.js';
import { formatIntervalOf, formatSimulated, formatValue } from './format.js';

/** Numbers in numbers.json: ten significant digits, enough for any check, free of float noise. */
const DIGITS = 10;

export const INTERVALS_NOTE =
  '95% intervals: exact (Clopper-Pearson) for shares counted in a run; for per-action means and what is computed from them, the interval the run reports (exact Poisson on the count, widened by its dispersion)';

export const REGENERATE = 'npx idemsim figures';

export interface NumberTexts {
  closedForm: string;
  expected: string;
  /** The simulated value alone, and its interval "[low, high]". */
  value: string;
  interval: string;
  /** "value [low, high]". */
  simulated: string;
}

/** The texts a number is shown with, in numbers.md, numbers.json and index.html. */
export function numberTexts(n: ArticleNumber): NumberTexts {
  // A size shows as many digits as its simulated interval resolves, in every column.
  const resolve = n.interval;
  const value = formatSimulated(n.simulated, n.interval, n.unit);
  const interval = formatIntervalOf(n.simulated, n.interval, n.unit);
  return {
    closedForm: formatValue(n.closedForm, n.unit, { resolve }),
    expected: formatValue(n.expected.value, n.unit, { resolve }),
    value,
    interval,
    simulated: `${value} ${interval}`,
  };
}

/** `npx idemsim run FILE --set ...`: the command that reruns a number's scenario. */
export function runCommand(n: ArticleNumber): string {
  return `npx idemsim run ${refText(n.scenario)}`;
}

export function renderNumbersJson(numbers: readonly ArticleNumber[]): string {
  const doc = {
    generatedBy: `idemsim figures (regenerate: ${REGENERATE})`,
    intervals: INTERVALS_NOTE,
    numbers: numbers.map((n) => {
      const text = numberTexts(n);
      return {
        id: n.id,
        figure: n.name,
        article: n.article,
        unit: n.unit,
        closedForm: { value: significant(n.closedForm, DIGITS), formula: n.formula, text: text.closedForm },
        expected: { value: significant(n.expected.value, DIGITS), formula: n.expected.formula, text: text.expected },
        simulated: {
          value: significant(n.simulated, DIGITS),
          low: significant(n.interval.low, DIGITS),
          high: significant(n.interval.high, DIGITS),
          text: text.simulated,
          measure: n.measure,
          interval: n.intervalKind,
        },
        ...(n.measured === undefined ? {} : { measured: n.measured.map(measuredJson) }),
        scenario: { file: n.scenario.file, overrides: [...n.scenario.sets], command: runCommand(n) },
        ...(n.note === undefined ? {} : { note: n.note }),
        ...(n.aside === undefined ? {} : { aside: n.aside }),
      };
    }),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** A size at a measured record size, written as the number's aside writes it. */
function measuredJson(m: MeasuredSize) {
  return {
    store: m.store,
    recordBytes: m.recordBytes,
    keys: significant(m.keys, DIGITS),
    value: significant(m.value, DIGITS),
    low: significant(m.interval.low, DIGITS),
    high: significant(m.interval.high, DIGITS),
    text: formatBytes(m.value),
  };
}

const cell = (text: string): string => text.replaceAll('|', '\\|');

/** The numbers as a Markdown table, one row each (what `idemsim figures` prints). */
export function renderNumbersTable(numbers: readonly ArticleNumber[]): string {
  const rows = numbers.map((n, i) => {
    const t = numberTexts(n);
    const file = n.scenario.file.split('/').pop() ?? n.scenario.file;
    return `| ${i + 1} | ${cell(n.name)} | ${cell(n.article)} | ${t.closedForm} | ${t.expected} | ${t.simulated} | ${cell(file)} |`;
  });
  return [
    '| # | figure | article | closed form | expected | simulated [95% CI] | scenario |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/** Under the table, each row's aside: why its number differs from another of the same quantity. */
function asides(numbers: readonly ArticleNumber[]): string[] {
  const lines = numbers.flatMap((n, i) =>
    n.aside === undefined ? [] : [`- **Row ${i + 1}** (article: "${n.article}"): ${n.aside}`],
  );
  return lines.length === 0 ? [] : ['Beside the rows:', '', ...lines, ''];
}

export function renderNumbersMarkdown(numbers: readonly ArticleNumber[]): string {
  const details = numbers.flatMap((n, i) => {
    const marker = `${i + 1}. `;
    // A nested list is indented by its item's marker width (three spaces for 1-9, four from 10).
    const sub = `${' '.repeat(marker.length)}- `;
    return [
      `${marker}**${n.name}**`,
      `${sub}closed form: \`${n.formula}\``,
      ...(n.expected.formula === n.formula ? [] : [`${sub}expected in the simulation: \`${n.expected.formula}\``]),
      `${sub}simulated: ${n.measure}`,
      `${sub}scenario: \`${runCommand(n)}\``,
      ...(n.note === undefined ? [] : [`${sub}${n.note}`]),
    ];
  });
  return [
    "# The article's numbers",
    '',
    `Generated by \`idemsim figures\` from the committed scenarios; do not edit by hand, rerun \`${REGENERATE}\`.`,
    '',
    "Closed form: the article's arithmetic (docs/model.md). Expected: the exact expectation of what the simulation",
    'counts, where it differs from the closed form (see the notes). Simulated: the value of a seeded run.',
    `${INTERVALS_NOTE}.`,
    '',
    renderNumbersTable(numbers),
    ...asides(numbers),
    '## How each number was computed',
    '',
    ...details,
    '',
  ].join('\n');
}
