const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const count = new Intl.NumberFormat("en-US");

/** $1,250 */
export function formatDollars(amount: number): string {
  return dollars.format(amount);
}

/** 11,000 */
export function formatCount(value: number): string {
  return count.format(value);
}
