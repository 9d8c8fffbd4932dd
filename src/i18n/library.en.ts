/** The library's words (documents, XMind imports), spread under `app` by en.ts. */
export const libraryEn = {
  library: {
    upload: {
      drop: 'Drop files here or',
      choose: 'Choose files',
      zone: 'File drop zone',
      progress: 'Uploading %{name}',
      cancel: 'Cancel the upload of %{name}',
      done: '%{name} is saved.',
      canceled: 'Upload canceled.',
      too_large: 'The file is too large to be accepted.',
      unsupported: 'This type of file is not accepted.',
      failed: 'The upload failed: %{message}',
    },
    size: { B: '%{n} B', KB: '%{n} KB', MB: '%{n} MB', GB: '%{n} GB' },
    download: 'Download %{name}',
    preview: 'Preview of %{name}',
    preview_title: 'Preview',
    no_preview: 'No preview for this type of file: download it to open it.',
    close: 'Close',
    xmind: {
      choose: 'Import an XMind map',
      importing: 'Importing %{name}',
      done: 'Version %{version} imported: %{folders} folders, %{sheets} sheets.',
      invalid: 'This file is not a readable XMind map: %{message}',
      activate: 'Activate',
      activate_label: 'Activate version %{version}',
      activated: 'Version %{version} is now the active tree.',
      summary: '%{folders} folders, %{sheets} sheets',
    },
  },
};
