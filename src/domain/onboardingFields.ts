/**
 * The checks of the sign-up's fields, shared by the form (shown as the user types) and the server (which
 * decides): an e-mail, a SIRET, a French or E.164 phone number, a French postcode.
 */
export const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

/** SIRET: 14 digits passing the Luhn check (La Poste's establishments: the digits add up to a multiple of 5). */
export function isSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value)) return false;
  if (value.startsWith('356000000')) return [...value].reduce((sum, digit) => sum + Number(digit), 0) % 5 === 0;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let digit = Number(value[13 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A French number (`01 23 45 67 89`, dots or dashes allowed) or E.164 (`+33123456789`), as E.164; else undefined. */
export function phoneE164(value: string): string | undefined {
  const compact = value.replace(/[\s.\-()]/g, '');
  if (/^0[1-9]\d{8}$/.test(compact)) return `+33${compact.slice(1)}`;
  if (/^\+[1-9]\d{7,14}$/.test(compact)) return compact;
  return undefined;
}

export const isFrenchPostcode = (value: string) => /^\d{5}$/.test(value);
