import { type AccountInfo, parentContactInfoInput } from '@pirouette/domain';
import { formatPhoneTyping } from '../../lib/format';
import { configFormErrors } from '../../lib/zod-form';

/** The family's contact information as its form holds it: the body of PUT …/account/contactInfo. */
export type ContactInfoValues = {
  address: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
  phone: string;
  email: string;
};

export function contactInfoValues(info: AccountInfo): ContactInfoValues {
  return {
    address: info.address,
    address2: info.address2,
    city: info.city,
    state: info.state,
    zipcode: info.zipcode,
    phone: formatPhoneTyping(info.phone),
    email: info.email,
  };
}

/** Every field but the second address line is needed (001 §5); a blank one reads "Required". */
export const contactInfoErrors = (values: ContactInfoValues) =>
  configFormErrors(parentContactInfoInput, values);

/** What is sent: the fields as the schema reads them (trimmed, the phone as digits, the e-mail lower-cased). */
export function contactInfoBody(values: ContactInfoValues): ContactInfoValues {
  const parsed = parentContactInfoInput.safeParse(values);
  return parsed.success ? parsed.data : values;
}
