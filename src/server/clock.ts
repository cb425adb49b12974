/** Time for the server's own loops (the reminder scheduler). Tests pass a fake one and move it by hand. */
export type Clock = {
  now: () => Date;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export const systemClock: Clock = {
  now: () => new Date(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    // NOTE: a pending reminder timer must not keep a finished process (or a test worker) alive.
    t.unref();
    return t;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
