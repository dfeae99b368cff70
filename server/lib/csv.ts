/** CSV out (RFC 4180), as the owner's exports write it: the newsletter's list, the analytics' reports. */

/** One CSV field: quoted when needed; a leading = + - @ is defused so a spreadsheet shows it as text. */
export function csvField(value: string | number | null | undefined): string {
  if (typeof value === 'number') return String(value);
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the header, then one line per row, each line ended by CRLF. */
export function csvFile(header: string[], rows: (string | number | null | undefined)[][]): string {
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
