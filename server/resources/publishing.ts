import { hasRole } from '../../src/domain/roles.ts';
import type { Queryable } from '../db/database.ts';
import { forbidden, unprocessable, violation } from '../shared/errors.ts';

export const PUBLISH_RIGHT = 'courses.publish';

/**
 * Publishing is one rule whichever call carries it (the publish action, or a course's `status` in a PUT or a
 * POST): the session needs ROLE_ADMIN or the access right, and no chapter of the course may be empty.
 */
export async function requirePublishRight(
  tx: Queryable,
  session: { userId: number | null; roles: readonly string[] },
): Promise<void> {
  if (hasRole(session.roles, 'ROLE_ADMIN')) return;
  const [grant] = await tx.query(
    `SELECT 1 FROM user_access_rights g JOIN access_rights r ON r.id = g.access_right_id
      WHERE g.user_id = $1 AND r.code = $2`,
    [session.userId, PUBLISH_RIGHT],
  );
  if (!grant) throw forbidden(`Publishing a course requires ROLE_ADMIN or the access right ${PUBLISH_RIGHT}.`);
}

export async function refuseEmptyChapters(tx: Queryable, courseId: number): Promise<void> {
  const empty = await tx.query<{ title: string }>(
    `SELECT ch.title FROM modules m JOIN chapters ch ON ch.module_id = m.id
      WHERE m.course_id = $1 AND NOT EXISTS (SELECT 1 FROM chapter_parts p WHERE p.chapter_id = ch.id)
      ORDER BY m.position, ch.position LIMIT 5`,
    [courseId],
  );
  if (empty.length > 0)
    throw unprocessable([
      violation(
        'modules',
        'empty_chapter',
        `These chapters have no part yet: ${empty.map((row) => `"${row.title}"`).join(', ')}.`,
      ),
    ]);
}
