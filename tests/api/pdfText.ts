import { extractText, getDocumentProxy } from 'unpdf';

/** The text of each page of a PDF, for checking what a generated document says. */
export async function pdfPages(body: Buffer): Promise<string[]> {
  const doc = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(doc, { mergePages: false });
  return text;
}
