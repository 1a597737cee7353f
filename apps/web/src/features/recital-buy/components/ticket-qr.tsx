import { Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * A ticket's QR code, drawn in the browser (decision 077): it carries the ticket's own page,
 * `<origin>/tickets/t/<code>`, which a phone's camera opens and the door's scanner reads the code from
 * (the door's `ticketCodeOf`). The encoder is loaded with the first code shown, never with the portal.
 */

/** What the QR carries for a ticket's code. */
export const ticketLink = (code: string, origin = window.location.origin) =>
  `${origin}/tickets/t/${encodeURIComponent(code)}`;

/** The dark modules of a QR matrix as one SVG path (a unit square each), a border of `quiet` around. */
export function qrPath(modules: readonly (readonly boolean[])[], quiet = 0): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + quiet} ${y + quiet}h1v1h-1z`);
    });
  });
  return parts.join('');
}

type Matrix = { size: number; path: string };

export function TicketQr({ code, size = 200, label }: { code: string; size?: number; label: string }) {
  const [matrix, setMatrix] = useState<Matrix | null>(null);
  useEffect(() => {
    let live = true;
    void import('uqr').then(({ encode }) => {
      // Quartile error correction: a cracked phone screen or a glare still scans.
      const qr = encode(ticketLink(code), { ecc: 'Q', border: 0 });
      if (live) setMatrix({ size: qr.size + 8, path: qrPath(qr.data, 4) });
    });
    return () => {
      live = false;
    };
  }, [code]);
  if (!matrix)
    return <Skeleton w={size} h={size} radius="sm" aria-label={`Drawing the QR code of ${label}`} />;
  return (
    <svg
      role="img"
      aria-label={`QR code of ${label}`}
      viewBox={`0 0 ${matrix.size} ${matrix.size}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      style={{ display: 'block', background: '#fff', borderRadius: 6, maxWidth: '100%', height: 'auto' }}
      data-testid="ticket-qr"
    >
      <rect width={matrix.size} height={matrix.size} fill="#fff" />
      <path d={matrix.path} fill="#000" />
    </svg>
  );
}
