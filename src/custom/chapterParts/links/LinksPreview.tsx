import { Link, List, ListItem } from '@mui/material';
import { EmptyPreview } from '../shared/EmptyPreview';
import { textOf, type PartPreviewProps } from '../types';

// Only web addresses become links: a `javascript:` or `data:` address stays text.
const isWebAddress = (address: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(address).protocol);
  } catch {
    return false;
  }
};

export function LinksPreview({ content }: PartPreviewProps) {
  const links = Array.isArray(content.links)
    ? (content.links as Record<string, unknown>[]).filter((link) => link && typeof link === 'object')
    : [];
  const shown = links.filter((link) => textOf(link.url));
  if (shown.length === 0) return <EmptyPreview />;
  return (
    <List dense disablePadding>
      {shown.map((link, index) => {
        const url = textOf(link.url);
        const label = textOf(link.label) || url;
        return (
          <ListItem key={index} disableGutters>
            {isWebAddress(url) ? (
              <Link href={url} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                {label}
              </Link>
            ) : (
              <span>{label}</span>
            )}
          </ListItem>
        );
      })}
    </List>
  );
}
