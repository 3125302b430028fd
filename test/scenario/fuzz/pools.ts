// Values and keys that are wrong somewhere: wrong types, out of range, odd units, huge
// numbers, unicode look-alikes, YAML oddities (tags, anchors, block scalars). Several are
// valid in some field, which is the point: each is tried everywhere.

// prettier-ignore
export const BAD_TEXTS = [
  'three', '"1000"', '5 fortnights', '1.5S', '1.5 Ms', '1_000ms', 'ms', '1..5s', '1.5.5s', '5ms ms', '-5ms', '-1',
  '0', '1.5', '101%', '150%', '-0.1', '-1%', '1e400', '-1e400', '.inf', '-.inf', '.nan', '1e308', '-1e308',
  '9007199254740993', '0x1fffffffffffff1', '2e3%', '1e-400s', '1e-400', '99999999999999999999ms', '1e20d', '5e-324',
  'true', 'null', '~', '', '[]', '{}', '[1, 2]', '{ min: 5m, max: 1m }', '{ p50: 1s }', '{ median: 1s, p99: 2s }',
  '{ p50: 2s, p99: 1s }', '{ max: 1 }', '{ min: 1, max: 0 }', '{}', 'unlimited', 'none', 'intent', 'full',
  '"\\u0000"', '"💥"', '"\\u202e1s"', '"１s"', '"1s\\u200b"', '"٣s"', '0o17', '+1s', '1e3ms', '5 ms', '5%', '0%',
  '100%', '!!str 5', '!!int "5"', '!!float 1', '!!binary aGk=', '!!set { a, b }', '!!omap [ a: 1 ]', '&x 5', '*nope',
  '"1e3"', "'2s'", '|\n  2s', '>-\n  1s', '? a', '- 1', 'a: b', '"\\ud800"', '-0', '-0ms', '0.0s', '.5s', '5.s',
  '399', '500', '4.5', '422.5', '409ms', 'delet', 'Store', 'stor', 'powertool',
] as const;

// prettier-ignore
export const BAD_KEYS = [
  'timout', 'servce', 'Timeout', 'client.timeout', '', ' ', '💥', 'max', 'p50', 'median', '<<', 'constructor',
  '__proto__', 'toString', 'hasOwnProperty', 'duplicatesPerThousnd', 'latency.call', 'expect', 'agent', '1', 'null',
  'mismatchstatus', 'error', 'failures', 'afterEffects',
] as const;
