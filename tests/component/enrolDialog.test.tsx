// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, HttpError, TestMemoryRouter, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EnrolmentPreview, EnrolmentRequest } from '../../src/domain/enrolmentPayloads';
import { EnrolButton } from '../../src/custom/enrolment/EnrolButton';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { sessionStore } from '../../src/providers/sessionStore';

/**
 * The enrolment dialog: « Aperçu » counts whom the choices reach, « Inscrire » enrols exactly what was
 * previewed, a change in between asks for a new preview, and a refusal shows beside its input with what
 * was typed kept.
 */

const PREVIEW: EnrolmentPreview = {
  toEnrol: 34,
  alreadyEnrolled: 3,
  reenrolled: 2,
  unknownEmails: [],
  sample: [{ id: 8, name: 'Léa Martin', email: 'lea.martin@demo.fr' }],
  dueAt: '2026-07-01T23:59:59.999Z',
};

beforeEach(() => {
  const payload = btoa(JSON.stringify({ role: ['ROLE_ADMIN'], company: 7, exp: Math.floor(Date.now() / 1000) + 3600 }));
  sessionStore.save({ token: `x.${payload}.y`, refreshToken: 'r', roles: ['ROLE_ADMIN'] });
});

afterEach(() => {
  cleanup();
  sessionStore.clear();
});

function renderButton(provider: Record<string, unknown>) {
  const dataProvider = {
    getList: async () => ({ data: [], total: 0 }),
    getMany: async () => ({ data: [] }),
    ...provider,
  } as unknown as DataProvider;
  render(
    <TestMemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider()}>
        <EnrolButton course={{ id: 12, title: 'Excel avancé' }} />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

async function openOnWholeStructure() {
  fireEvent.click(screen.getByRole('button', { name: 'Inscrire des apprenants à « Excel avancé »' }));
  const dialog = await screen.findByRole('dialog', { name: 'Inscrire des apprenants à « Excel avancé »' });
  fireEvent.click(within(dialog).getByRole('tab', { name: 'Toute la structure' }));
  fireEvent.click(within(dialog).getByLabelText('Un nombre de jours après l’inscription'));
  fireEvent.change(await within(dialog).findByLabelText(/Nombre de jours/), { target: { value: '30' } });
  return dialog;
}

const BODY: EnrolmentRequest = { course: '/api/courses/12', audience: { structure: true }, due: { days: 30 } };

describe('enrolling people in a course', () => {
  it('previews, then enrols what was previewed', async () => {
    const previewEnrolment = vi.fn(async () => PREVIEW);
    const enrol = vi.fn(async () => ({
      enrolled: 34,
      alreadyEnrolled: 3,
      reenrolled: 2,
      unknownEmails: [],
      dueAt: PREVIEW.dueAt,
    }));
    renderButton({ previewEnrolment, enrol });
    const dialog = await openOnWholeStructure();
    const apply = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Inscrire' });
    expect(apply.disabled).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Aperçu' }));
    const preview = within(dialog).getByTestId('enrol-preview');
    await within(preview).findByText(
      '34 personnes seront inscrites, 3 le sont déjà. 2 personnes désinscrites auparavant seront réinscrites.',
    );
    expect(previewEnrolment).toHaveBeenCalledWith(BODY);
    expect(within(preview).getByText('Léa Martin')).toBeTruthy();
    expect(within(preview).getByText(/Échéance : 1 juil\. 2026/)).toBeTruthy();
    await waitFor(() => expect(apply.disabled).toBe(false));

    fireEvent.click(apply);
    await waitFor(() => expect(enrol).toHaveBeenCalledWith(BODY));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for a new preview once the choices change', async () => {
    renderButton({ previewEnrolment: vi.fn(async () => PREVIEW), enrol: vi.fn() });
    const dialog = await openOnWholeStructure();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aperçu' }));
    await within(dialog).findByText(/34 personnes seront inscrites/);
    const apply = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Inscrire' });
    await waitFor(() => expect(apply.disabled).toBe(false));

    fireEvent.change(within(dialog).getByLabelText(/Nombre de jours/), { target: { value: '45' } });
    await within(dialog).findByText(/Les choix ont changé depuis cet aperçu/);
    expect(apply.disabled).toBe(true);
  });

  it("shows the server's refusal beside its input, what was typed kept", async () => {
    const previewEnrolment = vi.fn(async () => {
      throw new HttpError('ra.message.invalid_form', 422, {
        violations: [{ propertyPath: 'due.days', code: 'range', message: 'Out of range.' }],
        errors: { 'due.days': 'app.validation.range' },
      });
    });
    renderButton({ previewEnrolment, enrol: vi.fn() });
    const dialog = await openOnWholeStructure();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aperçu' }));
    await within(dialog).findByText('Cette valeur est hors des limites permises.');
    expect((within(dialog).getByLabelText(/Nombre de jours/) as HTMLInputElement).value).toBe('30');
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Inscrire' }).disabled).toBe(true);
  });
});
