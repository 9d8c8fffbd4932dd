import { ATTACHMENT_MAX_MB, ATTACHMENTS_PER_MESSAGE } from '../domain/ticketAttachments';

/** Files on ticket replies and notes, spread under `app` by fr.ts. */
export const ticketAttachmentsFr = {
  ticket_attachments: {
    attach: 'Joindre des fichiers',
    drop_here: 'Déposez les fichiers ici pour les joindre',
    pending: 'Fichiers à envoyer',
    uploading: 'Envoi de %{name}…',
    remove: 'Retirer %{name}',
    failed: '%{name} : %{reason}',
    upload_failed: 'le fichier n’a pas pu être envoyé.',
    too_large: `le fichier dépasse ${ATTACHMENT_MAX_MB} Mo.`,
    bad_type: 'ce type de fichier n’est pas accepté.',
    too_many: `au plus ${ATTACHMENTS_PER_MESSAGE} fichiers par message.`,
    wait_uploads: 'Attendez la fin de l’envoi des fichiers, ou retirez ceux en erreur.',
    list: 'Pièces jointes',
    open_image: 'Agrandir %{name}',
    open_pdf: 'Aperçu de %{name}',
    download: 'Télécharger %{name}',
    download_button: 'Télécharger',
    preview_title: 'Pièce jointe : %{name}',
    loading: 'Chargement de la pièce jointe…',
    not_found: 'Cette pièce jointe est introuvable, ou vous n’y avez pas accès.',
    page_title: 'Pièce jointe',
    back_to_account: 'Mon compte',
    note_files_failed: 'La note est enregistrée, mais ses fichiers n’ont pas pu y être joints.',
  },
};
