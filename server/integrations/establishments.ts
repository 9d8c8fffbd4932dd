import type { Establishment } from '../../src/domain/onboarding.ts';
export interface EstablishmentSearch {
  search(text: string): Promise<Establishment[]>;
}

interface RechercheEntreprisesAnswer {
  results?: {
    nom_complet?: string;
    nom_raison_sociale?: string;
    siege?: { siret?: string; adresse?: string; code_postal?: string; libelle_commune?: string };
  }[];
}

/**
 * The French state's company directory ("API Recherche d'entreprises"): GET {url}?q=...&per_page=10,
 * answering `{results: [{nom_complet, siege: {siret, adresse, code_postal, libelle_commune}}]}`.
 */
export class RechercheEntreprisesClient implements EstablishmentSearch {
  constructor(private readonly url: string) {}

  async search(text: string): Promise<Establishment[]> {
    const url = new URL(this.url);
    url.searchParams.set('q', text);
    url.searchParams.set('per_page', '10');
    const response = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(8_000) });
    if (!response.ok) throw new Error(`The establishment search answered ${response.status}.`);
    const answer = (await response.json()) as RechercheEntreprisesAnswer;
    return (answer.results ?? [])
      .filter((result) => result.siege?.siret)
      .map((result) => ({
        siret: result.siege?.siret ?? '',
        name: result.nom_complet ?? result.nom_raison_sociale ?? '',
        address: result.siege?.adresse ?? '',
        postcode: result.siege?.code_postal ?? '',
        city: result.siege?.libelle_commune ?? '',
      }));
  }
}
