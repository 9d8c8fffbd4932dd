// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldValue } from '../../src/custom/crud/fieldValue';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { config } from '../../src/resources/documents/screens';

afterEach(cleanup);

const sizeColumn = config.fields.find((field) => field.source === 'size')!;

function renderSize(size: number) {
  render(
    <AdminContext i18nProvider={createI18nProvider()}>
      <RecordContextProvider value={{ id: 1, size }}>{fieldValue(sizeColumn, 'list')}</RecordContextProvider>
    </AdminContext>,
  );
}

describe("the documents list's sizes", () => {
  it('names its column "Taille": the sizes are not all in bytes', () => {
    expect(createI18nProvider().translate('resources.documents.fields.size')).toBe('Taille');
  });

  it.each([
    [0, '0 octet'],
    [1, '1 octet'],
    [512, '512 octets'],
    [1536, '1,5 Ko'],
    // French groups thousands with a narrow no-break space.
    [1023 * 1024, '1\u202f023 Ko'],
    [5 * 1024 * 1024, '5 Mo'],
    [12 * 1024 * 1024, '12 Mo'],
    [3 * 1024 ** 3, '3 Go'],
  ])('shows %i bytes as "%s"', async (size, shown) => {
    renderSize(size);
    // As written, narrow no-break spaces included.
    await screen.findByText(shown, { normalizer: (text) => text });
  });

  it('gives the exact count in bytes, in French, on hovering', async () => {
    renderSize(1536 * 1024);
    expect((await screen.findByText('1,5 Mo')).getAttribute('title')).toBe('1\u202f572\u202f864 octets');
  });
});
