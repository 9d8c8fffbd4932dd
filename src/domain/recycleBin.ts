import { hasRole } from './roles';
import type { Grants } from './permissions';
import { reach } from './rights';

/**
 * The recycle bin ("Corbeille"): a deleted record of these resources is kept, with every row its delete
 * takes with it, for `RECYCLE_BIN_DEFAULT_DAYS` (RECYCLE_BIN_DAYS on the server), then erased for good.
 * Users are disabled, never binned. `label`: the field that names a record in one line (its first
 * `LABEL_MAX_LENGTH` characters); `name`: how the server's French refusals name one.
 */
export const BINNABLE_RESOURCES = {
  courses: { label: 'title', name: 'le cours' },
  modules: { label: 'title', name: 'le module' },
  chapters: { label: 'title', name: 'le chapitre' },
  'chapter-parts': { label: 'title', name: 'la partie' },
  documents: { label: 'name', name: 'le document' },
  sheets: { label: 'title', name: 'la fiche' },
  folders: { label: 'name', name: 'le dossier' },
  'notes-bo': { label: 'content', name: 'la note' },
  'notification-templates': { label: 'name', name: 'le modèle de notification' },
} as const satisfies Record<string, { label: string; name: string }>;

export type BinnableResource = keyof typeof BINNABLE_RESOURCES;

export const BINNABLE_NAMES = Object.keys(BINNABLE_RESOURCES) as BinnableResource[];

export const isBinnable = (resource: string): resource is BinnableResource =>
  Object.hasOwn(BINNABLE_RESOURCES, resource);

/** How long a binned record can be restored, unless the server is told otherwise. */
export const RECYCLE_BIN_DEFAULT_DAYS = 30;

export const LABEL_MAX_LENGTH = 255;

/** The API's name of the bin's items. */
export const RECYCLE_BIN = 'recycle-bin';

/** Who erases binned records for good (one item, or the whole bin): a structure's administrators, platform staff. */
export const ERASE_ROLE = 'ROLE_ADMIN';

/**
 * The binned items a session sees and restores: those of the resources it may delete, every one (`all`)
 * or only the items it binned itself (`own`: it may delete only its own rows, e.g. an administrator's notes).
 */
export function binReach(
  roles: readonly string[],
  grants?: Grants,
): { all: BinnableResource[]; own: BinnableResource[] } {
  const all: BinnableResource[] = [];
  const own: BinnableResource[] = [];
  for (const resource of BINNABLE_NAMES) {
    const reached = reach(roles, resource, 'delete', grants);
    if (reached === 'all') all.push(resource);
    else if (reached === 'own') own.push(resource);
  }
  return { all, own };
}

/** Whether the session sees a bin at all: it may delete some binnable resource. */
export const mayUseRecycleBin = (roles: readonly string[], grants?: Grants): boolean => {
  const { all, own } = binReach(roles, grants);
  return all.length + own.length > 0;
};

/** Whether the session erases for good what it sees in the bin. */
export const mayEraseForGood = (roles: readonly string[], grants?: Grants): boolean =>
  mayUseRecycleBin(roles, grants) && hasRole(roles, ERASE_ROLE);
