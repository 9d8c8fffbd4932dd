import { grantKey, NO_GRANTS, type Grants, type StructureRole } from '../../src/domain/permissions.ts';
import type { Operation } from '../../src/domain/rights.ts';
import type { Database, Queryable } from '../db/database.ts';

interface PermissionRow {
  role: StructureRole;
  resource: string;
  operation: Operation;
  allowed: boolean;
}

/** A structure's stored cells as the rights check reads them. */
export function grantsOf(rows: readonly PermissionRow[]): Grants {
  const grants: Record<string, boolean> = {};
  for (const row of rows) grants[grantKey(row.role, row.resource, row.operation)] = row.allowed;
  return Object.freeze(grants);
}

/** The cells of one structure (in the caller's scope: row-level security shows its structure's only). */
export async function readGrants(db: Queryable, structure: number): Promise<Grants> {
  return grantsOf(
    await db.query<PermissionRow>(
      'SELECT role, resource, operation, allowed FROM role_permissions WHERE company_id = $1',
      [structure],
    ),
  );
}

/**
 * What the rights screen changed of the rights table, per structure, as every request's rights check reads
 * it. Kept in this process's memory and dropped on the database's `role_permissions` NOTIFY (migration 0039),
 * which every process hears: a change made on one process is enforced by all of them from its commit on (the
 * writing process waits to have heard it before answering). Until the listener is up, and after it lost
 * notifications, nothing is kept: every check reads the database.
 */
export class RolePermissions {
  private readonly known = new Map<number, Promise<Grants>>();
  private live = false;
  private stop?: () => Promise<void>;

  constructor(
    /** On the platform's scope: the cells of any structure. */
    private readonly db: Database,
    private readonly capacity = 10_000,
  ) {}

  async start(): Promise<void> {
    this.stop = await this.db.listen(
      'role_permissions',
      (payload) => this.known.delete(Number(payload)),
      () => this.known.clear(),
    );
    this.live = true;
  }

  async close(): Promise<void> {
    this.live = false;
    await this.stop?.();
  }

  /** Waits until the changes committed so far have been heard (see SessionVersions.settle). */
  async settle(): Promise<void> {
    if (!this.live) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.db.heard(), new Promise<void>((resolve) => (timer = setTimeout(resolve, 1000)))]);
    clearTimeout(timer);
  }

  /** The structure's grants; none for a session in no structure. */
  of(structure: number | null): Promise<Grants> {
    if (structure === null) return Promise.resolve(NO_GRANTS);
    const remembered = this.known.get(structure);
    if (remembered) return remembered;
    const reading = readGrants(this.db, structure);
    if (this.live) {
      if (this.known.size >= this.capacity) this.known.clear();
      this.known.set(structure, reading);
      reading.catch(() => this.known.delete(structure));
    }
    return reading;
  }
}
