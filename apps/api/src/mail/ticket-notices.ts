/**
 * Recital tickets' mail (issue 38 item 4, decision 074): the tickets of a paid order, each with its
 * link (which shows its QR code at the door), and a refund's notice — in plain words, once per order or
 * refund (the outbox's key).
 */
export type TicketNotice =
  | {
      template: 'recital-tickets';
      data: {
        studioName: string;
        buyerName: string;
        recitalName: string;
        showName: string;
        /** "Saturday, June 13, 2027". */
        day: string;
        doors: string;
        curtain: string;
        venue: string;
        orderNumber: number;
        total: string;
        /** One per ticket: "Orchestra B 12 (adult)" and its link. */
        tickets: { seat: string; link: string }[];
      };
    }
  | {
      template: 'recital-tickets-refunded';
      data: {
        studioName: string;
        buyerName: string;
        recitalName: string;
        showName: string;
        day: string;
        orderNumber: number;
        amount: string;
        seats: string[];
      };
    };

export function ticketNoticeParts(message: TicketNotice) {
  if (message.template === 'recital-tickets') {
    const d = message.data;
    const n = d.tickets.length;
    const lines = [
      `Hello ${d.buyerName},`,
      `Here ${n === 1 ? 'is your ticket' : `are your ${n} tickets`} for ${d.recitalName} — ${d.showName}, on ${d.day}. Doors open at ${d.doors}; the show starts at ${d.curtain}${d.venue ? `, at ${d.venue}` : ''}.`,
      `Order ${d.orderNumber}, ${d.total} paid.`,
      'Open each ticket on your phone at the door, or print it: the code is scanned once.',
      ...d.tickets.map((t) => `${t.seat}: ${t.link}`),
      `See you at the show! — ${d.studioName}`,
    ];
    return {
      subject: `Your tickets: ${d.recitalName}, ${d.showName}`,
      title: `Your tickets for ${d.recitalName}`,
      lines,
      action: {
        label: n === 1 ? 'Open your ticket' : 'Open your first ticket',
        href: d.tickets[0]?.link ?? '',
      },
    };
  }
  const d = message.data;
  const lines = [
    `Hello ${d.buyerName},`,
    `${d.studioName} refunded ${d.amount} of order ${d.orderNumber} for ${d.recitalName} — ${d.showName}, on ${d.day}: ${d.seats.join(', ')}.`,
    'Those tickets are no longer valid. The money goes back to the card you paid with; it may take a few days to appear.',
  ];
  return {
    subject: `Refund: ${d.recitalName}, ${d.showName}`,
    title: 'Your tickets were refunded',
    lines,
    action: null,
  };
}
