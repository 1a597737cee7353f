import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpTransport } from './transport';

type Received = { from: string; to: string[]; raw: string; user: string | undefined };

/** A real SMTP server on a free local port, keeping what it receives. */
async function startSmtp(opts: { refuse?: (address: string) => string | null } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'studio' && auth.password === 'p@ss word') cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, cb) {
      const refusal = opts.refuse?.(address.address);
      if (!refusal) return cb();
      cb(Object.assign(new Error(refusal), { responseCode: 550 }));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: session.user as string | undefined,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The decoded body of each MIME part, by content type. */
function parts(raw: string): Record<string, string> {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1];
  if (!boundary) throw new Error('not a multipart message');
  const out: Record<string, string> = {};
  for (const part of raw.split(`--${boundary}`).slice(1, -1)) {
    const [head = '', ...body] = part.split('\r\n\r\n');
    const type = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim() ?? '';
    const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase();
    const content = body.join('\r\n\r\n').replace(/\r\n$/, '');
    out[type] =
      encoding === 'base64'
        ? Buffer.from(content, 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              content
                .replace(/=\r\n/g, '')
                .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
              'latin1',
            ).toString('utf8')
          : content;
  }
  return out;
}

const message = {
  to: 'parent@example.com',
  subject: 'Your Pirouette verification code: 123456',
  text: 'Your code is 123456.\n\nIt expires in 10 minutes. Élan, café.\n',
  html: `<!doctype html><html><body><p style="margin:0 0 16px">Your code is <b>123456</b>.</p>${'<p>filler paragraph</p>'.repeat(20)}</body></html>`,
};

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('createSmtpTransport', () => {
  it('delivers the recipient, subject, text and HTML parts over SMTP', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const transport = createSmtpTransport(
      `smtp://127.0.0.1:${smtp.port}`,
      'Pirouette <no-reply@pirouette.test>',
    );
    cleanups.push(() => transport.close?.());

    await transport.send(message);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.from).toBe('no-reply@pirouette.test');
    expect(mail?.to).toEqual(['parent@example.com']);
    expect(mail?.raw).toMatch(/^To: parent@example\.com\r$/m);
    expect(mail?.raw).toMatch(/^From: Pirouette <no-reply@pirouette\.test>\r$/m);
    expect(mail?.raw).toMatch(/^Subject: Your Pirouette verification code: 123456\r$/m);
    expect(mail?.raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    const body = parts(mail?.raw ?? '');
    expect(body['text/plain']?.replace(/\r\n/g, '\n')).toBe(message.text);
    expect(body['text/html']).toBe(message.html);
  });

  it('signs in with the credentials of the URL, percent-decoded', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const transport = createSmtpTransport(
      `smtp://studio:p%40ss%20word@127.0.0.1:${smtp.port}`,
      'no-reply@pirouette.test',
    );
    cleanups.push(() => transport.close?.());

    await transport.send(message);

    expect(smtp.received[0]?.user).toBe('studio');
  });

  it('rejects when the server refuses the recipient', async () => {
    const smtp = await startSmtp({
      refuse: (address) => (address === message.to ? 'Mailbox unavailable' : null),
    });
    cleanups.push(smtp.close);
    const transport = createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`, 'no-reply@pirouette.test');
    cleanups.push(() => transport.close?.());

    await expect(transport.send(message)).rejects.toThrow(/Mailbox unavailable/);
    expect(smtp.received).toHaveLength(0);
  });

  it('rejects when nothing listens at the address', async () => {
    const smtp = await startSmtp();
    await smtp.close();
    const transport = createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`, 'no-reply@pirouette.test');
    cleanups.push(() => transport.close?.());

    await expect(transport.send(message)).rejects.toMatchObject({ code: 'ESOCKET' });
  });
});
