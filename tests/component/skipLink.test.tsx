// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, SkipNavigationButton } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { lightTheme } from '../../src/theme';

afterEach(cleanup);

describe('the skip link', () => {
  it('leaves the focus in the main content, not on the page', () => {
    render(
      <AdminContext i18nProvider={createI18nProvider()} theme={lightTheme}>
        <SkipNavigationButton />
        <div id="main-content">
          <h1>Tableau de bord</h1>
        </div>
      </AdminContext>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Aller au contenu' }));
    expect(document.activeElement?.id).toBe('main-content');
  });
});
