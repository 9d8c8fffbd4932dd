import { Fragment, type ReactNode } from 'react';
import { Stack, Typography } from '@mui/material';
import { useTranslate, type Identifier } from 'react-admin';

interface TicketEntryListProps<T extends { id: Identifier }> {
  items: readonly T[];
  /** Translation keys: the list's accessible name, and the line that stands in its place when it is empty. */
  label: string;
  empty: string;
  /** Space around the list: a side panel tab pads its own, the ticket's thread sits in its card's. */
  padding?: number;
  /** One entry, drawn as a list item (`component="li"`). */
  children: (item: T) => ReactNode;
}

/** A ticket's entries (messages, notes, notifications) as an ordered list, or a line saying there are none. */
export function TicketEntryList<T extends { id: Identifier }>({
  items,
  label,
  empty,
  padding = 0,
  children,
}: TicketEntryListProps<T>) {
  const translate = useTranslate();
  if (items.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: padding }}>
        {translate(empty)}
      </Typography>
    );
  return (
    <Stack component="ol" spacing={1} aria-label={translate(label)} sx={{ listStyle: 'none', m: 0, p: padding }}>
      {items.map((item) => (
        <Fragment key={item.id}>{children(item)}</Fragment>
      ))}
    </Stack>
  );
}
