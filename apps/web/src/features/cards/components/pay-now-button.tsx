import { Button, type ButtonProps } from '@mantine/core';
import { IconCreditCardPay } from '@tabler/icons-react';
import { useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog';
import { useCardOnFile } from '../api/cards';

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
  const takesCards = useCardOnFile(owed).data?.takesCards !== false;
  return (
    <>
      {owed && takesCards && (
        <Button
          leftSection={<IconCreditCardPay size={16} />}
          {...props}
          onClick={() => {
            setOpening((n) => n + 1);
            setOpened(true);
          }}
        >
          Pay now
        </Button>
      )}
      {opened && <CheckoutModal key={opening} onClose={() => setOpened(false)} />}
    </>
  );
}
