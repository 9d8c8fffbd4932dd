import { createElement } from 'react';
import { ReferenceField } from 'react-admin';

export interface ReferencePairTitleProps {
  /** Two relation fields of the record and the resources they point at, e.g. a supervisor and a learner. */
  first: { source: string; reference: string };
  second: { source: string; reference: string };
  /** Between the two names. */
  separator?: string;
}

/**
 * A record named by the two records it links (a supervision: "supervisor → learner"; a participation:
 * "learner · course"), each by its resource's representation: `#12` told a reader nothing. For resources
 * whose readers read both ends (the rights table: support's records, read by admins).
 */
export function ReferencePairTitle({ first, second, separator = ' → ' }: ReferencePairTitleProps) {
  return (
    <span>
      <ReferenceField source={first.source} reference={first.reference} link={false} emptyText="—" />
      {separator}
      <ReferenceField source={second.source} reference={second.reference} link={false} emptyText="—" />
    </span>
  );
}

/** A `recordRepresentation` naming a record by two of its references. */
export const pairTitle = (props: ReferencePairTitleProps) => createElement(ReferencePairTitle, props);
