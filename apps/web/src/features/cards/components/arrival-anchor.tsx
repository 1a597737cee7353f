import { type ReactNode, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Around a card of the portal whose dialog a link opens (decision 070: `?pay=now`,
 * `?method=new`): on arrival by such a link the card is scrolled into view, so it loads (the portal's
 * lower cards load as they come near) and opens its dialog at once.
 */
export function ArrivalAnchor({
  param,
  children,
}: {
  param: { name: string; value: string };
  children: ReactNode;
}) {
  const [params] = useSearchParams();
  const asked = params.get(param.name) === param.value;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asked) box.current?.scrollIntoView?.({ block: 'start' });
  }, [asked]);
  return <div ref={box}>{children}</div>;
}
