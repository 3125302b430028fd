// A library that scripts/bundle.mjs joins into one file under dist/vendor/ at build time
// (the @stdlib quantiles, yaml), loaded on first use from there or, run from src/ (tests),
// from its package: the same code either way.

/**
 * A function that loads, the first time it is called, `bundle` through `require` (the
 * calling module's, so the path is relative to it), or what `unbuilt` loads when that
 * file is not there; later calls give the same library. Only the file itself missing
 * means "not built": any other failure to load it is a real fault, and is thrown.
 */
export function loadOnFirstUse<T>(require: NodeJS.Require, bundle: string, unbuilt: () => T): () => T {
  let loaded: T | undefined;
  const load = (): T => {
    try {
      return require(bundle) as T;
    } catch (error) {
      const e = error as NodeJS.ErrnoException;
      if (!(e?.code === 'MODULE_NOT_FOUND' && typeof e.message === 'string' && e.message.includes(bundle))) {
        throw error;
      }
    }
    return unbuilt();
  };
  return () => (loaded ??= load());
}
