// The names of the handler profiles (MODEL.md F) and what each models, in a line. What each
// fills, from the library's own code, is src/presets/handlers.ts.

export const HANDLER_NAMES = ['reference', 'powertools', 'node-idempotency', 'express-idempotency', 'stripe'] as const;
export type HandlerName = (typeof HANDLER_NAMES)[number];

export const HANDLER_DOCS: Readonly<Record<HandlerName, string>> = {
  reference: "the article's handler: atomic claim, 409 while running, 422 on a mismatch, every result stored",
  powertools: 'AWS Lambda Powertools idempotency: atomic, no mismatch check by default, an error deletes the record',
  'node-idempotency': 'node-idempotency: atomic, 409 while running, 422 on a mismatch, every status stored, no lease',
  'express-idempotency': 'express-idempotency: GET then SET (read-then-write), 417 on a mismatch, only 2xx stored',
  stripe: "Stripe's API: atomic, 409 while running, 400 on a mismatch, 500s stored and replayed",
};
