// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Alert, Autocomplete, TextField } from '@mui/material';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { lightTheme } from '../../src/theme';

afterEach(cleanup);

describe("MUI's own words under the app's theme", () => {
  it('are French on a plain MUI autocomplete and alert, as the user panel uses them', async () => {
    render(
      <AdminContext theme={lightTheme} i18nProvider={createI18nProvider()}>
        <Autocomplete
          options={['Formateur', 'Tuteur']}
          value="Tuteur"
          renderInput={(params) => <TextField {...params} label="Ajouter un droit" />}
        />
        <Alert onClose={() => undefined}>Enregistré.</Alert>
      </AdminContext>,
    );
    await screen.findByRole('button', { name: 'Ouvrir' });
    // The clear button shows on hovering only: read by its name, as a screen reader would.
    const names = screen.queryAllByRole('button', { hidden: true }).map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual(['Vider', 'Ouvrir', 'Fermer']);
  });

  it("keep react-admin's own defaults for the autocomplete (full width)", () => {
    const autocomplete = lightTheme.components?.MuiAutocomplete?.defaultProps;
    expect(autocomplete).toMatchObject({ fullWidth: true, openText: 'Ouvrir', closeText: 'Fermer' });
  });
});
