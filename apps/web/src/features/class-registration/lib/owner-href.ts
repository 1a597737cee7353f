import { adminHref } from '../../../app/paths/admin-sections';

/** The owner's wizard's address under /accounts/admin (admin-sections names it). */
export const OWNER_REGISTRATION_PATH = 'registrations/new';

/** The wizard for a family (from its overview) or a class (from its detail, the family picked first). */
export function ownerRegistrationHref(to: { family?: string; class?: string }) {
  const params = new URLSearchParams();
  if (to.family) params.set('family', to.family);
  if (to.class) params.set('class', to.class);
  const query = params.toString();
  return `${adminHref(OWNER_REGISTRATION_PATH)}${query ? `?${query}` : ''}`;
}
