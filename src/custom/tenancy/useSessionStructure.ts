import { useMemo } from 'react';
import { useStore } from 'react-admin';
import { isPlatformStaff, type SessionStructure } from '../../domain/tenancy';
import { sessionStore } from '../../providers/sessionStore';
import {
  CHOSEN_STRUCTURE_KEY,
  isStructureChoice,
  structureOf,
  type StructureChoice,
} from '../../providers/structureChoice';

/**
 * The structure platform staff chose in the switcher (none: all structures), and the way to change it;
 * always none for a structure's people. A component using it renders again when the choice changes.
 */
export function useStructureChoice(): [StructureChoice | null, (next: StructureChoice | null) => void] {
  const [value, setValue] = useStore<unknown>(CHOSEN_STRUCTURE_KEY, null);
  const choice = isPlatformStaff(sessionStore.getRoles()) && isStructureChoice(value) ? value : null;
  return [choice, setValue];
}

/** Whose rows the session works on (src/domain/tenancy.ts), following the switcher. */
export function useSessionStructure(): SessionStructure {
  const [choice] = useStructureChoice();
  const chosen = choice?.id ?? null;
  return useMemo(() => structureOf(sessionStore, chosen), [chosen]);
}
