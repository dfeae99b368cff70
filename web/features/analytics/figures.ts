/** How the analytics write a change and a share (the report's figures and its headline). */

/** A figure beside the same figure of the as many days before: '+12 % on the 30 days before (410)'. */
export function compared(current: number, before: number, days: number): string {
  const period = `the ${days} days before`;
  if (before === 0) return current === 0 ? `none in ${period} either` : `none in ${period}`;
  const change = Math.round(((current - before) / before) * 100);
  const sign = change > 0 ? '+' : change < 0 ? '\u2212' : '\u00b1';
  return `${sign}${Math.abs(change)}\u00a0% on ${period} (${before})`;
}

/** A share of the period's visitors as the owner reads it: '1.4 %', '25 %', '< 0.1 %', '0 %'. */
export function percent(rate: number): string {
  // A no-break space: a narrow column never parts the figure from its sign.
  if (rate === 0) return '0\u00a0%';
  const value = rate * 100;
  if (value < 0.1) return '<\u00a00.1\u00a0%';
  return `${value < 10 ? value.toFixed(1) : Math.round(value)}\u00a0%`;
}
