import type { Queryable } from '../../db/database.ts';
import { ago, idsBy, insertRows, must, structureOfUser } from './bulk.ts';
import { GDPR, PUBLIC_SPEAKING } from './coursesOfficeSpeakingGdpr.ts';

type TicketStatus = 'created' | 'treated' | 'canceled' | 'closed';

interface TicketSpec {
  type: 1 | 2;
  subject: string;
  author: string;
  parent?: { user: string } | { course: string };
  /** [author, body, status after this message, days ago]; the last status is the ticket's. */
  thread: [string, string, TicketStatus, number][];
  /** "À relancer le": days from today (negative: overdue), at 10:00 server time. */
  followUp?: number;
}

const ME = 'contributeur@demo.fr';
const ADMIN = 'admin@demo.fr';
const NATHALIE = 'nathalie.petit@academie-demo.fr';
const THOMAS = 'thomas.richard@academie-demo.fr';
const EMILIE = 'emilie.laurent@riviera-hotels.fr';
const CLAIRE = 'claire.fournier@clinique-tilleuls.fr';
const MOREL_ADMIN = 'admin@transports-morel.fr';
/** Platform staff: they answer any structure's requests (the structure sees their name on their replies). */
const JULIEN = 'julien.robert@academie-demo.fr';
const SUPERADMIN = 'superadmin@demo.fr';

// A ticket's parent, and whoever writes in it, are of its author's structure (or the catalogue, or platform staff).
const TICKETS: TicketSpec[] = [
  {
    type: 2,
    subject: 'Impossible de me connecter après la réinitialisation du mot de passe',
    author: 'lea.lambert@riviera-hotels.fr',
    parent: { user: 'lea.lambert@riviera-hotels.fr' },
    thread: [
      [
        'lea.lambert@riviera-hotels.fr',
        'Bonjour, j’ai réinitialisé mon mot de passe ce matin mais la connexion échoue toujours avec « identifiants invalides ».',
        'created',
        12,
      ],
      [
        EMILIE,
        'Bonjour Léa, votre compte était verrouillé après plusieurs essais. Je l’ai débloqué : pouvez-vous réessayer ?',
        'treated',
        11.8,
      ],
      ['lea.lambert@riviera-hotels.fr', 'C’est bon, merci beaucoup !', 'closed', 11.5],
    ],
  },
  {
    type: 2,
    subject: 'Inscription d’une nouvelle équipe au parcours RGPD',
    followUp: 0,
    author: 'emilie.laurent@riviera-hotels.fr',
    parent: { course: GDPR.title },
    thread: [
      [
        'emilie.laurent@riviera-hotels.fr',
        'Nous accueillons huit réceptionnistes saisonniers le 2 juin. Pouvez-vous les inscrire au parcours RGPD ?',
        'created',
        9,
      ],
      [JULIEN, 'Bien reçu. Envoyez-moi la liste des adresses e-mail et je lance les invitations.', 'treated', 8],
      ['emilie.laurent@riviera-hotels.fr', 'Liste envoyée par e-mail à l’instant.', 'created', 7],
    ],
  },
  {
    type: 2,
    subject: 'Attestation de fin de formation introuvable',
    author: 'louis.fontaine@clinique-tilleuls.fr',
    parent: { user: 'louis.fontaine@clinique-tilleuls.fr' },
    thread: [
      [
        'louis.fontaine@clinique-tilleuls.fr',
        'J’ai terminé le parcours sur la prise de parole mais je ne trouve pas l’attestation à fournir aux RH.',
        'created',
        20,
      ],
      [
        CLAIRE,
        'Bonjour Louis, l’attestation est envoyée par e-mail à la fin du parcours. Je vous la renvoie, vérifiez aussi vos courriers indésirables.',
        'treated',
        19,
      ],
    ],
  },
  {
    type: 2,
    subject: 'Changement d’adresse e-mail suite à un mariage',
    author: 'alice.garnier@riviera-hotels.fr',
    parent: { user: 'alice.garnier@riviera-hotels.fr' },
    thread: [
      [
        'alice.garnier@riviera-hotels.fr',
        'Mon adresse professionnelle change le mois prochain. Comment conserver mon historique de formation ?',
        'created',
        75,
      ],
      [
        EMILIE,
        'Nous modifierons l’adresse sur le même compte : l’historique est conservé. Prévenez-nous le jour du changement.',
        'treated',
        74,
      ],
      [
        'alice.garnier@riviera-hotels.fr',
        'Finalement je quitte l’entreprise, vous pouvez annuler la demande.',
        'canceled',
        64,
      ],
    ],
  },
  {
    type: 2,
    subject: 'Page « Le RGPD en bref » vide sur les postes de la clinique',
    followUp: -1,
    author: 'ines.muller@clinique-tilleuls.fr',
    parent: { course: GDPR.title },
    thread: [
      [
        'ines.muller@clinique-tilleuls.fr',
        'Depuis les postes de la clinique, la page intégrée reste blanche.',
        'created',
        4,
      ],
      [
        JULIEN,
        'Le pare-feu de la clinique bloque probablement le domaine. Nous contactons votre service informatique.',
        'created',
        3,
      ],
    ],
  },
  {
    type: 2,
    subject: 'Sous-titres pour les vidéos du parcours de prise de parole',
    followUp: 3,
    author: 'daniel.schmidt@lefevre-conseil.fr',
    parent: { course: PUBLIC_SPEAKING.title },
    thread: [
      [
        'daniel.schmidt@lefevre-conseil.fr',
        'Could you add subtitles to the videos? Some colleagues are hard of hearing.',
        'created',
        2,
      ],
    ],
  },
  {
    type: 2,
    subject: 'Code de vérification jamais reçu',
    author: 'pauline.chevalier@transports-morel.fr',
    parent: { user: 'pauline.chevalier@transports-morel.fr' },
    thread: [
      [
        'pauline.chevalier@transports-morel.fr',
        'Bonjour, je n’ai pas reçu le code à six chiffres pour ma première connexion.',
        'created',
        1,
      ],
    ],
  },
  {
    type: 2,
    subject: 'Suppression du compte d’un salarié parti',
    author: MOREL_ADMIN,
    parent: { user: 'enzo.boyer@transports-morel.fr' },
    thread: [
      [
        MOREL_ADMIN,
        'Enzo Boyer a quitté l’entreprise : merci de désactiver son compte et de supprimer ses données au terme du délai légal.',
        'created',
        70,
      ],
      [
        SUPERADMIN,
        'Compte désactivé. Les données seront supprimées à l’issue de la durée de conservation de trois ans.',
        'closed',
        69,
      ],
    ],
  },
  {
    type: 2,
    subject: 'Inscription groupée de quinze collaborateurs',
    author: 'hugo.dupont@transports-morel.fr',
    thread: [
      [
        'hugo.dupont@transports-morel.fr',
        'Est-il possible d’importer une liste de quinze collaborateurs en une fois ?',
        'created',
        40,
      ],
      [
        JULIEN,
        'L’import de fichier arrive bientôt. En attendant, je peux créer les comptes à partir de votre liste.',
        'treated',
        39,
      ],
      ['hugo.dupont@transports-morel.fr', 'Le projet est reporté à la rentrée, j’annule la demande.', 'canceled', 35],
    ],
  },
  {
    type: 1,
    subject: 'L’export CSV des participations perd les accents',
    followUp: 0,
    author: ME,
    thread: [
      [
        ME,
        'Ouvert dans Excel, l’export affiche « GuÃ©rin » au lieu de « Guérin ». Capture jointe : capture-export-csv.png.',
        'created',
        6,
      ],
      [
        THOMAS,
        'Reproduit : le fichier est bien en UTF-8 mais sans BOM, Excel le lit en Windows-1252. Correctif en préparation.',
        'created',
        5,
      ],
    ],
  },
  {
    type: 1,
    subject: 'Le bouton « Publier » reste grisé après l’ajout d’une partie',
    author: ME,
    parent: { course: 'Modèle : parcours d’intégration' },
    thread: [
      [
        ME,
        'J’ai ajouté une partie au dernier chapitre vide, mais le bouton « Publier » reste inactif jusqu’au rechargement de la page.',
        'created',
        15,
      ],
      [
        ADMIN,
        'Corrigé dans la dernière version : l’état du parcours est maintenant rafraîchi après chaque ajout.',
        'treated',
        10,
      ],
    ],
  },
  {
    type: 1,
    subject: 'Le réordonnancement des chapitres ne s’enregistre pas',
    author: ME,
    parent: { course: 'Manager une équipe : les premiers pas' },
    thread: [
      [
        ME,
        'Après un glisser-déposer du chapitre 3 en première position, l’ordre revient comme avant au rechargement.',
        'created',
        48,
      ],
      [NATHALIE, 'Le correctif est en ligne, pouvez-vous confirmer ?', 'treated', 44],
      [ME, 'Confirmé, tout fonctionne. Merci !', 'closed', 43],
    ],
  },
  {
    type: 1,
    subject: 'Aperçu Markdown : les tableaux ne s’affichent pas',
    author: 'lucas.girard@transports-morel.fr',
    thread: [
      [
        'lucas.girard@transports-morel.fr',
        'Un tableau Markdown avec des barres verticales s’affiche en texte brut dans l’aperçu du chapitre.',
        'created',
        8,
      ],
    ],
  },
  {
    type: 1,
    subject: 'Erreur lors du téléversement d’un PDF de 60 Mo',
    author: 'manon.bonnet@academie-demo.fr',
    thread: [
      [
        'manon.bonnet@academie-demo.fr',
        'Le téléversement échoue sans message clair pour un support de cours de 60 Mo.',
        'created',
        26,
      ],
      [
        THOMAS,
        'La limite est de 50 Mo ; le message affiche désormais la taille maximale. Pensez à compresser le PDF.',
        'treated',
        24,
      ],
    ],
  },
  {
    type: 1,
    subject: 'La recherche ignore les mots accentués',
    author: 'raphael.andre@academie-demo.fr',
    thread: [
      [
        'raphael.andre@academie-demo.fr',
        'Rechercher « securite » ne trouve pas « Sécurité » dans la liste des étiquettes.',
        'created',
        3,
      ],
    ],
  },
  {
    type: 1,
    subject: 'Le panneau latéral se ferme après l’envoi d’un message',
    author: NATHALIE,
    thread: [
      [NATHALIE, 'Dans un ticket, l’envoi d’un message ferme parfois le panneau latéral.', 'created', 30],
      [NATHALIE, 'Non reproductible depuis la mise à jour du navigateur, j’annule.', 'canceled', 28],
    ],
  },
  // The demo structure's own requests: what its administrators' support desk holds.
  {
    type: 2,
    subject: 'Accès au parcours Excel pour une nouvelle recrue',
    followUp: 1,
    author: 'yasmine.benali@academie-demo.fr',
    parent: { user: 'yasmine.benali@academie-demo.fr' },
    thread: [
      [
        'yasmine.benali@academie-demo.fr',
        'Bonjour, Inès rejoint l’équipe comptable lundi : pouvez-vous lui ouvrir le parcours Excel ?',
        'created',
        4,
      ],
      [NATHALIE, 'C’est noté : je crée son compte dès que le service RH m’envoie son adresse.', 'created', 3.5],
    ],
  },
  {
    type: 2,
    subject: 'Vidéo du module « Réagir à un incident » saccadée',
    author: 'manon.bonnet@academie-demo.fr',
    thread: [
      [
        'manon.bonnet@academie-demo.fr',
        'La vidéo de démonstration s’arrête toutes les dix secondes depuis le site de Nantes.',
        'created',
        6,
      ],
      [
        ADMIN,
        'Le réseau du site de Nantes filtre le domaine de la vidéo ; la DSI l’a débloqué ce matin. Pouvez-vous confirmer ?',
        'treated',
        5,
      ],
    ],
  },
];

// On the note's structure's rows; platform staff's notes are the platform's own. [target, author, content, pinned, days ago]
type NoteTarget = { user: string } | { ticket: string } | { course: string };
const NOTES: [NoteTarget, string, string, boolean, number][] = [
  [
    { user: 'lucas.girard@transports-morel.fr' },
    MOREL_ADMIN,
    'Référent formation du site de Lyon : interlocuteur privilégié pour les inscriptions.',
    true,
    95,
  ],
  [
    { user: 'contributeur@demo.fr' },
    ADMIN,
    'Dispose du droit de publier les parcours. Relit les contenus du pôle relation client.',
    true,
    70,
  ],
  [
    { user: 'sarah.collins@lefevre-conseil.fr' },
    SUPERADMIN,
    'Préfère les échanges en anglais. Interlocutrice de Lefèvre Conseil pour les inscriptions.',
    false,
    60,
  ],
  [
    { user: 'enzo.boyer@transports-morel.fr' },
    MOREL_ADMIN,
    'Compte désactivé à la demande de l’employeur (départ de l’entreprise).',
    false,
    69,
  ],
  [
    { user: 'pauline.chevalier@transports-morel.fr' },
    'karim.mansouri@transports-morel.fr',
    'Compte créé pour la session du mois prochain ; première connexion en attente.',
    false,
    1,
  ],
  [
    { user: 'mehdi.haddad@clinique-tilleuls.fr' },
    'claire.fournier@clinique-tilleuls.fr',
    'Travaille de nuit : privilégier les relances par e-mail plutôt que par téléphone.',
    false,
    33,
  ],
  [
    { ticket: 'Inscription d’une nouvelle équipe au parcours RGPD' },
    JULIEN,
    'Client prioritaire pour la saison : traiter avant vendredi.',
    true,
    8,
  ],
  [
    { ticket: 'L’export CSV des participations perd les accents' },
    THOMAS,
    'Ajouter le BOM UTF-8 en tête du fichier ; vérifier aussi l’export des utilisateurs.',
    false,
    5,
  ],
  [
    { ticket: 'Page « Le RGPD en bref » vide sur les postes de la clinique' },
    JULIEN,
    'DSI de la clinique contactée ; en attente de l’ouverture du domaine.',
    false,
    3,
  ],
  [
    { ticket: 'Code de vérification jamais reçu' },
    MOREL_ADMIN,
    'Vérifier la boîte d’envoi : l’adresse contient peut-être une faute de frappe.',
    false,
    0.5,
  ],
  [
    { course: 'Accueil et relation client' },
    MOREL_ADMIN,
    'Publication prévue après validation des scripts téléphoniques par l’accueil de Lyon.',
    true,
    5,
  ],
  [
    { course: 'Manager une équipe : les premiers pas' },
    'isabelle.moreau@academie-demo.fr',
    'Revoir le module 2 avant la session de juin : les participants le trouvent trop long.',
    false,
    30,
  ],
  [
    { course: 'Les fondamentaux de la cybersécurité' },
    'julien.robert@academie-demo.fr',
    'Parcours obligatoire : taux de complétion à suivre chaque mois pour le comité de direction.',
    true,
    85,
  ],
  [
    { course: 'Excel : analyser ses données' },
    NATHALIE,
    'Prévoir une variante pour les versions d’Excel sans RECHERCHEX.',
    false,
    26,
  ],
];

// [status, method and endpoint, page, user, message, days ago of the last time, how many times, days ago of the first]
const ERROR_CALLS: [number, string, string, string, string, number, number, number][] = [
  [500, 'GET /api/courses/3/menu', '/courses/3/show', ADMIN, 'Internal Server Error', 21, 3, 23],
  [502, 'POST /api/documents/upload', '/documents/create', 'manon.bonnet@academie-demo.fr', 'Bad Gateway', 26, 1, 26],
  [504, 'GET /api/participations?itemsPerPage=500', '/participations', THOMAS, 'Gateway Timeout', 14, 7, 30],
  [503, 'GET /api/tickets?type=2', '/tickets', NATHALIE, 'Service Unavailable', 9, 1, 9],
  [500, 'PUT /api/chapters/12/reorder', '/chapters/12', ME, 'Internal Server Error', 48, 2, 50],
  [0, 'GET /api/system-configurations', '/settings', SUPERADMIN, 'Network Error', 2, 1, 2],
];

// Refusals the user could fix, only counted: [status, method and route, a structure's member, days ago, how many]
const REFUSAL_COUNTS: [number, string, string, number, number][] = [
  [422, 'POST /api/users', ADMIN, 0, 4],
  [422, 'PUT /api/courses/{id}', ADMIN, 1, 11],
  [409, 'PUT /api/chapters/{id}', THOMAS, 1, 2],
  [415, 'POST /api/documents/upload', 'manon.bonnet@academie-demo.fr', 3, 1],
];

const CANNED_REPLIES: readonly [title: string, shortcut: string, body: string][] = [
  [
    'Accusé de réception',
    'merci',
    'Bonjour {{authorFirstName}},\n\nMerci pour votre message au sujet de « {{ticketSubject}} ». Nous le regardons et revenons vers vous rapidement.\n\n{{agentName}}',
  ],
  [
    'Demande de capture d’écran',
    'capture',
    'Bonjour {{authorFirstName}},\n\nPourriez-vous nous envoyer une capture d’écran de la page concernée, avec l’heure à laquelle le problème est apparu ?\n\n{{agentFirstName}}',
  ],
  [
    'Problème corrigé',
    'corrige',
    'Bonjour {{authorFirstName}},\n\nLe problème « {{ticketSubject}} » est corrigé. N’hésitez pas à nous écrire s’il se présente de nouveau.\n\n{{agentName}}',
  ],
];

export async function seedSupport(
  tx: Queryable,
  users: ReadonlyMap<string, number>,
  courses: ReadonlyMap<string, number>,
  companyOf: ReadonlyMap<string, number>,
): Promise<void> {
  const ticketRows = await insertRows(
    tx,
    'tickets',
    {
      type: 'smallint',
      subject: 'text',
      status: 'text',
      author_id: 'integer',
      parent_user_id: 'integer',
      parent_course_id: 'integer',
      _follow: 'interval',
    },
    TICKETS.map((ticket) => ({
      type: ticket.type,
      subject: ticket.subject,
      status: ticket.thread[ticket.thread.length - 1][2],
      author_id: must(users, ticket.author),
      parent_user_id: ticket.parent && 'user' in ticket.parent ? must(users, ticket.parent.user) : null,
      parent_course_id: ticket.parent && 'course' in ticket.parent ? must(courses, ticket.parent.course) : null,
      _age: ago(ticket.thread[0][3]),
      _touched: ago(ticket.thread[ticket.thread.length - 1][3]),
      _follow: ticket.followUp === undefined ? null : `${ticket.followUp * 1440 + 600} minutes`,
    })),
    {
      stamped: true,
      returning: 'id, subject',
      computed: { follow_up_at: "date_trunc('day', now()) + x._follow", ...structureOfUser('author_id') },
    },
  );
  const tickets = idsBy(ticketRows, (row) => row.subject);
  await insertRows(
    tx,
    'ticket_messages',
    { ticket_id: 'integer', author_id: 'integer', body: 'text', status: 'text', _at: 'interval' },
    TICKETS.flatMap((ticket) =>
      ticket.thread.map(([author, body, status, days]) => ({
        ticket_id: must(tickets, ticket.subject),
        author_id: must(users, author),
        body,
        status,
        _at: ago(days),
      })),
    ),
    { computed: { created_at: 'now() - x._at' } },
  );
  // The statuses the demo threads went through, as the agenda's record of changes would hold them.
  await tx.query(
    `INSERT INTO ticket_changes (ticket_id, field, previous, value, actor_id, created_at)
     SELECT ticket_id, 'status', previous, status, author_id, created_at
       FROM (SELECT m.*, coalesce(lag(m.status) OVER (PARTITION BY m.ticket_id ORDER BY m.created_at, m.id), 'created') AS previous
               FROM ticket_messages m) m
      WHERE status <> previous`,
  );
  await insertRows(
    tx,
    'notes',
    {
      content: 'text',
      author_id: 'integer',
      pinned: 'boolean',
      user_id: 'integer',
      ticket_id: 'integer',
      course_id: 'integer',
    },
    NOTES.map(([target, author, content, pinned, days]) => ({
      content,
      author_id: must(users, author),
      pinned,
      user_id: 'user' in target ? must(users, target.user) : null,
      ticket_id: 'ticket' in target ? must(tickets, target.ticket) : null,
      course_id: 'course' in target ? must(courses, target.course) : null,
      _age: ago(days),
    })),
    { stamped: true, computed: structureOfUser('author_id') },
  );
  // "Réponses types" of two structures, with the variables agents use most.
  await insertRows(
    tx,
    'canned_replies',
    { company_id: 'integer', title: 'text', shortcut: 'text', body: 'text' },
    [ME, MOREL_ADMIN].flatMap((email) =>
      CANNED_REPLIES.map(([title, shortcut, body]) => ({ company_id: must(companyOf, email), title, shortcut, body })),
    ),
  );
  await insertRows(
    tx,
    'error_calls',
    {
      details: 'jsonb',
      status: 'integer',
      url: 'text',
      company_id: 'integer',
      employee_id: 'integer',
      endpoint: 'text',
      protocol: 'text',
      method: 'text',
      occurrences: 'integer',
      _at: 'interval',
      _first: 'interval',
    },
    ERROR_CALLS.map(([status, call, page, user, message, days, occurrences, firstDays]) => {
      const [method, endpoint] = call.split(' ');
      return {
        details: {
          message,
          method,
          response: status === 0 ? null : { status, statusText: message },
          userAgent:
            'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
        },
        status,
        url: `https://backoffice.academie-demo.fr${page}`,
        company_id: companyOf.get(user) ?? null,
        employee_id: must(users, user),
        endpoint,
        protocol: 'https',
        method,
        occurrences,
        _at: ago(days, 0, 17),
        _first: ago(firstDays, 0, 9),
      };
    }),
    {
      computed: {
        // The route as the server names it (server/http/routeTemplates.ts): its ids read {id}.
        route: `regexp_replace(split_part(x.endpoint, '?', 1), '/[0-9]+(?=/|$)', '/{id}', 'g')`,
        occurred_at: 'now() - x._at',
        first_at: 'now() - x._first',
        last_at: 'now() - x._at',
        created_at: 'now() - x._first',
        updated_at: 'now() - x._at',
      },
    },
  );
  await insertRows(
    tx,
    'error_calls',
    {
      status: 'integer',
      company_id: 'integer',
      method: 'text',
      route: 'text',
      occurrences: 'integer',
      _at: 'interval',
    },
    REFUSAL_COUNTS.map(([status, call, member, days, occurrences]) => {
      const [method, route] = call.split(' ');
      return { status, company_id: must(companyOf, member), method, route, occurrences, _at: ago(days, 0, 10) };
    }),
    {
      computed: {
        // The counts of a day in Paris: the first refusal at most 2 hours before the last, the same day.
        day: `((now() - x._at) AT TIME ZONE 'Europe/Paris')::date`,
        first_at: `greatest(now() - x._at - interval '2 hours', date_trunc('day', now() - x._at, 'Europe/Paris'))`,
        last_at: 'now() - x._at',
        created_at: `greatest(now() - x._at - interval '2 hours', date_trunc('day', now() - x._at, 'Europe/Paris'))`,
        updated_at: 'now() - x._at',
      },
    },
  );
}
