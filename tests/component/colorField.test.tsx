// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldValue } from '../../src/custom/crud/fieldValue';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { config } from '../../src/resources/tags/screens';

afterEach(cleanup);

const colorField = config.fields.find((field) => field.source === 'color')!;

describe("a tag's colour", () => {
  it('is a swatch of that colour, named with its code, not the code as text', () => {
    for (const place of ['show', 'list'] as const) {
      render(
        <AdminContext i18nProvider={createI18nProvider()}>
          <RecordContextProvider value={{ id: 1, color: '#e53935' }}>
            {fieldValue(colorField, place)}
          </RecordContextProvider>
        </AdminContext>,
      );
      const swatch = screen.getByRole('img', { name: 'Couleur #e53935' });
      expect(getComputedStyle(swatch).backgroundColor).toBe('rgb(229, 57, 53)');
      expect(screen.queryByText('#e53935')).toBeNull();
      cleanup();
    }
  });
});
