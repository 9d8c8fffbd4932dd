import { Box } from '@mui/material';
import type { Identifier } from 'react-admin';
import { Labeled, Show, SimpleShowLayout } from 'react-admin';
import { readableField } from './fieldRights';
import type { ScreensConfig } from './fieldSpec';
import { fieldValue, preloadFieldValues } from './fieldValue';

const shownFields = (config: ScreensConfig) =>
  config.fields.filter((spec) => spec.kind !== 'password' && readableField(spec));

export const prepareShow = (config: ScreensConfig) => preloadFieldValues(shownFields(config));

/** A record's fields, read-only: what the side panel's `infos` tab shows. */
export function ResourceShow({ config, id }: { config: ScreensConfig; id?: Identifier }) {
  return (
    <Show id={id} actions={false} title={false} sx={{ '& .RaShow-card': { boxShadow: 'none' } }}>
      {config.showActions && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 2, pt: 1 }}>
          <config.showActions />
        </Box>
      )}
      <SimpleShowLayout>
        {shownFields(config).map((spec) => (
          <Labeled key={spec.source} source={spec.source}>
            {fieldValue(spec)}
          </Labeled>
        ))}
      </SimpleShowLayout>
    </Show>
  );
}
