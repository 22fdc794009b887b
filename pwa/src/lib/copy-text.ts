/**
 * Copies text to the clipboard. The Clipboard API needs a secure context, and schools often serve
 * Rollbook over plain HTTP on their own network; there the shown field's selection is copied instead.
 */
export async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    if (window.isSecureContext && navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission): fall back to the selection below.
  }
  if (!field) return false;
  field.focus();
  field.select();
  return document.execCommand('copy');
}
