// The lab's missions: the files of scenarios/missions/ (the page embeds their text, so
// `idemsim check` and the page judge the same scenario), the knobs each lets a reader turn
// (the rest stay as the file sets them), and three stars. The first star is the file's own
// goal, its `expect:` block; each further star adds bounds of the same form, judged the
// same way: on the 95% interval, never on the point value.
import type { Bound } from '../model/scenario.js';

export interface Mission {
  /** The file's base name under scenarios/missions/. */
  id: string;
  title: string;
  /** The knobs a reader may turn, as the file's description lists them. */
  allowed: readonly string[];
  /** Stars two and three: bounds beyond the file's goal, each with what it rewards. */
  stars: readonly { label: string; expect: Readonly<Record<string, Bound>> }[];
}

const MB = 1_000_000;

export const MISSIONS: readonly Mission[] = [
  {
    id: 'mission-1',
    title: 'Blind retries',
    allowed: ['keys.scope', 'keys.retention', 'client.retries', 'client.timeout', 'client.backoff.base'],
    stars: [
      {
        label: 'the agent is rarely told "failed" after a success: at most 1 unknown outcome per thousand',
        expect: { unknownPerThousand: { max: 1 } },
      },
      { label: 'and no extra load: at most 1.08 attempts per action', expect: { attemptsPerAction: { max: 1.08 } } },
    ],
  },
  {
    id: 'mission-2',
    title: 'A slow downstream',
    allowed: ['keys.scope', 'keys.retention', 'client.timeout', 'client.retries', 'client.backoff.base'],
    stars: [
      { label: 'fewer calls end unknown: at most 25 per thousand', expect: { unknownPerThousand: { max: 25 } } },
      {
        label: 'and a key store sized to the re-plans: at most 10 MB',
        expect: { 'keyStore.steadyStateBytes': { max: 10 * MB } },
      },
    ],
  },
  {
    id: 'mission-3',
    title: 'Crash replays and the key-store budget',
    allowed: ['keys.retention', 'keys.recordBytes'],
    stars: [
      { label: 'room to spare: at most 40 MB', expect: { 'keyStore.steadyStateBytes': { max: 40 * MB } } },
      {
        label: 'retention just past the latest replay: at most 20 MB',
        expect: { 'keyStore.steadyStateBytes': { max: 20 * MB } },
      },
    ],
  },
  {
    id: 'mission-4',
    title: 'A slow service on a lossy network',
    allowed: ['client.timeout', 'client.retries', 'client.backoff.base', 'client.deadline'],
    stars: [
      { label: 'few retries land on running work: a 409 rate of at most 5%', expect: { conflictRate: { max: 0.05 } } },
      { label: 'and a light load: at most 1.15 attempts per action', expect: { attemptsPerAction: { max: 1.15 } } },
    ],
  },
];

export function missionById(id: string): Mission | undefined {
  return MISSIONS.find((m) => m.id === id);
}

/** The localStorage key of the stars won, a JSON object { "mission-1": 2, ... }. */
export const STARS_KEY = 'idemsim-lab-stars';
