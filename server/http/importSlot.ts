import type { ImportSlots } from '../bounds/importSlots.ts';
import { tooMany } from '../shared/errors.ts';

/** What a refused import is told to wait: imports take seconds, so one is likely over by then. */
const RETRY_SECONDS = 5;

/**
 * A slot of this process's imports (server/bounds/importSlots.ts), or the 429 that says to come back:
 * answers the function giving the slot back, to call once the import is over, however it ends.
 */
export function takeImportSlot(slots: ImportSlots): () => void {
  const release = slots.take();
  if (!release) throw busy();
  return release;
}

/** The same 429 when no slot is free now: said before the upload is read, which would then be for nothing. */
export function refuseImportWhenBusy(slots: ImportSlots): void {
  if (slots.full) throw busy();
}

const busy = () =>
  tooMany(RETRY_SECONDS, `Trop d'imports sont en cours sur ce serveur : réessayez dans ${RETRY_SECONDS} secondes.`);
