/**
 * Hands the browser a CSV made by the server as a file to save: a Blob behind a temporary link that is
 * clicked once and taken away. The Blob's address is released a moment later, once the download began.
 */
export function downloadCsv(filename: string, csv: string): void {
  // A byte-order mark first, so a spreadsheet opens accented names (Zoë, Muñoz) as UTF-8.
  const bom = csv.startsWith('\uFEFF') ? '' : '\uFEFF';
  const blob = new Blob([bom, csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
