const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dollars as a person reads them: 1234.5 → "$1,234.50". */
export const dollarsText = (dollars: number) => USD.format(dollars);

/** Cents as a person reads them: 123450 → "$1,234.50". */
export const centsText = (cents: number) => USD.format(cents / 100);
