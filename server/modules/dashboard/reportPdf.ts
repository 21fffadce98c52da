/** The office report as a PDF: the letterhead, one table per section, signatures, page numbers. */
import { officeReportSections } from '../../../core/dashboard/report';
import type { OfficeReport } from '../../../core/dashboard/schemas';
import { formatDateTimeIn } from '../../../core/time';
import { createPdf, drawHeader, drawHeading, drawPageNumbers, drawSignatures, drawTable, pdfBytes } from '../../lib/pdfDocument';

export async function officeReportPdf(
  report: OfficeReport,
  head: { office: string; institution: string; timeZone: string },
): Promise<Buffer> {
  const doc = createPdf('Office Report');
  drawHeader(doc, {
    office: head.office,
    institution: head.institution,
    title: 'Office Report',
    subtitle: `Generated: ${formatDateTimeIn(report.generatedAt, head.timeZone)}`,
  });
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
