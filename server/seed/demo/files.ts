import type { FileStorage } from '../../storage/fileStorage.ts';
import type { Queryable } from '../../db/database.ts';
import { ago, idsBy, insertRows, must, structureOfUser } from './bulk.ts';
import { barChartPainter, coverPainter, padlockPainter, pdf, png, teamPainter } from './fileFormats.ts';

export interface DemoFile {
  /** `documents.storage_key`: the file's key in the file store. */
  key: string;
  name: string;
  mimeType: string;
  context: string;
  owner: string;
  ageDays: number;
  bytes: Buffer;
}

const COVER_WIDTH = 320;
const COVER_HEIGHT = 180;

/**
 * The catalogue's content is platform staff's; a structure's own courses' content, its people's. A document
 * belongs to its owner's structure (insertDocuments), so each course's files stay with the course.
 */
const PLATFORM_STAFF = 'superadmin@demo.fr';
const ACADEMY_ADMIN = 'admin@demo.fr';
const ACADEMY_CONTRIBUTOR = 'contributeur@demo.fr';
const MOREL_ADMIN = 'admin@transports-morel.fr';

const cover = (slug: string, name: string, from: string, to: string, ageDays: number, owner: string): DemoFile => ({
  key: `demo/couverture-${slug}.png`,
  name,
  mimeType: 'image/png',
  context: 'course_cover',
  owner,
  ageDays,
  bytes: png(COVER_WIDTH, COVER_HEIGHT, coverPainter(from, to, COVER_WIDTH, COVER_HEIGHT)),
});

const text = (value: string) => Buffer.from(value, 'utf8');

const GLOSSARY = `# Glossaire de la cybersécurité

**Hameçonnage (phishing)** : message frauduleux imitant un expéditeur de confiance pour obtenir des identifiants ou un paiement.

**Rançongiciel** : logiciel malveillant qui chiffre les données et exige une rançon pour les rendre.

**Authentification multifacteur (MFA)** : connexion qui combine au moins deux preuves, par exemple un mot de passe et un code reçu sur le téléphone.

**Gestionnaire de mots de passe** : coffre-fort chiffré qui génère et retient des mots de passe uniques.

**Ingénierie sociale** : manipulation psychologique visant à obtenir une action ou une information.

**Correctif de sécurité** : mise à jour qui corrige une faille connue ; l'installer rapidement réduit l'exposition.
`;

const SPEAKING_TIPS = `Conseils pour votre prochaine prise de parole
============================================

1. Préparez une phrase d'ouverture et une phrase de conclusion mot pour mot.
2. Répétez à voix haute au moins trois fois, dont une fois debout.
3. Regardez successivement plusieurs personnes de l'auditoire, trois secondes chacune.
4. Marquez une pause après chaque idée importante : le silence souligne le message.
5. Gardez un verre d'eau à portée de main.
6. Après l'intervention, notez deux points réussis et un point à travailler.
`;

const BUDGET_CSV = `Poste;Janvier;Février;Mars;Total T1
Salaires;42000;42000;43500;127500
Loyer;6800;6800;6800;20400
Formation;1200;3400;900;5500
Déplacements;950;1320;780;3050
Logiciels;1450;1450;1600;4500
Total;52400;54970;53580;160950
`;

/** The demo's documents: covers, chapter illustrations and hand-outs, a charter, a welcome booklet, a support capture. Learners' hand-ins come with their answers. */
export function demoFiles(): DemoFile[] {
  return [
    cover('cybersecurite', 'Couverture - Cybersécurité.png', '#0d47a1', '#00838f', 170, ACADEMY_ADMIN),
    cover('management', 'Couverture - Management.png', '#6a1b9a', '#ad1457', 160, ACADEMY_ADMIN),
    cover('excel', 'Couverture - Excel.png', '#1b5e20', '#558b2f', 150, ACADEMY_ADMIN),
    cover('prise-de-parole', 'Couverture - Prise de parole.png', '#e65100', '#f9a825', 120, PLATFORM_STAFF),
    cover('rgpd', 'Couverture - RGPD.png', '#263238', '#37474f', 110, PLATFORM_STAFF),
    cover('relation-client', 'Couverture - Relation client.png', '#00695c', '#26a69a', 45, MOREL_ADMIN),
    cover('anglais', 'Couverture - Anglais professionnel.png', '#b71c1c', '#283593', 80, ACADEMY_ADMIN),
    cover('integration', 'Couverture - Modèle intégration.png', '#546e7a', '#90a4ae', 175, ACADEMY_ADMIN),
    {
      key: 'demo/illustration-cadenas.png',
      name: 'Cadenas - mot de passe.png',
      mimeType: 'image/png',
      context: 'chapter_part',
      owner: ACADEMY_ADMIN,
      ageDays: 165,
      bytes: png(240, 240, padlockPainter('#0d47a1', 240, 240)),
    },
    {
      key: 'demo/graphique-ventes-trimestrielles.png',
      name: 'Graphique des ventes trimestrielles.png',
      mimeType: 'image/png',
      context: 'chapter_part',
      owner: ACADEMY_CONTRIBUTOR,
      ageDays: 140,
      bytes: png(400, 260, barChartPainter([48, 62, 55, 81], '#2e7d32', 400, 260)),
    },
    {
      key: 'demo/illustration-equipe.png',
      name: 'Équipe.png',
      mimeType: 'image/png',
      context: 'chapter_part',
      owner: ACADEMY_CONTRIBUTOR,
      ageDays: 150,
      bytes: png(400, 260, teamPainter(['#6a1b9a', '#ec407a', '#ffa726'], 400, 260)),
    },
    {
      key: 'demo/capture-export-csv.png',
      name: 'capture-export-csv.png',
      mimeType: 'image/png',
      context: 'support',
      owner: ACADEMY_CONTRIBUTOR,
      ageDays: 6,
      bytes: png(360, 200, barChartPainter([12, 30, 18, 24, 9], '#c62828', 360, 200)),
    },
    {
      key: 'demo/guide-mots-de-passe.pdf',
      name: 'Guide - Mots de passe.pdf',
      mimeType: 'application/pdf',
      context: 'chapter_part',
      owner: ACADEMY_ADMIN,
      ageDays: 165,
      bytes: pdf('Guide : créer et gérer ses mots de passe', [
        'Un mot de passe robuste compte au moins 12 caractères et mélange lettres, chiffres et symboles.',
        'Une phrase de passe de quatre mots sans lien entre eux est plus facile à retenir.',
        'Utilisez un mot de passe différent pour chaque service.',
        'Confiez-les à un gestionnaire de mots de passe validé par votre service informatique.',
        'Activez la double authentification partout où elle est proposée.',
        'En cas de doute sur une fuite, changez le mot de passe concerné sans attendre.',
      ]),
    },
    {
      key: 'demo/checklist-rgpd.pdf',
      name: 'Check-list RGPD du service.pdf',
      mimeType: 'application/pdf',
      context: 'chapter_part',
      owner: PLATFORM_STAFF,
      ageDays: 105,
      bytes: pdf('Check-list RGPD du service', [
        '[ ] Le registre des traitements recense chaque fichier de données personnelles.',
        '[ ] Chaque traitement a une finalité écrite et une base légale identifiée.',
        '[ ] Les durées de conservation sont fixées et appliquées.',
        '[ ] Les personnes concernées sont informées (mentions, politique de confidentialité).',
        '[ ] Les accès aux données sont limités aux personnes qui en ont besoin.',
        '[ ] Une procédure existe pour répondre aux demandes d’accès sous un mois.',
        '[ ] Les violations de données sont notifiées à la CNIL sous 72 heures.',
      ]),
    },
    {
      key: 'demo/trame-entretien-annuel.pdf',
      name: 'Trame - Entretien annuel.pdf',
      mimeType: 'application/pdf',
      context: 'chapter_part',
      owner: ACADEMY_CONTRIBUTOR,
      ageDays: 150,
      bytes: pdf('Trame d’entretien annuel', [
        '1. Bilan de l’année écoulée : réussites, difficultés, objectifs atteints.',
        '2. Compétences mobilisées et compétences à développer.',
        '3. Objectifs de l’année à venir : trois au plus, mesurables et datés.',
        '4. Besoins de formation et d’accompagnement.',
        '5. Souhaits d’évolution exprimés par le collaborateur.',
        '6. Synthèse signée par les deux parties.',
      ]),
    },
    {
      key: 'demo/charte-utilisation.pdf',
      name: 'Charte d’utilisation de la plateforme.pdf',
      mimeType: 'application/pdf',
      context: 'onboarding',
      owner: ACADEMY_ADMIN,
      ageDays: 178,
      bytes: pdf('Charte d’utilisation de la plateforme', [
        'Les identifiants de connexion sont personnels et ne doivent pas être partagés.',
        'Les contenus publiés respectent le droit d’auteur et citent leurs sources.',
        'Les échanges dans les commentaires restent courtois et professionnels.',
        'Toute anomalie est signalée par un ticket depuis le back-office.',
      ]),
    },
    {
      key: 'demo/glossaire-cybersecurite.md',
      name: 'Glossaire cybersécurité.md',
      mimeType: 'text/markdown',
      context: 'chapter_part',
      owner: ACADEMY_ADMIN,
      ageDays: 160,
      bytes: text(GLOSSARY),
    },
    {
      key: 'demo/conseils-prise-de-parole.txt',
      name: 'Conseils - Prise de parole.txt',
      mimeType: 'text/plain',
      context: 'chapter_part',
      owner: PLATFORM_STAFF,
      ageDays: 118,
      bytes: text(SPEAKING_TIPS),
    },
    {
      key: 'demo/budget-previsionnel.csv',
      name: 'Budget prévisionnel T1.csv',
      mimeType: 'text/csv',
      context: 'chapter_part',
      owner: ACADEMY_CONTRIBUTOR,
      ageDays: 145,
      bytes: text(BUDGET_CSV),
    },
    {
      key: 'demo/livret-accueil-transports-morel.pdf',
      name: 'Livret d’accueil - Transports Morel.pdf',
      mimeType: 'application/pdf',
      context: 'onboarding',
      owner: MOREL_ADMIN,
      ageDays: 160,
      bytes: pdf('Livret d’accueil des nouveaux collaborateurs', [
        'Bienvenue chez Transports Morel : votre responsable vous présente l’agence et les quais le premier jour.',
        'Les équipements de protection (chaussures, gilet) vous sont remis à l’accueil contre signature.',
        'Les formations obligatoires se suivent sur la plateforme dans les trente premiers jours.',
        'Pour toute question, adressez-vous au référent formation de votre agence.',
      ]),
    },
  ];
}

export async function writeDemoFiles(storage: FileStorage, files: readonly DemoFile[]): Promise<void> {
  await Promise.all(files.map((file) => storage.write(file.key, file.bytes, file.mimeType)));
}

/** The `documents` rows of files already written; answers each storage key's document id. */
export async function insertDocuments(
  tx: Queryable,
  files: readonly DemoFile[],
  users: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const rows = await insertRows(
    tx,
    'documents',
    { name: 'text', mime_type: 'text', size: 'bigint', context: 'text', owner_id: 'integer', storage_key: 'text' },
    files.map((file) => ({
      name: file.name,
      mime_type: file.mimeType,
      size: file.bytes.length,
      context: file.context,
      owner_id: must(users, file.owner),
      storage_key: file.key,
      _age: ago(file.ageDays, 7),
    })),
    // Its owner's structure's: the catalogue's content, platform staff's, has none.
    { stamped: true, returning: 'id, storage_key', computed: structureOfUser('owner_id') },
  );
  return idsBy(rows, (row) => row.storage_key);
}
