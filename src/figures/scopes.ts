// Figure 3's data: one workload (a slow downstream with re-plans, crash replays and
// genuine repeats, from one committed scenario) run under each of the six key scopes.
import type { ScopesFigure } from '../model/article.js';
import { refText } from '../model/article.js';
import { Scope } from '../model/scenario.js';
import { KEY_SCOPES, keyScope, ref } from './refs.js';
import type { Runs } from './runs.js';

const SCOPES = Object.keys(Scope) as readonly Scope[];

export function scopesFigure(runs: Runs): ScopesFigure {
  return {
    scenario: runs.scenario(ref(KEY_SCOPES)),
    // Each run is named by its scope: that is how the chart labels its rows.
    runs: SCOPES.map((scope) => ({
      scenario: { ...runs.scenario(keyScope(scope)), name: scope },
      result: runs.run(keyScope(scope)),
    })),
    sources: [`${refText(ref(KEY_SCOPES))} --set keys.scope=SCOPE for each of ${SCOPES.join(', ')}`],
  };
}
