import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { outlinePage } from '../outline/outlinePage';
import { useBasename, useNotify, type Identifier } from 'react-admin';

/** After a course was made (a new session, an import): the lists asked again, a word, and its outline opened. */
export function useOpenNewCourse() {
  const notify = useNotify();
  const navigate = useNavigate();
  const basename = useBasename();
  const queryClient = useQueryClient();
  return useCallback(
    async (id: Identifier, message: string) => {
      await queryClient.invalidateQueries({ queryKey: ['courses'] });
      notify(message, { type: 'success' });
      navigate(`${basename}${outlinePage(id)}`);
    },
    [basename, navigate, notify, queryClient],
  );
}
