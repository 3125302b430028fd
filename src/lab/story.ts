// An action's story in words, for the row under the pointer or the keyboard's cursor: each
// call, each attempt, how it ended and what ran on the service, and the count at the end.
import type { TracedAction, TracedAttempt } from '../model/result.js';
import { proseDuration } from '../format/format.js';

const ENDED: Readonly<Record<TracedAttempt['outcome'], string>> = {
  ok: 'got a reply (200)',
  replayed: 'got the stored reply (200) from the key store, nothing executed',
  conflict: 'found the operation still in progress (409)',
  mismatch: 'was refused: the same key with other arguments (422)',
  rejected: 'was refused by the overloaded service (503)',
  slow: 'timed out while the service was still working',
  replyLost: 'timed out: the reply was lost on the way back',
  requestLost: 'timed out: the request never arrived',
  serverCrash: "timed out: the service's worker crashed",
  serverError: 'got a server error (500)',
};

const CALLED: Readonly<Record<TracedAttempt['origin'], string>> = {
  original: 'the tool call',
  replan: 'a re-plan: the model called the tool again',
  replay: 'a replay: the runtime resumed after a crash and ran the step again',
};

export function storyOf(action: TracedAction): string {
  const at = (ms: number): string => proseDuration(ms - action.arrival);
  const parts: string[] = [];
  let call = -1;
  for (const a of action.attempts) {
    if (a.call !== call) {
      call = a.call;
      parts.push(`Call ${a.call + 1}, ${CALLED[a.origin]}.`);
    }
    const what = [`Attempt ${a.attempt + 1} sent at ${at(a.sent)} ${ENDED[a.outcome]} at ${at(a.end)}`];
    if (a.commit !== null) {
      what.push(a.duplicate ? `it executed AGAIN at ${at(a.commit)}: a duplicate` : `it executed at ${at(a.commit)}`);
    }
    if (a.deleted !== undefined) what.push(`the key record was deleted at ${at(a.deleted)}`);
    parts.push(`${what.join('; ')}.`);
  }
  const duplicates = Math.max(0, action.commits - 1);
  const end =
    action.commits === 0
      ? 'It never ran: a lost action.'
      : duplicates === 0
        ? 'It ran once.'
        : `It ran ${action.commits} times: ${duplicates} duplicate${duplicates === 1 ? '' : 's'}.`;
  return `Action ${action.action + 1}. ${parts.join(' ')} ${end}`;
}
