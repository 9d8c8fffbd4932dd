import { createElement, type ComponentType } from 'react';
import { Typography } from '@mui/material';
import { useTranslate, type Identifier } from 'react-admin';
import { resources } from '../../resources';
import type { SidePanelTabProps } from './tabs';

/** The `infos` sub-tab: the resource's own show view, for the record the panel shows. */
export function InfosTab({ resource, id }: SidePanelTabProps) {
  const translate = useTranslate();
  const show = resources.find((definition) => definition.name === resource)?.show as
    ComponentType<{ id: Identifier }> | undefined;
  if (!show) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {translate('app.side_panel.no_details')}
      </Typography>
    );
  }
  return createElement(show, { id });
}
