/** QR label sheets (docs/decisions/labels-and-scanning.md): their layouts and how many labels one file holds, for the server that draws them and the screens that ask. */

/** 'sheet': A4 with 3 x 8 labels of 70 x 37 mm (Avery 3474); 'single': one 62 x 29 mm label per page (Brother DK-11209). */
export const LABEL_LAYOUTS = ['sheet', 'single'] as const;
export type LabelLayout = (typeof LABEL_LAYOUTS)[number];

/** Labels on one A4 sheet. */
export const LABELS_PER_SHEET = 24;

/** The most labels one PDF holds (42 A4 sheets): a bigger run is split by the list's filters, and no request makes the server draw without end. */
export const MAX_LABELS = 1000;

/**
 * Why a phone that scans a label could not open an address at this origin, or null when it can: the printed codes
 * hold APP_URL, and left unset it is this machine's own address (http://localhost:PORT). A loopback address
 * (localhost, 127.x, ::1), an unspecified or link-local one, a name only this network's own machines resolve
 * (.local, .localhost, .internal) or a name without a dot (a machine's bare name) leads a phone nowhere.
 */
export function unreachableReason(origin: string): string | null {
  let host: string;
  try {
    host = new URL(origin).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return 'it is not a web address';
  }
  if (host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1')
    return 'it is the server machine itself';
  if (host === '0.0.0.0' || host === '::' || /^169\.254\./.test(host) || /^fe80:/.test(host)) return 'it is not an address of the network';
  if (/\.(local|internal)$/.test(host)) return 'only machines of the local network can resolve its name';
  if (!host.includes('.') && !host.includes(':')) return 'its name has no domain, so a phone cannot look it up';
  return null;
}

/** What the print dialog says about the address the labels' QR codes hold. */
export const LABEL_MSG = {
  address: (origin: string) => `The QR codes will open addresses at ${origin}.`,
  unreachable: (origin: string, why: string) =>
    `A phone cannot open ${origin}: ${why}. Set APP_URL to the address people use (for example https://gso.campus.edu) and restart the server before printing.`,
};
