// The stores idemsim can drive, by name: light enough for the command line to list them
// without loading a store's client library.
export const STORE_KINDS = ['redis', 'postgres'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];
