/** Imports one process runs at once unless told otherwise (IMPORTS_AT_ONCE). */
export const DEFAULT_IMPORTS_AT_ONCE = 2;

/**
 * How many archive imports (courses, XMind maps) this process runs at once. Per process by design, and
 * in its memory: the bound is on what one process's event loop, memory and disk take while it unpacks
 * and stores, which a count shared across processes would not bound. Beyond it the import is refused
 * (a 429 its caller words), never queued: a queue would hold the waiting uploads in memory.
 */
export class ImportSlots {
  private taken = 0;

  constructor(readonly size: number) {}

  /** Whether a slot is free now (an early answer, before the upload is read). */
  get full(): boolean {
    return this.taken >= this.size;
  }

  /** Takes a slot: answers the function giving it back (once, whatever calls it again), or undefined when none is free. */
  take(): (() => void) | undefined {
    if (this.full) return undefined;
    this.taken++;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.taken--;
    };
  }
}
