import { useId, useState } from 'react';
import { IconButton, Menu, MenuItem } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useTranslate } from 'react-admin';

export interface NodeMenuItem {
  /** A translation key. */
  label: string;
  onClick: () => void;
}

/** A node's actions behind one button, so that a row stays one line at a phone's width. */
export function NodeMenu({ title, items }: { title: string; items: NodeMenuItem[] }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <IconButton
        size="small"
        aria-label={translate('app.outline.actions_of', { title })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      {/* Mounted while open only: hundreds of rows each carry a menu. */}
      {anchor && (
        <Menu id={menuId} anchorEl={anchor} open onClose={() => setAnchor(null)}>
          {items.map((item) => (
            <MenuItem
              key={item.label}
              onClick={() => {
                setAnchor(null);
                item.onClick();
              }}
            >
              {translate(item.label)}
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}
