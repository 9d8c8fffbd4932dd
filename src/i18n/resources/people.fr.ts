import type { ResourceMessages } from './types';

export const peopleFr = {
  resources: {
    users: {
      name: 'Utilisateur |||| Utilisateurs',
      fields: {
        name: 'Nom',
        firstName: 'Prénom',
        lastName: 'Nom',
        email: 'Adresse e-mail',
        phone: 'Téléphone',
        type: 'Type',
        roles: 'Rôles',
        enabled: 'Actif',
        locale: 'Langue',
        company: 'Structure',
        accessRights: "Droits d'accès",
        lastConnectionAt: 'Dernière connexion',
        createdAt: 'Création',
        updatedAt: 'Mise à jour',
      },
      empty: 'Aucun utilisateur pour le moment.',
      invite: 'Voulez-vous en créer un ?',
    },
    'access-rights': {
      name: "Droit d'accès |||| Droits d'accès",
      fields: {
        code: 'Code',
        label: 'Libellé',
        description: 'Description',
        createdAt: 'Création',
        updatedAt: 'Mise à jour',
      },
      empty: "Aucun droit d'accès pour le moment.",
      invite: 'Voulez-vous en créer un ?',
    },
    tickets: {
      name: 'Ticket |||| Tickets',
      fields: {
        subject: 'Sujet',
        type: 'Type',
        status: 'Statut',
        parent: 'Concerne',
        author: 'Auteur',
        createdAt: 'Création',
        updatedAt: 'Mise à jour',
      },
      empty: 'Aucun ticket pour le moment.',
      invite: 'Voulez-vous en créer un ?',
    },
  },
  choices: {
    userType: { admin: 'Administrateur', contributor: 'Contributeur' },
    ticketType: { 1: 'Bug', 2: 'Support' },
    ticketStatus: { created: 'En attente', treated: 'Traité', canceled: 'Annulé', closed: 'Fermé' },
  },
} satisfies ResourceMessages;
