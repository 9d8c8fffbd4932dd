import { fold, sendJson, type StandInHandler } from './standInServer.ts';

/** Addresses the offline base knows: [number, street, postcode, city, citycode, longitude, latitude]. */
const ADDRESSES: [string, string, string, string, string, number, number][] = [
  ['12', 'Rue de la Paix', '75002', 'Paris', '75102', 2.331, 48.8693],
  ['20', 'Avenue de Ségur', '75007', 'Paris', '75107', 2.3079, 48.8499],
  ['55', 'Rue du Faubourg Saint-Honoré', '75008', 'Paris', '75108', 2.3165, 48.8704],
  ['8', 'Boulevard de la Liberté', '59000', 'Lille', '59350', 3.0596, 50.6327],
  ['25', 'Quai Victor Augagneur', '69003', 'Lyon', '69383', 4.8414, 45.7606],
  ['3', 'Quai de la Fosse', '44000', 'Nantes', '44109', -1.5623, 47.2116],
  ['40', 'La Canebière', '13001', 'Marseille', '13201', 5.3787, 43.2978],
  ['10', "Cours de l'Intendance", '33000', 'Bordeaux', '33063', -0.5762, 44.8419],
  ['1', 'Place du Capitole', '31000', 'Toulouse', '31555', 1.4433, 43.6045],
  ['2', 'Rue de la République', '69002', 'Lyon', '69382', 4.8357, 45.7622],
  ['14', 'Rue de la République', '13002', 'Marseille', '13202', 5.3698, 43.3003],
  ['7', 'Rue de la Paix', '44000', 'Nantes', '44109', -1.5556, 47.2143],
];

const DEPARTMENTS: Record<string, string> = {
  '75': '75, Paris, Île-de-France',
  '59': '59, Nord, Hauts-de-France',
  '69': '69, Rhône, Auvergne-Rhône-Alpes',
  '44': '44, Loire-Atlantique, Pays de la Loire',
  '13': "13, Bouches-du-Rhône, Provence-Alpes-Côte d'Azur",
  '33': '33, Gironde, Nouvelle-Aquitaine',
  '31': '31, Haute-Garonne, Occitanie',
};

/**
 * The BAN's `GET /search/?q=&type=housenumber&limit=&autocomplete=1`: a GeoJSON FeatureCollection whose
 * features carry `properties.label`, `housenumber`, `street`, `postcode`, `city`... Every typed word must
 * start a word of the address (autocomplete), in any order.
 */
export const banStandIn: StandInHandler = (request, _body, response) => {
  const url = new URL(request.url ?? '/', 'http://stand-in');
  if (request.method !== 'GET' || !/^\/search\/?$/.test(url.pathname))
    return sendJson(response, 404, { code: 404, message: 'Not found' });
  const query = url.searchParams.get('q') ?? '';
  if (fold(query).length < 3)
    return sendJson(response, 400, {
      code: 400,
      detail: ['q: must contain between 3 and 200 chars and start with a number or a letter'],
      message: 'Failed parsing query',
    });
  const limit = Math.min(20, Math.max(1, Number(url.searchParams.get('limit')) || 5));
  const words = fold(query).split(' ');
  const features = ADDRESSES.filter(([number, street, postcode, city]) => {
    const own = fold(`${number} ${street} ${postcode} ${city}`).split(' ');
    return words.every((word) => own.some((candidate) => candidate.startsWith(word)));
  })
    .slice(0, limit)
    .map(([number, street, postcode, city, citycode, x, y], index) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [x, y] },
      properties: {
        label: `${number} ${street} ${postcode} ${city}`,
        score: Number((0.97 - index * 0.03).toFixed(2)),
        housenumber: number,
        id: `${citycode}_${fold(street).replace(/ /g, '_').slice(0, 8)}_${number.padStart(5, '0')}`,
        name: `${number} ${street}`,
        postcode,
        citycode,
        x: Math.round(x * 1000),
        y: Math.round(y * 1000),
        city,
        context: DEPARTMENTS[postcode.slice(0, 2)] ?? postcode.slice(0, 2),
        type: 'housenumber',
        importance: 0.6,
        street,
      },
    }));
  sendJson(
    response,
    200,
    {
      type: 'FeatureCollection',
      version: 'draft',
      features,
      attribution: 'BAN',
      licence: 'ETALAB-2.0',
      query,
      filters: { type: 'housenumber' },
      limit,
    },
    'application/geo+json',
  );
};
