import frenchMessages from 'ra-language-french';
import { contentsFr } from '../domain/words/contents.fr';
import { peopleFr } from '../domain/words/people.fr';
import { shellFr } from './shell.fr';
import { libraryFr } from './library.fr';
import { ticketAttachmentsFr } from './ticketAttachments.fr';
import { peopleAppFr } from './people.fr';
import { ticketsFr } from './tickets.fr';
import { subscriptionFr } from './subscription.fr';
import { COPY_MAX_ROWS } from '../domain/copies';
import { ENROLMENT_MAX_LEARNERS } from '../domain/learning';
import { tenancyFr } from './tenancy.fr';
import { searchFr } from './search.fr';
import { mentionsFr } from './mentions.fr';
import { presenceFr } from './presence.fr';
import { courseTransferFr } from './courseTransfer.fr';
import { structureDataFr } from './structureData.fr';
import { listExportFr } from './listExport.fr';
import { csvImportFr } from './csvImport.fr';
import { phoneListFr } from './phoneList.fr';
import { rightsFr } from './rights.fr';
import { outlineLinkFr } from './outlineLink.fr';
import { learningLinkFr } from './learningLink.fr';
import { learningReportsLinkFr } from './learningReportsLink.fr';

/** French, the default: react-admin's messages, then ours by key (resources, choices, app). */
export const fr = {
  ...frenchMessages,
  ra: {
    ...frenchMessages.ra,
    auth: { ...frenchMessages.ra.auth, email: 'Adresse e-mail' },
    page: { ...frenchMessages.ra.page, access_denied: 'Accès refusé' },
    message: {
      ...frenchMessages.ra.message,
      access_denied: "Votre compte n'a pas les droits nécessaires pour ouvrir cette page.",
      // react-admin's page for an unknown address ends this sentence with its own full stop.
      not_found: "L'adresse saisie est incorrecte, ou vous avez suivi un mauvais lien",
    },
    // The success messages, in the earlier back-office's short wording.
    notification: {
      ...frenchMessages.ra.notification,
      updated: 'Modification effectuée |||| %{smart_count} modifications effectuées',
      created: 'Ajout effectué',
      deleted: 'Suppression effectuée |||| %{smart_count} suppressions effectuées',
    },
  },
  // The keys of the error snackbars, as the earlier back-office named them.
  Error_Login: 'Une erreur est survenue',
  GenericError: 'Une erreur est survenue, veuillez réessayer.',
  Generic_Error: 'Une erreur est survenue, veuillez réessayer.',
  Error_CantGetCompanyByKey: "Impossible de retrouver la structure de ce lien d'invitation.",
  snackError_codeResend: 'Ce code a expiré : un nouveau code vient de vous être envoyé.',
  // Resource, field and choice names: one file per group of screens, in ./resources/.
  resources: { ...contentsFr.resources, ...peopleFr.resources },
  choices: { ...contentsFr.choices, ...peopleFr.choices },
  app: {
    name: 'Back-office',
    fields: {
      color: 'Couleur %{color}',
      period_from: '%{field} : du',
      period_to: '%{field} : au',
    },
    menu: {
      label: 'Menu principal',
      contents: 'Contenus',
      users: 'Utilisateurs',
      support: 'Support',
      library: 'Bibliothèque',
      settings: 'Paramètres',
    },
    account: { menu: 'Mon compte', title: 'Mon compte', roles: 'Vos rôles' },
    roles: {
      ROLE_SUPER_ADMIN: 'Super administrateur',
      ROLE_ADMIN: 'Administrateur',
      ROLE_USER: 'Contributeur',
      ROLE_FIRST_CONNECT: 'Première connexion',
    },
    notification: { tag_added: 'Tag ajouté', skill_added: 'Skill ajouté' },
    // An edit form whose save was refused as stale (src/custom/crud/StaleWriteAlert.tsx).
    stale_write: { reload: 'Recharger' },
    // The side panel's and the snackbars' words (src/i18n/shell.fr.ts).
    ...shellFr,
    ...ticketsFr,
    ...peopleAppFr,
    ...subscriptionFr,
    ...libraryFr,
    ...ticketAttachmentsFr,
    ...tenancyFr,
    ...searchFr,
    ...mentionsFr,
    ...presenceFr,
    ...courseTransferFr,
    ...structureDataFr,
    ...listExportFr,
    ...csvImportFr,
    ...phoneListFr,
    ...rightsFr,
    // The way to a course's outline, on the courses list; the editor's own words come with it.
    outline: outlineLinkFr,
    learning_link: learningLinkFr,
    // The ways to the learning reports (the menu, a course's funnel); the reports' own words come with them.
    learning_reports: learningReportsLinkFr,
    auth: {
      invalid_credentials: 'Adresse e-mail ou mot de passe incorrect.',
      login_error: 'Une erreur est survenue',
      no_token: 'Une erreur est survenue : la connexion a été refusée.',
      role_refused: "Ce compte n'a pas accès au back-office.",
      access_ended:
        "L'accès de votre structure a pris fin : son abonnement a été résilié et la période payée est terminée. Contactez l'équipe de la plateforme pour le rétablir.",
      signed_out_elsewhere: 'Vous vous êtes déconnecté dans un autre onglet.',
      app_name: 'Back-office',
      back_to_login: 'Retour à la connexion',
      login: {
        title: 'Connexion',
        intro: 'Connectez-vous avec votre adresse e-mail et votre mot de passe.',
        forgot_password: 'Mot de passe oublié ?',
      },
      forgot: {
        title: 'Mot de passe oublié',
        intro:
          "Indiquez l'adresse e-mail de votre compte : nous vous enverrons un code à 6 chiffres pour choisir un nouveau mot de passe.",
        submit: 'Recevoir un code',
        unknown_email: 'Aucun compte ne correspond à cette adresse',
      },
      code: {
        title: 'Vérifiez votre adresse e-mail',
        intro: 'Saisissez le code à 6 chiffres envoyé à %{email}. Il est valable 10 minutes.',
        group: 'Code de vérification à 6 chiffres',
        digit: 'Chiffre %{index} sur 6',
        submit: 'Valider le code',
        resend: 'Renvoyer le code',
        resent: 'Un nouveau code vient de vous être envoyé.',
        wrong: 'Ce code est incorrect : vérifiez-le et saisissez-le à nouveau.',
        incomplete: 'Saisissez les 6 chiffres du code.',
        expired: 'Ce code a expiré : demandez-en un nouveau.',
        too_many_tries: "Trop de codes erronés : ce code n'est plus valable, demandez-en un nouveau.",
      },
      new_password: {
        title: 'Choisissez votre mot de passe',
        intro: 'Votre adresse e-mail est vérifiée. Choisissez le mot de passe de votre compte.',
        password: 'Nouveau mot de passe',
        confirmation: 'Confirmez le mot de passe',
        submit: 'Enregistrer et me connecter',
        rules: 'Votre mot de passe doit contenir :',
        rule_length: 'au moins 8 caractères',
        rule_lower: 'une lettre minuscule',
        rule_upper: 'une lettre majuscule',
        rule_digit: 'un chiffre',
        rule_met: 'respectée',
        rule_unmet: 'non respectée',
        show: 'Afficher le mot de passe',
      },
    },
    http: {
      network: 'Le serveur ne répond pas. Vérifiez votre connexion.',
      bad_request: 'La demande est incorrecte.',
      unknown_filter: "Cette liste ne se filtre pas ainsi : retirez ce filtre pour l'afficher.",
      unknown_order: 'Cette liste ne se trie pas sur cette colonne : choisissez un autre tri.',
      page_too_large: 'Cette liste ne montre pas autant de lignes par page.',
      unauthorized: 'Votre session a pris fin, veuillez vous reconnecter.',
      forbidden: "Vous n'avez pas les droits nécessaires.",
      not_found: "Cet élément n'existe pas ou plus.",
      conflict: "Quelqu'un a modifié cet élément entre-temps : rechargez la page, rien n'a été écrasé.",
      conflict_stale:
        "Quelqu'un a modifié cet élément pendant que vous l'éditiez. Rechargez pour voir sa version actuelle.",
      conflict_referenced:
        "Cet élément est encore utilisé par d'autres éléments : retirez-les ou déplacez-les d'abord.",
      conflict_active_version: "Cette version est l'arborescence active : activez-en une autre avant de la supprimer.",
      conflict_version_in_tree:
        "Le dossier racine de cette version a été rangé dans l'arborescence : sortez-le avant de supprimer la version.",
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
      encoding: 'Caractères illisibles : enregistrez le fichier en UTF-8 puis choisissez-le à nouveau.',
      password: 'Le mot de passe ne respecte pas les règles ci-dessous.',
      mismatch: 'Les deux mots de passe sont différents.',
      url: "Cette adresse web n'est pas valide.",
      https: 'Seules les adresses sécurisées (https://) sont acceptées.',
      youtube: "Cette adresse n'est pas celle d'une vidéo YouTube.",
      one_correct: 'Cochez exactement une bonne réponse.',
      some_correct: 'Cochez au moins une bonne réponse.',
      exclusive: "Renseignez l'un de ces champs, pas les deux.",
      count: "Le nombre d'éléments n'est pas dans les limites permises.",
      unexpected: "Ce champ n'est pas attendu ici.",
      json: "Ce texte n'est pas du JSON valide.",
      unknown_variable: 'Ce modèle ne propose pas cette variable : utilisez celles listées sous le champ.',
      current_password: 'Le mot de passe actuel est incorrect.',
      no_structure:
        'Aucune structure choisie : choisissez d’abord une structure dans la barre du haut (seul le personnel de la plateforme n’appartient à aucune structure).',
      copy_too_large: `Trop volumineux pour être copié en une fois : une copie écrit au plus ${COPY_MAX_ROWS.toLocaleString('fr-FR')} éléments (chapitres, parties…). Copiez-en les parties une à une.`,
      too_many_learners: `Trop de personnes pour une inscription : au plus ${ENROLMENT_MAX_LEARNERS.toLocaleString('fr-FR')} à la fois. Scindez-la.`,
      no_audience: 'Choisissez un tag ou une compétence : la règle inscrit ceux qui les ont.',
    },
  },
};

export type Messages = typeof fr;
