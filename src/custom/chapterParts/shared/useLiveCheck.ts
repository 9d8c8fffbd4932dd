import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';

/**
 * Checks a list of the content as the author changes it, not only on save: a list's own rule (exactly one
 * correct option, a link's address) shows under it at once. Not on opening: an untouched list says nothing.
 * Only on a change of what the list holds: a re-render with the same rows (after the server's 422 set its
 * errors) must not check again and wipe the server's word.
 */
export function useLiveCheck(source: string): void {
  const { getFieldState, trigger } = useFormContext();
  const value: unknown = useWatch({ name: source });
  const serialised = JSON.stringify(value ?? null);
  const checked = useRef(serialised);
  useEffect(() => {
    if (checked.current === serialised) return;
    checked.current = serialised;
    if (getFieldState(source).isDirty) void trigger(source);
  }, [serialised, source, getFieldState, trigger]);
}
