import { chapter, type CourseSpec } from './courseTypes.ts';
import { ACADEMY } from './people.ts';

export const SPREADSHEETS: CourseSpec = {
  title: 'Excel : analyser ses données',
  structure: ACADEMY,
  description:
    'Préparer un tableau propre, maîtriser les formules qui font gagner du temps et présenter ses chiffres avec des tableaux croisés dynamiques.',
  language: 'fr',
  status: 'published',
  createdDaysAgo: 148,
  publishedDaysAgo: 120,
  cover: 'demo/couverture-excel.png',
  tags: ['Bureautique', 'Intermédiaire', 'Tutoriel'],
  skills: ['Construire un tableau croisé dynamique', 'Maîtriser les formules de recherche'],
  modules: [
    {
      title: 'Préparer ses données',
      description: 'Une analyse fiable commence par un tableau bien construit.',
      tags: ['Débutant'],
      chapters: [
        chapter(
          'Structurer un tableau de données',
          10,
          'Une ligne par enregistrement, une colonne par information, aucune cellule fusionnée.',
          [
            'Une seule ligne d’en-têtes, sans cellule vide.',
            'Pas de ligne de total au milieu des données.',
            'Un type de donnée par colonne : dates, nombres ou texte.',
          ],
        ),
        chapter(
          'Mettre sous forme de tableau',
          8,
          'Le format Tableau étend automatiquement formules et mises en forme aux nouvelles lignes.',
          [
            'Raccourci : Ctrl + T.',
            'Nommez le tableau pour l’utiliser dans les formules.',
            'Les filtres sont activés d’office.',
          ],
        ),
        chapter(
          'Nettoyer les doublons et les espaces',
          12,
          'SUPPRESPACE, suppression des doublons et validation des données pour fiabiliser un fichier.',
          [
            'SUPPRESPACE retire les espaces superflus.',
            'L’outil Supprimer les doublons agit sur les colonnes choisies.',
            'La validation des données évite les saisies erronées.',
          ],
        ),
      ],
    },
    {
      title: 'Les formules indispensables',
      description: 'Compter, additionner et croiser des tableaux sans effort.',
      chapters: [
        chapter(
          'SOMME.SI.ENS et NB.SI.ENS',
          15,
          'Additionner ou compter les lignes qui remplissent plusieurs conditions à la fois.',
          [
            'La plage à additionner vient en premier dans SOMME.SI.ENS.',
            'Les critères se donnent par paires plage, condition.',
            'Les guillemets encadrent les critères de comparaison, par exemple ">1000".',
          ],
        ),
        chapter(
          'RECHERCHEX pour croiser deux tableaux',
          15,
          'Retrouver une information dans un autre tableau, à gauche comme à droite de la colonne cherchée.',
          [
            'RECHERCHEX remplace RECHERCHEV et ses limites.',
            'Le quatrième argument définit la valeur si rien n’est trouvé.',
            'INDEX et EQUIV restent utiles sur les anciennes versions.',
          ],
        ),
        chapter(
          'Calculer avec les dates',
          10,
          'AUJOURDHUI, DATEDIF et NB.JOURS.OUVRES pour calculer des délais et des anciennetés.',
          [
            'Une date est un nombre de jours : on peut la soustraire.',
            'NB.JOURS.OUVRES exclut les week-ends et les jours fériés fournis.',
            'Le format de cellule ne change pas la valeur stockée.',
          ],
        ),
      ],
    },
    {
      title: 'Synthétiser et présenter',
      description: 'Du tableau brut au tableau de bord.',
      tags: ['Avancé'],
      chapters: [
        chapter(
          'Créer un tableau croisé dynamique',
          15,
          'Résumer des milliers de lignes en quelques glisser-déposer.',
          [
            'Partez d’un tableau de données propre.',
            'Lignes, colonnes, valeurs et filtres : quatre zones à combiner.',
            'Actualisez le tableau après toute modification des données.',
          ],
        ),
        chapter(
          'Segments et chronologies',
          10,
          'Des boutons de filtre visuels pour explorer les données sans toucher au tableau.',
          [
            'Un segment peut piloter plusieurs tableaux croisés.',
            'La chronologie filtre par mois, trimestre ou année.',
            'Alignez-les pour un tableau de bord lisible.',
          ],
        ),
        chapter(
          'Choisir le bon graphique',
          12,
          'Histogramme, courbe ou secteurs : chaque message appelle une représentation.',
          [
            'La courbe montre une évolution dans le temps.',
            'L’histogramme compare des catégories.',
            'Les secteurs ne servent qu’à des parts d’un tout, en petit nombre.',
          ],
        ),
      ],
    },
  ],
  resources: {
    images: [
      {
        title: 'Exemple : ventes trimestrielles',
        document: 'demo/graphique-ventes-trimestrielles.png',
        alt: 'Histogramme des ventes des quatre trimestres, en hausse au quatrième',
      },
    ],
    files: [
      {
        title: 'Fichier d’exercice',
        document: 'demo/budget-previsionnel.csv',
        label: 'Télécharger le budget prévisionnel du premier trimestre (CSV)',
      },
    ],
    links: [
      { label: 'Aide et formation Excel de Microsoft', url: 'https://support.microsoft.com/fr-fr/excel' },
      {
        label: 'Raccourcis clavier d’Excel',
        url: 'https://support.microsoft.com/fr-fr/office/raccourcis-clavier-dans-excel-1798d9d5-842a-42b8-9c99-9b7213f0040f',
      },
    ],
    iframes: [
      {
        title: 'Le tableau croisé dynamique',
        url: 'https://fr.wikipedia.org/wiki/Tableau_crois%C3%A9_dynamique',
        height: 520,
      },
    ],
    notes: [
      'Les participants travaillent sur le fichier de budget fourni : vérifier qu’il s’ouvre bien avec le séparateur point-virgule.',
    ],
    open: [
      'Quelle formule écririez-vous pour compter les ventes de plus de 1 000 € réalisées en mars ?',
      'Quel fichier de votre service gagnerait à être mis sous forme de tableau ?',
    ],
    quiz: [
      {
        question:
          'Quelle fonction retrouve une valeur dans un autre tableau, quelle que soit la position de la colonne ?',
        options: ['RECHERCHEV', 'RECHERCHEX', 'SOMME.SI', 'CONCAT'],
        correct: [1],
      },
      {
        question: 'Pour montrer l’évolution du chiffre d’affaires sur douze mois, quel graphique choisir ?',
        options: ['Secteurs', 'Courbe', 'Radar', 'Nuage de points'],
        correct: [1],
      },
    ],
    multi: [
      {
        question: 'Quelles règles rendent un tableau de données exploitable ?',
        options: [
          'Une seule ligne d’en-têtes',
          'Des cellules fusionnées pour les titres',
          'Un type de donnée par colonne',
          'Aucune ligne vide au milieu',
        ],
        correct: [0, 2, 3],
      },
    ],
    uploads: [
      {
        question: 'Déposez votre classeur avec le tableau croisé dynamique réalisé.',
        accept: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
        maxSizeMb: 20,
      },
    ],
  },
};

export const PUBLIC_SPEAKING: CourseSpec = {
  title: 'Prendre la parole en public',
  description: 'Structurer son message, gérer son trac et captiver son auditoire, en réunion comme en conférence.',
  language: 'fr',
  status: 'published',
  createdDaysAgo: 118,
  publishedDaysAgo: 96,
  cover: 'demo/couverture-prise-de-parole.png',
  tags: ['Soft skills', 'Débutant'],
  skills: ['Structurer un discours', 'Gérer le trac'],
  modules: [
    {
      title: 'Préparer son intervention',
      description: 'Le fond avant la forme.',
      chapters: [
        chapter(
          'Définir son message clé',
          10,
          'Si votre auditoire ne devait retenir qu’une phrase, laquelle serait-ce ?',
          [
            'Écrivez votre message clé en moins de quinze mots.',
            'Pensez à ce que votre auditoire sait déjà.',
            'Chaque partie de l’intervention sert ce message.',
          ],
        ),
        chapter(
          'Construire un plan en trois parties',
          12,
          'Trois arguments, illustrés d’exemples, encadrés par une ouverture et une conclusion fortes.',
          [
            'Trois idées se retiennent, sept s’oublient.',
            'Un exemple concret vaut mieux qu’un long raisonnement.',
            'La conclusion reprend le message clé et appelle à l’action.',
          ],
        ),
        chapter('Répéter efficacement', 8, 'Répéter à voix haute, debout et chronométré, change tout le jour J.', [
          'Répétez au moins trois fois à voix haute.',
          'Filmez-vous une fois pour repérer vos tics.',
          'Prévoyez 10 % de marge sur le temps imparti.',
        ]),
      ],
    },
    {
      title: 'Le jour J',
      description: 'Présence, voix et échanges avec la salle.',
      chapters: [
        chapter(
          'Gérer le trac',
          10,
          'Le trac est une énergie : la respiration et la préparation la rendent utile.',
          [
            'La respiration abdominale ralentit le rythme cardiaque.',
            'Les deux premières minutes sont les plus difficiles : apprenez-les par cœur.',
            'Arrivez en avance pour prendre possession des lieux.',
          ],
          ['video', 'interactive_select_multi'],
        ),
        chapter(
          'Voix, regard et gestuelle',
          12,
          'Le corps parle avant les mots : posture ancrée, regard balayant la salle, voix posée.',
          [
            'Gardez les pieds ancrés au sol, à la largeur des épaules.',
            'Regardez une personne par phrase.',
            'Les silences donnent du poids à vos idées.',
          ],
        ),
        chapter(
          'Répondre aux questions',
          10,
          'Accueillir, reformuler, répondre brièvement, et savoir dire « je reviendrai vers vous ».',
          [
            'Remerciez pour la question avant d’y répondre.',
            'Reformulez pour toute la salle.',
            'Ne pas savoir est acceptable : engagez-vous à revenir vers la personne.',
          ],
        ),
      ],
    },
  ],
  resources: {
    youtube: [
      {
        title: 'Amy Cuddy : votre langage corporel forge qui vous êtes',
        url: 'https://www.youtube.com/watch?v=Ks-_Mh1QhMc',
      },
      {
        title: 'Julian Treasure : parler pour que les gens aient envie d’écouter',
        url: 'https://www.youtube.com/watch?v=eIho2S0ZahI',
      },
    ],
    videos: [
      {
        title: 'Exercice de respiration guidée',
        url: 'https://interactive-examples.mdn.mozilla.net/media/cc0-videos/flower.mp4',
      },
    ],
    files: [
      {
        title: 'Aide-mémoire',
        document: 'demo/conseils-prise-de-parole.txt',
        label: 'Télécharger l’aide-mémoire avant votre intervention',
      },
    ],
    links: [{ label: 'TED : les conférences par thème', url: 'https://www.ted.com/topics' }],
    notes: [
      'Chaque participant prépare une intervention de deux minutes pour la séance suivante ; prévoir un chronomètre visible.',
    ],
    open: ['Écrivez le message clé de votre prochaine intervention en moins de quinze mots.'],
    long: ['Rédigez l’ouverture de votre prochaine présentation : les trois premières phrases que vous prononcerez.'],
    quiz: [
      {
        question: 'Combien d’idées principales un auditoire retient-il facilement ?',
        options: ['Une seule', 'Trois', 'Sept', 'Autant qu’on en présente'],
        correct: [1],
      },
    ],
    multi: [
      {
        question: 'Quelles techniques aident à gérer le trac ?',
        options: [
          'La respiration abdominale',
          'Apprendre son introduction par cœur',
          'Boire un café serré juste avant',
          'Arriver en avance sur place',
        ],
        correct: [0, 1, 3],
      },
    ],
    uploads: [
      {
        question: 'Déposez la vidéo de votre intervention de deux minutes.',
        accept: ['video/mp4', 'video/webm'],
        maxSizeMb: 50,
      },
    ],
  },
};

export const GDPR: CourseSpec = {
  title: 'RGPD : les essentiels pour tous les services',
  description:
    'Ce que chaque collaborateur doit savoir pour traiter des données personnelles dans le respect du règlement européen.',
  language: 'fr',
  status: 'published',
  createdDaysAgo: 108,
  publishedDaysAgo: 88,
  cover: 'demo/couverture-rgpd.png',
  tags: ['Conformité', 'Obligatoire'],
  skills: ['Appliquer les principes du RGPD'],
  sequential: true,
  modules: [
    {
      title: 'Les principes du règlement',
      description: 'Les notions à connaître pour parler le même langage que le DPO.',
      tags: ['Débutant'],
      chapters: [
        chapter(
          'Qu’est-ce qu’une donnée personnelle ?',
          8,
          'Toute information qui permet d’identifier une personne, directement ou indirectement.',
          [
            'Un nom, un e-mail ou une adresse IP sont des données personnelles.',
            'Certaines données sont sensibles : santé, opinions, origine.',
            'Une donnée pseudonymisée reste une donnée personnelle.',
          ],
        ),
        chapter(
          'Les six bases légales',
          12,
          'Consentement, contrat, obligation légale, intérêts vitaux, mission publique, intérêt légitime.',
          [
            'Chaque traitement repose sur une seule base légale identifiée.',
            'Le consentement doit être libre, éclairé et révocable.',
            'La base légale figure dans le registre des traitements.',
          ],
        ),
        chapter(
          'Minimisation et durées de conservation',
          10,
          'Ne collecter que le nécessaire, et ne pas le garder plus longtemps qu’utile.',
          [
            'Chaque champ d’un formulaire doit avoir une utilité.',
            'Une durée de conservation est fixée pour chaque traitement.',
            'À échéance, les données sont supprimées ou anonymisées.',
          ],
        ),
      ],
    },
    {
      title: 'Le RGPD au quotidien',
      description: 'Les situations que rencontrent tous les services.',
      chapters: [
        chapter(
          'Répondre à une demande d’accès',
          10,
          'Toute personne peut obtenir la copie de ses données : la réponse est due sous un mois.',
          [
            'Transmettez la demande au DPO le jour même.',
            'Vérifiez l’identité du demandeur sans exiger de pièces excessives.',
            'Le délai d’un mois court dès la réception.',
          ],
        ),
        chapter(
          'Sécuriser les fichiers partagés',
          10,
          'Droits d’accès, liens de partage et chiffrement : limiter l’exposition des données.',
          [
            'Partagez avec des personnes nommées plutôt qu’avec un lien public.',
            'Relisez régulièrement qui a accès à quoi.',
            'Chiffrez les fichiers envoyés à l’extérieur.',
          ],
        ),
        chapter(
          'Que faire en cas de violation de données ?',
          12,
          'Perte, vol ou fuite : la notification à la CNIL doit intervenir sous 72 heures.',
          [
            'Prévenez immédiatement le DPO.',
            'Documentez la violation, même si elle ne sera pas notifiée.',
            'Les personnes concernées sont informées si le risque est élevé.',
          ],
        ),
      ],
    },
  ],
  resources: {
    files: [
      {
        title: 'Check-list du service',
        document: 'demo/checklist-rgpd.pdf',
        label: 'Télécharger la check-list RGPD du service (PDF)',
      },
    ],
    links: [
      {
        label: 'CNIL : le règlement européen expliqué',
        url: 'https://www.cnil.fr/fr/reglement-europeen-protection-donnees',
      },
      {
        label: 'CNIL : notifier une violation de données',
        url: 'https://www.cnil.fr/fr/notifier-une-violation-de-donnees-personnelles',
      },
      { label: 'Le texte du règlement (EUR-Lex)', url: 'https://eur-lex.europa.eu/eli/reg/2016/679/oj' },
    ],
    iframes: [
      {
        title: 'Le RGPD en bref',
        url: 'https://fr.wikipedia.org/wiki/R%C3%A8glement_g%C3%A9n%C3%A9ral_sur_la_protection_des_donn%C3%A9es',
        height: 640,
      },
    ],
    typeforms: [{ title: 'Quiz d’entrée : où en êtes-vous ?', formId: 'Rg9pD2xW' }],
    notes: [
      'Proposer au délégué à la protection des données d’intervenir en fin de session pour répondre aux questions.',
    ],
    open: ['Citez un fichier de votre service qui contient des données personnelles.'],
    long: [
      'Un client vous demande par téléphone la copie de toutes les données que vous détenez sur lui. Décrivez les étapes de votre réponse.',
    ],
    quiz: [
      {
        question: 'Dans quel délai une violation de données doit-elle être notifiée à la CNIL ?',
        options: ['24 heures', '72 heures', '15 jours', 'Un mois'],
        correct: [1],
      },
      {
        question: 'Laquelle de ces informations n’est pas une donnée personnelle ?',
        options: [
          'L’adresse e-mail professionnelle d’un salarié',
          'Le numéro de plaque d’immatriculation',
          'Le chiffre d’affaires annuel de l’entreprise',
          'L’adresse IP d’un poste',
        ],
        correct: [2],
      },
    ],
    multi: [
      {
        question: 'Quelles sont des bases légales prévues par le RGPD ?',
        options: [
          'Le consentement',
          'L’exécution d’un contrat',
          'La curiosité du service marketing',
          'L’obligation légale',
        ],
        correct: [0, 1, 3],
      },
    ],
  },
};
