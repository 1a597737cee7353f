import { Button, type ButtonProps } from '@mantine/core';
import { IconCreditCardPay } from '@tabler/icons-react';
import { useState } from 'react';
import { CheckoutModal } from './checkout-modal';

/** "Pay now": opens the checkout on the family's balance, afresh (a new request id) at each opening. */
export function PayNowButton(props: Omit<ButtonProps, 'onClick' | 'children'>) {
  const [opening, setOpening] = useState(0);
  const [opened, setOpened] = useState(false);
  return (
    <>
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
      {opened && <CheckoutModal key={opening} onClose={() => setOpened(false)} />}
    </>
  );
}
