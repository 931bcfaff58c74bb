// Sizes and counts as pages and messages print them: used by the node side (notes in code
// samples, error messages) and by templates (truncation notices).

/** `4.7 MB`, `830 KB`, `512 bytes`: decimal units, as file managers show them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1e6) return `${Math.round(bytes / 1e3)} KB`;
  if (bytes < 1e9) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${(bytes / 1e9).toFixed(1)} GB`;
}

/** `1,234,567`. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** The `--max-old-space-size` (MB, a multiple of 512) that holds `ratio` times `bytes`: what an error's hint suggests for input too large for the heap. */
export function heapMbFor(bytes: number, ratio: number): number {
  return Math.ceil((bytes * ratio) / 2 ** 20 / 512) * 512;
}
