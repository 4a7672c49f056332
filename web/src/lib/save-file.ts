/**
 * Hands a blob to the browser as a download named `fileName`: an object URL behind a temporary
 * link. The URL is revoked a little later, since some browsers start reading it only after click().
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
