import { emailList } from '@pirouette/domain';

/**
 * What the Copy button of the e-mail list copies: the chosen addresses lower-cased, without repeats,
 * sorted (001 §2's e-mail list), separated by ", " to paste into a mail's To or Bcc field.
 */
export function copiedEmails(emails: readonly string[], excluded: ReadonlySet<string>): string {
  return emailList(emails.filter((e) => !excluded.has(e))).join(', ');
}

/** How many of the list's addresses are chosen. */
export const chosenCount = (emails: readonly string[], excluded: ReadonlySet<string>) =>
  emails.filter((e) => !excluded.has(e)).length;

/** The addresses to show: the server's list, cleaned again so a repeat can never show twice. */
export const shownEmails = (emails: readonly string[]) => emailList(emails);
