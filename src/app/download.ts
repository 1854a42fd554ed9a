/**
 * Hands a CSV made on the device to the person as a file, so it works offline (the items, the
 * reorder list). Its own small module: the Items screen uses it without pulling the reorder
 * screen's chunk into its own.
 */
export function download(name: string, text: string): void {
  // A byte order mark, so spreadsheet programs read the UTF-8 names right.
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
