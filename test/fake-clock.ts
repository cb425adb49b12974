import type { Clock } from "../src/server/clock.ts";

/** A clock that moves only when told: the scheduler's timers fire, in order, as `set` passes their time. */
export class FakeClock implements Clock {
  private t: number;
  private seq = 0;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();

  constructor(start: Date) {
    this.t = start.getTime();
  }

  now = () => new Date(this.t);

  setTimeout = (fn: () => void, ms: number) => {
    const id = ++this.seq;
    this.timers.set(id, { at: this.t + Math.max(0, ms), fn });
    return id;
  };

  clearTimeout = (handle: unknown) => {
    this.timers.delete(handle as number);
  };

  /**
   * Moves to `to`, firing every timer due on the way at its own time, and awaiting `settle` (the work a timer
   * started) before looking for the next one: a timer set by that work fires too if it is due by `to`.
   */
  async advanceTo(to: Date, settle: () => Promise<void> = async () => {}): Promise<void> {
    for (;;) {
      const due = [...this.timers].filter(([, t]) => t.at <= to.getTime()).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.t = Math.max(this.t, due[1].at);
      due[1].fn();
      await settle();
    }
    this.t = Math.max(this.t, to.getTime());
  }
}
