// The messages about a path into one retry layer, `client.layers[i].member`, as `--set` and
// `--vary` take it (layer-paths.ts): the index, the layer it names, and what may follow it.
// Re-exported by messages.ts, where every other message lives.
import { Code } from './codes.js';
import type { Problem } from './issues.js';
import { problem, show } from './message-text.js';

const EXAMPLE = 'client.layers[0].retries';

/** An index as a message repeats it: digits as they are (cut when long), anything else quoted. */
const indexText = (token: string): string =>
  /^\d{1,9}$/.test(token) ? token : /^\d+$/.test(token) ? `${token.slice(0, 6)}...` : show(token).slice(1, -1);

export const badLayerIndex = (token: string): Problem =>
  problem(
    Code.badIndex,
    `client.layers[${indexText(token)}]: a layer's index is a whole number from 0 (the innermost layer), such as ${EXAMPLE}`,
  );
/** `fixed`: the path with the ] put back. */
export const unclosedLayerIndex = (token: string, fixed: string): Problem =>
  problem(Code.badIndex, `client.layers[${indexText(token)}: the index needs a closing ]; write ${show(fixed)}`);
export const layerIndexPastMax = (token: string, max: number): Problem =>
  problem(
    Code.tooManyLayers,
    `client.layers[${indexText(token)}]: at most ${max} layers stack around a client, client.layers[0] (innermost) to client.layers[${max - 1}]`,
  );
/** `count`: the layers the scenario has where the index is read (the file, then the earlier --sets). */
export const noSuchLayer = (index: number, count: number): Problem => {
  const has =
    count === 0
      ? 'has no layers'
      : count === 1
        ? 'has 1 layer (index 0)'
        : `has ${count} layers (indices 0${count === 2 ? ' and 1' : ` to ${count - 1}`})`;
  return problem(
    Code.noSuchLayer,
    `client.layers[${index}]: the scenario ${has}; write client.layers[${count}] to add one`,
  );
};
/**
 * `field`: what comes before the [ (`client.backoff`), a field or group that is not a list of
 * layers; `members`: whether it has members a path may name.
 */
export const notALayerList = (field: string, members: boolean): Problem =>
  problem(
    Code.badIndex,
    `${show(field)} takes no index; only client.layers does, as in ${EXAMPLE}: set ${field} whole${members ? ', or a member by name' : ''}`,
  );
/** `layer`: `client.layers[0]`; something other than `.member` follows its ]. */
export const layerMemberExpected = (layer: string): Problem =>
  problem(Code.unknownKey, `${layer}: write a member after the index, with a dot, such as ${layer}.retries`);
/** `--vary client.layers` or `--vary client.layers[0]`: not one value. */
export const varyWholeLayers = (path: string, layer: string): Problem =>
  problem(
    Code.unknownVaryPath,
    `sweep cannot vary ${show(path)}, not a single value; vary one member of one layer, such as ${layer}.retries or ${layer}.backoff.base`,
  );
