/** How the site writes money: whole US dollars ('$8,500'). */
export const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
