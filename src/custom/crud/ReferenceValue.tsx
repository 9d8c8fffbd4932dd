import { ReferenceArrayField, ReferenceField } from 'react-admin';

export interface ReferenceValueProps {
  source: string;
  reference: string;
  /** Several references (an array of ids), each shown as a chip. */
  many?: boolean;
}

/** The records a field points at, each as its resource's `recordRepresentation`. */
export function ReferenceValue({ source, reference, many }: ReferenceValueProps) {
  return many ? <ReferenceArrayField source={source} reference={reference} /> : <ReferenceField source={source} reference={reference} link={false} />;
}
