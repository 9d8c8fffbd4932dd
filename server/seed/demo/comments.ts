import type { Queryable } from '../../db/database.ts';
import { ago, insertRows, must, structureOfUser } from './bulk.ts';
import type { Catalog, SeededCourse } from './catalog.ts';

type Target =
  | { course: string }
  | { course: string; module: number }
  | { course: string; chapter: number }
  | { course: string; part: string };

const CYBER = 'Les fondamentaux de la cybersécurité';
const MANAGEMENT = 'Manager une équipe : les premiers pas';
const EXCEL = 'Excel : analyser ses données';
const SPEAKING = 'Prendre la parole en public';
const GDPR = 'RGPD : les essentiels pour tous les services';
const SERVICE = 'Accueil et relation client';
const ENGLISH = 'Anglais professionnel : réunions et e-mails';
const ONBOARDING = 'Modèle : parcours d’intégration';

// On content the author's structure reads: the catalogue's or its own. [target, author, body, days ago]
const COMMENTS: [Target, string, string, number][] = [
  [
    { course: CYBER },
    'manon.bonnet@academie-demo.fr',
    'Parcours clair et concret, je l’ai suivi en deux pauses déjeuner. Le quiz sur les rançongiciels m’a surpris.',
    96,
  ],
  [
    { course: CYBER },
    'nathalie.petit@academie-demo.fr',
    'Rendu obligatoire pour tous les nouveaux arrivants à partir du mois prochain.',
    88,
  ],
  [
    { course: CYBER, module: 2 },
    'raphael.andre@academie-demo.fr',
    'Serait-il possible d’ajouter le cas d’un poste partagé à l’accueil ?',
    64,
  ],
  [
    { course: CYBER, chapter: 2 },
    'contributeur@demo.fr',
    'J’ai ajouté trois captures d’e-mails frauduleux réels (anonymisés) dans la partie Markdown.',
    140,
  ],
  [
    { course: CYBER, chapter: 3 },
    'isabelle.moreau@academie-demo.fr',
    'Le gestionnaire de mots de passe recommandé par la DSI n’est pas cité : lequel faut-il utiliser ?',
    52,
  ],
  [
    { course: CYBER, chapter: 3 },
    'admin@demo.fr',
    'Bonne remarque : c’est Bitwarden, je le précise dans la note du chapitre.',
    51,
  ],
  [
    { course: CYBER, part: 'url_iframe' },
    'thomas.richard@academie-demo.fr',
    'La page intégrée est longue ; une hauteur de 600 pixels évite la double barre de défilement.',
    120,
  ],
  [
    { course: MANAGEMENT },
    'yasmine.benali@academie-demo.fr',
    'Très utile pour ma prise de poste, surtout le chapitre sur le feedback.',
    35,
  ],
  [
    { course: MANAGEMENT, module: 1 },
    'isabelle.moreau@academie-demo.fr',
    'Le module est dense : on pourrait le couper en deux séances d’une heure.',
    74,
  ],
  [
    { course: MANAGEMENT, chapter: 4 },
    'contributeur@demo.fr',
    'Exemple de feedback réécrit avec la méthode faits, impact, attente après les retours de la session pilote.',
    110,
  ],
  [
    { course: MANAGEMENT, chapter: 7 },
    'manon.bonnet@academie-demo.fr',
    'La trame d’entretien a été mise à jour avec la nouvelle rubrique sur le télétravail.',
    45,
  ],
  [
    { course: MANAGEMENT, part: 'video_youtube' },
    'yasmine.benali@academie-demo.fr',
    'La vidéo est en anglais : existe-t-il une version sous-titrée en français ?',
    40,
  ],
  [
    { course: MANAGEMENT, part: 'video_youtube' },
    'admin@demo.fr',
    'Oui, activez les sous-titres dans le lecteur et choisissez « Français ».',
    39,
  ],
  [
    { course: EXCEL },
    'raphael.andre@academie-demo.fr',
    'Enfin une formation Excel qui part de nos vrais fichiers !',
    60,
  ],
  [
    { course: EXCEL, module: 2 },
    'nathalie.petit@academie-demo.fr',
    'Les segments ne fonctionnent pas sous Excel 2013, à signaler en introduction.',
    33,
  ],
  [
    { course: EXCEL, chapter: 4 },
    'yasmine.benali@academie-demo.fr',
    'RECHERCHEX n’existe pas sur ma version : j’ai utilisé INDEX et EQUIV, ça marche aussi.',
    27,
  ],
  [
    { course: EXCEL, part: 'file_downloadable' },
    'thomas.richard@academie-demo.fr',
    'Le CSV s’ouvre en une seule colonne chez moi : il faut passer par Données > À partir d’un fichier texte.',
    22,
  ],
  [
    { course: EXCEL, part: 'interactive_select' },
    'raphael.andre@academie-demo.fr',
    'Question claire, mais la réponse RECHERCHEV pourrait être acceptée pour les tableaux simples.',
    58,
  ],
  [
    { course: SPEAKING },
    'louis.fontaine@clinique-tilleuls.fr',
    'J’ai présenté le projet au comité de direction la semaine dernière : le chapitre sur le trac m’a vraiment aidé.',
    18,
  ],
  [
    { course: SPEAKING, chapter: 3 },
    'gabriel.vincent@lefevre-conseil.fr',
    'L’exercice de respiration en vidéo est une très bonne idée.',
    30,
  ],
  [
    { course: SPEAKING, part: 'video' },
    'isabelle.moreau@academie-demo.fr',
    'Vidéo courte et apaisante, parfaite avant une intervention.',
    70,
  ],
  [
    { course: GDPR },
    'zoe.guerin@clinique-tilleuls.fr',
    'Indispensable pour l’équipe administrative de la clinique.',
    25,
  ],
  [
    { course: GDPR, chapter: 5 },
    'claire.fournier@clinique-tilleuls.fr',
    'Préciser que la notification à la CNIL se fait en ligne, avec un formulaire dédié.',
    48,
  ],
  [
    { course: GDPR, module: 0 },
    'mehdi.haddad@clinique-tilleuls.fr',
    'Le chapitre sur les bases légales mériterait un exemple par base.',
    37,
  ],
  [
    { course: GDPR },
    'lea.lambert@riviera-hotels.fr',
    'Clair et rapide : nos réceptionnistes saisonniers le suivront dès leur arrivée.',
    11,
  ],
  [
    { course: SPEAKING },
    'jade.faure@transports-morel.fr',
    'Utile avant de présenter le planning aux équipes de quai : j’ai beaucoup moins stressé.',
    14,
  ],
  [
    { course: SERVICE },
    'lucas.girard@transports-morel.fr',
    'Brouillon relu par l’équipe de Lyon : ajouter le cas du client qui appelle pendant un rush.',
    9,
  ],
  [
    { course: SERVICE, chapter: 2 },
    'hugo.dupont@transports-morel.fr',
    'Je propose d’ajouter une mise en situation filmée pour ce chapitre.',
    6,
  ],
  [
    { course: SERVICE, module: 1 },
    'admin@transports-morel.fr',
    'À publier après validation des scripts téléphoniques par l’accueil de Lyon.',
    4,
  ],
  [
    { course: ENGLISH },
    'manon.bonnet@academie-demo.fr',
    'Parcours court et concret : les formules pour les réunions m’ont bien servi.',
    20,
  ],
  [
    { course: ENGLISH, chapter: 1 },
    'raphael.andre@academie-demo.fr',
    'J’ai ajouté quelques formules de relance après les retours de la session pilote.',
    42,
  ],
  [
    { course: ENGLISH, part: 'interactive_select' },
    'thomas.richard@academie-demo.fr',
    'La réponse « Yours faithfully » n’est pas fausse pour un courrier officiel, à nuancer.',
    15,
  ],
  [{ course: ONBOARDING }, 'admin@demo.fr', 'Modèle à dupliquer pour chaque site : ne pas publier tel quel.', 170],
  [
    { course: ONBOARDING, module: 1 },
    'isabelle.moreau@academie-demo.fr',
    'Ajouter les coordonnées des moyens généraux pour le site de Tours.',
    90,
  ],
];

function resolve(course: SeededCourse, target: Target): Record<string, number | null> {
  const none = { course_id: null, module_id: null, chapter_id: null, chapter_part_id: null };
  if ('module' in target) return { ...none, module_id: course.modules[target.module].id };
  if ('chapter' in target) return { ...none, chapter_id: course.chapters[target.chapter].id };
  if ('part' in target) {
    const part = course.chapters
      .flatMap((chapter) => chapter.parts)
      .find((candidate) => candidate.type === target.part);
    if (!part) throw new Error(`Demo seed: no ${target.part} part in "${course.spec.title}"`);
    return { ...none, chapter_part_id: part.id };
  }
  return { ...none, course_id: course.id };
}

export async function seedComments(tx: Queryable, catalog: Catalog, users: ReadonlyMap<string, number>): Promise<void> {
  const courses = new Map(catalog.courses.map((course) => [course.spec.title, course]));
  await insertRows(
    tx,
    'comments',
    {
      body: 'text',
      author_id: 'integer',
      course_id: 'integer',
      module_id: 'integer',
      chapter_id: 'integer',
      chapter_part_id: 'integer',
    },
    COMMENTS.map(([target, author, body, days], i) => ({
      body,
      author_id: must(users, author),
      ...resolve(must(courses, target.course), target),
      _age: ago(days, i % 7),
    })),
    { stamped: true, computed: structureOfUser('author_id') },
  );
}
