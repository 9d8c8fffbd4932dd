import { companies, maxLengthOf, users } from '../../src/domain/contracts/index.ts';
import { EMAIL_PATTERN as EMAIL, isFrenchPostcode, isSiret, phoneE164 } from '../../src/domain/onboardingFields.ts';
import { violation, type Violation } from '../shared/errors.ts';
import { idFromReference } from '../resources/iri.ts';

/** A sign-up as POST /api/users/register receives it, once checked. */
export interface Registration {
  company: {
    name: string;
    siret: string | null;
    address: string;
    postcode: string;
    city: string;
    countryId: number;
    email: string;
    phone: string;
    logoId: number | null;
  };
  admin: { firstName: string; lastName: string; email: string };
  invitation: { encodedId: string; key: string } | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Checks a sign-up body field by field: every problem comes back at once, each on its field's path
 * (`company.email`, `email`...), so the form shows them all next to their inputs.
 */
export function readRegistration(
  body: unknown,
  isFrance: (countryId: number) => boolean,
): { registration?: Registration; problems: Violation[] } {
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const company = (input.company && typeof input.company === 'object' ? input.company : {}) as Record<string, unknown>;
  const problems: Violation[] = [];
  const required = (path: string, value: string, max: number) => {
    if (!value) problems.push(violation(path, 'blank', 'This value should not be blank.'));
    else if (value.length > max)
      problems.push(violation(path, 'length', `This value is too long (at most ${max} characters).`));
    return value;
  };
  const name = required('company.name', text(company.name), maxLengthOf(companies, 'name'));
  const siretText = text(company.siret).replace(/\s/g, '');
  if (siretText && !isSiret(siretText))
    problems.push(violation('company.siret', 'format', 'This value is not a valid SIRET number.'));
  const address = required('company.address', text(company.address), maxLengthOf(companies, 'address'));
  const postcode = required('company.postcode', text(company.postcode), maxLengthOf(companies, 'postcode'));
  const city = required('company.city', text(company.city), maxLengthOf(companies, 'city'));
  const countryId = idFromReference(company.country, 'countries');
  if (countryId === undefined) problems.push(violation('company.country', 'blank', 'This value should not be blank.'));
  else if (postcode && isFrance(countryId) && !isFrenchPostcode(postcode))
    problems.push(violation('company.postcode', 'format', 'A French postcode has 5 digits.'));
  const companyEmail = required('company.email', text(company.email).toLowerCase(), maxLengthOf(companies, 'email'));
  if (companyEmail && !EMAIL.test(companyEmail))
    problems.push(violation('company.email', 'email', 'This value is not a valid email address.'));
  const phoneText = required('company.phone', text(company.phone), maxLengthOf(companies, 'phone'));
  const phone = phoneText ? phoneE164(phoneText) : undefined;
  if (phoneText && !phone)
    problems.push(violation('company.phone', 'format', 'This value is not a valid phone number (French or E.164).'));
  const logoId =
    company.logo === undefined || company.logo === null || company.logo === ''
      ? null
      : idFromReference(company.logo, 'documents');
  if (logoId === undefined)
    problems.push(violation('company.logo', 'reference', 'This value is not a valid document.'));

  const firstName = required('firstName', text(input.firstName), maxLengthOf(users, 'firstName'));
  const lastName = required('lastName', text(input.lastName), maxLengthOf(users, 'lastName'));
  const email = required('email', text(input.email).toLowerCase(), maxLengthOf(users, 'email'));
  if (email && !EMAIL.test(email))
    problems.push(violation('email', 'email', 'This value is not a valid email address.'));

  const invitationInput = input.invitation as Record<string, unknown> | undefined | null;
  const invitation =
    invitationInput && typeof invitationInput === 'object'
      ? { encodedId: text(invitationInput.company), key: text(invitationInput.key) }
      : null;
  if (invitation && (!invitation.encodedId || !invitation.key))
    problems.push(violation('invitation', 'blank', 'An invitation needs its company and key.'));

  if (problems.length > 0) return { problems };
  return {
    problems,
    registration: {
      company: {
        name,
        siret: siretText || null,
        address,
        postcode,
        city,
        countryId: countryId as number,
        email: companyEmail,
        phone: phone as string,
        logoId: logoId ?? null,
      },
      admin: { firstName, lastName, email },
      invitation,
    },
  };
}
