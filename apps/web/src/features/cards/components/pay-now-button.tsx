import { Button, type ButtonProps } from '@mantine/core';
import { IconCreditCardPay } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog';
import { useCardOnFile } from '../api/cards';
import { PAY_NOW_PARAM, useOpenOnArrival } from '../lib/open-on-arrival';

// The checkout (its card form, the processor's fields, the terms) is loaded when the button is pressed.
const CheckoutModal = lazyDialog(() => import('./checkout-modal').then((m) => m.CheckoutModal));

/**
 * "Pay now": opens the checkout on the family's balance, afresh (a new request id) at each opening.
 * Shown only while something is owed (`owed`); the checkout stays open when the payment it made brings
 * the balance to zero, so its receipt is read.
 */
export function PayNowButton({
  owed,
  ...props
}: Omit<ButtonProps, 'onClick' | 'children'> & { owed: boolean }) {
  const [opening, setOpening] = useState(0);
  const [opened, setOpened] = useState(false);
  // A studio without its merchant account takes no card: no button (the payment method card says why).
  const cards = useCardOnFile(owed);
  const takesCards = cards.data?.takesCards !== false;
  const open = useCallback(() => {
    setOpening((n) => n + 1);
    setOpened(true);
  }, []);
  // Reached by the declined payment mail's link (`?pay=now`): the checkout opens at once.
  useOpenOnArrival(PAY_NOW_PARAM.name, PAY_NOW_PARAM.value, owed && cards.isSuccess && takesCards, open);
  return (
    <>
      {owed && takesCards && (
        <Button leftSection={<IconCreditCardPay size={16} />} {...props} onClick={open}>
          Pay now
        </Button>
      )}
      {opened && <CheckoutModal key={opening} onClose={() => setOpened(false)} />}
    </>
  );
}
