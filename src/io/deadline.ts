// A wait with an end: whether something finished within a time, for the shutdowns that
// must not hang on a process or a socket that never reports back.

/** True once `promise` settles (resolved or rejected), false if `ms` pass first; no timer is left behind. */
export async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = promise.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}
