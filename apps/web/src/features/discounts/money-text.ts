const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as people read money: 123456 → "$1,234.56". */
export const money = (cents: number) => usd.format(cents / 100);
