import type { Queryable } from '../../db/database.ts';
import { ago, idsBy, insertRows, must } from './bulk.ts';
import { frenchCountries } from './countries.ts';
import { ACADEMY, MOREL } from './people.ts';

export interface ReferenceIds {
  languages: Map<string, number>;
  tags: Map<string, number>;
  skills: Map<string, number>;
  accessRights: Map<string, number>;
}

const LANGUAGES: [string, string][] = [
  ['fr', 'Français'],
  ['en', 'Anglais'],
  ['es', 'Espagnol'],
  ['de', 'Allemand'],
  ['it', 'Italien'],
  ['pt', 'Portugais'],
  ['nl', 'Néerlandais'],
  ['ar', 'Arabe'],
];

export const TAGS: [string, string][] = [
  ['Débutant', '#43a047'],
  ['Intermédiaire', '#fb8c00'],
  ['Avancé', '#e53935'],
  ['Obligatoire', '#8e24aa'],
  ['Sécurité', '#1e88e5'],
  ['Conformité', '#546e7a'],
  ['Management', '#6d4c41'],
  ['Bureautique', '#00897b'],
  ['Soft skills', '#f4511e'],
  ['Relation client', '#00acc1'],
  ['Langues', '#3949ab'],
  ['Nouveauté', '#fdd835'],
  ['Tutoriel', '#7cb342'],
  ['Procédure', '#757575'],
];

export const SKILLS: [string, string][] = [
  [
    'Repérer une tentative d’hameçonnage',
    'Identifier les indices d’un e-mail, d’un SMS ou d’un appel frauduleux et adopter la bonne réaction.',
  ],
  [
    'Gérer ses mots de passe',
    'Créer des mots de passe robustes, les stocker dans un coffre-fort et activer la double authentification.',
  ],
  ['Réagir à un incident de sécurité', 'Isoler le poste, alerter les bonnes personnes et préserver les traces.'],
  ['Conduire un entretien individuel', 'Préparer, mener et formaliser un entretien annuel ou un point de suivi.'],
  ['Déléguer efficacement', 'Choisir quoi déléguer, à qui, et accompagner sans reprendre la main.'],
  ['Donner un feedback constructif', 'Formuler un retour factuel, orienté solution, qui préserve la relation.'],
  ['Construire un tableau croisé dynamique', 'Synthétiser une base de données en quelques clics et filtrer l’analyse.'],
  ['Maîtriser les formules de recherche', 'Utiliser RECHERCHEX, INDEX et EQUIV pour croiser des tableaux.'],
  ['Structurer un discours', 'Organiser une intervention autour d’un message clé et de trois arguments.'],
  ['Gérer le trac', 'Utiliser la respiration et la préparation pour transformer le stress en énergie.'],
  [
    'Appliquer les principes du RGPD',
    'Connaître les bases légales, les droits des personnes et les obligations du responsable de traitement.',
  ],
  ['Accueillir un client', 'Créer un premier contact chaleureux, au guichet comme au téléphone.'],
  ['Traiter une réclamation', 'Écouter, reformuler, proposer une solution et assurer le suivi.'],
  [
    'Rédiger un e-mail professionnel en anglais',
    'Employer les formules d’ouverture, de relance et de clôture adaptées.',
  ],
];

/**
 * Beside the catalogue's tags and skills, which every structure reads, a structure's own: [name, colour or
 * description, structure].
 */
const STRUCTURE_TAGS: [string, string, string][] = [
  ['Agence de Lyon', '#0277bd', MOREL],
  ['Exploitation', '#5d4037', MOREL],
  ['Accueil des nouveaux', '#00796b', ACADEMY],
  ['Plan de formation 2026', '#c2185b', ACADEMY],
];
const STRUCTURE_SKILLS: [string, string, string][] = [
  [
    'Informer un client sur sa livraison',
    'Dire où en est l’envoi, quand il arrivera et que faire en cas de retard.',
    MOREL,
  ],
  ['Accompagner un nouvel arrivant', 'Organiser ses premiers jours et lui présenter les bons interlocuteurs.', ACADEMY],
];

export const ACCESS_RIGHTS: [string, string, string][] = [
  [
    'courses.publish',
    'Publier les parcours',
    'Autorise un contributeur à publier un parcours, ce qui le rend visible des apprenants.',
  ],
  ['tickets.manage', 'Gérer les tickets', 'Permet de répondre aux tickets de support et de changer leur statut.'],
  [
    'imports.manage',
    'Gérer les imports XMind',
    'Permet d’importer une carte XMind et d’activer une version du référentiel de fiches.',
  ],
  [
    'users.export',
    'Exporter les utilisateurs',
    'Autorise l’export CSV de la liste des utilisateurs et de leurs participations.',
  ],
  [
    'notifications.send',
    'Envoyer des notifications',
    'Permet d’envoyer manuellement un e-mail, un SMS ou une notification push à partir d’un modèle.',
  ],
  [
    'documents.delete',
    'Supprimer des documents',
    'Autorise la suppression définitive de documents téléversés par d’autres utilisateurs.',
  ],
  [
    'participations.manage',
    'Gérer les inscriptions',
    'Permet d’inscrire des apprenants à un parcours et de suivre leur progression.',
  ],
];

const SYSTEM_CONFIGURATIONS: [string, string, string][] = [
  ['platform.name', 'Académie Démo', 'Nom de la plateforme affiché dans les e-mails et l’en-tête du back-office.'],
  ['platform.default_locale', 'fr', 'Langue proposée par défaut aux nouveaux utilisateurs.'],
  ['support.email', 'support@academie-demo.fr', 'Adresse à laquelle les apprenants peuvent écrire au support.'],
  [
    'support.response_time_hours',
    '48',
    'Délai de première réponse annoncé pour un ticket de support, en heures ouvrées.',
  ],
  ['auth.code_ttl_minutes', '10', 'Durée de validité du code de vérification envoyé par e-mail, en minutes.'],
  ['auth.code_max_attempts', '5', 'Nombre d’essais autorisés pour saisir un code de vérification.'],
  ['auth.password_min_length', '8', 'Longueur minimale d’un mot de passe.'],
  ['uploads.max_size_mb', '50', 'Taille maximale d’un document téléversé, en mégaoctets.'],
  ['courses.default_language', 'fr', 'Langue attribuée à un nouveau parcours.'],
  [
    'courses.completion_threshold',
    '80',
    'Pourcentage de chapitres validés à partir duquel un parcours est considéré comme terminé.',
  ],
  ['notifications.sms_sender', 'ACADEMIE', 'Nom d’expéditeur des SMS (11 caractères au plus).'],
  ['notifications.digest_day', 'lundi', 'Jour d’envoi du récapitulatif hebdomadaire aux administrateurs.'],
  ['imports.xmind_max_depth', '6', 'Profondeur maximale de dossiers créée par un import XMind.'],
  [
    'maintenance.enabled',
    'false',
    'Active la page de maintenance pour les apprenants (le back-office reste accessible).',
  ],
];

export async function seedReference(tx: Queryable): Promise<ReferenceIds> {
  const languages = await insertRows(
    tx,
    'languages',
    { code: 'text', name: 'text' },
    LANGUAGES.map(([code, name], i) => ({ code, name, _age: ago(180, -i) })),
    { stamped: true, returning: 'id, code' },
  );
  await insertRows(
    tx,
    'countries',
    { code: 'text', name: 'text' },
    frenchCountries().map((country) => ({ ...country, _age: ago(180) })),
    { stamped: true },
  );
  const tags = await insertRows(
    tx,
    'tags',
    { name: 'text', color: 'text' },
    TAGS.map(([name, color], i) => ({ name, color, _age: ago(175 - i * 9) })),
    { stamped: true, returning: 'id, name' },
  );
  const skills = await insertRows(
    tx,
    'skills',
    { name: 'text', description: 'text' },
    SKILLS.map(([name, description], i) => ({ name, description, _age: ago(172 - i * 8) })),
    { stamped: true, returning: 'id, name' },
  );
  const accessRights = await insertRows(
    tx,
    'access_rights',
    { code: 'text', label: 'text', description: 'text' },
    ACCESS_RIGHTS.map(([code, label, description], i) => ({ code, label, description, _age: ago(179, -i) })),
    { stamped: true, returning: 'id, code' },
  );
  await insertRows(
    tx,
    'system_configurations',
    { key: 'text', value: 'text', description: 'text' },
    SYSTEM_CONFIGURATIONS.map(([key, value, description], i) => ({
      key,
      value,
      description,
      _age: ago(179, -i),
      _touched: key === 'support.response_time_hours' ? ago(12) : undefined,
    })),
    { stamped: true },
  );
  return {
    languages: idsBy(languages, (row) => row.code),
    tags: idsBy(tags, (row) => row.name),
    skills: idsBy(skills, (row) => row.name),
    accessRights: idsBy(accessRights, (row) => row.code),
  };
}

/** The structures' own tags and skills, added to the names `refs` knows (names differ from the catalogue's). */
export async function seedStructureLabels(
  tx: Queryable,
  refs: ReferenceIds,
  companies: ReadonlyMap<string, number>,
): Promise<void> {
  const tags = await insertRows(
    tx,
    'tags',
    { name: 'text', color: 'text', company_id: 'integer' },
    STRUCTURE_TAGS.map(([name, color, structure], i) => ({
      name,
      color,
      company_id: must(companies, structure),
      _age: ago(60 - i * 7),
    })),
    { stamped: true, returning: 'id, name' },
  );
  const skills = await insertRows(
    tx,
    'skills',
    { name: 'text', description: 'text', company_id: 'integer' },
    STRUCTURE_SKILLS.map(([name, description, structure], i) => ({
      name,
      description,
      company_id: must(companies, structure),
      _age: ago(55 - i * 9),
    })),
    { stamped: true, returning: 'id, name' },
  );
  for (const [name, id] of idsBy(tags, (row) => row.name)) refs.tags.set(name, id);
  for (const [name, id] of idsBy(skills, (row) => row.name)) refs.skills.set(name, id);
}
