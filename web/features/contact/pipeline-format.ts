/** How the pipeline writes money, rates, months and waits. */
export { dollars } from '../../../common/money.ts';

export const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });

export const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

export const label = (labels: Record<string, string>, value: string) => labels[value] ?? value;

/** '12 min', '5 h', '26.5 h'. */
export const duration = (minutes: number) =>
  minutes < 60 ? `${minutes} min` : `${(minutes / 60).toFixed(1).replace(/\.0$/, '')} h`;
