// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext, HttpError, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { ImportCourseButton } from '../../src/custom/courseTransfer/ImportCourseButton';
import { XmindImporter } from '../../src/custom/library/XmindImporter';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { sessionStore } from '../../src/providers/sessionStore';

const payload = btoa(JSON.stringify({ role: ['ROLE_ADMIN'], company: 7, exp: Math.floor(Date.now() / 1000) + 3600 }));

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

describe('a file that is no course archive', () => {
  it('names the file sent in French, not by its field', async () => {
    sessionStore.save({ token: `x.${payload}.y`, refreshToken: 'r', roles: ['ROLE_ADMIN'] });
    const refusal = new HttpError('Unprocessable', 422, {
      violations: [{ propertyPath: 'file', code: 'not_a_zip', message: 'Ce fichier n’est pas une archive zip.' }],
    });
    renderWith({ importCourse: () => Promise.reject(refusal) }, <ImportCourseButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Importer un cours' }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    fireEvent.change(input!, { target: { files: [new File(['%PDF-1.4'], 'cours.pdf')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Importer' }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Fichier envoyé')).toBeTruthy();
    expect(within(alert).queryByText('file')).toBeNull();
    sessionStore.clear();
  });
});
