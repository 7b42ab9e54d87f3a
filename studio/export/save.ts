/** Saves text as a download with the given name and content type. */
export function saveText(body: string, contentType: string, fileName: string): void {
  saveBlob(new Blob([body], { type: contentType }), fileName);
}

/** Saves a blob as a download with the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
