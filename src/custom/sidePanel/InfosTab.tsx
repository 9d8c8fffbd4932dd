import { createElement, type ComponentType } from 'react';
import { Typography } from '@mui/material';
import { useResourceDefinition, useTranslate, type Identifier } from 'react-admin';
import type { SidePanelTabProps } from './tabs';

/**
 * The `infos` sub-tab: the resource's own show view, for the record the panel shows. react-admin's
 * resource definition says whether there is one, not which: the app passes it in `options.show`.
 */
export function InfosTab({ resource, id }: SidePanelTabProps) {
  const translate = useTranslate();
  const { options } = useResourceDefinition({ resource });
  const show = options?.show as ComponentType<{ id: Identifier }> | undefined;
  if (!show) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {translate('app.side_panel.no_details')}
      </Typography>
    );
  }
  return createElement(show, { id });
}
