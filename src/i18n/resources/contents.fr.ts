import type { ResourceMessages } from './types';

export const contentsFr = {
  resources: {
    courses: {
      name: 'Formation |||| Formations',
      fields: {
        title: 'Titre',
        description: 'Description',
        status: 'Statut',
        isTemplate: 'Modèle',
        publishedAt: 'Publication',
        createdAt: 'Création',
        updatedAt: 'Mise à jour',
      },
      empty: 'Aucune formation pour le moment.',
      invite: 'Voulez-vous en créer une ?',
    },
  },
  choices: {
    courseStatus: { draft: 'Brouillon', published: 'Publiée' },
  },
} satisfies ResourceMessages;
