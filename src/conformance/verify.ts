// `idemsim presets --verify`: every preset whose client runs here, run by its real package
// (sdk-runs.ts) and by idemsim (model-side.ts) under the same scripts, and compared: the
// number of requests and how the call ended, seed by seed, must be equal; the waits between
// requests must be equal where both sides are deterministic, and otherwise come from one
// distribution: a two-sample Kolmogorov-Smirnov test over the seeded runs (p > 0.01) and
// means within their 99% intervals.
import { ksTwoSample } from '../stats/ks.js';
import { Welford } from '../stats/welford.js';
import { minOf } from '../stats/extent.js';
import type { PresetName } from '../model/presets.js';
import { modelRun, type ModelStack } from './model-side.js';
import { SCRIPTS, type Observed, type Script } from './script.js';
import type { SdkDriver } from './sdks/driver.js';

/** The p-value below which two samples of waits are said to differ. */
export const KS_LEVEL = 0.01;
/** z of a two-sided 99% interval. */
const Z995 = 2.5758293035489004;
/** Seeds of the script whose waits are compared by distribution (MODEL.md's jitter is random). */
export const DISTRIBUTION_SEEDS = 1000;
/** Seeds of every script whose counts are compared run by run. */
export const COUNT_SEEDS = 20;
/** The script the waits are compared under: every request answered at once, so a wait is the backoff alone. */
const WAITS_SCRIPT = 'every attempt gets 503';

/** How idemsim models each driver's client (or stack): the preset, and the layers around it. */
export const STACKS: Readonly<Record<string, (driver: SdkDriver) => ModelStack>> = {
  openai: () => ({ client: 'openai', layers: [] }),
  anthropic: () => ({ client: 'anthropic', layers: [] }),
  stripe: () => ({ client: 'stripe', layers: [] }),
  // @smithy/core's standard strategy has run the 2026 behaviour unconditionally since 3.40.0.
  'aws-standard': (d) => ({ client: 'aws-2026', layers: [], timeout: d.timeout }),
  langgraph: (d) => ({ client: 'langgraph', layers: [], timeout: d.timeout }),
  'vercel-ai': (d) => ({ client: 'vercel-ai', layers: [], timeout: d.timeout }),
  'langgraph(openai)': () => ({ client: 'openai', layers: [{ preset: 'langgraph' }] }),
  // `ai` retries only its own APICallError: nothing the openai client throws. A layer of 0 retries.
  'ai(openai)': () => ({ client: 'openai', layers: [{ preset: 'vercel-ai', retries: 0 }] }),
};

/** The preset (or stack) a driver checks, as `presets --verify` names it. */
export function checkedName(driver: SdkDriver): string {
  return driver.name === 'aws-standard' ? ('aws-2026' satisfies PresetName) : driver.name;
}

export interface ScriptVerdict {
  script: string;
  agree: boolean;
  /** What differed, or what was compared: one line. */
  detail: string;
  /** The smallest KS p-value over the waits compared by distribution; null when none was. */
  worstP: number | null;
}

export interface DriverVerdict {
  name: string;
  stack: ModelStack;
  scripts: ScriptVerdict[];
  agree: boolean;
  worstP: number | null;
}

/** Runs one driver against idemsim's stack under every script. */
export async function verifyDriver(driver: SdkDriver): Promise<DriverVerdict> {
  const stackOf = STACKS[driver.name];
  if (stackOf === undefined) throw new Error(`no idemsim stack for the driver ${driver.name}`);
  const stack = stackOf(driver);
  const scripts: ScriptVerdict[] = [];
  for (const [name, script] of Object.entries(SCRIPTS)) {
    const seeds = name === WAITS_SCRIPT ? DISTRIBUTION_SEEDS : COUNT_SEEDS;
    scripts.push(await verifyScript(driver, stack, name, script, seeds));
  }
  const ps = scripts.flatMap((s) => (s.worstP === null ? [] : [s.worstP]));
  return {
    name: checkedName(driver),
    stack,
    scripts,
    agree: scripts.every((s) => s.agree),
    worstP: ps.length === 0 ? null : minOf(ps),
  };
}

async function verifyScript(
  driver: SdkDriver,
  stack: ModelStack,
  name: string,
  script: Script,
  seeds: number,
): Promise<ScriptVerdict> {
  const real: Observed[] = [];
  const model: Observed[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    real.push(await driver.run(script, seed));
    model.push(modelRun(stack, script, seed));
  }
  // Counts and endings: equal run by run (neither depends on a draw in any script).
  for (let i = 0; i < seeds; i++) {
    const r = real[i] as Observed;
    const m = model[i] as Observed;
    if (r.sends.length !== m.sends.length || r.result !== m.result) {
      const what = `seed ${i + 1}: the SDK sent ${r.sends.length} (${r.result}), idemsim ${m.sends.length} (${m.result})`;
      return { script: name, agree: false, detail: what, worstP: null };
    }
  }
  const n = real[0]?.sends.length ?? 0;
  const sends = `${n} request${n === 1 ? '' : 's'}, ${real[0]?.result ?? 'error'}`;
  if (name !== WAITS_SCRIPT) return { script: name, agree: true, detail: sends, worstP: null };
  return compareWaits(name, sends, waits(real), waits(model));
}

/** Per gap k (between request k and k + 1): its wait in every run. */
function waits(runs: readonly Observed[]): number[][] {
  const gaps: number[][] = [];
  for (const run of runs) {
    for (let k = 1; k < run.sends.length; k++) {
      (gaps[k - 1] ??= []).push((run.sends[k] as number) - (run.sends[k - 1] as number));
    }
  }
  return gaps;
}

/** Equal where both sides never vary; otherwise KS and the means' 99% interval, gap by gap. */
function compareWaits(name: string, sends: string, real: number[][], model: number[][]): ScriptVerdict {
  let worstP: number | null = null;
  const notes: string[] = [];
  for (let k = 0; k < real.length; k++) {
    const a = real[k] ?? [];
    const b = model[k] ?? [];
    const constant = (xs: number[]): boolean => xs.every((x) => Math.abs(x - (xs[0] as number)) < 1e-6);
    if (constant(a) && constant(b)) {
      if (Math.abs((a[0] as number) - (b[0] as number)) >= 1e-6) {
        return { script: name, agree: false, detail: `wait ${k + 1}: the SDK ${a[0]} ms, idemsim ${b[0]} ms`, worstP };
      }
      notes.push(`wait ${k + 1} ${a[0]} ms on both`);
      continue;
    }
    const { p } = ksTwoSample(a, b);
    worstP = worstP === null ? p : Math.min(worstP, p);
    const [ma, mb] = [mean(a), mean(b)];
    const half = Z995 * Math.hypot(ma.se, mb.se);
    if (p <= KS_LEVEL || Math.abs(ma.mean - mb.mean) > half) {
      const detail = `wait ${k + 1}: KS p = ${p.toPrecision(3)}, means ${ma.mean.toFixed(1)} and ${mb.mean.toFixed(1)} ms (99% interval of the difference +-${half.toFixed(1)})`;
      return { script: name, agree: false, detail, worstP };
    }
    notes.push(`wait ${k + 1} KS p ${p.toPrecision(2)}`);
  }
  return { script: name, agree: true, detail: [sends, ...notes].join('; '), worstP };
}

function mean(xs: readonly number[]): { mean: number; se: number } {
  const w = new Welford();
  for (const x of xs) w.push(x);
  return { mean: w.mean, se: Math.sqrt(w.variance / Math.max(1, w.n)) };
}
