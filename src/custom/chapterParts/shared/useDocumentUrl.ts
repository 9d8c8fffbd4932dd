import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { documentIdOf } from './documentId';

/**
 * A document's bytes as an object URL the page can show (`img-src blob:`): the download needs the session's
 * token, which an `<img src>` cannot send. Revoked when the document or the component goes.
 */
export function useDocumentUrl(reference: unknown): {
  url?: string;
  name?: string;
  error: boolean;
  isPending: boolean;
} {
  const id = documentIdOf(reference);
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isError, isPending } = useQuery({
    queryKey: ['documents', 'bytes', id],
    queryFn: async () => (await dataProvider.download(id!, { save: false })).data,
    enabled: id !== undefined,
    staleTime: 5 * 60_000,
  });
  // The URL is made and revoked by the same effect: a URL made during render would be revoked by
  // StrictMode's rehearsal unmount and then shown dead.
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const objectUrl = data ? URL.createObjectURL(data.blob) : undefined;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the object URL is an external resource this effect owns
    setUrl(objectUrl);
    return () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [data]);
  return { url, name: data?.filename, error: isError, isPending: id !== undefined && isPending };
}
