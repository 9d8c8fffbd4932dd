import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useResourceDefinition } from 'react-admin';
import { CONTRACTS_BY_NAME } from '../../domain/contracts';
import type { FieldSpec } from '../crud/fieldSpec';
import { screensLoaderOf } from '../crud/screensLoader';
import { fieldSpecOf } from '../crud/screensOf';

/** A field of the resource as its contract alone says it, when its screens do not show it. */
function contractSpec(resource: string, source: string): FieldSpec | undefined {
  const contract = CONTRACTS_BY_NAME.get(resource);
  if (!contract) return undefined;
  try {
    return fieldSpecOf(contract, { source });
  } catch {
    // A field the contract no longer has (an old change): shown as plain text.
    return undefined;
  }
}

/**
 * How the resource's screens show each field (widget, labels of its values, relation target): its folder's
 * declaration, which the side panel's show screen was made from (or its list's, where that screen is custom);
 * the contract's for a field it leaves out.
 */
export function useFieldSpecs(resource: string): {
  isPending: boolean;
  specOf: (source: string) => FieldSpec | undefined;
} {
  const { options } = useResourceDefinition({ resource });
  // A custom show screen (the ticket panel) has no declaration: the list's says how its fields read then.
  const load = screensLoaderOf(options?.show) ?? screensLoaderOf(options?.list);
  const { data: config, isPending } = useQuery({
    queryKey: ['screensConfig', resource],
    queryFn: async () => (await load!()).config,
    enabled: load !== undefined,
    staleTime: Infinity,
  });
  const specOf = useCallback(
    (source: string) => config?.fields.find((spec) => spec.source === source) ?? contractSpec(resource, source),
    [config, resource],
  );
  return { isPending: load !== undefined && isPending, specOf };
}
