/** Saved preventive-maintenance inspections: a filled checklist that acts, and its history. */
import { z } from 'zod';
import { count, isoTime, line, pageOf, pagingQuery } from '../common/schemas';
import { particularName } from '../forms/checklist';
import { checklistForm, particularSchema } from '../forms/schemas';
import { PRIORITIES } from '../repairs/rules';

/** Save Inspection: the filled checklist and the priority of the repair reports it makes. */
export const saveInspectionBody = checklistForm.extend({ priority: z.enum(PRIORITIES).default('medium') });
export type SaveInspectionInput = z.input<typeof saveInspectionBody>;

const inspectionSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    campus: z.string(),
    building: z.string(),
    designation: z.string(),
    roomOffice: z.string(),
    monthYear: z.string(),
    priority: z.enum(PRIORITIES),
    particulars: z.record(z.string(), particularSchema),
    /** Particulars marked with a problem (x). */
    problems: count,
    /** The pending repair reports those made. */
    repairReportIds: z.array(z.number().int()),
    savedBy: z.string(),
    createdAt: isoTime,
  })
  .meta({ id: 'Inspection' });
export type InspectionDto = z.infer<typeof inspectionSchema>;

export const inspectionListQuery = z.object({
  ...pagingQuery,
  building: line().trim().max(200).optional(),
  room: line().trim().max(200).optional(),
});
export type InspectionListQuery = z.input<typeof inspectionListQuery>;
export const inspectionList = pageOf(inspectionSchema);
export type InspectionList = z.infer<typeof inspectionList>;

export const inspectionResult = z.object({ message: z.string(), inspection: inspectionSchema });
export type InspectionResult = z.infer<typeof inspectionResult>;

export const inspectionCode = (id: number) => `INS-${id}`;

/** The issue text of the repair report a problem particular becomes. */
export const inspectionIssue = (id: number, monthYear: string, key: string, remarks: string) =>
  `Preventive maintenance ${inspectionCode(id)} (${monthYear}): ${key} ${particularName(key)} marked with a problem.${
    remarks.trim() ? ` Remarks: ${remarks.trim()}` : ''
  }`;
