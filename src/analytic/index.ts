// Closed forms shown beside simulated values and used by the tests (MODEL.md's arithmetic).
export { standardNormalCdf, standardNormalQuantile, standardNormalUpperTail } from '../stats/normal.js';
export { scopeNoneExpectations, scopeNoneUnknownPerAction } from './retries.js';
export type { ScopeNoneInput, ScopeNoneExpectations } from './retries.js';
export { keyStoreKeys, keyStoreBytes, replayCatchFraction } from './keystore.js';
export { duplicatesPerDay } from './cost.js';
export { explain, ROW } from './explain.js';
