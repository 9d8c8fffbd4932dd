/** The knowledge base: folders under the root "Racine" (id 1), and the sheets filed in them. */
export interface FolderSpec {
  name: string;
  /** Built by the XMind import rather than by hand. */
  imported?: boolean;
  children?: FolderSpec[];
}

export interface SheetSpec {
  title: string;
  /** Folder names from the root's child down, e.g. ['Fiches pratiques', 'Pédagogie']. */
  path: string[];
  status: 'draft' | 'published';
  tags: string[];
  days: number;
  content: string;
}

export const IMPORT_FILENAME = 'referentiel-metiers.xmind';

export const FOLDERS: FolderSpec[] = [
  { name: 'Fiches pratiques', children: [{ name: 'Pédagogie' }, { name: 'Outils de la plateforme' }] },
  { name: 'Procédures internes' },
  {
    name: 'Référentiel métiers',
    imported: true,
    children: [
      { name: 'Accueil et orientation', imported: true },
      { name: 'Vente et conseil', imported: true },
      { name: 'Logistique', imported: true, children: [{ name: 'Réception des marchandises', imported: true }] },
    ],
  },
  { name: 'Archives' },
];

const md = (...lines: string[]) => `${lines.join('\n')}\n`;

export const SHEETS: SheetSpec[] = [
  {
    title: 'Rédiger des objectifs pédagogiques',
    path: ['Fiches pratiques', 'Pédagogie'],
    status: 'published',
    tags: ['Tutoriel'],
    days: 150,
    content: md(
      '# Rédiger des objectifs pédagogiques',
      '',
      'Un objectif décrit ce que l’apprenant **saura faire** à la fin du chapitre.',
      '',
      '## La règle',
      '',
      '- Un verbe d’action observable : *identifier*, *rédiger*, *calculer*.',
      '- Un contexte : « à partir d’un e-mail reçu ».',
      '- Un critère de réussite : « sans erreur », « en moins de cinq minutes ».',
      '',
      '## Exemple',
      '',
      '> À partir d’un e-mail reçu, l’apprenant identifie au moins trois indices d’hameçonnage.',
    ),
  },
  {
    title: 'Choisir le bon type de partie',
    path: ['Fiches pratiques', 'Pédagogie'],
    status: 'published',
    tags: ['Tutoriel'],
    days: 140,
    content: md(
      '# Choisir le bon type de partie',
      '',
      '| Besoin | Type de partie |',
      '|---|---|',
      '| Expliquer une notion | Texte (Markdown) |',
      '| Montrer un geste | Vidéo ou vidéo YouTube |',
      '| Vérifier une connaissance | Choix unique ou multiple |',
      '| Faire produire l’apprenant | Texte libre ou dépôt de fichier |',
      '| Donner une ressource | Fichier à télécharger ou liens |',
      '',
      'Alternez les types : au-delà de trois parties de texte d’affilée, l’attention chute.',
    ),
  },
  {
    title: 'Concevoir un quiz efficace',
    path: ['Fiches pratiques', 'Pédagogie'],
    status: 'draft',
    tags: ['Tutoriel', 'Nouveauté'],
    days: 12,
    content: md(
      '# Concevoir un quiz efficace',
      '',
      '1. Une question porte sur **une seule** notion.',
      '2. Les mauvaises réponses sont plausibles, jamais absurdes.',
      '3. Évitez les négations (« Laquelle n’est pas… »).',
      '4. Prévoyez un retour qui explique la bonne réponse.',
    ),
  },
  {
    title: 'Publier un parcours',
    path: ['Fiches pratiques', 'Outils de la plateforme'],
    status: 'published',
    tags: ['Procédure'],
    days: 130,
    content: md(
      '# Publier un parcours',
      '',
      'La publication rend le parcours visible des apprenants inscrits.',
      '',
      '## Avant de publier',
      '',
      '- Chaque chapitre contient au moins une partie.',
      '- Les liens ont été vérifiés.',
      '- Une couverture est choisie.',
      '',
      '## Qui peut publier ?',
      '',
      'Les administrateurs, et les contributeurs disposant du droit **Publier les parcours**.',
    ),
  },
  {
    title: 'Importer une carte XMind',
    path: ['Fiches pratiques', 'Outils de la plateforme'],
    status: 'published',
    tags: ['Procédure', 'Tutoriel'],
    days: 100,
    content: md(
      '# Importer une carte XMind',
      '',
      'Chaque branche de la carte devient un dossier, chaque feuille une fiche.',
      '',
      '1. Menu **Imports**, puis **Nouvel import**.',
      '2. Choisissez le fichier `.xmind`.',
      '3. Vérifiez l’arborescence créée.',
      '4. Cliquez sur **Activer** pour en faire la version de référence.',
      '',
      'Une version précédente reste consultable tant qu’elle n’est pas supprimée.',
    ),
  },
  {
    title: 'Gérer les droits d’accès',
    path: ['Fiches pratiques', 'Outils de la plateforme'],
    status: 'published',
    tags: ['Procédure'],
    days: 90,
    content: md(
      '# Gérer les droits d’accès',
      '',
      'Les droits s’ajoutent au rôle de l’utilisateur.',
      '',
      '- **Publier les parcours** : pour les contributeurs confirmés.',
      '- **Gérer les tickets** : pour l’équipe support.',
      '- **Gérer les imports XMind** : pour les responsables du référentiel.',
      '',
      'Retirez les droits dès qu’une personne change de fonction.',
    ),
  },
  {
    title: 'Traiter un ticket de support',
    path: ['Procédures internes'],
    status: 'published',
    tags: ['Procédure'],
    days: 120,
    content: md(
      '# Traiter un ticket de support',
      '',
      '1. Accuser réception sous 48 heures ouvrées.',
      '2. Reproduire le problème ou demander une capture.',
      '3. Répondre en passant le ticket à **Traité**.',
      '4. Clore le ticket après confirmation du demandeur, ou sans réponse sous dix jours.',
      '',
      'Un bug confirmé fait l’objet d’un ticket de type *bug* distinct.',
    ),
  },
  {
    title: 'Demande de suppression de compte',
    path: ['Procédures internes'],
    status: 'published',
    tags: ['Procédure', 'Conformité'],
    days: 80,
    content: md(
      '# Demande de suppression de compte',
      '',
      'Toute demande est transmise au délégué à la protection des données le jour même.',
      '',
      '- Le compte est **désactivé** immédiatement.',
      '- Les données sont supprimées au terme de la durée de conservation.',
      '- Le demandeur reçoit une confirmation écrite sous un mois.',
    ),
  },
  {
    title: 'Astreinte du support : planning et contacts',
    path: ['Procédures internes'],
    status: 'draft',
    tags: ['Procédure'],
    days: 5,
    content: md(
      '# Astreinte du support',
      '',
      'L’astreinte couvre les jours ouvrés de 8 h à 19 h.',
      '',
      '| Semaine | Titulaire | Suppléant |',
      '|---|---|---|',
      '| Paire | Nathalie Petit | Thomas Richard |',
      '| Impaire | Thomas Richard | Isabelle Moreau |',
    ),
  },
  {
    title: 'Référentiel métiers : mode d’emploi',
    path: ['Référentiel métiers'],
    status: 'published',
    tags: ['Tutoriel'],
    days: 60,
    content: md(
      '# Référentiel métiers',
      '',
      'Ce référentiel décrit les gestes clés des métiers de l’accueil, de la vente et de la logistique.',
      '',
      'Il est maintenu sous forme de carte XMind par l’équipe pédagogique et importé ici à chaque nouvelle version.',
    ),
  },
  {
    title: 'Accueillir un client en agence',
    path: ['Référentiel métiers', 'Accueil et orientation'],
    status: 'published',
    tags: ['Relation client'],
    days: 60,
    content: md(
      '# Accueillir un client en agence',
      '',
      '- Saluer dans les dix secondes.',
      '- Se présenter et proposer son aide.',
      '- Orienter ou prendre en charge, sans laisser le client seul.',
    ),
  },
  {
    title: 'Orienter une demande',
    path: ['Référentiel métiers', 'Accueil et orientation'],
    status: 'published',
    tags: ['Relation client'],
    days: 60,
    content: md(
      '# Orienter une demande',
      '',
      'Identifier le besoin en deux questions, puis accompagner le client jusqu’au bon interlocuteur ou prendre un rendez-vous.',
    ),
  },
  {
    title: 'Découvrir les besoins du client',
    path: ['Référentiel métiers', 'Vente et conseil'],
    status: 'published',
    tags: ['Relation client'],
    days: 60,
    content: md(
      '# Découvrir les besoins du client',
      '',
      'Questions ouvertes, écoute active, reformulation : le client doit parler plus que le vendeur.',
    ),
  },
  {
    title: 'Traiter une objection',
    path: ['Référentiel métiers', 'Vente et conseil'],
    status: 'published',
    tags: ['Relation client'],
    days: 60,
    content: md(
      '# Traiter une objection',
      '',
      '1. Accueillir l’objection sans la contredire.',
      '2. La reformuler en question.',
      '3. Répondre par un bénéfice concret.',
      '4. Vérifier que la réponse convient.',
    ),
  },
  {
    title: 'Préparer une commande',
    path: ['Référentiel métiers', 'Logistique'],
    status: 'published',
    tags: [],
    days: 60,
    content: md(
      '# Préparer une commande',
      '',
      'Vérifier le bon de préparation, prélever dans l’ordre des emplacements, contrôler les quantités avant l’emballage.',
    ),
  },
  {
    title: 'Contrôler une livraison',
    path: ['Référentiel métiers', 'Logistique', 'Réception des marchandises'],
    status: 'published',
    tags: ['Procédure'],
    days: 60,
    content: md(
      '# Contrôler une livraison',
      '',
      '- Compter les colis devant le transporteur.',
      '- Ouvrir tout colis abîmé avant de signer.',
      '- Noter les réserves précises sur le bon de livraison.',
    ),
  },
  {
    title: 'Signaler un litige transporteur',
    path: ['Référentiel métiers', 'Logistique', 'Réception des marchandises'],
    status: 'draft',
    tags: ['Procédure'],
    days: 60,
    content: md(
      '# Signaler un litige transporteur',
      '',
      'Les réserves doivent être confirmées par lettre recommandée dans les trois jours ouvrés suivant la réception (article L. 133-3 du Code de commerce).',
    ),
  },
];
