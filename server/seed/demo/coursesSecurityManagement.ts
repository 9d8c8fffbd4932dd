import { chapter, type CourseSpec } from './courseTypes.ts';
import { ACADEMY } from './people.ts';

export const CYBERSECURITY: CourseSpec = {
  title: 'Les fondamentaux de la cybersécurité',
  structure: ACADEMY,
  description:
    'Reconnaître les attaques les plus courantes, protéger ses comptes et savoir réagir face à un incident : le socle commun à tous les collaborateurs.',
  language: 'fr',
  status: 'published',
  createdDaysAgo: 168,
  publishedDaysAgo: 150,
  cover: 'demo/couverture-cybersecurite.png',
  tags: ['Sécurité', 'Obligatoire', 'Débutant', 'Plan de formation 2026'],
  skills: ['Repérer une tentative d’hameçonnage', 'Gérer ses mots de passe', 'Réagir à un incident de sécurité'],
  sequential: true,
  modules: [
    {
      title: 'Comprendre les menaces',
      description: 'Qui attaque, pourquoi, et avec quelles méthodes.',
      tags: ['Débutant'],
      chapters: [
        chapter(
          'Pourquoi les attaquants nous ciblent',
          10,
          'Les cybercriminels visent d’abord les organisations mal préparées, quelle que soit leur taille.',
          [
            'Les données clients et la trésorerie intéressent les attaquants.',
            'Une PME est une cible aussi rentable qu’un grand groupe.',
            'Une erreur humaine est à l’origine de la plupart des incidents.',
          ],
        ),
        chapter(
          'Les principales attaques en entreprise',
          15,
          'Hameçonnage, rançongiciel, fraude au président : panorama des attaques les plus fréquentes.',
          [
            'Le rançongiciel chiffre les fichiers et bloque l’activité.',
            'La fraude au président joue sur l’urgence et la hiérarchie.',
            'Le vol d’identifiants ouvre la porte à toutes les autres attaques.',
          ],
        ),
        chapter(
          'Reconnaître un e-mail d’hameçonnage',
          12,
          'Expéditeur, lien, ton pressant : les indices qui doivent alerter avant de cliquer.',
          [
            'Survolez les liens pour lire l’adresse réelle.',
            'Méfiez-vous des demandes urgentes ou inhabituelles.',
            'Une lettre changée dans le nom de domaine est un signal fort.',
          ],
        ),
      ],
    },
    {
      title: 'Adopter les bons réflexes',
      description: 'Les gestes simples qui bloquent la majorité des attaques.',
      chapters: [
        chapter(
          'Des mots de passe robustes',
          15,
          'Longueur, unicité et gestionnaire de mots de passe : la base de la sécurité de vos comptes.',
          [
            'Douze caractères au minimum, ou une phrase de passe.',
            'Un mot de passe différent pour chaque service.',
            'Un gestionnaire de mots de passe les retient à votre place.',
          ],
        ),
        chapter(
          'Activer la double authentification',
          8,
          'Un second facteur bloque l’essentiel des prises de contrôle de compte, même après une fuite de mot de passe.',
          [
            'Privilégiez une application d’authentification au SMS.',
            'Conservez les codes de secours dans un endroit sûr.',
            'Activez-la en priorité sur la messagerie, qui donne accès à tout le reste.',
          ],
        ),
        chapter(
          'Travailler en mobilité',
          10,
          'Wi-Fi public, écran visible, poste laissé sans surveillance : sécuriser le travail hors du bureau.',
          [
            'Utilisez le VPN de l’entreprise sur un réseau public.',
            'Verrouillez votre session dès que vous vous éloignez.',
            'Un filtre de confidentialité protège votre écran dans le train.',
          ],
        ),
      ],
    },
    {
      title: 'Réagir à un incident',
      description: 'Limiter les dégâts dans la première heure, puis en tirer les leçons.',
      tags: ['Procédure'],
      chapters: [
        chapter(
          'Les premiers gestes',
          10,
          'Débrancher le réseau, ne rien éteindre, prévenir : les bons réflexes dans la première heure.',
          [
            'Isolez le poste du réseau sans l’éteindre.',
            'Notez l’heure et ce que vous avez observé.',
            'Ne tentez pas de réparer seul.',
          ],
        ),
        chapter(
          'Qui alerter et comment',
          8,
          'Le circuit d’alerte interne et les ressources publiques comme Cybermalveillance.gouv.fr.',
          [
            'Le support informatique est le premier interlocuteur.',
            'Le délégué à la protection des données est prévenu si des données personnelles sont touchées.',
            'Un dépôt de plainte reste possible et utile.',
          ],
        ),
        chapter(
          'Tirer les leçons d’un incident',
          12,
          'Le retour d’expérience transforme un incident en amélioration durable.',
          [
            'Réunissez les personnes concernées dans la semaine qui suit.',
            'Cherchez les causes, pas les coupables.',
            'Décidez de deux ou trois actions concrètes et datées.',
          ],
        ),
      ],
    },
  ],
  resources: {
    images: [
      {
        title: 'Le cadenas, symbole d’une connexion protégée',
        document: 'demo/illustration-cadenas.png',
        alt: 'Pictogramme bleu d’un cadenas fermé',
      },
    ],
    files: [
      {
        title: 'Guide des mots de passe',
        document: 'demo/guide-mots-de-passe.pdf',
        label: 'Télécharger le guide des mots de passe (PDF)',
      },
      {
        title: 'Glossaire',
        document: 'demo/glossaire-cybersecurite.md',
        label: 'Télécharger le glossaire de la cybersécurité',
      },
    ],
    links: [
      { label: 'Cybermalveillance.gouv.fr : assistance et prévention', url: 'https://www.cybermalveillance.gouv.fr/' },
      { label: 'ANSSI : le guide d’hygiène informatique', url: 'https://cyber.gouv.fr/' },
      {
        label: 'CNIL : bien choisir ses mots de passe',
        url: 'https://www.cnil.fr/fr/les-conseils-de-la-cnil-pour-un-bon-mot-de-passe',
      },
      { label: 'Vérifier si une adresse a fuité', url: 'https://haveibeenpwned.com/' },
    ],
    iframes: [{ title: 'L’hameçonnage en détail', url: 'https://fr.wikipedia.org/wiki/Hame%C3%A7onnage', height: 600 }],
    typeforms: [{ title: 'Votre avis sur le module', formId: 'Kx3vQ9aL' }],
    notes: [
      'Prévoir un exemple d’e-mail frauduleux reçu récemment dans l’entreprise, anonymisé, pour lancer la discussion.',
      'Rappeler en fin de séance le numéro interne du support informatique : 4242.',
    ],
    open: [
      'Décrivez un message suspect que vous avez déjà reçu : qu’est-ce qui vous a mis la puce à l’oreille ?',
      'Qui contactez-vous en premier en cas d’incident dans votre service ?',
    ],
    long: ['Rédigez en quelques lignes la procédure d’alerte que vous afficheriez près des postes de votre équipe.'],
    quiz: [
      {
        question:
          'Votre banque vous demande par e-mail de confirmer vos identifiants sous 24 heures. Que faites-vous ?',
        options: [
          'Je clique sur le lien pour vérifier',
          'Je réponds pour demander des précisions',
          'Je ne clique pas et je contacte ma banque par son canal habituel',
          'Je transfère l’e-mail à mes collègues pour avoir leur avis',
        ],
        correct: [2],
      },
      {
        question: 'Quel mot de passe est le plus robuste ?',
        options: ['Paris2024!', 'MonChien#1', 'cheval-agrafe-orage-violon', 'P@ssw0rd'],
        correct: [2],
      },
      {
        question: 'Votre écran affiche une demande de rançon. Quel est le premier geste ?',
        options: [
          'Éteindre l’ordinateur',
          'Débrancher le câble réseau et couper le Wi-Fi',
          'Payer pour récupérer les fichiers',
          'Redémarrer en mode sans échec',
        ],
        correct: [1],
      },
    ],
    multi: [
      {
        question: 'Quels indices doivent vous alerter dans un e-mail ?',
        options: [
          'Un ton urgent ou menaçant',
          'Une adresse d’expéditeur inhabituelle',
          'Une signature complète avec numéro de téléphone',
          'Une demande de paiement ou d’identifiants',
        ],
        correct: [0, 1, 3],
      },
      {
        question: 'Quelles pratiques protègent vos comptes ?',
        options: [
          'La double authentification',
          'Un mot de passe unique par service',
          'Noter ses mots de passe sur un post-it',
          'Un gestionnaire de mots de passe',
        ],
        correct: [0, 1, 3],
      },
    ],
    uploads: [
      {
        question: 'Déposez le plan d’action cybersécurité de votre équipe.',
        accept: ['application/pdf', 'image/png', 'image/jpeg'],
        maxSizeMb: 10,
      },
    ],
  },
};

export const MANAGEMENT: CourseSpec = {
  title: 'Manager une équipe : les premiers pas',
  structure: ACADEMY,
  description:
    'Pour les nouveaux managers : trouver sa posture, communiquer avec son équipe et accompagner la progression de chacun.',
  language: 'fr',
  status: 'published',
  createdDaysAgo: 158,
  publishedDaysAgo: 131,
  cover: 'demo/couverture-management.png',
  tags: ['Management', 'Soft skills', 'Intermédiaire'],
  skills: ['Conduire un entretien individuel', 'Déléguer efficacement', 'Donner un feedback constructif'],
  modules: [
    {
      title: 'Trouver sa posture de manager',
      description: 'Clarifier son rôle et son style.',
      chapters: [
        chapter(
          'De collègue à manager',
          12,
          'Prendre la tête d’une équipe dont on faisait partie demande de clarifier son nouveau rôle.',
          [
            'Annoncez clairement ce qui change et ce qui ne change pas.',
            'Rencontrez chaque membre de l’équipe individuellement.',
            'Appuyez-vous sur votre propre manager pendant la transition.',
          ],
        ),
        chapter(
          'Les styles de management',
          15,
          'Directif, persuasif, participatif, délégatif : adapter son style à l’autonomie de chacun.',
          [
            'Aucun style n’est bon en soi : tout dépend de la situation.',
            'Plus la personne est autonome, plus vous pouvez déléguer.',
            'Un même collaborateur peut être autonome sur une tâche et débutant sur une autre.',
          ],
        ),
        chapter(
          'Fixer un cap à l’équipe',
          10,
          'Un objectif commun, compris et partagé, donne du sens au travail quotidien.',
          [
            'Reliez chaque objectif à la stratégie de l’entreprise.',
            'Formulez des objectifs mesurables et datés.',
            'Faites le point sur l’avancement chaque mois.',
          ],
        ),
      ],
    },
    {
      title: 'Communiquer avec son équipe',
      description: 'Réunions, feedback et désaccords.',
      tags: ['Soft skills'],
      chapters: [
        chapter(
          'Conduire une réunion d’équipe efficace',
          12,
          'Ordre du jour, rôles, décisions écrites : la réunion courte qui fait avancer.',
          [
            'Envoyez l’ordre du jour la veille.',
            'Terminez par la liste des décisions et de qui fait quoi.',
            'Trente minutes suffisent le plus souvent.',
          ],
        ),
        chapter(
          'Donner un feedback constructif',
          15,
          'La méthode faits, impact, attente pour formuler un retour utile et respectueux.',
          [
            'Décrivez des faits observables, pas des traits de personnalité.',
            'Expliquez l’impact sur l’équipe ou le client.',
            'Terminez par une attente précise et un soutien proposé.',
          ],
        ),
        chapter('Gérer un désaccord', 12, 'Écouter, reformuler et chercher l’intérêt commun avant de trancher.', [
          'Laissez chacun exposer son point de vue sans l’interrompre.',
          'Reformulez pour vérifier que vous avez compris.',
          'Si vous tranchez, expliquez pourquoi.',
        ]),
      ],
    },
    {
      title: 'Faire grandir ses collaborateurs',
      description: 'Délégation, entretiens et reconnaissance.',
      chapters: [
        chapter(
          'Déléguer sans s’effacer',
          12,
          'Confier une mission, c’est aussi fixer le cadre, les moyens et les points d’étape.',
          [
            'Déléguez un résultat attendu, pas une liste de tâches.',
            'Convenez ensemble des points d’étape.',
            'Acceptez que la manière de faire diffère de la vôtre.',
          ],
        ),
        chapter(
          'Préparer l’entretien annuel',
          15,
          'Un entretien réussi se prépare des deux côtés, avec des faits et des exemples.',
          [
            'Relisez les objectifs fixés l’année précédente.',
            'Demandez au collaborateur de préparer sa propre synthèse.',
            'Réservez un lieu calme et une heure sans interruption.',
          ],
        ),
        chapter(
          'Reconnaître les réussites',
          8,
          'Une reconnaissance sincère et précise motive davantage qu’une prime ponctuelle.',
          [
            'Soyez précis : ce qui a été fait et pourquoi c’est important.',
            'Ne remettez pas la reconnaissance à plus tard.',
            'Valorisez aussi les efforts collectifs.',
          ],
        ),
      ],
    },
  ],
  resources: {
    images: [
      {
        title: 'Une équipe, des profils complémentaires',
        document: 'demo/illustration-equipe.png',
        alt: 'Trois cercles colorés qui se chevauchent, symbolisant une équipe',
      },
    ],
    youtube: [
      {
        title: 'Simon Sinek : comment les grands leaders inspirent l’action',
        url: 'https://www.youtube.com/watch?v=qp0HIF3SfI4',
      },
      { title: 'Brené Brown : le pouvoir de la vulnérabilité', url: 'https://www.youtube.com/watch?v=iCvmsMzlF7o' },
    ],
    files: [
      {
        title: 'Trame d’entretien',
        document: 'demo/trame-entretien-annuel.pdf',
        label: 'Télécharger la trame d’entretien annuel (PDF)',
      },
    ],
    links: [
      { label: 'Anact : qualité de vie et conditions de travail', url: 'https://www.anact.fr/' },
      { label: 'Ministère du Travail : la formation professionnelle', url: 'https://travail-emploi.gouv.fr/' },
    ],
    typeforms: [
      { title: 'Auto-diagnostic de votre style de management', url: 'https://form.typeform.com/to/Mg7TzR2c' },
    ],
    notes: [
      'Faire travailler les participants en binômes sur leurs propres situations plutôt que sur des cas inventés.',
      'Le jeu de rôle sur le feedback dure 20 minutes : prévoir un observateur par binôme.',
    ],
    open: [
      'Quel est l’objectif prioritaire de votre équipe pour le trimestre, en une phrase ?',
      'Citez une tâche que vous pourriez déléguer dès la semaine prochaine, et à qui.',
    ],
    long: [
      'Rédigez le feedback que vous donneriez à un collaborateur qui arrive régulièrement en retard en réunion, avec la méthode faits, impact, attente.',
      'Décrivez un désaccord récent dans votre équipe et la manière dont vous l’avez traité. Que feriez-vous différemment ?',
    ],
    quiz: [
      {
        question: 'Un collaborateur expérimenté découvre une tâche nouvelle pour lui. Quel style adopter ?',
        options: [
          'Délégatif : il saura faire',
          'Directif : expliquer précisément le comment',
          'Participatif : décider ensemble de tout',
          'Aucun : le laisser chercher',
        ],
        correct: [1],
      },
      {
        question: 'Quelle formulation relève d’un feedback constructif ?',
        options: [
          'Tu es toujours en retard.',
          'Tu manques de sérieux.',
          'Tu es arrivé après le début des trois dernières réunions ; on a dû reprendre les points pour toi.',
          'Fais un effort, s’il te plaît.',
        ],
        correct: [2],
      },
    ],
    multi: [
      {
        question: 'Qu’est-ce qui rend une réunion d’équipe efficace ?',
        options: [
          'Un ordre du jour envoyé à l’avance',
          'Un compte rendu des décisions',
          'La présence de toute l’entreprise',
          'Une durée limitée et tenue',
        ],
        correct: [0, 1, 3],
      },
    ],
    uploads: [
      {
        question: 'Déposez votre trame d’entretien annuel complétée.',
        accept: ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
        maxSizeMb: 5,
      },
    ],
  },
};
