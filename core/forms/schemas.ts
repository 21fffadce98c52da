/** The two printed forms as the API takes them: the Preventive Maintenance Checklist and the Work Order Request Form. */
import { z } from 'zod';
import { line, text } from '../common/schemas';
import { MARKS, PARTICULAR_KEYS, type ParticularKey } from './checklist';

const field = () => line().max(200).default('');

export const particularSchema = z.object({
  status: z.enum([...MARKS, '']).default(''),
  remarks: text().max(2000).default(''),
});
export type Particular = z.infer<typeof particularSchema>;

/** The filled checklist (docs/product.md): no required fields (docs/product.md). Unknown fields and particular keys are refused. */
export const checklistForm = z
  .strictObject({
    campus: field(),
    building: field(),
    designation: field(),
    roomOffice: field(),
    monthYear: field(),
    particulars: z.partialRecord(z.enum(PARTICULAR_KEYS as [ParticularKey, ...ParticularKey[]]), particularSchema).default({}),
  })
  .meta({ id: 'PreventiveChecklist' });
export type ChecklistForm = z.infer<typeof checklistForm>;
export type ChecklistInput = z.input<typeof checklistForm>;

/** No required fields (docs/product.md), unknown ones refused; dates travel as the admin typed or picked them (YYYY-MM-DD, or YYYY-MM-DDTHH:MM). */
export const workOrderForm = z
  .strictObject({
    date: field(),
    campus: field(),
    location: field(),
    building: field(),
    workOrderRequest: text().max(4000).default(''),
    requestedBy: field(),
    assignedPersonnel: field(),
    dateTimeStarted: field(),
    materialNeeded: field(),
    attachment: field(),
    requestedLetter: field(),
    inspectionReport: field(),
    approvedBy: field(),
    inspectedBy: field(),
    dateTimeCompleted: field(),
  })
  .meta({ id: 'WorkOrderForm' });
export type WorkOrderForm = z.infer<typeof workOrderForm>;
export type WorkOrderInput = z.input<typeof workOrderForm>;
