import type { RaRecord } from 'react-admin';

/** The learner a participation embeds (`learner`: `{id, name, email}`), as the learners' lists show them. */
export interface LearnerSummary {
  id: number;
  name: string;
  email: string;
}

export function learnerOf(participation: RaRecord | undefined): LearnerSummary | undefined {
  const learner = participation?.learner as Partial<LearnerSummary> | null | undefined;
  if (!learner || learner.id === undefined) return undefined;
  return { id: Number(learner.id), name: String(learner.name ?? ''), email: String(learner.email ?? '') };
}

export const learnerNameOf = (participation: RaRecord | undefined): string => {
  const learner = learnerOf(participation);
  return learner?.name || learner?.email || '';
};
