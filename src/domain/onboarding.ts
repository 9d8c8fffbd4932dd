/**
 * What the onboarding calls carry (API.md, Onboarding), written once for the server that answers them and
 * the sign-up screens that read them.
 */

/** An establishment of the national company directory. */
export interface Establishment {
  siret: string;
  name: string;
  address: string;
  postcode: string;
  city: string;
}

/** One suggestion of the national address base (BAN), a GeoJSON Feature as the service gives it. */
export interface AddressFeature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: {
    label: string;
    score?: number;
    housenumber?: string;
    id?: string;
    name?: string;
    postcode?: string;
    citycode?: string;
    city?: string;
    context?: string;
    type?: string;
    street?: string;
  };
}

/** What an invitation shows of its company: enough to prefill the sign-up, nothing of its people. */
export interface InvitedCompany {
  id: number;
  name: string;
  siret: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  postcode: string | null;
  city: string | null;
  country: number | null;
}

/** How long a plan's period runs: a subscription is paid one period at a time. */
export const PLAN_PERIODS = ['month', 'year'] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];

/** A structure's subscription: waiting for its first payment, running, or ended. */
export const SUBSCRIPTION_STATUSES = ['awaiting_payment', 'active', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A plan offered at sign-up, as the system configuration `subscription.plans` lists it. */
export interface Plan {
  id: number;
  name: string;
  /** Euros, VAT excluded, per period; 0 is a free plan (no payment step). */
  price: number;
  seats: number;
  period: PlanPeriod;
}
