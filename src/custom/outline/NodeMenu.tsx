import { useId, useRef, useState } from 'react';
import { IconButton, Menu, MenuItem } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useTranslate } from 'react-admin';

export interface NodeMenuItem {
  /** A translation key. */
  label: string;
  onClick: () => void;
  /** Offered only when true (the session's rights); offered by default. */
  when?: boolean;
}

/**
 * A node's actions behind one button, so that a row stays one line at a phone's width; none offered, no
 * button. An action that opens a field or a dialog keeps the focus it gives; any other gives it back to
 * the button (MUI's own restore would take it from the new field as the menu closes).
 */
export function NodeMenu({ title, items }: { title: string; items: NodeMenuItem[] }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const offered = items.filter((item) => item.when !== false);
  if (offered.length === 0) return null;
  return (
    <>
      <IconButton
        ref={button}
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
        <Menu
          id={menuId}
          anchorEl={anchor}
          open
          onClose={() => {
            setAnchor(null);
            button.current?.focus();
          }}
          disableRestoreFocus
        >
          {offered.map((item) => (
            <MenuItem
              key={item.label}
              onClick={() => {
                setAnchor(null);
                item.onClick();
                requestAnimationFrame(() => {
                  const focused = document.activeElement;
                  if (!focused || focused === document.body) button.current?.focus();
                });
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
