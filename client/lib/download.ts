import { MSG } from '../../core/messages';
import type { ApiPath, EndpointAt, PartsOf } from '../../core/endpoints';
import { ApiError } from './api';

/** The file name of a Content-Disposition header, or the fallback. */
function fileNameOf(res: Response, fallback: string): string {
  const m = /filename="?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '');
  return m?.[1] ?? fallback;
}

/**
 * Fetches a file the server builds (a PDF, a CSV) and saves it as a download, with its name from the server.
 * Failures throw ApiError with the server's message, so the screen can say what went wrong.
 */
export async function downloadFile(url: string, opts: { body?: unknown; fallbackName: string }): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.body === undefined ? 'GET' : 'POST',
      credentials: 'same-origin',
      headers: opts.body === undefined ? {} : { 'content-type': 'application/json' },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  } catch {
    throw new ApiError(0, 'network', MSG.unableToConnect);
  }
  if (!res.ok) {
    const data = await res.json().catch(() => ({}));
    throw new ApiError(res.status, data?.error?.code ?? 'error', data?.error?.message ?? MSG.serverError, data);
  }
  const blob = await res.blob();
  const name = fileNameOf(res, opts.fallbackName);
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return name;
}

/** A file the server fills from a form sent to it (a POST of the endpoint table, its body typed from there). */
export const downloadFilled = <P extends ApiPath<'POST'>>(
  path: P,
  body: PartsOf<EndpointAt<'POST', P>> extends { body: infer B } ? B : never,
  fallbackName: string,
) => downloadFile(path, { body, fallbackName });
