import type { Store } from 'react-admin';
import { isPlatformStaff, sessionStructure, type SessionStructure } from '../domain/tenancy';
import { appStore } from './appStore';
import { readTokenPayload } from './session';
import { sessionStore, type SessionStore } from './sessionStore';

/**
 * The structure platform staff work in, chosen in the app bar's switcher: kept in react-admin's store, so a
 * reload finds it (a logout resets the store, and with it the choice). Absent or null: all structures.
 */
export const CHOSEN_STRUCTURE_KEY = 'structure.chosen';

/** A structure as the switcher keeps it: its name is shown without asking the API again. */
export interface StructureChoice {
  id: number;
  name: string;
}

export function isStructureChoice(value: unknown): value is StructureChoice {
  const candidate = value as StructureChoice | null;
  return (
    typeof candidate?.id === 'number' &&
    Number.isInteger(candidate.id) &&
    candidate.id > 0 &&
    typeof candidate.name === 'string'
  );
}

/** The structure the session's platform staff chose; none for "all structures", and for everyone else. */
export function chosenStructure(store: Store = appStore, session: SessionStore = sessionStore): StructureChoice | null {
  if (!isPlatformStaff(session.getRoles())) return null;
  const value: unknown = store.getItem(CHOSEN_STRUCTURE_KEY);
  return isStructureChoice(value) ? value : null;
}

/** The structure of the session's own user (the token's `company`), null for platform staff. */
function ownStructure(session: SessionStore): number | null {
  const token = session.getToken();
  const company = token ? readTokenPayload(token)?.company : undefined;
  return company === undefined || company === null ? null : Number(company);
}

/**
 * Whose rows the session works on, as the server sees it: a structure's people in their own, platform staff
 * in the one they chose or in all of them.
 */
export function structureOf(session: SessionStore, chosen: number | null | undefined): SessionStructure {
  return sessionStructure(session.getRoles(), ownStructure(session), chosen);
}

export const currentStructure = (store: Store = appStore, session: SessionStore = sessionStore): SessionStructure =>
  structureOf(session, chosenStructure(store, session)?.id);
