// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentPreviewDialog } from '../../src/custom/library/DocumentPreviewDialog';
import { createI18nProvider } from '../../src/providers/i18nProvider';

afterEach(cleanup);

/** axe's scrollable-region-focusable: what scrolls in the preview (a PDF's page, a long text) takes the focus. */
describe("a document's preview", () => {
  it('is a named region the keyboard reaches to scroll it', async () => {
    const text = 'ligne\n'.repeat(2000);
    const download = async () => ({ data: { blob: new Blob([text], { type: 'text/plain' }) } });
    render(
      <AdminContext dataProvider={{ download } as unknown as DataProvider} i18nProvider={createI18nProvider()}>
        <DocumentPreviewDialog
          record={{ id: 3, name: 'notes.txt', mimeType: 'text/plain' }}
          onClose={() => undefined}
        />
      </AdminContext>,
    );
    await screen.findByText(/ligne/);
    const region = screen.getByRole('region', { name: /notes\.txt/ });
    expect(region.tabIndex).toBe(0);
    expect(region.textContent).toContain('ligne');
  });
});
