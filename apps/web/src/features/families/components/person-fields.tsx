import { type MantineSpacing, Select, SimpleGrid, type SimpleGridProps, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { STUDENT_NOTE_LIMITS } from '@pirouette/domain';
import { PhoneInput } from '../../../components/phone-input';
import { GENDER_OPTIONS, ROLE_NAMES } from '../person-options';

/**
 * The fields of one student, contact or user of a family, the same on every family form: the front
 * desk's new family, the parent's registration, and the add/edit dialog of the owner's overview and the
 * parent portal. Each form keeps its own values and rules; it hands over each field's input props.
 */

export type PersonField =
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'role'
  | 'email'
  | 'dob'
  | 'gender'
  | 'allergies'
  | 'teacherNote';

type Layout = {
  /** The form's input props of one field of this person: `(f) => form.getInputProps(\`students.${i}.${f}\`)`. */
  field: (name: PersonField) => GetInputPropsReturnType;
  /** Two columns from `sm` on a page; a dialog, narrower, gives `{ base: 1, xs: 2 }`. */
  cols?: SimpleGridProps['cols'];
  spacing?: MantineSpacing;
  /**
   * 'off' where someone types another person's details (the owner at the front desk, a dialog), so the
   * browser does not offer the signed-in person's own; left to the browser on the parent's own sign-up.
   */
  autoComplete?: 'off';
  /** The first name takes the focus when the form opens. */
  autoFocus?: boolean;
};

const PAGE_COLS: SimpleGridProps['cols'] = { base: 1, sm: 2 };

function NameInputs({
  field,
  autoComplete,
  autoFocus,
  required,
}: Pick<Layout, 'field' | 'autoComplete' | 'autoFocus'> & { required?: boolean }) {
  return (
    <>
      <TextInput
        label="First name"
        autoComplete={autoComplete}
        required={required}
        data-autofocus={autoFocus || undefined}
        {...field('firstName')}
      />
      <TextInput label="Last name" autoComplete={autoComplete} required={required} {...field('lastName')} />
    </>
  );
}

/**
 * A dancer: a first or last name, a date of birth (never after `today` when it is given) and a gender;
 * with `withPhone`, the student's own number too, optional (the dialog asks for it).
 */
export function StudentFields({
  field,
  cols = PAGE_COLS,
  spacing,
  autoComplete,
  autoFocus,
  today,
  withPhone = false,
  withNotes = false,
}: Layout & { today?: string; withPhone?: boolean; withNotes?: boolean }) {
  return (
    <>
      <SimpleGrid cols={cols} spacing={spacing}>
        <NameInputs field={field} autoComplete={autoComplete} autoFocus={autoFocus} />
        <TextInput label="Date of birth" type="date" max={today} required {...field('dob')} />
        <Select
          label="Gender"
          data={GENDER_OPTIONS}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...field('gender')}
        />
      </SimpleGrid>
      {withPhone && (
        <PhoneInput
          label="Phone"
          description="Optional: the student's own number."
          autoComplete={autoComplete}
          {...field('phone')}
        />
      )}
      {withNotes && (
        <>
          <TextInput
            label="Allergies"
            description="Optional. Shown to the dancer's teachers."
            maxLength={STUDENT_NOTE_LIMITS.allergies}
            autoComplete="off"
            {...field('allergies')}
          />
          <TextInput
            label="Note for teachers"
            description="Optional. Shown to the dancer's teachers, never to the family."
            maxLength={STUDENT_NOTE_LIMITS.teacherNote}
            autoComplete="off"
            {...field('teacherNote')}
          />
        </>
      )}
    </>
  );
}

/**
 * Someone the studio may call: a name, a phone and a role. `namesRequired` marks both names, where the
 * form asks for both (the parent's registration).
 */
export function ContactFields({
  field,
  cols = PAGE_COLS,
  spacing,
  autoComplete,
  autoFocus,
  namesRequired,
}: Layout & { namesRequired?: boolean }) {
  return (
    <SimpleGrid cols={cols} spacing={spacing}>
      <NameInputs field={field} autoComplete={autoComplete} autoFocus={autoFocus} required={namesRequired} />
      <PhoneInput label="Phone" autoComplete={autoComplete} required {...field('phone')} />
      <Select
        label="Role"
        data={ROLE_NAMES}
        allowDeselect={false}
        required
        comboboxProps={{ withinPortal: true }}
        {...field('role')}
      />
    </SimpleGrid>
  );
}

/** How a user signs in: not at all, invited (no password yet), or with a password of their own. */
export type UserLogin = 'none' | 'invited' | 'active';

/** What the e-mail field says under it, by how the user signs in. */
export function userEmailHint(login: UserLogin, inviteHint: string): string {
  if (login === 'active') return 'They sign in with this address; only they can change it.';
  if (login === 'invited') return 'We sent an invitation to set a password to this address.';
  return inviteHint;
}

/** The hint of a user who does not sign in yet, where others of the family may already. */
export const INVITE_HINT = "Optional. We'll e-mail an invitation to set a password, so they can sign in too.";

/**
 * A user, who looks after the family account: a contact's fields, and, with `email`, an optional e-mail
 * address to be invited to sign in. A user who can sign in (invited or active) keeps their address: only
 * they change it (the server refuses otherwise), so the field is shown but cannot be changed.
 */
export function UserFields({
  email,
  ...layout
}: Layout & { email?: { login?: UserLogin; inviteHint?: string } }) {
  const login = email?.login ?? 'none';
  return (
    <>
      <ContactFields {...layout} />
      {email && (
        <TextInput
          label="E-mail"
          type="email"
          autoComplete={layout.autoComplete}
          description={userEmailHint(login, email.inviteHint ?? INVITE_HINT)}
          disabled={login !== 'none'}
          {...layout.field('email')}
        />
      )}
    </>
  );
}
