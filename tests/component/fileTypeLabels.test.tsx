// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { PartPreview } from '../../src/custom/chapterParts/PartPreview';
import { fieldValue } from '../../src/custom/crud/fieldValue';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { config } from '../../src/resources/documents/screens';

afterEach(cleanup);

const typeColumn = config.fields.find((field) => field.source === 'mimeType')!;

function renderTypeCell(mimeType: string) {
  return render(
    <AdminContext i18nProvider={createI18nProvider()}>
      <RecordContextProvider value={{ id: 1, mimeType }}>{fieldValue(typeColumn, 'list')}</RecordContextProvider>
    </AdminContext>,
  );
}

describe('file types as people name them', () => {
  it.each([
    ['application/pdf', 'PDF'],
    ['image/png', 'Image PNG'],
    ['video/mp4', 'Vidéo MP4'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'Document Word'],
    ['text/plain; charset=utf-8', 'Texte brut'],
    // Not in the map: named from the subtype.
    ['image/heic', 'Image HEIC'],
    ['application/x-7z-compressed', 'Fichier 7Z-COMPRESSED'],
  ])('shows %s as "%s" in the documents list', async (mimeType, label) => {
    renderTypeCell(mimeType);
    expect((await screen.findByText(label)).getAttribute('title')).toBe(mimeType);
  });

  it("says which files the learner's upload takes by their names", async () => {
    render(
      <AdminContext i18nProvider={createI18nProvider()}>
        <PartPreview
          type="interactive_upload"
          content={{
            question: 'Déposez votre rapport.',
            accept: ['application/pdf', 'image/*', 'video/mp4'],
            maxSizeMb: 5,
          }}
        />
      </AdminContext>,
    );
    await screen.findByText('Types acceptés : PDF, Toute image, Vidéo MP4 — 5 Mo au plus');
    expect(screen.queryByText(/application\/pdf/)).toBeNull();
  });
});
