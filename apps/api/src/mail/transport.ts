import nodemailer from 'nodemailer';

export type OutgoingMail = { to: string; subject: string; text: string; html: string };

/**
 * Where the delivery job hands a message. Resolves once the server has accepted it, rejects otherwise;
 * `signal` abandons a send in progress (the server shutting down), rejecting with an AbortError.
 */
export type MailTransport = {
  send(msg: OutgoingMail, signal?: AbortSignal): Promise<void>;
  close?(): void;
};

/**
 * The SMTP transport, from `smtp://user:pass@host:port` (STARTTLS when the server offers it) or
 * `smtps://…` (TLS from the first byte). Query parameters of the URL become nodemailer options, so
 * `?requireTLS=true` or `?connectionTimeout=30000` can be set without code.
 */
export function createSmtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(
    {
      url,
      // nodemailer waits minutes by default; the delivery job holds a lease on the message meanwhile,
      // and a hung server should become a retry long before that lease runs out.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      dnsTimeout: 10_000,
      // nodemailer logs nothing unless asked; keep it so, as its debug output carries the message.
      logger: false,
      debug: false,
    },
    { from },
  );
  return {
    async send(msg, signal) {
      const info = await transporter.sendMail({
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        html: msg.html,
        // nodemailer drops the connection and rejects at once when this aborts (10.5 and later); its
        // type declarations do not name the option yet.
        ...({ signal } as object),
      });
      // nodemailer resolves when at least one recipient was accepted; with one recipient a partial
      // refusal cannot happen, but an unexpected one must not be taken for a delivery.
      if (info.rejected.length > 0) throw new Error(`Recipient refused: ${info.rejected.length} address(es)`);
    },
    close() {
      transporter.close();
    },
  };
}
