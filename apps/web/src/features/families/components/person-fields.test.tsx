import { useForm } from '@mantine/form';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ContactFields, StudentFields, UserFields, type UserLogin } from './person-fields';

const values = {
  firstName: 'Ada',
  lastName: 'Reyes',
  phone: '9735550100',
  role: 'Mother',
  email: 'ada@demo.example',
  dob: '2018-07-02',
  gender: 'F',
  allergies: '',
  teacherNote: '',
};

/** A form of one person, its fields handed over the way the family forms do. */
function Person({ kind, login }: { kind: 'student' | 'contact' | 'user'; login?: UserLogin }) {
  const form = useForm({ initialValues: values });
  const field = (f: keyof typeof values) => form.getInputProps(f);
  if (kind === 'student') return <StudentFields field={field} today="2026-11-21" withPhone />;
  if (kind === 'contact') return <ContactFields field={field} namesRequired />;
  return <UserFields field={field} email={{ login }} />;
}

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('person fields', () => {
  it("a student's date of birth is required and never after today; the phone is the student's own", () => {
    renderWithProviders(<Person kind="student" />);
    expect(input(/^Date of birth/).required).toBe(true);
    expect(input(/^Date of birth/).max).toBe('2026-11-21');
    expect(input(/^First name/).value).toBe('Ada');
    expect(screen.getByText("Optional: the student's own number.")).toBeTruthy();
    expect(screen.queryByLabelText(/^E-mail/)).toBeNull();
  });

  it('a contact has a phone and a role, both required, and names required where the form asks', () => {
    renderWithProviders(<Person kind="contact" />);
    expect(input(/^First name/).required).toBe(true);
    expect(input(/^Last name/).required).toBe(true);
    expect(input(/^Phone/).required).toBe(true);
    expect(screen.queryByLabelText(/^E-mail/)).toBeNull();
  });

  it('a user who does not sign in may be given an address, to be invited', () => {
    renderWithProviders(<Person kind="user" login="none" />);
    expect(input(/^E-mail/).disabled).toBe(false);
    expect(
      screen.getByText("Optional. We'll e-mail an invitation to set a password, so they can sign in too."),
    ).toBeTruthy();
  });

  it('keeps the address of a user who is invited or signs in: only they change it', () => {
    const { unmount } = renderWithProviders(<Person kind="user" login="invited" />);
    expect(input(/^E-mail/).disabled).toBe(true);
    expect(screen.getByText('We sent an invitation to set a password to this address.')).toBeTruthy();
    unmount();
    renderWithProviders(<Person kind="user" login="active" />);
    expect(input(/^E-mail/).disabled).toBe(true);
    expect(screen.getByText('They sign in with this address; only they can change it.')).toBeTruthy();
  });
});
