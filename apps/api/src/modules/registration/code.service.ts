import { messages, windows } from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { findUserByEmail } from '../../kernel/users';
import { addMinutes, type Clock } from '../../lib/clock';
import { consume, reserveAttempt, rules } from '../../lib/rate-limit';
import { hashSecret, newCode } from '../../lib/secrets';
import { enqueueMail } from '../../mail/outbox';
import { signInOf } from './studio.service';
import { insertToken, retireTokens, takeToken } from './tokens.queries';

type Client = { ip: string };

// A code is short, so its hash is bound to the address: the same six digits mean nothing elsewhere.
const codeHash = (email: string, code: string) => hashSecret(`${email}:${code}`);

/** Mails a 6-digit code to an address about to register a studio. Older codes stop working. */
export async function sendRegistrationCode({
  db,
  clock,
  email,
  client,
}: {
  db: Db;
  clock: Clock;
  email: string;
  client: Client;
}) {
  await consume(db, clock, `mail:code:${email}`, rules.mailPerEmail);
  await consume(db, clock, `mail:client:${client.ip}`, rules.mailPerClient);
  const now = clock.now();
  const code = newCode();
  await db.transaction(async (tx) => {
    await retireTokens(tx, 'registration_code', email, now);
    await insertToken(tx, {
      purpose: 'registration_code',
      email,
      secretHash: codeHash(email, code),
      expiresAt: addMinutes(now, windows.registrationCodeMinutes),
    });
    await enqueueMail(tx, {
      template: 'registration-code',
      to: email,
      data: { code, minutes: windows.registrationCodeMinutes },
    });
  });
  return { msg: messages.codeSent };
}

/**
 * Checks a code: right once, within its 10 minutes; a right one says whether the address already has a
 * proved sign-in. Wrong guesses are counted per address and per
 * client; past the limit every check is refused, the right code included, until the window passes.
 */
export async function validateRegistrationCode({
  db,
  clock,
  email,
  code,
  client,
}: {
  db: Db;
  clock: Clock;
  email: string;
  code: string;
  client: Client;
}) {
  const attempt = await reserveAttempt(db, clock, [
    [`code:email:${email}`, rules.codeCheckPerEmail],
    [`code:client:${client.ip}`, rules.codeCheckPerClient],
  ]);
  const now = clock.now();
  const token = await takeToken(db, 'registration_code', codeHash(email, code), now, { verifiedAt: now });
  if (!token || token.email !== email) throw new AppError('unprocessable', messages.codeInvalid);
  await attempt.release();
  // The code proved the address to whoever holds it: telling them it already signs in leaks nothing,
  // and lets the form say so now rather than at the last step (decision 017).
  const hasSignIn = signInOf(await findUserByEmail(db, email)) === 'proved';
  return { msg: messages.codeVerified, hasSignIn };
}
