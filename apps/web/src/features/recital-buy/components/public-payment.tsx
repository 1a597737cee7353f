import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  centsText,
  type PublicTicketRecital,
  publicTicketPayInput,
  type TicketKindValue,
  type TicketOrder,
} from '@pirouette/domain';
import { useState } from 'react';
import { PhoneInput } from '../../../components/phone-input';
import { ApiError } from '../../../lib/api-client';
import { CardForm, type Tokenizer } from '../../cards/components/card-form';
import { usePublicPay } from '../api/tickets';
import type { Hold } from '../lib/use-buying';

/** How the browser makes a card token for a buyer without a session: as the public recital's answer says. */
export function publicTokenizer(recital: PublicTicketRecital): Tokenizer {
  return recital.tokenizer;
}

type Buyer = { name: string; email: string; phone: string };
type Errors = Partial<Record<keyof Buyer, string>>;

/** The buyer's fields checked by the call's own schema; the sentences under each field. */
function checkBuyer(buyer: Buyer): Errors {
  const parsed = publicTicketPayInput.shape.buyerName.safeParse(buyer.name);
  const email = publicTicketPayInput.shape.buyerEmail.safeParse(buyer.email);
  const phone = buyer.phone.trim() ? publicTicketPayInput.shape.buyerPhone.safeParse(buyer.phone) : null;
  const errors: Errors = {};
  if (!parsed.success) errors.name = parsed.error.issues[0]?.message;
  if (!email.success) errors.email = email.error.issues[0]?.message;
  if (phone && !phone.success) errors.phone = phone.error.issues[0]?.message;
  return errors;
}

type Props = {
  /** The sales link's token. */
  token: string;
  recital: PublicTicketRecital;
  hold: Hold;
  kinds: Record<string, TicketKindValue>;
  total: number;
  onPaid: (order: TicketOrder, msg: string) => void;
  onRefused: (error: unknown) => Promise<unknown>;
};

/** A buyer by the public link pays (issue 38 item 4): their name, e-mail and phone, and a card. */
export function PublicPayment({ token: link, recital, hold, kinds, total, onPaid, onRefused }: Props) {
  const pay = usePublicPay(link);
  const [buyer, setBuyer] = useState<Buyer>({ name: '', email: '', phone: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [tried, setTried] = useState(false);
  const set = (field: keyof Buyer, value: string) => {
    const next = { ...buyer, [field]: value };
    setBuyer(next);
    if (tried) setErrors(checkBuyer(next));
  };

  const onToken = async (token: string) => {
    const tickets = hold.seats.map((t) => {
      const kind = kinds[t.seatId];
      return { seatId: t.seatId, kind: kind === 'child' ? ('child' as const) : ('adult' as const) };
    });
    try {
      const answer = await pay.mutateAsync({
        params: { id: hold.orderId },
        body: {
          secret: hold.secret ?? '',
          buyerName: buyer.name.trim(),
          buyerEmail: buyer.email.trim(),
          ...(buyer.phone.trim() ? { buyerPhone: buyer.phone } : {}),
          tickets,
          total,
          token,
        },
      });
      onPaid(answer.order, answer.msg);
    } catch (e) {
      await onRefused(e);
    }
  };

  return (
    <Stack gap="md">
      <Stack gap="sm">
        <TextInput
          label="Your name"
          autoComplete="name"
          required
          value={buyer.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="E-mail"
            description="Your tickets are sent here."
            type="email"
            autoComplete="email"
            required
            value={buyer.email}
            onChange={(e) => set('email', e.currentTarget.value)}
            error={errors.email}
          />
          <PhoneInput
            label="Phone"
            description="Optional: if the studio must reach you."
            value={buyer.phone}
            onChange={(v) => set('phone', v)}
            error={errors.phone}
          />
        </SimpleGrid>
      </Stack>
      <CardForm
        tokenizer={publicTokenizer(recital)}
        submitLabel={`Pay ${centsText(total)}`}
        cancelLabel="Clear"
        onCancel={() => setBuyer({ name: '', email: '', phone: '' })}
        onToken={async (token) => {
          setTried(true);
          const found = checkBuyer(buyer);
          setErrors(found);
          if (Object.keys(found).length > 0) throw new ApiError(400, 'Check your name and e-mail above.');
          await onToken(token);
        }}
      />
    </Stack>
  );
}
