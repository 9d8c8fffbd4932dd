import { chapter, type CourseSpec, type ModuleSpec } from './courseTypes.ts';
import { ACADEMY, MOREL } from './people.ts';

export const CUSTOMER_SERVICE: CourseSpec = {
  title: 'Accueil et relation client',
  structure: MOREL,
  description:
    'Soigner le premier contact et garder son calme face aux situations délicates, au guichet comme au téléphone.',
  language: 'fr',
  status: 'draft',
  createdDaysAgo: 42,
  cover: 'demo/couverture-relation-client.png',
  tags: ['Relation client', 'Nouveauté', 'Agence de Lyon'],
  skills: ['Accueillir un client', 'Traiter une réclamation', 'Informer un client sur sa livraison'],
  modules: [
    {
      title: 'Le premier contact',
      description: 'Les trente premières secondes font l’impression.',
      tags: ['Relation client'],
      chapters: [
        chapter(
          'Accueillir au guichet',
          10,
          'Sourire, regard, formule d’accueil : les bases d’un accueil chaleureux.',
          [
            'Levez les yeux et saluez dès que le client arrive.',
            'Présentez-vous et proposez votre aide.',
            'Si vous êtes occupé, signalez que vous l’avez vu.',
          ],
        ),
        chapter(
          'Accueillir au téléphone',
          10,
          'Sans le regard, la voix porte tout : décrocher vite et se présenter clairement.',
          [
            'Décrochez avant la troisième sonnerie.',
            'Annoncez le nom du service et votre prénom.',
            'Demandez l’accord avant de mettre en attente.',
          ],
        ),
      ],
    },
    {
      title: 'Les situations délicates',
      description: 'Réclamations, tensions et clients pressés.',
      tags: ['Exploitation'],
      chapters: [
        chapter(
          'Traiter une réclamation',
          15,
          'Écouter sans interrompre, reformuler, proposer une solution et assurer le suivi.',
          [
            'Laissez le client aller au bout de son explication.',
            'Reformulez pour montrer que vous avez compris.',
            'Engagez-vous sur une action et un délai réalistes.',
          ],
        ),
        chapter(
          'Désamorcer une tension',
          12,
          'Rester calme, baisser le ton et déplacer l’échange vers les solutions.',
          [
            'Parlez plus lentement et plus bas que votre interlocuteur.',
            'Reconnaissez l’émotion sans vous justifier.',
            'Si la situation dégénère, faites appel à un responsable.',
          ],
        ),
      ],
    },
  ],
  resources: {
    iframes: [
      {
        title: 'Plan d’accès à l’agence de Lyon',
        url: 'https://www.openstreetmap.org/export/embed.html?bbox=4.8270%2C45.7570%2C4.8420%2C45.7640&layer=mapnik',
        height: 400,
      },
    ],
    typeforms: [{ title: 'Enquête de satisfaction client (modèle)', url: 'https://form.typeform.com/to/Cs5uQw8N' }],
    links: [
      { label: 'La médiation de la consommation', url: 'https://www.economie.gouv.fr/mediation-conso' },
      { label: 'DGCCRF : les droits des consommateurs', url: 'https://www.economie.gouv.fr/dgccrf' },
    ],
    notes: [
      'Module en cours de relecture par l’équipe d’accueil de Lyon : attendre leur validation avant publication.',
    ],
    open: ['Quelle formule d’accueil utilisez-vous au téléphone ?'],
    long: ['Racontez une réclamation que vous avez traitée récemment : la demande, votre réponse et le résultat.'],
    quiz: [
      {
        question: 'Un client mécontent élève la voix. Quelle est la meilleure première réaction ?',
        options: [
          'Lui demander de se calmer',
          'L’écouter sans l’interrompre, puis reformuler',
          'Lui expliquer que ce n’est pas votre faute',
          'Appeler immédiatement la sécurité',
        ],
        correct: [1],
      },
    ],
  },
};

export const BUSINESS_ENGLISH: CourseSpec = {
  title: 'Anglais professionnel : réunions et e-mails',
  structure: ACADEMY,
  description:
    'Les formules essentielles pour écrire des e-mails clairs et participer à une réunion en anglais avec aisance.',
  language: 'en',
  status: 'published',
  createdDaysAgo: 82,
  publishedDaysAgo: 64,
  cover: 'demo/couverture-anglais.png',
  tags: ['Langues', 'Intermédiaire'],
  skills: ['Rédiger un e-mail professionnel en anglais'],
  modules: [
    {
      title: 'Writing emails',
      description: 'Ouvrir, relancer et conclure un e-mail en anglais.',
      tags: ['Langues'],
      chapters: [
        chapter(
          'Ouvrir et conclure un e-mail',
          10,
          'Dear, Hi, Best regards, Kind regards : choisir le bon registre selon le destinataire.',
          [
            '« Dear Ms Smith » pour un premier contact, « Hi Anna » ensuite.',
            '« Kind regards » convient à presque toutes les situations.',
            'Évitez « Yours faithfully » en dehors des courriers très formels.',
          ],
        ),
        chapter('Relancer poliment', 8, 'Just following up, Could you please… : relancer sans brusquer.', [
          '« I’m just following up on my email of 3 May. »',
          '« Could you let me know by Friday? »',
          'Remerciez par avance : « Thanks in advance for your help. »',
        ]),
      ],
    },
    {
      title: 'Taking part in meetings',
      description: 'Se présenter, donner son avis et conclure.',
      chapters: [
        chapter(
          'Se présenter et présenter son équipe',
          10,
          'Quelques phrases pour se présenter en réunion internationale.',
          [
            '« I’m in charge of training at our Lyon office. »',
            '« My team looks after onboarding and e-learning. »',
            'Gardez la présentation sous les trente secondes.',
          ],
        ),
        chapter('Exprimer son accord et son désaccord', 12, 'Nuancer son propos : I see your point, but…', [
          '« I totally agree » marque un accord franc.',
          '« I see your point, but… » introduit un désaccord poli.',
          '« Could we look at it from another angle? » ouvre la discussion.',
        ]),
      ],
    },
  ],
  resources: {
    youtube: [
      {
        title: 'Julian Treasure : How to speak so that people want to listen',
        url: 'https://www.youtube.com/watch?v=eIho2S0ZahI',
      },
    ],
    links: [
      { label: 'Cambridge Dictionary (anglais-français)', url: 'https://dictionary.cambridge.org/fr/' },
      { label: 'WordReference : dictionnaire et forum', url: 'https://www.wordreference.com/' },
    ],
    notes: [
      'Encourager les participants à écrire leurs réponses en anglais, même imparfait : la correction vient ensuite.',
    ],
    open: ['Write the first sentence of a follow-up email to a supplier who has not answered for a week.'],
    long: ['Write a short email (five to eight lines) inviting a foreign colleague to a project kick-off meeting.'],
    quiz: [
      {
        question: 'Which closing is appropriate for most professional emails?',
        options: ['Cheers mate', 'Kind regards', 'Love', 'Yours faithfully'],
        correct: [1],
      },
      {
        question: 'How do you politely disagree in a meeting?',
        options: [
          'You are wrong.',
          'I see your point, but I have a different view.',
          'No way.',
          'That is a stupid idea.',
        ],
        correct: [1],
      },
    ],
    multi: [
      {
        question: 'Which phrases can you use to follow up on an email?',
        options: [
          'I’m just following up on my last email.',
          'Why haven’t you answered?',
          'Could you let me know by Friday?',
          'Any update on this?',
        ],
        correct: [0, 2, 3],
      },
    ],
  },
};

const ONBOARDING_RESOURCES: CourseSpec['resources'] = {
  images: [
    {
      title: 'Visuel du parcours',
      document: 'demo/couverture-integration.png',
      alt: 'Dégradé gris-bleu avec un cercle clair, visuel du parcours d’intégration',
    },
  ],
  files: [
    {
      title: 'Charte d’utilisation',
      document: 'demo/charte-utilisation.pdf',
      label: 'Télécharger la charte d’utilisation de la plateforme (PDF)',
    },
  ],
  links: [{ label: 'Code du travail numérique : vos droits de salarié', url: 'https://code.travail.gouv.fr/' }],
  notes: ['Adapter ce chapitre au site d’accueil : noms des interlocuteurs, horaires et plan des locaux.'],
  open: ['À qui vous adressez-vous pour obtenir votre badge d’accès ?'],
  long: ['Qu’attendez-vous de vos trois premiers mois dans l’entreprise ?'],
  quiz: [
    {
      question: 'À qui signalez-vous un problème de badge d’accès ?',
      options: ['Aux moyens généraux', 'Au service paie', 'À votre manager uniquement', 'Au support informatique'],
      correct: [0],
    },
  ],
  multi: [
    {
      question: 'Quels outils utiliserez-vous dès votre première semaine ?',
      options: ['La messagerie', 'L’outil de gestion des congés', 'Le logiciel de paie', 'L’intranet'],
      correct: [0, 1, 3],
    },
  ],
  uploads: [
    {
      question: 'Déposez votre attestation de lecture de la charte, signée.',
      accept: ['application/pdf', 'image/jpeg', 'image/png'],
      maxSizeMb: 5,
    },
  ],
  typeforms: [{ title: 'Questionnaire « Vos premiers jours »', formId: 'On8bDq4T' }],
};

export const ONBOARDING_TEMPLATE: CourseSpec = {
  title: 'Modèle : parcours d’intégration',
  structure: ACADEMY,
  description: 'Parcours type à dupliquer pour accueillir un nouveau collaborateur : à personnaliser pour chaque site.',
  language: 'fr',
  status: 'draft',
  isTemplate: true,
  createdDaysAgo: 176,
  cover: 'demo/couverture-integration.png',
  tags: ['Procédure', 'Obligatoire', 'Accueil des nouveaux'],
  skills: ['Accompagner un nouvel arrivant'],
  modules: [
    {
      title: 'Modèle : bienvenue dans l’entreprise',
      description: 'Le mot d’accueil et la présentation de l’organisation.',
      chapters: [
        chapter(
          'Modèle : le mot d’accueil de la direction',
          5,
          'Une courte vidéo ou un texte de la direction pour souhaiter la bienvenue.',
          ['Qui sommes-nous et d’où venons-nous.', 'Nos valeurs en trois mots.', 'Ce que nous attendons de chacun.'],
          ['image', 'notes'],
        ),
        chapter(
          'Modèle : présentation de l’organisation',
          10,
          'L’organigramme, les sites et les grands services.',
          [
            'Les directions et leurs responsables.',
            'Les sites et leurs spécialités.',
            'Les instances représentatives du personnel.',
          ],
          ['file_downloadable', 'interactive_select'],
        ),
      ],
    },
    {
      title: 'Modèle : outils et procédures',
      description: 'Les outils du quotidien et les bons interlocuteurs.',
      chapters: [
        chapter(
          'Modèle : les outils du quotidien',
          10,
          'Messagerie, intranet, congés : les outils à prendre en main la première semaine.',
          [
            'Vos identifiants arrivent par e-mail le premier jour.',
            'L’intranet regroupe les procédures et l’annuaire.',
            'Les congés se posent dans l’outil RH.',
          ],
          ['links', 'interactive_select_multi'],
        ),
        chapter(
          'Modèle : à qui s’adresser ?',
          5,
          'Les interlocuteurs clés pour les questions pratiques.',
          [
            'Les moyens généraux pour le badge et le poste de travail.',
            'Le support informatique pour les accès.',
            'Les ressources humaines pour le contrat et la paie.',
          ],
          ['interactive_text', 'notes'],
        ),
      ],
    },
  ],
  resources: ONBOARDING_RESOURCES,
};

/** A template module outside any course, and template chapters outside any module, to copy from. */
export const STANDALONE_TEMPLATE_MODULE: ModuleSpec = {
  title: 'Modèle : évaluation de fin de module',
  description: 'Quiz de validation et auto-évaluation à ajouter à la fin de n’importe quel module.',
  tags: ['Procédure'],
  chapters: [
    chapter(
      'Modèle : quiz de validation des acquis',
      10,
      'Cinq questions pour vérifier les notions clés du module.',
      [
        'Une question par notion clé.',
        'Une seule bonne réponse, sans piège.',
        'Un retour explicatif après chaque réponse.',
      ],
      ['interactive_select', 'interactive_select_multi'],
    ),
    chapter(
      'Modèle : auto-évaluation',
      5,
      'L’apprenant situe son niveau avant et après le module.',
      [
        'Notez votre aisance de 1 à 5 sur chaque objectif.',
        'Identifiez le point à retravailler.',
        'Partagez-le avec votre manager.',
      ],
      ['interactive_long_text', 'from_typeform'],
    ),
  ],
};

export const STANDALONE_TEMPLATE_CHAPTERS = [
  chapter(
    'Modèle : chapitre de découverte et quiz',
    10,
    'Une notion présentée simplement, suivie d’une question de compréhension.',
    ['Une seule notion par chapitre.', 'Une question qui porte sur l’idée principale.', 'Un lien pour approfondir.'],
    ['interactive_select', 'links'],
  ),
  chapter(
    'Modèle : étude de cas avec dépôt de fichier',
    30,
    'Un cas concret à traiter, rendu sous forme de document.',
    [
      'Un contexte réaliste en quelques lignes.',
      'Une consigne précise et un format de rendu.',
      'Une grille d’évaluation partagée à l’avance.',
    ],
    ['file_downloadable', 'interactive_upload'],
  ),
  chapter(
    'Modèle : ressources complémentaires',
    5,
    'Liens et documents pour aller plus loin.',
    [
      'Trois à cinq liens choisis, pas davantage.',
      'Un document de synthèse téléchargeable.',
      'La date de dernière vérification des liens.',
    ],
    ['links', 'file_downloadable'],
  ),
];

export const TEMPLATE_RESOURCES = ONBOARDING_RESOURCES;
