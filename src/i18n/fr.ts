import frenchMessages from 'ra-language-french';

/** French, the default: react-admin's messages, then ours by key (resources, choices, app). */
export const fr = {
  ...frenchMessages,
  ra: {
    ...frenchMessages.ra,
    auth: { ...frenchMessages.ra.auth, email: 'Adresse e-mail' },
  },
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
    courseStatus: { draft: 'Brouillon', published: 'Publiée' },
    ticketType: { 1: 'Bug', 2: 'Support' },
    ticketStatus: { created: 'En attente', treated: 'Traité', canceled: 'Annulé', closed: 'Fermé' },
  },
  app: {
    auth: {
      invalid_credentials: 'Adresse e-mail ou mot de passe incorrect.',
      login_error: 'Une erreur est survenue',
      no_token: 'Une erreur est survenue : la connexion a été refusée.',
      role_refused: "Ce compte n'a pas accès au back-office.",
    },
    http: {
      network: 'Le serveur ne répond pas. Vérifiez votre connexion.',
      bad_request: 'La demande est incorrecte.',
      unauthorized: 'Votre session a pris fin, veuillez vous reconnecter.',
      forbidden: "Vous n'avez pas les droits nécessaires.",
      not_found: "Cet élément n'existe pas ou plus.",
      conflict: "Quelqu'un a modifié cet élément entre-temps : rechargez la page, rien n'a été écrasé.",
      too_large: 'Le fichier est trop volumineux.',
      unsupported_type: "Ce type de fichier n'est pas accepté.",
      too_many_requests: 'Trop de tentatives : réessayez dans quelques minutes.',
      server_error: 'Une erreur est survenue sur le serveur.',
    },
    validation: {
      blank: 'Ce champ est obligatoire.',
      choice: "Cette valeur n'est pas un choix possible.",
      email: "Cette adresse e-mail n'est pas valide.",
      format: "Le format n'est pas valide.",
      length: 'Ce texte est trop long.',
      range: 'Cette valeur est hors des limites permises.',
      reference: "L'élément choisi n'existe pas.",
      type: "Cette valeur n'est pas du bon type.",
      unique: 'Cette valeur est déjà utilisée.',
    },
  },
};

export type Messages = typeof fr;
