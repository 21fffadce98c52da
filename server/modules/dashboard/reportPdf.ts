/** The office report as a PDF: the letterhead, one table per section, signatures, page numbers. */
import { officeReportSections } from '../../../core/dashboard/report';
import type { OfficeReport } from '../../../core/dashboard/schemas';
import { drawHeading, drawPageNumbers, drawSignatures, drawTable, generatedLine, letterheadPdf, pdfBytes } from '../../lib/pdfDocument';

export async function officeReportPdf(
  report: OfficeReport,
  head: { office: string; institution: string; timeZone: string },
): Promise<Buffer> {
  const doc = letterheadPdf(head, 'Office Report', generatedLine(report.generatedAt, head.timeZone));
  for (const section of officeReportSections(report)) {
    drawHeading(doc, section.title);
    drawTable(
      doc,
      [
        { header: 'Figure', width: 3 },
        { header: 'Count', width: 1, align: 'right' },
      ],
      section.rows.map(([label, value]) => ({ cells: [label, value.toLocaleString('en-US')], bold: label === 'Total' })),
    );
  }
  drawSignatures(doc, [
    { caption: 'Prepared by:', title: 'Administrative Staff' },
    { caption: 'Noted by:', title: 'Head, General Services Office' },
  ]);
  drawPageNumbers(doc, head.office);
  return pdfBytes(doc);
}
