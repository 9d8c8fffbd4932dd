import { createElement } from 'react';
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { partTypeOf } from './registry';
import type { PartContent } from './types';

/** What the learner sees of a part, by its type; the same in the editor, the side panel and the outline. */
export function PartPreview({ type, content }: { type: unknown; content: unknown }) {
  const translate = useTranslate();
  const definition = partTypeOf(type);
  if (!definition) return <Typography color="text.secondary">{translate('app.parts.preview.unknown_type')}</Typography>;
  const shown = content && typeof content === 'object' && !Array.isArray(content) ? (content as PartContent) : {};
  return createElement(definition.Preview, { content: shown });
}
