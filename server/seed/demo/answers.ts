/** Learners' answers to the open questions of the published courses, keyed by the question's text. */
export const ANSWERS: Record<string, string[]> = {
  'Décrivez un message suspect que vous avez déjà reçu : qu’est-ce qui vous a mis la puce à l’oreille ?': [
    'Un SMS soi-disant de la Poste pour un colis en attente, avec un lien raccourci et des frais de 1,99 €.',
    'Un e-mail du « service informatique » qui demandait de revalider mon mot de passe ; l’adresse venait d’un domaine inconnu.',
    'Une fausse facture d’un fournisseur habituel, mais avec un nouveau RIB et une demande de paiement urgent.',
  ],
  'Qui contactez-vous en premier en cas d’incident dans votre service ?': [
    'Le support informatique au 4242, puis mon responsable.',
    'Le référent sécurité de l’agence, qui prévient ensuite la DSI.',
  ],
  'Quel est l’objectif prioritaire de votre équipe pour le trimestre, en une phrase ?': [
    'Réduire le délai de traitement des demandes clients de cinq à trois jours.',
    'Réussir la migration vers le nouvel outil de planification sans interrompre le service.',
  ],
  'Citez une tâche que vous pourriez déléguer dès la semaine prochaine, et à qui.': [
    'La préparation du reporting hebdomadaire, à Jade qui maîtrise déjà le fichier.',
    'L’animation du point d’équipe du lundi, à tour de rôle entre les membres de l’équipe.',
  ],
  'Quelle formule écririez-vous pour compter les ventes de plus de 1 000 € réalisées en mars ?': [
    '=NB.SI.ENS(Ventes[Montant];">1000";Ventes[Mois];"mars")',
    '=NB.SI.ENS(C:C;">1000";B:B;">=01/03/2026";B:B;"<=31/03/2026")',
  ],
  'Quel fichier de votre service gagnerait à être mis sous forme de tableau ?': [
    'Le suivi des commandes fournisseurs, qui est ressaisi chaque mois.',
    'Le planning des astreintes, où les formules se cassent à chaque ajout de ligne.',
  ],
  'Écrivez le message clé de votre prochaine intervention en moins de quinze mots.': [
    'Le nouvel outil nous fera gagner une heure par semaine chacun.',
    'Nos clients attendent une réponse en 24 heures : organisons-nous pour y arriver.',
  ],
  'Citez un fichier de votre service qui contient des données personnelles.': [
    'Le fichier des candidatures reçues par e-mail.',
    'La liste des patients rappelés après leur sortie, avec leurs numéros de téléphone.',
  ],
  'Write the first sentence of a follow-up email to a supplier who has not answered for a week.': [
    'I’m just following up on my email of last Monday about the delivery dates.',
    'Could you please let me know where we stand on the quotation I sent you last week?',
  ],
  'Rédigez en quelques lignes la procédure d’alerte que vous afficheriez près des postes de votre équipe.': [
    'En cas de doute : 1. Je ne clique plus sur rien. 2. Je débranche le câble réseau sans éteindre le poste. 3. J’appelle le support au 4242. 4. Je note l’heure et ce que j’ai vu. 5. Je préviens mon responsable.',
    'Message étrange, écran bloqué, fichiers illisibles ? Débranchez le réseau, n’éteignez pas, appelez le 4242 et ne tentez rien seul. Chaque minute compte.',
  ],
  'Rédigez le feedback que vous donneriez à un collaborateur qui arrive régulièrement en retard en réunion, avec la méthode faits, impact, attente.':
    [
      'Tu es arrivé après le début des trois dernières réunions d’équipe. Nous avons dû reprendre les décisions pour toi et la réunion a dépassé. J’aimerais que tu sois là à l’heure ; si un créneau te pose problème, parlons-en pour le déplacer.',
      'Lundi et jeudi, tu as rejoint la réunion avec dix minutes de retard. L’équipe attendait ton point pour décider. Pour les prochaines, peux-tu bloquer cinq minutes avant dans ton agenda ?',
    ],
  'Décrivez un désaccord récent dans votre équipe et la manière dont vous l’avez traité. Que feriez-vous différemment ?':
    [
      'Deux collègues n’étaient pas d’accord sur la répartition des astreintes. J’ai tranché rapidement, mais sans les écouter vraiment. La prochaine fois, je les réunirai pour qu’ils proposent eux-mêmes une solution.',
      'Un désaccord sur les priorités du trimestre : j’ai fait lister les arguments de chacun au tableau, puis nous avons voté. Je prendrais plus de temps pour expliquer la décision finale.',
    ],
  'Rédigez l’ouverture de votre prochaine présentation : les trois premières phrases que vous prononcerez.': [
    'Chaque semaine, nous perdons deux heures à chercher des documents. Aujourd’hui, je vais vous montrer comment récupérer ce temps. Et cela commence dès lundi.',
    'Levez la main si vous avez déjà attendu une réponse plus de trois jours. C’est ce que vivent nos clients. Voici comment nous allons changer cela.',
  ],
  'Un client vous demande par téléphone la copie de toutes les données que vous détenez sur lui. Décrivez les étapes de votre réponse.':
    [
      'Je note sa demande et ses coordonnées, je lui indique que la réponse lui parviendra sous un mois et je transmets le jour même au DPO, qui vérifiera son identité et préparera l’extraction.',
      'Je lui demande de confirmer sa demande par écrit, je la transfère au DPO et je l’informe du délai légal d’un mois.',
    ],
  'Write a short email (five to eight lines) inviting a foreign colleague to a project kick-off meeting.': [
    'Dear Tom, I hope you are well. I’d like to invite you to the kick-off meeting for the new training platform on Tuesday 12 May at 10 am (Paris time). We will present the timeline and the role of each team. Could you let me know if this suits you? Kind regards, Camille',
    'Hi Anna, we are launching the onboarding project next week and your input would be very valuable. Would you be available for a one-hour video call on Thursday at 2 pm? I will send the agenda beforehand. Best regards, Lucas',
  ],
};

/** Feedback a trainer leaves on an answer, by outcome. */
export const FEEDBACK = {
  validated: [
    'Très bonne réponse, précise et concrète.',
    'C’est exactement ça, bravo.',
    'Bonne analyse : pensez à la partager avec votre équipe.',
    'Réponse complète, rien à ajouter.',
  ],
  rejected: [
    'Pas tout à fait : relisez la partie « À retenir » du chapitre et réessayez.',
    'Réponse incomplète : il manque l’étape la plus importante.',
    'Attention, cette option est justement un piège classique.',
  ],
};

/** What learners hand in for upload exercises, by course: the lines of the PDF or CSV they produce. */
export const HAND_INS: Record<string, { title: string; lines: string[] }> = {
  'Les fondamentaux de la cybersécurité': {
    title: 'Plan d’action cybersécurité',
    lines: [
      'Semaine 1 : activer la double authentification sur les comptes de messagerie.',
      'Semaine 2 : déployer le gestionnaire de mots de passe dans l’équipe.',
      'Semaine 3 : afficher la procédure d’alerte près des postes.',
      'Semaine 4 : exercice de faux hameçonnage avec le support informatique.',
    ],
  },
  'Manager une équipe : les premiers pas': {
    title: 'Trame d’entretien annuel complétée',
    lines: [
      'Bilan : objectifs de délai atteints, migration de l’outil menée à bien.',
      'Compétence à développer : la prise de parole en réunion client.',
      'Objectif 1 : former deux nouveaux arrivants d’ici juin.',
      'Objectif 2 : réduire les relances clients de 20 % d’ici décembre.',
      'Formation souhaitée : « Prendre la parole en public ».',
    ],
  },
  'Excel : analyser ses données': {
    title: 'Synthèse du budget par poste',
    lines: [
      'Poste;Total T1;Part',
      'Salaires;127500;79 %',
      'Loyer;20400;13 %',
      'Formation;5500;3 %',
      'Déplacements;3050;2 %',
      'Logiciels;4500;3 %',
    ],
  },
};
