// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, HttpError, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { XmindImporter } from '../../src/custom/library/XmindImporter';
import { createI18nProvider } from '../../src/providers/i18nProvider';

/** A refused import, as the user reads it: French words only, never the server's English detail. */

afterEach(cleanup);

const renderWith = (dataProvider: Partial<Record<string, unknown>>, ui: React.ReactNode) =>
  render(
    <AdminContext dataProvider={dataProvider as unknown as DataProvider} i18nProvider={createI18nProvider()}>
      {ui}
    </AdminContext>,
  );

describe('a broken XMind map', () => {
  it('says why in French, without the English detail', async () => {
    const refusal = new HttpError('Unprocessable', 422, {
      reason: 'xmind_corrupt',
      violations: [
        {
          propertyPath: 'file',
          code: 'format',
          message: 'The file is not a readable XMind archive (a damaged or foreign file).',
        },
      ],
    });
    renderWith({ importXmind: () => Promise.reject(refusal) }, <XmindImporter />);
    fireEvent.change(screen.getByTestId('upload-input'), {
      target: { files: [new File(['pas une archive'], 'faux.xmind')] },
    });
    const alert = await screen.findByText(/faux\.xmind : /);
    expect(alert.textContent).toBe(
      'faux.xmind : Ce fichier n’est pas une carte XMind lisible : l’archive est endommagée ou d’un autre format.',
    );
  });
});
