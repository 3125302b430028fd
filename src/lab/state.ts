// The page's state in its URL, so a link shares what the reader sees: the mission (if
// any) and each knob moved from the scenario's own value, as `#mission=mission-1&keys.scope=intent`.
// Only knob paths are read back, and in a mission only the knobs it allows; anything else
// in the fragment is ignored, and the page names it.
import { KNOB_PATHS } from './knobs.js';
import { missionById } from './missions.js';

export interface LabState {
  mission: string | null;
  /** Knob path -> its `--set` text, in the knobs' order. */
  sets: Record<string, string>;
}

export function encodeState(state: LabState): string {
  const params = new URLSearchParams();
  if (state.mission !== null) params.set('mission', state.mission);
  for (const path of KNOB_PATHS) {
    const text = state.sets[path];
    if (text !== undefined) params.set(path, text);
  }
  const text = params.toString();
  return text === '' ? '' : `#${text}`;
}

/** The state a fragment holds, and the names in it that are not a mission or a knob. */
export function decodeState(hash: string): { state: LabState; ignored: string[] } {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const sets: Record<string, string> = {};
  const ignored: string[] = [];
  let mission: string | null = null;
  for (const [key, value] of params) {
    if (key === 'mission' && missionById(value) !== undefined) mission = value;
    else if (KNOB_PATHS.includes(key) && value.trim() !== '') sets[key] = value;
    else ignored.push(key);
  }
  // In a mission only its own knobs move: a link cannot win it with one the mission locks.
  const allowed = mission === null ? KNOB_PATHS : (missionById(mission)?.allowed ?? []);
  const ordered: Record<string, string> = {};
  for (const path of KNOB_PATHS) {
    if (sets[path] === undefined) continue;
    if (allowed.includes(path)) ordered[path] = sets[path] as string;
    else ignored.push(path);
  }
  return { state: { mission, sets: ordered }, ignored };
}

/** The overrides as `--set` arguments, in the knobs' order. */
export function setsOf(state: LabState): string[] {
  return Object.entries(state.sets).map(([path, text]) => `${path}=${text}`);
}
