import type { AddressFeature } from '../../src/domain/onboarding.ts';
export interface AddressSearch {
  /** At most `limit` house-number suggestions for a partly typed address. */
  search(text: string, limit: number): Promise<AddressFeature[]>;
}

const isFeature = (value: unknown): value is AddressFeature => {
  const feature = value as AddressFeature | null;
  return (
    feature?.type === 'Feature' &&
    typeof feature.properties?.label === 'string' &&
    Array.isArray(feature.geometry?.coordinates)
  );
};

/**
 * The BAN's search (api-adresse.data.gouv.fr): GET {url}?q=...&type=housenumber&limit=10&autocomplete=1,
 * answering a GeoJSON FeatureCollection. Only well-formed features are passed on, with their known keys.
 */
export class BanClient implements AddressSearch {
  constructor(private readonly url: string) {}

  async search(text: string, limit: number): Promise<AddressFeature[]> {
    const url = new URL(this.url);
    url.searchParams.set('q', text);
    url.searchParams.set('type', 'housenumber');
    url.searchParams.set('limit', String(limit));
    url.searchParams.set('autocomplete', '1');
    const response = await fetch(url, {
      headers: { Accept: 'application/geo+json, application/json' },
      signal: AbortSignal.timeout(8_000),
    });
    if (!response.ok) throw new Error(`The address search answered ${response.status}.`);
    const answer = (await response.json()) as { type?: string; features?: unknown[] };
    if (answer.type !== 'FeatureCollection' || !Array.isArray(answer.features))
      throw new Error('The address search did not answer a FeatureCollection.');
    return answer.features
      .filter(isFeature)
      .slice(0, limit)
      .map(({ geometry, properties }) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [Number(geometry.coordinates[0]), Number(geometry.coordinates[1])] },
        properties: {
          label: properties.label,
          score: properties.score,
          housenumber: properties.housenumber,
          id: properties.id,
          name: properties.name,
          postcode: properties.postcode,
          citycode: properties.citycode,
          city: properties.city,
          context: properties.context,
          type: properties.type,
          street: properties.street,
        },
      }));
  }
}
