import type { Queryable } from '../../db/database.ts';
import { PLATFORM_ROLE } from '../../../src/domain/tenancy.ts';
import { ago, idsBy, insertRows, must, type Random } from './bulk.ts';

export interface DemoAccount {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly roles: readonly string[];
  readonly type: string;
  /** The structure's name; none for platform staff. */
  readonly structure: string | null;
}

export interface PersonSpec {
  firstName: string;
  lastName: string;
  email: string;
  type: 'admin' | 'contributor';
  roles: string[];
  /** The structure's name; none for platform staff. */
  company: string | null;
  phone?: string;
  locale?: 'fr' | 'en';
  enabled?: boolean;
  /** Created by an administrator, has not chosen a password yet. */
  firstConnect?: boolean;
  createdDaysAgo: number;
}

export interface People {
  users: Map<string, number>;
  specs: PersonSpec[];
  companies: Map<string, number>;
}

/** The structure of the demo accounts, their data and most content; and the second, with its own. */
export const ACADEMY = 'Académie Démo';
export const MOREL = 'Transports Morel';

const COMPANIES: [string, string, string, string][] = [
  // [name, mail domain, SIRET, invitation key]
  [ACADEMY, 'academie-demo.fr', '85294731600017', 'ACAD-DEMO-2026'],
  [MOREL, 'transports-morel.fr', '41236987500029', 'MOREL-LYON-7Q2'],
  ['Groupe Hôtelier Riviera', 'riviera-hotels.fr', '52817364900041', 'RIVIERA-NICE-K4P'],
  ['Clinique des Tilleuls', 'clinique-tilleuls.fr', '78345612900013', 'TILLEULS-TOURS-9XM'],
  ['Lefèvre Conseil', 'lefevre-conseil.fr', '90412375800022', 'LEFEVRE-NANTES-3DW'],
];

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '-');

// [first name, last name, company index, type, roles, phone, extra]
type Row = [string, string, number, 'admin' | 'contributor', string, string | null, Partial<PersonSpec>?];
const OTHERS: Row[] = [
  ['Julien', 'Robert', 0, 'admin', 'ROLE_SUPER_ADMIN', '+33 6 12 48 90 33'],
  ['Nathalie', 'Petit', 0, 'admin', 'ROLE_ADMIN', '+33 6 71 20 45 18'],
  ['Thomas', 'Richard', 0, 'admin', 'ROLE_ADMIN', null],
  ['Isabelle', 'Moreau', 0, 'admin', 'ROLE_ADMIN', '+33 7 81 56 02 94'],
  ['Nicolas', 'Simon', 0, 'admin', 'ROLE_ADMIN', null, { enabled: false }],
  ['Émilie', 'Laurent', 2, 'admin', 'ROLE_ADMIN', '+33 6 44 19 73 60'],
  ['Sarah', 'Collins', 4, 'admin', 'ROLE_ADMIN', '+44 7700 900461', { locale: 'en' }],
  ['Claire', 'Fournier', 3, 'admin', 'ROLE_ADMIN', null],
  ['Lucas', 'Girard', 1, 'contributor', 'ROLE_USER', '+33 6 30 84 12 57'],
  ['Manon', 'Bonnet', 0, 'contributor', 'ROLE_USER', null],
  ['Hugo', 'Dupont', 1, 'contributor', 'ROLE_USER', '+33 6 98 02 37 41'],
  ['Léa', 'Lambert', 2, 'contributor', 'ROLE_USER', null],
  ['Louis', 'Fontaine', 3, 'contributor', 'ROLE_USER', '+33 7 52 66 14 09'],
  ['Chloé', 'Rousseau', 2, 'contributor', 'ROLE_USER', null],
  ['Gabriel', 'Vincent', 4, 'contributor', 'ROLE_USER', null],
  ['Inès', 'Muller', 3, 'contributor', 'ROLE_USER', '+33 6 05 91 28 76'],
  ['Arthur', 'Lefèvre', 4, 'contributor', 'ROLE_USER', null],
  ['Jade', 'Faure', 1, 'contributor', 'ROLE_USER', null],
  ['Raphaël', 'André', 0, 'contributor', 'ROLE_USER', '+33 6 87 45 10 22'],
  ['Louise', 'Mercier', 2, 'contributor', 'ROLE_USER', null],
  ['Mathis', 'Blanc', 1, 'contributor', 'ROLE_USER', null],
  ['Zoé', 'Guérin', 3, 'contributor', 'ROLE_USER', null],
  ['Enzo', 'Boyer', 1, 'contributor', 'ROLE_USER', null, { enabled: false, createdDaysAgo: 160 }],
  ['Alice', 'Garnier', 2, 'contributor', 'ROLE_USER', '+33 6 23 70 55 81', { enabled: false, createdDaysAgo: 150 }],
  ['Daniel', 'Schmidt', 4, 'contributor', 'ROLE_USER', '+49 151 23456789', { locale: 'en' }],
  ['Yasmine', 'Benali', 0, 'contributor', 'ROLE_USER', '+33 7 66 31 08 42'],
  ['Mehdi', 'Haddad', 3, 'contributor', 'ROLE_USER', null],
  ['Pauline', 'Chevalier', 1, 'contributor', 'ROLE_USER', null, { firstConnect: true }],
  ['Karim', 'Mansouri', 1, 'admin', 'ROLE_ADMIN', '+33 6 52 18 64 07'],
];

/** Days since a structure signed up: nobody's account is older than their structure. */
const structureAge = (index: number) => 185 - index * 12;
const structureIndex = (name: string) => COMPANIES.findIndex(([company]) => company === name);

/** Days since a disabled account was last active (it left halfway through its life); 0 for an active one. */
export const inactiveSince = (spec: PersonSpec): number =>
  spec.enabled === false ? Math.floor(spec.createdDaysAgo / 2) : 0;

export function personSpecs(accounts: readonly DemoAccount[]): PersonSpec[] {
  const demo: PersonSpec[] = accounts.map((account, i) => ({
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    type: account.type as PersonSpec['type'],
    roles: [...account.roles],
    company: account.structure,
    phone: i === 1 ? '+33 6 58 27 14 90' : undefined,
    createdDaysAgo: Math.min(180 - i, structureAge(structureIndex(account.structure ?? ACADEMY)) - 1),
  }));
  const others = OTHERS.map(([firstName, lastName, company, type, role, phone, extra], i): PersonSpec => {
    const [companyName, domain] = COMPANIES[company];
    return {
      firstName,
      lastName,
      type,
      phone: phone ?? undefined,
      // Platform staff belong to no structure, whatever their address.
      company: role === PLATFORM_ROLE ? null : companyName,
      email: `${slug(firstName)}.${slug(lastName)}@${domain}`,
      roles: extra?.firstConnect ? [role, 'ROLE_FIRST_CONNECT'] : [role],
      createdDaysAgo: extra?.firstConnect ? 2 : Math.min(170 - i * 5, structureAge(company) - 1),
      ...extra,
    };
  });
  return [...demo, ...others];
}

const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:141.0) Gecko/20100101 Firefox/141.0',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36 Edg/138.0.0.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36',
];

export async function seedPeople(
  tx: Queryable,
  random: Random,
  accounts: readonly DemoAccount[],
  passwordHash: string,
  accessRights: ReadonlyMap<string, number>,
): Promise<People> {
  const companyRows = await insertRows(
    tx,
    'companies',
    { name: 'text', siret: 'text', invitation_key: 'text' },
    COMPANIES.map(([name, , siret, key], i) => ({ name, siret, invitation_key: key, _age: ago(structureAge(i)) })),
    { stamped: true, returning: 'id, name' },
  );
  const companies = idsBy(companyRows, (row) => row.name);
  const specs = personSpecs(accounts);
  const userRows = await insertRows(
    tx,
    'users',
    {
      email: 'text',
      first_name: 'text',
      last_name: 'text',
      phone: 'text',
      type: 'text',
      roles: 'text[]',
      enabled: 'boolean',
      locale: 'text',
      company_id: 'integer',
      password_hash: 'text',
    },
    specs.map((spec) => ({
      email: spec.email,
      first_name: spec.firstName,
      last_name: spec.lastName,
      phone: spec.phone ?? null,
      type: spec.type,
      roles: spec.roles,
      enabled: spec.enabled ?? true,
      locale: spec.locale ?? 'fr',
      company_id: spec.company === null ? null : must(companies, spec.company),
      password_hash: spec.firstConnect ? null : passwordHash,
      _age: ago(spec.createdDaysAgo, random.int(0, 8)),
      _touched: ago(random.int(0, Math.min(spec.createdDaysAgo, 40))),
    })),
    { stamped: true, returning: 'id, email' },
  );
  const users = idsBy(userRows, (row) => row.email);

  const grants: [string, string][] = [
    ['contributeur@demo.fr', 'courses.publish'],
    ['manon.bonnet@academie-demo.fr', 'courses.publish'],
    ['raphael.andre@academie-demo.fr', 'courses.publish'],
    ['raphael.andre@academie-demo.fr', 'participations.manage'],
    ['admin@demo.fr', 'imports.manage'],
    ['admin@demo.fr', 'tickets.manage'],
    ['admin@demo.fr', 'notifications.send'],
    ['nathalie.petit@academie-demo.fr', 'tickets.manage'],
    ['thomas.richard@academie-demo.fr', 'tickets.manage'],
    ['thomas.richard@academie-demo.fr', 'users.export'],
    ['isabelle.moreau@academie-demo.fr', 'imports.manage'],
    ['emilie.laurent@riviera-hotels.fr', 'participations.manage'],
    ['claire.fournier@clinique-tilleuls.fr', 'documents.delete'],
    ['admin@transports-morel.fr', 'tickets.manage'],
  ];
  await insertRows(
    tx,
    'user_access_rights',
    { user_id: 'integer', access_right_id: 'integer' },
    grants.map(([email, code]) => ({ user_id: must(users, email), access_right_id: must(accessRights, code) })),
  );

  // Connection history: regular successful logins, now and then a mistyped password.
  const connections: object[] = [];
  specs.forEach((spec, index) => {
    if (spec.firstConnect) return;
    const demoAccount = index < accounts.length;
    const busy = demoAccount ? 14 : spec.type === 'admin' ? 9 : 5;
    const horizon = [inactiveSince(spec), Math.min(spec.createdDaysAgo - 1, inactiveSince(spec) + 90)];
    const count = random.int(Math.ceil(busy / 2), busy);
    const agent = random.pick(USER_AGENTS);
    const ip = `${random.pick(['192.0.2', '198.51.100', '203.0.113'])}.${random.int(2, 250)}`;
    for (let i = 0; i < count; i++) {
      const days = random.int(horizon[0], horizon[1]) + random.next();
      const success = !random.chance(0.12);
      connections.push({ user_id: users.get(spec.email), ip, user_agent: agent, success, _at: ago(days) });
      if (!success)
        connections.push({
          user_id: users.get(spec.email),
          ip,
          user_agent: agent,
          success: true,
          _at: ago(days, 0, -2),
        });
    }
    // The demo accounts were used a moment ago: the first screen shows a recent connection.
    if (demoAccount)
      connections.push({
        user_id: users.get(spec.email),
        ip,
        user_agent: agent,
        success: true,
        _at: ago(0, index + 1),
      });
  });
  await insertRows(
    tx,
    'user_connections',
    { user_id: 'integer', ip: 'text', user_agent: 'text', success: 'boolean', _at: 'interval' },
    connections,
    { computed: { connected_at: 'now() - x._at', created_at: 'now() - x._at', updated_at: 'now() - x._at' } },
  );
  await tx.query(
    `UPDATE users u SET last_connection_at = c.last
       FROM (SELECT user_id, max(connected_at) AS last FROM user_connections WHERE success GROUP BY user_id) c
      WHERE c.user_id = u.id`,
  );
  return { users, specs, companies };
}
