import { fold, sendJson, type StandInHandler } from './standInServer.ts';

/** Organisations the offline directory knows (fictional, with SIRETs that pass the Luhn check). */
const ORGANISATIONS = [
  {
    nom_complet: 'ACADEMIE DU NUMERIQUE',
    siret: '81234567800013',
    adresse: '12 RUE DE LA PAIX 75002 PARIS',
    code_postal: '75002',
    libelle_commune: 'PARIS',
  },
  {
    nom_complet: 'LYCEE PROFESSIONNEL JEAN MOULIN',
    siret: '44219876500020',
    adresse: '8 BOULEVARD DE LA LIBERTE 59000 LILLE',
    code_postal: '59000',
    libelle_commune: 'LILLE',
  },
  {
    nom_complet: 'FORMATIONS DU RHONE',
    siret: '33912456700019',
    adresse: '25 QUAI VICTOR AUGAGNEUR 69003 LYON',
    code_postal: '69003',
    libelle_commune: 'LYON',
  },
  {
    nom_complet: 'ECOLE DES METIERS DE LA MER',
    siret: '52088765400017',
    adresse: '3 QUAI DE LA FOSSE 44000 NANTES',
    code_postal: '44000',
    libelle_commune: 'NANTES',
  },
  {
    nom_complet: 'INSTITUT MEDITERRANEEN DE FORMATION',
    siret: '79045612300021',
    adresse: '40 LA CANEBIERE 13001 MARSEILLE',
    code_postal: '13001',
    libelle_commune: 'MARSEILLE',
  },
  {
    nom_complet: 'CENTRE DE FORMATION DES APPRENTIS DE BORDEAUX',
    siret: '13000123400017',
    adresse: '10 COURS DE L INTENDANCE 33000 BORDEAUX',
    code_postal: '33000',
    libelle_commune: 'BORDEAUX',
  },
];

/**
 * recherche-entreprises.api.gouv.fr's `GET /search?q=&per_page=`: `{results: [{siren, nom_complet, siege}],
 * total_results, page, per_page, total_pages}`; a name's words or a SIRET / SIREN match.
 */
export const directoryStandIn: StandInHandler = (request, _body, response) => {
  const url = new URL(request.url ?? '/', 'http://stand-in');
  if (request.method !== 'GET' || url.pathname !== '/search')
    return sendJson(response, 404, { erreur: 'Route inconnue' });
  const query = fold(url.searchParams.get('q') ?? '');
  if (query.length < 3) return sendJson(response, 400, { erreur: 'Veuillez indiquer au moins 3 caractères.' });
  const perPage = Math.min(25, Math.max(1, Number(url.searchParams.get('per_page')) || 10));
  const digits = query.replace(/ /g, '');
  const words = query.split(' ');
  const found = ORGANISATIONS.filter((organisation) =>
    /^\d+$/.test(digits)
      ? organisation.siret.startsWith(digits)
      : words.every((word) => fold(organisation.nom_complet).includes(word)),
  );
  sendJson(response, 200, {
    results: found.slice(0, perPage).map(({ siret, ...siege }) => ({
      siren: siret.slice(0, 9),
      nom_complet: siege.nom_complet,
      nom_raison_sociale: siege.nom_complet,
      siege: { siret, adresse: siege.adresse, code_postal: siege.code_postal, libelle_commune: siege.libelle_commune },
    })),
    total_results: found.length,
    page: 1,
    per_page: perPage,
    total_pages: Math.max(1, Math.ceil(found.length / perPage)),
  });
};
